"""Where the termbase's terms occur in the corpus: one pass that every terminology check reads.

Kept apart from :mod:`pipeline.check.terminology` so the checks read as rules and this
module as the (lemma-based) search they share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from operator import attrgetter
from typing import NamedTuple

from ..core.model import Lang, Side, Unit
from ..language import Match, Matcher, TermPattern, Token, compile_term, lemmas
from ..language.brackets import english_originals
from ..language.match import word_matches
from ..language.termbase import Concept, Ruling, Termbase, load_termbase
from .base import CheckContext

TERM, UNAPPROVED, FORBIDDEN = "term", "unapproved", "forbidden"


@dataclass(frozen=True)
class Entry:
    """What one compiled glossary form stands for."""

    concept: Concept
    term: str  # the form as the glossary writes it
    status: str  # TERM, UNAPPROVED or FORBIDDEN
    ruling: Ruling | None = None


class Occurrence(NamedTuple):
    """A term found in a side; a tuple because a corpus makes one per term it uses."""

    unit: Unit
    side: Side
    lang: str
    game: str
    start: int  # offsets in side.text
    end: int
    entries: tuple[Entry, ...]  # more than one concept: the form is ambiguous here

    @property
    def found(self) -> str:
        return self.side.text[self.start:self.end]

    @property
    def entry(self) -> Entry | None:
        """The one concept this occurrence is about, or None where the form is ambiguous
        (``карта`` is both the card and the map)."""
        entries = self.entries
        first = entries[0]
        if len(entries) == 1:  # most forms name one concept
            return first
        return first if all(e.concept.id == first.concept.id for e in entries[1:]) else None


class SideText(NamedTuple):
    """One side, read: a tuple, made for every side of the corpus."""

    unit: Unit
    lang: str
    side: Side
    game: str  # the document's rulebook
    tokens: list[Token]
    quoted: Sequence[tuple[int, int]]  # spans of [English originals] inside a Russian text
    #: every match of the game's terms, those inside quoted originals too: the parity family
    #: reads them rather than tokenising and matching the side again
    matches: Sequence[Match]

    def is_quoted(self, offset: int) -> bool:
        return bool(self.quoted) and any(start <= offset < end for start, end in self.quoted)

    def occurrences(self) -> Sequence[Match]:
        """The matches the terminology counts as occurrences: those outside quoted English
        originals (the matches themselves when the side quotes none, as most do)."""
        if not self.quoted:
            return self.matches
        return [match for match in self.matches if not self.is_quoted(match.start)]


@dataclass
class Analysis:
    """Every unit side with its tokens and the glossary terms found in it."""

    termbase: Termbase
    sides: list[SideText]
    #: per one-term tuple of patterns (by identity, held): the entries its occurrences share
    #: (a match of several terms has a tuple of its own: not kept)
    _entries: dict[int, tuple[tuple[TermPattern, ...], tuple[Entry, ...]]] = field(default_factory=dict)

    @cached_property
    def occurrences(self) -> list[Occurrence]:
        """Every match outside a quoted original, as an occurrence of its terms, in the corpus's
        order: made once for its three readers (the renderings, the abbreviations and parity's
        terms), and kept with the analysis, which is a rulebook's shard's (a whole corpus's,
        kept to the end of the run, cost the collector more than making them again did); shared
        by every reader, never changed."""
        entries_of = self._entries
        found = []
        for text in self.sides:
            if not text.matches:
                continue
            unit, side, lang, game = text.unit, text.side, text.lang, text.game
            for match in text.occurrences():
                patterns = match.patterns
                if len(patterns) != 1:
                    entries = tuple(map(_PAYLOAD, patterns))
                else:  # one entries tuple per term (the matcher shares the patterns of its
                    # one-term matches), not one per occurrence
                    known = entries_of.get(id(patterns))
                    if known is None or known[0] is not patterns:
                        known = entries_of[id(patterns)] = (patterns, tuple(map(_PAYLOAD, patterns)))
                    entries = known[1]
                found.append(Occurrence(unit, side, lang, game, match.start, match.end, entries))
        return found


def analyse(ctx: CheckContext) -> Analysis:
    return ctx.shared("terminology", lambda: _analyse(ctx))


def termbase(ctx: CheckContext) -> Termbase:
    return ctx.shared("termbase", lambda: load_termbase(ctx.root))


def _analyse(ctx: CheckContext) -> Analysis:
    base = termbase(ctx)
    matchers: dict[tuple[str, str], Matcher] = {}
    sides = []
    for unit, lang, side in ctx.sides():
        game = ctx.rulebook(unit.document)
        if (game, lang) not in matchers:  # one per run: each form's candidates are gathered once
            matchers[game, lang] = game_matcher(ctx, game, lang)
        tokens = lemmas(side.text, lang)
        # a side with no quoted original (most), or no match, shares one empty sequence: what a
        # run keeps for every side is what the collector walks until the run ends
        sides.append(SideText(unit, lang, side, game, tokens,
                              (english_originals(side.text) or _NONE) if lang == Lang.RU else _NONE,
                              matchers[game, lang].find(tokens) or _NONE))
    return Analysis(base, sides)


_NONE: tuple = ()  # no quoted original, no match
_PAYLOAD = attrgetter("payload")  # a term's Entry


def game_matcher(ctx: CheckContext, game: str, lang: str) -> Matcher:
    """:func:`matcher` of the run's termbase, made once per run; games whose terms are the same
    (the concepts that name no game are every game's) share one, and with it the candidates it
    gathered for each form."""
    def made() -> Matcher:
        base = termbase(ctx)
        # a game's patterns follow from the concepts that apply to it (the run's, held by the
        # termbase), in order: a game to which the concepts of another apply is not compiled
        # again (a corpus of many rulebooks, one game each, compiled every term per rulebook and
        # language)
        applying = (lang, tuple(id(concept) for concept in base.concepts if concept.applies(game)))
        shared: dict[tuple, Matcher] = ctx.configured("terminology.matchers", dict)
        found = shared.get(applying)
        if found is None:
            found = shared[applying] = _GameMatcher(_patterns(base, game, lang))
        return found

    return ctx.configured(f"terminology.matcher:{game}:{lang}", made)


class _GameMatcher(Matcher):
    """A game's matcher, whose candidates at a form leave out the Russian terms beginning with
    a guessed word that the form cannot begin: such a term is otherwise tried at every token of
    every text, and fails at nearly all."""

    def _gather(self, token: Token) -> list[TermPattern]:
        found = super()._gather(token)
        if not self._guessed_first:
            return found
        hopeless = {id(p) for p in self._guessed_first
                    if p.lang == Lang.RU and not word_matches(token, p.words[0], p.lang)}
        return [p for p in found if id(p) not in hopeless] if hopeless else found


def matcher(base: Termbase, game: str, lang: str) -> Matcher:
    """Every form of every concept that belongs to ``game``, in ``lang``."""
    return Matcher(_patterns(base, game, lang))


def _patterns(base: Termbase, game: str, lang: str) -> list[TermPattern]:
    patterns = []
    for concept in base.concepts:
        if not concept.applies(game):
            continue
        for term in concept.terms.get(lang, []):
            patterns.append(compile_term(term, lang, Entry(concept, term, TERM)))
        for status in (UNAPPROVED, FORBIDDEN):
            for ruling in getattr(concept, status).get(lang, []):
                patterns.append(compile_term(ruling.term, lang,
                                             Entry(concept, ruling.term, status, ruling)))
    return patterns
