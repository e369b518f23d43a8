"""Sentence alignment: a translated unit says as many sentences as its source.

Sentences come from a real segmenter (:mod:`pipeline.language.sentences`), so ``5.5``,
``т. е.``, ``(see p. 13)`` and ``50d.`` do not cut a sentence in two. When the counts differ,
the two sides are aligned in the manner of Gale and Church, by length, with the numbers and
Latin abbreviations of each sentence as anchors, and the alignment says which sentence of the
source has no counterpart or which the translation adds. Two sentences aligned with one that
is too short to translate both are one left out (the one that shares fewer anchors with it, or
fits its length worse); two joined into one of the length of both are reported as joined,
since by length a joined pair cannot be told from a short sentence dropped ("Otherwise
re-roll."), and the reviewer should read it.
"""

from __future__ import annotations

import math
from typing import Iterable, NamedTuple

from ..diagnostics import Diagnostic, Severity
from ..language.sentences import Sentence, sentences
from ..model import Lang, Unit
from .base import CheckContext, Code, Count, _, at, ngettext, text
from .parity_numbers import numbers
from .parity_tokens import latin_tokens

SENTENCES = Code("parity-sentences", Severity.WARNING,
                 "a translated unit with more or fewer sentences than its source: one left out, "
                 "added, or two joined (counted by a sentence segmenter, so `5.5`, `т. е.` and "
                 "`p. 13` do not end one)")
CODES = [SENTENCES]

#: letters and digits of the translation per letter and digit of the source, measured over
#: corpus/translations/ (1.16 and 0.85); a pair not listed is taken as 1
RATIO = {(Lang.EN, Lang.RU): 1.15, (Lang.RU, Lang.EN): 0.85}
#: the costs of the alignment, in units of |log(length ratio / expected ratio)|: a sentence
#: with no counterpart costs as much as a length off by a factor of about 1.5; joining two is
#: cheaper, since translators do join sentences
SKIP, JOIN, ANCHOR = 0.8, 0.3, 0.5
#: a sentence shorter than this share of the expected length of the two it is aligned with
#: translates one of them, not both
COVERED = 0.75
BEADS = ((1, 1), (1, 0), (0, 1), (2, 1), (1, 2))


class Bead(NamedTuple):
    source: tuple[int, ...]  # indices of the source sentences
    target: tuple[int, ...]


