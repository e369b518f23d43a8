"""The sentence pairs of a translated unit: which sentences of the translation render which of
the source, for the checks that compare the two sentence by sentence.

Sentences come from a real segmenter (:mod:`pipeline.language.sentences`). The two lists are
aligned in the manner of Gale and Church, by length, with *anchors*: what each sentence says
that both languages write alike or that the termbase names in both (numbers, Latin
abbreviations and names in capitals, termbase concepts; the last two only where both sides
of the unit have them). A sentence may pair with none (left
out, or added), with one, or two with one (joined, or split). Length alone cannot tell a short
sentence left out ("Otherwise re-roll.") from two joined into one; anchors can: two sentences
aligned with one are joined when each brings anchors of its own and the one has them, and one
is left out when what only it says is nowhere in the one; length decides only where neither
sentence has anchors of its own.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from itertools import pairwise
from typing import NamedTuple

from ..core.model import Lang, Unit
from ..language import lemmas
from ..language.sentences import Sentence, sentences
from .base import CheckContext
from .parity_concepts import analysed, named
from .parity_numbers import numbers
from .parity_tokens import latin_tokens
from .terminology_terms import game_matcher

#: letters and digits of the translation per letter and digit of the source, measured over
#: corpus/translations/ (1.16 and 0.85); a pair not listed is taken as 1
RATIO: dict[tuple[str, str], float] = {(Lang.EN, Lang.RU): 1.15, (Lang.RU, Lang.EN): 0.85}
#: the costs of the alignment, in units of |log(length ratio / expected ratio)|: a sentence
#: with no counterpart costs as much as a length off by a factor of about 1.5; joining two is
#: cheaper, since translators do join sentences; an anchor on one side only costs ANCHOR
SKIP, JOIN, ANCHOR = 0.8, 0.3, 0.5
#: a sentence shorter than this share of the expected length of the two it is aligned with
#: translates one of them, not both (when anchors cannot tell)
COVERED = 0.75


class Bead(NamedTuple):
    source: tuple[int, ...]  # indices of the source sentences
    target: tuple[int, ...]
    #: a join or a split whose every sentence brings anchors of its own, all found on the
    #: other side: nothing is left out, only the sentences are cut otherwise
    confirmed: bool = False


class Pair(NamedTuple):
    """Sentences of the source and the sentences of the translation that render them, as
    spans of the two sides' texts (two sentences joined or split are one span)."""

    source: str
    target: str
    source_start: int  # offset of ``source`` in the source side's text
    target_start: int  # offset of ``target`` in the translation's text


class Aligned(NamedTuple):
    theirs: list[Sentence]
    ours: list[Sentence]
    beads: list[Bead]

    def pairs(self, source_text: str, target_text: str) -> list[Pair]:
        """The beads with sentences on both sides, as text."""
        found = []
        for bead in self.beads:
            if bead.source and bead.target:
                a, b = self.theirs[bead.source[0]], self.theirs[bead.source[-1]]
                c, d = self.ours[bead.target[0]], self.ours[bead.target[-1]]
                found.append(Pair(source_text[a.start:b.end], target_text[c.start:d.end], a.start, c.start))
        return found


