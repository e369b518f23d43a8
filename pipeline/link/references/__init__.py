"""The link stage: extract every cross-reference from every side, then resolve them all.

A reference resolves against its own document and against what the other documents of its
rulebook offer (:func:`offered`: rule numbers, events, procedures and their steps), never
against another rulebook. So a build that keeps each document's references (a
:class:`LinkCache`) re-extracts only the documents that changed and re-resolves a kept
document's references only when what its rulebook offers changed.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from dataclasses import fields
from operator import attrgetter
from typing import Protocol

from ...core.model import Corpus, Document, Kind, Reference, RefKind, Unit
from ...util import workers
from .mentions import extract
from .resolve import Index, resolve

#: a reference to several steps or items ("шагах 2 и 3", "a) and b) above") becomes one
#: reference per target, so that each leads to one unit and shows among its backlinks
_SEVERAL = re.compile(r"\d{1,2}|(?<![\w])[a-z](?=\))")


class LinkCache(Protocol):
    """What a build kept of each document's references (pipeline/incremental/loaded.py)."""

    def offered(self, document: Document, units: list[Unit], corpus: Corpus) -> str: ...

    def resolved(self, document: Document, scope: str) -> list[Reference] | None: ...

    def found(self, document: Document) -> list[Reference] | None: ...

    def keep_found(self, document: Document, references: list[Reference]) -> None: ...

    def keep_resolved(self, document: Document, scope: str, references: list[Reference]) -> None: ...


class _NothingKept:
    """The :class:`LinkCache` of a corpus linked on its own: every reference is extracted and
    resolved, so what each rulebook offers needs no digest."""

    def offered(self, document: Document, units: list[Unit], corpus: Corpus) -> str:
        return ""

    def resolved(self, document: Document, scope: str) -> list[Reference] | None:
        return None

    def found(self, document: Document) -> list[Reference] | None:
        return None

    def keep_found(self, document: Document, references: list[Reference]) -> None:
        pass

    def keep_resolved(self, document: Document, scope: str, references: list[Reference]) -> None:
        pass


NOTHING_KEPT: LinkCache = _NothingKept()


def link(corpus: Corpus, kept: LinkCache = NOTHING_KEPT, *, jobs: int = 1) -> list[Reference]:
    """Fill ``corpus.references`` (in document order) and return them; a document whose text and
    rulebook's targets are unchanged keeps the references ``kept`` holds of it (a build's).
    The documents left to link are linked on up to ``jobs`` processes: a document's references
    are extracted from its own units and resolved against an index the workers inherit, so each
    is independent of the others; what is kept is kept here, in document order."""
    units = _by_document(corpus)
    offers: dict[str, list[str]] = defaultdict(list)  # the digest of what each rulebook offers
    for document in corpus.documents:
        offers[document.rulebook].append(kept.offered(document, units[document.key], corpus))
    scopes = {rulebook: _digest(json.dumps(parts)) for rulebook, parts in offers.items()}
    done = {d.key: kept.resolved(d, scopes[d.rulebook]) for d in corpus.documents}
    todo = [d for d in corpus.documents if done[d.key] is None]
    if todo:
        index = Index(corpus, {d.rulebook for d in todo})
        if jobs > 1 and len(todo) > 1:
            index.prepare()  # made once, before the workers fork, not once in each
        given = {d.key: kept.found(d) for d in todo}

        def linked(document: Document) -> tuple[list[Reference] | None, list[tuple]]:
            # the references as the text says them (None: the kept ones, which the parent holds),
            # and where each leads: what resolving set, the reference itself left as extracted
            found = given[document.key]
            fresh = found is None
            if found is None:
                found = extracted(units[document.key])
            outcomes = []
            for ref in found:
                resolve(ref, corpus.units[ref.source], index)
                outcomes.append(_outcome(ref))
                _settle(ref, _UNRESOLVED)
            return (found if fresh else None), outcomes

        for document, (fresh, outcomes) in zip(todo, workers.run(linked, todo, jobs=jobs, stage="link"),
                                                strict=True):
            found = given[document.key]
            if found is None:
                found = fresh or []
                kept.keep_found(document, found)  # before resolving: what the text says, only
            for ref, outcome in zip(found, outcomes, strict=True):
                _settle(ref, outcome)
            kept.keep_resolved(document, scopes[document.rulebook], found)
            done[document.key] = found
    corpus.references = [ref for document in corpus.documents for ref in done[document.key] or ()]
    return corpus.references


#: the fields resolving sets on a reference; extraction leaves them at their defaults
_RESOLVED = ("status", "target_id", "note", "problem", "note_words")
_DEFAULTS = {f.name: f.default for f in fields(Reference)}
_UNRESOLVED = tuple(_DEFAULTS[name] for name in _RESOLVED)
#: what resolving set on a reference, in :data:`_RESOLVED`'s order
_outcome = attrgetter(*_RESOLVED)


def _settle(ref: Reference, outcome: tuple) -> None:
    """Set on ``ref`` what resolving set (an :data:`_outcome`)."""
    for name, value in zip(_RESOLVED, outcome, strict=True):
        setattr(ref, name, value)


def extracted(units: list[Unit]) -> list[Reference]:
    """The references written in the sides of ``units``, unresolved, in order."""
    references: list[Reference] = []
    for unit in units:
        for lang, side in unit.sides.items():
            if not side.text:
                continue
            # the references come in order: count the lines from the one before, not from the
            # start of a text that may hold thousands of them
            at, line, line_start = 0, side.line_start, 0
            for found in extract(side.text, lang, skip_leading_marker=unit.kind == Kind.FOOTNOTE):
                line += side.text.count("\n", at, found.start)
                line_start = side.text.rfind("\n", at, found.start) + 1 or line_start
                at = found.start
                col = found.start - line_start + 1
                targets = [found.target]
                if found.kind in (RefKind.STEP, RefKind.RELATIVE) and _SEVERAL.search(found.target):
                    targets = _SEVERAL.findall(found.target)
                references.extend(Reference(unit.id, lang, found.kind, found.text, target, side.path,
                                            line, col, claims=found.claims) for target in targets)
    return references


def offered(units: list[Unit], corpus: Corpus) -> str:
    """A digest of everything in one document that a reference from another document of its
    rulebook may resolve to or be judged against (pipeline/link/references/resolve.py reads no more):
    the numbered sections, the events with their titles and occurrences, the procedures with
    their titles and steps, in order."""
    parts: list = []
    for unit in units:
        if unit.kind == Kind.SECTION and unit.attrs.get("number"):
            parts.append(["rule", unit.id, unit.attrs["number"]])
        elif unit.kind == Kind.EVENT:
            parts.append(["event", unit.id, unit.attrs["number"], unit.attrs["period"],
                          unit.attrs.get("occurrences"),
                          {lang: side.fields.get("title") for lang, side in unit.sides.items()}])
        elif unit.kind == Kind.PROCEDURE:
            parts.append(["procedure", unit.id, unit.field("title"),
                          [[s.id, s.attrs.get("number")] for s in corpus.children(unit, Kind.STEP)]])
    return _digest(json.dumps(parts, ensure_ascii=False, default=str))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _by_document(corpus: Corpus) -> dict[str, list[Unit]]:
    units: dict[str, list[Unit]] = {d.key: [] for d in corpus.documents}
    for unit in corpus.units.values():
        units[unit.document].append(unit)
    return units
