"""Where stored translations landed: followed a renumbered sentence, found no sentence, or
wait for review (pipeline/translations/realign.py decides; this reports it to the translator)."""

from __future__ import annotations

from typing import Iterable

from ..diagnostics import Diagnostic, Severity
from .base import CheckContext, Code, on_unit

MOVED = Code("tr-moved", Severity.INFO,
             "a translation stored under one unit id follows its source sentence to another (the "
             "source was renumbered); the next `folio po import` records it there")
ORPHANED = Code("tr-orphaned", Severity.WARNING,
                "a stored translation whose source sentence no unit has any more: kept in its "
                "file, shown nowhere (the message names the closest unit)")
FUZZY = Code("tr-fuzzy", Severity.INFO,
             "a translation marked as needing review (a PO fuzzy flag, or a translation that "
             "followed a sentence that also changed)")
CODES = [MOVED, ORPHANED, FUZZY]


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    corpus = ctx.corpus
    for (unit_id, lang), translation in corpus.translations.items():
        unit = corpus.units[unit_id]
        side = unit.sides[lang]
        if translation.moved_from is not None:
            yield on_unit(MOVED, unit, side,
                          f"the translation stored under {translation.moved_from} follows its "
                          f"source sentence to {unit_id}"
                          + ("" if translation.similarity == 1.0 else
                             f" ({translation.similarity:.0%} alike: review it)"),
                          suggestion=f"export and re-import the PO file (folio po export --lang "
                                     f"{lang}), or folio translations realign, to keep it under "
                                     "its new id")
        if translation.fuzzy:
            yield on_unit(FUZZY, unit, side, "marked as needing review; readers see it marked so",
                          suggestion="review it and clear the fuzzy flag in your PO editor, then "
                                     "re-import")
    for orphans in corpus.orphaned.values():
        for orphan in orphans:
            closest = (f"; the closest source is {orphan.closest} ({orphan.similarity:.0%} alike)"
                       if orphan.closest else "")
            yield Diagnostic(orphan.path, orphan.line, ORPHANED.code,
                             f"{orphan.unit}: no unit has the source sentence this translates "
                             f"any more ({_short(orphan.source)}){closest}",
                             ORPHANED.severity, 1, orphan.unit,
                             "reuse the text where it belongs, then remove it: folio translations "
                             f"remove {'--orphaned ' if orphan.set_aside else ''}{orphan.unit} "
                             f"--lang {orphan.lang}")


def _short(text: str, words: int = 8) -> str:
    split = text.split()
    return "«" + " ".join(split[:words]) + (" …" if len(split) > words else "") + "»"