def aligned(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Aligned:
    """The sentences of a translated unit's two sides and how they pair, made once for the
    comparisons of the unit, which run one after the other: only the last unit's is kept, since
    thousands kept to the end of the run cost the collector more than making them did. Kept
    with the two texts it was made of: a unit edited since is aligned again."""
    return _last(ctx, unit, source_lang, lang)[2]


def pairs(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> list[Pair]:
    """The sentence pairs of the unit's alignment, made once for the comparisons that read them
    (kept with the alignment they come from: a unit aligned again is paired again); shared by
    every caller, never changed."""
    source, target, found, made = _last(ctx, unit, source_lang, lang)
    if made is None:
        made = found.pairs(source, target)
        ctx.shared(_LAST, dict)[unit.id, lang] = (source, target, found, made)
    return made


_LAST = "parity.aligned"


def _last(ctx: CheckContext, unit: Unit, source_lang: str,
          lang: str) -> tuple[str, str, Aligned, list[Pair] | None]:
    """The last unit's two texts, their alignment and its pairs (None: not asked for yet)."""
    last: dict[tuple[str, str], tuple[str, str, Aligned, list[Pair] | None]] = ctx.shared(_LAST, dict)
    source, target = unit.sides[source_lang].text, unit.sides[lang].text
    found = last.get((unit.id, lang))
    if found is None or found[0] != source or found[1] != target:
        last.clear()
        found = last[unit.id, lang] = (source, target, _aligned(ctx, unit, source_lang, lang), None)
    return found


def _aligned(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Aligned:
    source, target = unit.sides[source_lang].text, unit.sides[lang].text
    theirs, ours = sentences(source, source_lang), sentences(target, lang)
    if not theirs or not ours:
        return Aligned(theirs, ours, [])
    if len(theirs) == len(ours) == 1:  # most units: no anchor can pair them otherwise
        return Aligned(theirs, ours, [Bead((0,), (0,))])
    game = ctx.rulebook(unit.document)
    full_a = anchors(ctx, unit, game, source, source_lang, theirs)
    full_b = anchors(ctx, unit, game, target, lang, ours)
    marks_a, marks_b = _comparable(full_a, full_b)
    ratio = RATIO.get((source_lang, lang), 1.0)
    beads = align(theirs, ours, ratio, marks_a, marks_b)
    return Aligned(theirs, ours, resolve(beads, theirs, ours, ratio, (marks_a, marks_b), (full_a, full_b)))


def anchors(ctx: CheckContext, unit: Unit, game: str, text: str, lang: str,
            found: list[Sentence]) -> list[frozenset[str]]:
    """What each sentence says that the other language writes alike: its numbers, its Latin
    abbreviations and names in capitals, and the termbase concepts it names."""
    marks: list[set[str]] = [{"#" + n for n in numbers(sentence.text)} | {t.base for t in latin_tokens(sentence.text)}
                             for sentence in found]
    concepts = _concepts(ctx, unit, game, text, lang)
    if all(before.end <= after.start for before, after in pairwise(found)):
        # sentences in order, none overlapping the next: a concept is in the last one starting
        # at or before it, if in any; found by bisection rather than each sentence tried
        starts = [sentence.start for sentence in found]
        for start, ids in concepts:
            n = bisect_right(starts, start) - 1
            if n >= 0 and start < found[n].end:
                marks[n].update(ids)
    else:
        for said, sentence in zip(marks, found, strict=True):
            said.update(c for start, ids in concepts if sentence.start <= start < sentence.end for c in ids)
    return [frozenset(said) for said in marks]


def _comparable(marks_a: list[frozenset[str]],
                marks_b: list[frozenset[str]]) -> tuple[list[frozenset[str]], list[frozenset[str]]]:
    """The anchors both sides can have: the unit's numbers, and the tokens and concepts it
    writes on both sides. A concept the other side renders in words no termbase lists, or a
    heading in capitals the translation translates, is on one side only and tells nothing;
    a number gone with a sentence left out is what tells."""
    union_a, union_b = frozenset().union(*marks_a), frozenset().union(*marks_b)
    kept = (union_a & union_b) | {m for m in union_a | union_b if m.startswith("#")}
    return [m & kept for m in marks_a], [m & kept for m in marks_b]


def _concepts(ctx: CheckContext, unit: Unit, game: str, text: str, lang: str) -> list[tuple[int, frozenset[str]]]:
    """Where ``text`` names termbase concepts: what the terminology analysis found in the
    unit's side (its occurrences, or, on a side with none, every match inside a quoted English
    original, as the game's matcher would find them again), or, for a text the corpus does not
    hold, the game's matcher run on it."""
    side = unit.sides.get(lang)
    known = analysed(ctx, side) if side is not None else None
    if known is not None and known.side.text == text:
        return [(match.start, named(match)) for match in known.occurrences() or known.matches]
    found = game_matcher(ctx, game, lang).find(lemmas(text, lang))
    return [(match.start, named(match)) for match in found]


def align(theirs: list[Sentence], ours: list[Sentence], ratio: float,
          marks_a: list[frozenset[str]], marks_b: list[frozenset[str]]) -> list[Bead]:
    """The cheapest alignment of the two sentence lists, in order."""
    size_a, size_b = [_size(s) for s in theirs], [_size(s) for s in ours]
    m, n = len(theirs), len(ours)
    # what a bead of one or two sentences brings, per first sentence: summed once, not per cell;
    # the source's length already times the ratio (the same product a cell would make)
    one_a = [ratio * a for a in size_a]
    two_a = [ratio * (size_a[i] + size_a[i + 1]) for i in range(m - 1)]
    one_b, two_b = size_b, [size_b[j] + size_b[j + 1] for j in range(n - 1)]
    marks_two_a = [marks_a[i] | marks_a[i + 1] for i in range(m - 1)]
    marks_two_b = [marks_b[j] | marks_b[j + 1] for j in range(n - 1)]
    log, inf = math.log, math.inf
    cost = [[inf] * (n + 1) for _ in range(m + 1)]
    back: list[list[tuple[int, int] | None]] = [[None] * (n + 1) for _ in range(m + 1)]
    cost[0][0] = 0.0
    # the beads (1, 1), (1, 0), (0, 1), (2, 1), (1, 2) in that order, written out (a loop over
    # them cost a third of parity at x100): a cell is reached from the cheapest of its
    # predecessors, the first of equals
    for i in range(m + 1):
        row, back_row = cost[i], back[i]
        down, twice_down = i < m, i + 1 < m  # a source sentence, two, left to align
        below, back_below = (cost[i + 1], back[i + 1]) if down else (row, back_row)
        twice, back_twice = (cost[i + 2], back[i + 2]) if twice_down else (row, back_row)
        for j in range(n + 1):
            here = row[j]
            if here == inf:
                continue
            if down:
                if j < n:  # (1, 1)
                    step = abs(log(one_b[j] / one_a[i]))
                    if marks_a[i] or marks_b[j]:
                        step += ANCHOR * len(marks_a[i] ^ marks_b[j])
                    if here + step < below[j + 1]:
                        below[j + 1] = here + step
                        back_below[j + 1] = (1, 1)
                if here + SKIP < below[j]:  # (1, 0)
                    below[j] = here + SKIP
                    back_below[j] = (1, 0)
            if j < n and here + SKIP < row[j + 1]:  # (0, 1)
                row[j + 1] = here + SKIP
                back_row[j + 1] = (0, 1)
            if twice_down and j < n:  # (2, 1)
                step = abs(log(one_b[j] / two_a[i])) + JOIN
                if marks_two_a[i] or marks_b[j]:
                    step += ANCHOR * len(marks_two_a[i] ^ marks_b[j])
                if here + step < twice[j + 1]:
                    twice[j + 1] = here + step
                    back_twice[j + 1] = (2, 1)
            if down and j + 1 < n:  # (1, 2)
                step = abs(log(two_b[j] / one_a[i])) + JOIN
                if marks_a[i] or marks_two_b[j]:
                    step += ANCHOR * len(marks_a[i] ^ marks_two_b[j])
                if here + step < below[j + 2]:
                    below[j + 2] = here + step
                    back_below[j + 2] = (1, 2)
    beads, i, j = [], m, n
    while i or j:
        came = back[i][j]
        assert came is not None, "every cell on the cheapest path was reached from another"
        da, db = came
        beads.append(Bead(tuple(range(i - da, i)), tuple(range(j - db, j))))
        i, j = i - da, j - db
    return beads[::-1]


Marks = tuple[list[frozenset[str]], list[frozenset[str]]]  # the anchors of the two sides' sentences


def resolve(beads: list[Bead], theirs: list[Sentence], ours: list[Sentence], ratio: float,
            comparable: Marks, full: Marks) -> list[Bead]:
    """Decide each two-with-one bead: joined (or split), or one sentence left out (or added).

    What each of the two says on its own (its anchors the other lacks) is looked for in the
    one: all found for both, they are joined (``confirmed``); none found for one and some for
    the other, that one is left out (added). Otherwise a one too short to translate both
    translates one of them, the one that fits its length better; a one long enough stays a
    join that nothing confirms."""
    resolved = []
    for bead in beads:
        if len(bead.source) == 2 or len(bead.target) == 2:
            two_on_source = len(bead.source) == 2
            both, one = (bead.source, bead.target[0]) if two_on_source else (bead.target, bead.source[0])
            (two_c, one_c), (two_f, one_f) = ((side[0], side[1]) if two_on_source else (side[1], side[0])
                                              for side in (comparable, full))
            pairs_of_two = list(zip(both, both[::-1], strict=False))
            # confirmed only when every anchor of its own, even one the other side of the unit
            # lacks, is in the one: a concept gone with a sentence left out is not a join
            found = [bool(own) and own <= one_f[one] for own in (two_f[k] - two_f[o] for k, o in pairs_of_two)]
            missing = [bool(own) and not own & one_c[one] for own in (two_c[k] - two_c[o] for k, o in pairs_of_two)]
            if all(found):
                resolved.append(bead._replace(confirmed=True))
                continue
            if any(missing) and not all(missing):
                kept = both[missing.index(False)]
            elif _short(bead, theirs, ours, ratio):
                # the one that shares more anchors with the one, then the one whose length fits
                kept = max(both, key=lambda k: (len(two_f[k] & one_f[one]), _fit(theirs[k], ours[one], ratio)
                                                 if two_on_source else _fit(theirs[one], ours[k], ratio)))
            else:
                resolved.append(bead)
                continue
            if two_on_source:
                resolved += [Bead((k,), bead.target if k == kept else ()) for k in both]
            else:
                resolved += [Bead(bead.source if k == kept else (), (k,)) for k in both]
            continue
        resolved.append(bead)
    return resolved


def _short(bead: Bead, theirs: list[Sentence], ours: list[Sentence], ratio: float) -> bool:
    """One sentence too short to render the two it is aligned with."""
    if len(bead.source) == 2:
        return _size(ours[bead.target[0]]) < COVERED * ratio * sum(_size(theirs[i]) for i in bead.source)
    return ratio * _size(theirs[bead.source[0]]) < COVERED * sum(_size(ours[j]) for j in bead.target)


def _fit(source: Sentence, target: Sentence, ratio: float) -> float:
    return -abs(math.log(_size(target) / (ratio * _size(source))))


def _size(sentence: Sentence) -> int:
    return max(1, sum(map(str.isalnum, sentence.text)))  # map: a third of a generator's time


def quote(said: str, limit: int = 60) -> str:
    """A sentence as a finding quotes it: on one line, cut at ``limit`` characters."""
    said = " ".join(said.split())
    return f"«{said if len(said) <= limit else said[:limit - 1].rstrip() + '…'}»"
