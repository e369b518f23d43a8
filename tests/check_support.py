"""What the check-family tests share: the real corpus checked once per session, and small
crafted texts run through the real parsers into a corpus of their own."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path
from types import ModuleType

from pipeline.build import load_corpus
from pipeline.check.base import CheckContext
from pipeline.core.diagnostics import Diagnostic
from pipeline.core.model import Corpus
from pipeline.parse import PARSERS
from pipeline.read.manifest import load_manifest
from pipeline.read.reader import decode_source

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = {document.key: document for document in load_manifest(ROOT, PARSERS)}
#: which real document a crafted text imitates, by parser
LIKE = {"risto-events": "eu-risto-period-1", "gmt-rulebook": "his-winter-new-world",
        "pop-rulebook": "pop-military-actions"}


@cache
def real_context() -> CheckContext:
    return CheckContext(load_corpus(ROOT)[0], ROOT)


@cache
def _real(module: ModuleType) -> tuple[Diagnostic, ...]:
    return tuple(sorted(module.check(real_context()), key=Diagnostic.sort_key))


def real_findings(module: ModuleType) -> list[Diagnostic]:
    """The findings in the five source texts (translations are other files, and still growing)."""
    return [d for d in _real(module) if d.path.startswith("corpus/sources/")]


def located(diagnostics) -> list[str]:
    """`path:line:col code`, as a user greps the report (the path without corpus/sources/)."""
    return [f"{d.path.removeprefix('corpus/sources/')}:{d.line}:{d.col} {d.code}" for d in diagnostics]


def crafted(text: str, parser: str = "gmt-rulebook", *, language: str | None = None,
            final_newline: bool = True, continues: str | None = None) -> CheckContext:
    """A one-document corpus parsed from ``text`` by the real parser."""
    like = DOCUMENTS[LIKE[parser]]
    path = f"corpus/crafted/{parser}.{language or like.language}.txt"
    document = replace(like, key=f"crafted-{parser}", language=language or like.language,
                       source=path, continues=continues)
    raw = (text.rstrip("\n") + ("\n" if final_newline else "")).encode("utf-8")
    corpus = Corpus(documents=[document])
    corpus.add_document_units(PARSERS[parser](document, decode_source(raw, path)))
    return CheckContext(corpus, ROOT)


def run(module: ModuleType, ctx: CheckContext, code: str | None = None) -> list[Diagnostic]:
    found = sorted(module.check(ctx), key=Diagnostic.sort_key)
    declared = {c.code for c in module.CODES}
    assert all(d.code in declared for d in found)
    return [d for d in found if code is None or d.code == code]


def lines(diagnostics) -> list[tuple[int, int, str]]:
    return [(d.line, d.col, d.code) for d in diagnostics]


@cache
def scrambled_contexts(count: int = 60) -> tuple[CheckContext, ...]:
    """Real lines shuffled and mixed across documents, as far as the parsers accept them: the
    shapes no checked-in text has (a sub-item without its parent, a table in a Risto event)."""
    import random

    from pipeline.core.errors import FolioError

    documents = list(DOCUMENTS.values())
    pool = [line for d in documents for line in (ROOT / d.source).read_text("utf-8").split("\n")]
    found = []
    for seed in range(count):
        rnd = random.Random(seed)
        document = documents[seed % len(documents)]
        sample = [rnd.choice(pool) for _ in range(rnd.randint(1, 40))]
        try:
            units = PARSERS[document.parser](document, decode_source("\n".join(sample).encode(),
                                                                     document.source))
        except FolioError:
            continue
        corpus = Corpus(documents=[document])
        corpus.add_document_units(units)
        found.append(CheckContext(corpus, ROOT))
    return tuple(found)