def compare(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Iterable[Diagnostic]:
    source, target = unit.sides[source_lang], unit.sides[lang]
    theirs, ours = sentences(source.text, source_lang), sentences(target.text, lang)
    if len(theirs) == len(ours) or not theirs or not ours:
        return
    one = len(ours) == 1
    counted = {"count": Count(len(ours), ngettext("%(num)d sentence", "%(num)d sentences")),
               "lang": Lang(source_lang), "theirs": len(theirs)}
    ratio = RATIO.get((source_lang, lang), 1.0)
    beads = resolve(align(theirs, ours, ratio), theirs, ours, ratio)
    for n, bead in enumerate(beads):
        if len(bead.source) == 1 and len(bead.target) == 1:
            continue
        if not bead.target:
            gone = theirs[bead.source[0]]
            yield at(SENTENCES, unit, target, _insertion_point(beads[n + 1:], ours, target.text),
                     text(_("%(count)s sentence where the %(lang)s side has %(theirs)s: its sentence "
                            "%(n)s (%(quote)s) has no counterpart here") if one else
                          _("%(count)s sentences where the %(lang)s side has %(theirs)s: its sentence "
                            "%(n)s (%(quote)s) has no counterpart here"),
                          **counted, n=bead.source[0] + 1, quote=_quote(gone)),
                     suggestion=text(_("translate %(quote)s"), quote=_quote(gone)))
        elif not bead.source:
            added = ours[bead.target[0]]
            yield at(SENTENCES, unit, target, added.start,
                     text(_("%(count)s sentence where the %(lang)s side has %(theirs)s: sentence %(n)s "
                            "here (%(quote)s) has no counterpart on the %(lang2)s side") if one else
                          _("%(count)s sentences where the %(lang)s side has %(theirs)s: sentence %(n)s "
                            "here (%(quote)s) has no counterpart on the %(lang2)s side"),
                          **counted, n=bead.target[0] + 1, quote=_quote(added), lang2=Lang(source_lang)),
                     suggestion=text(_("remove it, or check the source")))
        elif len(bead.source) == 2:
            joined = ours[bead.target[0]]
            yield at(SENTENCES, unit, target, joined.start,
                     text(_("%(count)s sentence where the %(lang)s side has %(theirs)s: its sentences "
                            "%(n)s and %(m)s are one sentence here (%(quote)s)") if one else
                          _("%(count)s sentences where the %(lang)s side has %(theirs)s: its sentences "
                            "%(n)s and %(m)s are one sentence here (%(quote)s)"),
                          **counted, n=bead.source[0] + 1, m=bead.source[1] + 1, quote=_quote(joined)),
                     suggestion=text(_("check that both are translated")))
        else:
            split = ours[bead.target[0]]
            yield at(SENTENCES, unit, target, split.start,
                     text(_("%(count)s sentence where the %(lang)s side has %(theirs)s: its sentence "
                            "%(n)s is two sentences here (%(quote)s …)") if one else
                          _("%(count)s sentences where the %(lang)s side has %(theirs)s: its sentence "
                            "%(n)s is two sentences here (%(quote)s …)"),
                          **counted, n=bead.source[0] + 1, quote=_quote(split)),
                     suggestion=text(_("check that nothing is added")))


def align(theirs: list[Sentence], ours: list[Sentence], ratio: float) -> list[Bead]:
    """The cheapest alignment of the two sentence lists, in order."""
    size_a, size_b = [_size(s) for s in theirs], [_size(s) for s in ours]
    marks_a, marks_b = [_anchors(s) for s in theirs], [_anchors(s) for s in ours]
    m, n = len(theirs), len(ours)
    cost = [[math.inf] * (n + 1) for _ in range(m + 1)]
    back: list[list[tuple[int, int] | None]] = [[None] * (n + 1) for _ in range(m + 1)]
    cost[0][0] = 0.0
    for i in range(m + 1):
        for j in range(n + 1):
            if cost[i][j] == math.inf:
                continue
            for da, db in BEADS:
                if i + da > m or j + db > n:
                    continue
                if not da or not db:
                    step = SKIP
                else:
                    a, b = sum(size_a[i:i + da]), sum(size_b[j:j + db])
                    step = abs(math.log(b / (ratio * a))) + (JOIN if da + db > 2 else 0.0)
                    unshared = set().union(*marks_a[i:i + da]) ^ set().union(*marks_b[j:j + db])
                    step += ANCHOR * len(unshared)
                if cost[i][j] + step < cost[i + da][j + db]:
                    cost[i + da][j + db] = cost[i][j] + step
                    back[i + da][j + db] = (da, db)
    beads, i, j = [], m, n
    while i or j:
        da, db = back[i][j]
        beads.append(Bead(tuple(range(i - da, i)), tuple(range(j - db, j))))
        i, j = i - da, j - db
    return beads[::-1]


def resolve(beads: list[Bead], theirs: list[Sentence], ours: list[Sentence],
            ratio: float) -> list[Bead]:
    """Two sentences aligned with one that is too short to translate both: one of them is left
    out, not joined (and one too long for its source: one sentence is added). The one kept is
    the one sharing more anchors with its counterpart, then the one whose length fits."""
    resolved = []
    for bead in beads:
        if len(bead.source) == 2:
            one = ours[bead.target[0]]
            if _size(one) < COVERED * ratio * sum(_size(theirs[i]) for i in bead.source):
                kept = max(bead.source, key=lambda i: _fit(theirs[i], one, ratio))
                resolved += [Bead((i,), bead.target if i == kept else ()) for i in bead.source]
                continue
        elif len(bead.target) == 2:
            one = theirs[bead.source[0]]
            if ratio * _size(one) < COVERED * sum(_size(ours[j]) for j in bead.target):
                kept = max(bead.target, key=lambda j: _fit(one, ours[j], ratio))
                resolved += [Bead(bead.source if j == kept else (), (j,)) for j in bead.target]
                continue
        resolved.append(bead)
    return resolved


def _fit(source: Sentence, target: Sentence, ratio: float) -> tuple[int, float]:
    return (len(_anchors(source) & _anchors(target)),
            -abs(math.log(_size(target) / (ratio * _size(source)))))


def _insertion_point(later: list[Bead], ours: list[Sentence], text: str) -> int:
    """Where a missing sentence would stand in the translation: before the translation of the
    next source sentence, or at the end."""
    for bead in later:
        if bead.target:
            return ours[bead.target[0]].start
    return len(text.rstrip())


def _size(sentence: Sentence) -> int:
    return max(1, sum(ch.isalnum() for ch in sentence.text))


def _anchors(sentence: Sentence) -> set[str]:
    return set(numbers(sentence.text)) | {t.base for t in latin_tokens(sentence.text)}


def _quote(sentence: Sentence, limit: int = 60) -> str:
    text = sentence.text if len(sentence.text) <= limit else sentence.text[:limit - 1].rstrip() + "…"
    return f"«{text}»"
