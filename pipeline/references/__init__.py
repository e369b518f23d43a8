"""The link stage: extract every cross-reference from every side, then resolve them all."""

from __future__ import annotations

import re

from ..model import Corpus, Kind, Reference, RefKind
from .extract import extract
from .resolve import Index, resolve

#: a reference to several steps or items ("шагах 2 и 3", "a) and b) above") becomes one
#: reference per target, so that each leads to one unit and shows among its backlinks
_SEVERAL = re.compile(r"\d{1,2}|(?<![\w])[a-z](?=\))")


def link(corpus: Corpus) -> list[Reference]:
    """Fill ``corpus.references`` (in document order) and return them."""
    index = Index(corpus)
    references: list[Reference] = []
    for unit in corpus.units.values():
        for lang, side in unit.sides.items():
            if not side.text:
                continue
            for found in extract(side.text, lang, skip_leading_marker=unit.kind == Kind.FOOTNOTE):
                before = side.text[:found.start]
                line = side.line_start + before.count("\n")
                col = found.start - (before.rfind("\n") + 1) + 1
                targets = [found.target]
                if found.kind in (RefKind.STEP, RefKind.RELATIVE) and _SEVERAL.search(found.target):
                    targets = _SEVERAL.findall(found.target)
                for target in targets:
                    ref = Reference(unit.id, lang, found.kind, found.text, target, side.path,
                                    line, col, claims=found.claims)
                    resolve(ref, unit, index)
                    references.append(ref)
    corpus.references = references
    return references
