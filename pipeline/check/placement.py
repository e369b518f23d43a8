"""Where stored translations landed: followed a renumbered sentence, found no sentence, or
wait for review (pipeline/link/translations/realign.py decides; this reports it to the translator)."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Lang
from ..editions.worddiff import word_diff
from .base import CheckContext, Code, _, on_unit, text

MOVED = Code("tr-moved", Severity.INFO,
             "a translation stored under one unit id follows its source sentence to another (the "
             "source was renumbered); the next `folio po import` records it there")
ORPHANED = Code("tr-orphaned", Severity.WARNING,
                "a stored translation whose source sentence no unit has any more: kept in its "
                "file, shown nowhere (the message names the closest unit)")
FUZZY = Code("tr-fuzzy", Severity.INFO,
             "a translation marked as needing review (a PO fuzzy flag, or a translation that "
             "followed a sentence that also changed)")
CORRECTED = Code("tr-source-corrected", Severity.INFO,
                 "a translation whose source was only corrected since (a misspelling, punctuation, "
                 "spacing or quote marks): still current, not stale")
CODES = [MOVED, ORPHANED, FUZZY, CORRECTED]


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    corpus = ctx.corpus
    for (unit_id, lang), translation in corpus.translations.items():
        unit = corpus.units[unit_id]
        side = unit.sides[lang]
        if translation.moved_from is not None:
            yield on_unit(MOVED, unit, side,
                          text(_("the translation stored under %(unit_from)s follows its source sentence to "
                                 "%(unit)s"), unit_from=translation.moved_from, unit=unit_id)
                          if translation.similarity == 1.0 else
                          text(_("the translation stored under %(unit_from)s follows its source sentence to "
                                 "%(unit)s (%(alike)s alike: review it)"), unit_from=translation.moved_from,
                               unit=unit_id, alike=f"{translation.similarity:.0%}"),
                          suggestion=text(_("export and re-import the PO file (%(command)s), or %(realign)s, "
                                            "to keep it under its new id"),
                                          command=f"folio po export --lang {lang}",
                                          realign="folio translations realign"))
        if translation.corrected:
            source_lang = ctx.lookup().document_of(unit).language
            yield on_unit(CORRECTED, unit, side,
                          text(_("the %(lang)s source was only corrected since this was translated (%(change)s): "
                                 "the translation stays current"), lang=Lang(source_lang),
                               change=word_diff(translation.source, unit.sides[source_lang].text)),
                          suggestion=text(_("nothing to translate again; %(realign)s records the corrected "
                                            "source"), realign="folio translations realign"))
        if translation.fuzzy:
            yield on_unit(FUZZY, unit, side, text(_("marked as needing review; readers see it marked so")),
                          suggestion=text(_("review it and clear the fuzzy flag in your PO editor, then "
                                            "re-import")))
    for orphans in corpus.orphaned.values():
        for orphan in orphans:
            closest = text(_("; the closest source is %(unit)s (%(alike)s alike)"), unit=orphan.closest,
                           alike=f"{orphan.similarity:.0%}") if orphan.closest else ""
            yield Diagnostic.of(orphan.path, orphan.line, ORPHANED.code,
                             text(_("%(unit)s: no unit has the source sentence this translates any more "
                                    "(%(quote)s)%(closest)s"), unit=orphan.unit, quote=_short(orphan.source),
                                  closest=closest),
                             ORPHANED.severity, 1, orphan.unit,
                             "reuse the text where it belongs, then remove it: folio translations "
                             f"remove {'--orphaned ' if orphan.set_aside else ''}{orphan.unit} "
                             f"--lang {orphan.lang}")


def _short(text: str, words: int = 8) -> str:
    split = text.split()
    return "«" + " ".join(split[:words]) + (" …" if len(split) > words else "") + "»"
