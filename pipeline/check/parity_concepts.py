"""The termbase concepts a unit's side names, as the terminology analysis found them: the
anchors of the sentence pairs (:mod:`.parity_pairs`) and the spans that parity-verbatim leaves
to parity-term-missing (:mod:`.parity_tokens`).

The analysis has matched every side of the run already; a side's matches are read from it
when a unit asks, not gathered for the whole corpus ahead: only units of several sentences and
sources with Latin tokens ask, and an index of every occurrence of a large corpus, kept to the
end of the run, cost more to make and to carry through the collector than the questions did.
"""

from __future__ import annotations

from ..core.model import Side
from ..language.match import Match
from .base import CheckContext
from .terminology_terms import SideText, analyse


def analysed(ctx: CheckContext, side: Side) -> SideText | None:
    """The analysis of ``side``, None for a side the analysis did not read (one without text)."""
    index = ctx.shared("parity.analysed", lambda: {id(found.side): found for found in analyse(ctx).sides})
    found = index.get(id(side))
    return found if found is not None and found.side is side else None


def named(match: Match) -> frozenset[str]:
    """The concepts a match names, as anchors (`@concept`)."""
    return frozenset(f"@{p.payload.concept.id}" for p in match.patterns)


def languages(ctx: CheckContext, match: Match) -> set[str]:
    """The languages in which the concepts of a match have terms (per run, per concepts: a
    term recurs)."""
    known: dict[tuple[int, ...], set[str]] = ctx.shared("parity.term-languages", dict)
    concepts = tuple(id(p.payload.concept) for p in match.patterns)
    found = known.get(concepts)
    if found is None:
        found = known[concepts] = {lang for p in match.patterns
                                   for lang, terms in p.payload.concept.terms.items() if terms}
    return found
