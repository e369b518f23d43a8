"""Sentence alignment: a translated unit says as many sentences as its source.

Sentences come from a real segmenter (:mod:`pipeline.language.sentences`), so ``5.5``,
``т. е.``, ``(see p. 13)`` and ``50d.`` do not cut a sentence in two. When the counts differ,
the pairs of :mod:`pipeline.check.parity_pairs` say which sentence of the source has no
counterpart or which the translation adds, and which two are joined or split. A join or split
whose sentences each bring numbers, abbreviations or termbase terms of their own, all found on
the other side, is only the sentences cut otherwise, and is not reported; one that nothing
confirms is, since by length a joined pair cannot be told from a short sentence dropped
("Otherwise re-roll."), and the reviewer should read it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.diagnostics import Diagnostic, Param, Severity
from ..core.model import Lang, Unit
from ..language.sentences import Sentence
from .base import CheckContext, Code, Count, _, at, ngettext, text
from .parity_pairs import Bead, aligned

SENTENCES = Code("parity-sentences", Severity.WARNING,
                 "a translated unit with more or fewer sentences than its source: one left out, "
                 "added, or two joined (counted by a sentence segmenter, so `5.5`, `т. е.` and "
                 "`p. 13` do not end one)")
CODES = [SENTENCES]

def compare(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Iterable[Diagnostic]:
    target = unit.sides[lang]
    found = aligned(ctx, unit, source_lang, lang)
    theirs, ours, beads = found.theirs, found.ours, found.beads
    if len(theirs) == len(ours) or not theirs or not ours:
        return
    counted: dict[str, Param] = {
        "count": Count(len(ours), ngettext("%(num)d sentence", "%(num)d sentences"), whole=True),
        "lang": Lang(source_lang), "theirs": len(theirs)}
    for n, bead in enumerate(beads):
        if (len(bead.source) == 1 and len(bead.target) == 1) or bead.confirmed:
            continue
        if not bead.target:
            gone = theirs[bead.source[0]]
            yield at(SENTENCES, unit, target, _insertion_point(beads[n + 1:], ours, target.text),
                     text(_("%(count)s where the %(lang)s side has %(theirs)s: its sentence "
                            "%(n)s (%(quote)s) has no counterpart here"),
                          **counted, n=bead.source[0] + 1, quote=_quote(gone)),
                     suggestion=text(_("translate %(quote)s"), quote=_quote(gone)))
        elif not bead.source:
            added = ours[bead.target[0]]
            yield at(SENTENCES, unit, target, added.start,
                     text(_("%(count)s where the %(lang)s side has %(theirs)s: sentence %(n)s "
                            "here (%(quote)s) has no counterpart on the %(lang2)s side"),
                          **counted, n=bead.target[0] + 1, quote=_quote(added), lang2=Lang(source_lang)),
                     suggestion=text(_("remove it, or check the source")))
        elif len(bead.source) == 2:
            joined = ours[bead.target[0]]
            yield at(SENTENCES, unit, target, joined.start,
                     text(_("%(count)s where the %(lang)s side has %(theirs)s: its sentences "
                            "%(n)s and %(m)s are one sentence here (%(quote)s)"),
                          **counted, n=bead.source[0] + 1, m=bead.source[1] + 1, quote=_quote(joined)),
                     suggestion=text(_("check that both are translated")))
        else:
            split = ours[bead.target[0]]
            yield at(SENTENCES, unit, target, split.start,
                     text(_("%(count)s where the %(lang)s side has %(theirs)s: its sentence "
                            "%(n)s is two sentences here (%(quote)s …)"),
                          **counted, n=bead.source[0] + 1, quote=_quote(split)),
                     suggestion=text(_("check that nothing is added")))


def _insertion_point(later: list[Bead], ours: list[Sentence], text: str) -> int:
    """Where a missing sentence would stand in the translation: before the translation of the
    next source sentence, or at the end."""
    for bead in later:
        if bead.target:
            return ours[bead.target[0]].start
    return len(text.rstrip())


def _quote(sentence: Sentence, limit: int = 60) -> str:
    text = sentence.text if len(sentence.text) <= limit else sentence.text[:limit - 1].rstrip() + "…"
    return f"«{text}»"
