"""Matching glossary terms against lemmatised text, inflection-aware, longest term first.

A term word matches a text word when they share a lemma (any reading of either), or, when
pymorphy3 had to guess one of them, when their paradigms share a stem (see
:func:`~pipeline.language.morph.ru_stems`). Abbreviations and names written in capitals
(``КО``, ``CP``, ``MILANO``) are matched as written instead: their letters are the term, and
lemmatising ``КО`` would read it as the preposition «ко».
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import compress
from operator import itemgetter
from typing import Any, NamedTuple

from ..core.model import Lang
from .morph import fold, ru_stems
from .tokens import Token, lemmas

#: Abbreviations (two or more capitals, no space: CP, CtA, DoW, КО) and names written in
#: capitals (MILANO) are matched letter for letter.
_SURFACE = re.compile(r"^(?=(?:.*[A-ZА-ЯЁ]){2})[A-Za-zА-Яа-яЁё]+$")
#: What may stand between two words of one term: «Королева-девственница», «Дон-Жуан».
_JOINERS = frozenset("-‐‑–")


def is_surface_form(word: str) -> bool:
    return bool(_SURFACE.match(word))


@dataclass(frozen=True)
class WordPattern:
    text: str
    surface: str | None  # match the letters exactly (abbreviations, names in capitals)
    keys: frozenset[str]
    guessed: bool
    after_punct: bool = False  # the term has punctuation before this word: «Удалите из колоды, если …»


@dataclass(frozen=True)
class TermPattern:
    text: str
    lang: str
    words: tuple[WordPattern, ...]
    payload: Any = field(default=None, compare=False)

    @property
    def exact(self) -> bool:
        """Every word matched letter for letter."""
        return all(w.surface is not None for w in self.words)


class Match(NamedTuple):
    """One match; a tuple because a corpus makes one per term it uses (a frozen dataclass is
    built three times slower)."""

    first: int  # index of the first and the last token of the match
    last: int
    start: int  # character offsets
    end: int
    patterns: tuple[TermPattern, ...]  # several when one span is a term of several concepts


def compile_term(term: str, lang: str, payload: Any = None) -> TermPattern:
    return TermPattern(term, lang, _words(term, lang), payload)


@cache
def _words(term: str, lang: str) -> tuple[WordPattern, ...]:
    # Every game compiles the glossary's terms again; a term's words do not depend on the game.
    words: list[WordPattern] = []
    punct = False
    for token in lemmas(term, lang):
        if not token.is_word:
            punct = punct or token.text not in _JOINERS
            continue
        surface = token.text if is_surface_form(token.text) else None
        words.append(WordPattern(token.text, surface, token.keys, token.guessed, punct and bool(words)))
        punct = False
    if not words:
        raise ValueError(f"term {term!r} has no words")
    return tuple(words)


def word_matches(token: Token, word: WordPattern, lang: str) -> bool:
    if word.surface is not None:
        # an English abbreviation takes a plural -s (PRs, CtAs); a Russian one does not inflect
        return token.text == word.surface or (lang == Lang.EN and token.text == word.surface + "s")
    if not token.keys:  # not a word (token.is_word, without a property call per token)
        return False
    if token.keys & word.keys:
        return True
    if lang == Lang.RU and (token.guessed or word.guessed):
        return not _stems(token.text).isdisjoint(_stems(word.text))
    return False


@lru_cache(maxsize=200_000)
def _stems(word: str) -> frozenset[str]:
    # asked of a guessed word at every term that might start there: once per form
    return ru_stems(fold(word))


def _next_word(tokens: list[Token], index: int, punct: bool) -> int | None:
    """The index of the word after ``tokens[index]``: only hyphens may lie between two words of
    a term, and other punctuation only where the term itself has some."""
    index += 1
    while index < len(tokens) and (tokens[index].text in _JOINERS
                                   or (punct and not tokens[index].keys)):
        index += 1
    return index if index < len(tokens) else None


def _rest_at(pattern: TermPattern, tokens: list[Token], first: int) -> int | None:
    """The index of the last token of ``pattern`` at ``first``, whose first word is known to
    match there; None when the other words do not follow."""
    index = first
    for word in pattern.words[1:]:
        following = _next_word(tokens, index, word.after_punct)
        if following is None or not word_matches(tokens[following], word, pattern.lang):
            return None
        index = following
    return index


def find_term(term: str | TermPattern, tokens: list[Token], lang: str | None = None) -> list[Match]:
    """Every non-overlapping occurrence of one term in ``tokens``."""
    pattern = term if isinstance(term, TermPattern) else compile_term(term, lang or Lang.EN)
    return Matcher([pattern]).find(tokens)


class Matcher:
    """Many terms at once: at each position the longest matching term wins."""

    def __init__(self, patterns: Iterable[TermPattern]):
        self.patterns = list(patterns)
        self._index: dict[str, list[TermPattern]] = {}
        self._guessed_first: list[TermPattern] = []
        for pattern in self.patterns:
            head = pattern.words[0]
            if head.surface is not None:
                self._add("x:" + head.surface, pattern)
                continue
            for key in head.keys:
                self._add("k:" + key, pattern)
            if pattern.lang == Lang.RU:
                for stem in ru_stems(fold(head.text)):
                    self._add("s:" + stem, pattern)
            if head.guessed:
                self._guessed_first.append(pattern)
        for bucket in self._index.values():
            bucket.sort(key=lambda p: -len(p.words))
        #: candidates per token text: a token's keys and guess are those of its letters, and a
        #: corpus repeats its forms, so each form's candidates are gathered once
        self._by_text: dict[str, list[TermPattern]] = {}
        #: per token text, the lemmas of the form first seen and its candidates that match there
        self._heads_of: dict[str, tuple[frozenset[str], tuple[TermPattern, ...]]] = {}
        #: per token text, whether some term may begin there (its candidates are not none)
        self._starts: dict[str, bool] = {}
        #: per pattern (by identity), the one-pattern tuple its matches share
        self._single: dict[int, tuple[TermPattern, ...]] = {}

    def _add(self, key: str, pattern: TermPattern) -> None:
        bucket = self._index.setdefault(key, [])
        # by identity: the same words may be a term of two concepts (карта: card and map)
        if not any(p is pattern for p in bucket):
            bucket.append(pattern)

    def _candidates(self, token: Token) -> list[TermPattern]:
        found = self._by_text.get(token.text)
        if found is None:
            found = self._by_text[token.text] = self._gather(token)
        return found

    def _gather(self, token: Token) -> list[TermPattern]:
        keys = ["x:" + token.text]
        if token.text.endswith("s"):
            keys.append("x:" + token.text[:-1])
        keys += ["k:" + key for key in token.keys]
        if token.guessed:
            keys += ["s:" + stem for stem in ru_stems(fold(token.text))]
        found: dict[int, TermPattern] = {}
        for key in keys:
            for pattern in self._index.get(key, ()):
                found.setdefault(id(pattern), pattern)
        for pattern in self._guessed_first:
            found.setdefault(id(pattern), pattern)
        return sorted(found.values(), key=lambda p: -len(p.words))

    def _heads(self, token: Token) -> tuple[TermPattern, ...]:
        """The candidates at ``token`` whose first word it is, longest first: asked once per
        form (its letters, and the lemmas the tokenizer read them with, which may differ: an
        abbreviation whose dot it split off), where the candidates alone are tried per token."""
        text, keys = token.text, token.keys
        known = self._heads_of.get(text)
        if known is not None and (known[0] is keys or known[0] == keys):
            return known[1]
        heads = tuple(p for p in self._candidates(token) if word_matches(token, p.words[0], p.lang))
        if known is None:
            self._heads_of[text] = (keys, heads)
        return heads

    def find(self, tokens: list[Token]) -> list[Match]:
        matches: list[Match] = []
        candidates, heads_at, single = self._candidates, self._heads, self._single
        by_text = self._by_text
        starts = self._starts
        for form in set(map(_TEXT, tokens)).difference(starts):
            # a form not met yet is visited, and its candidates gathered there
            known = by_text.get(form)
            starts[form] = True if known is None else bool(known)
        after = 0  # the first token a match may begin at: matches do not overlap
        # only the tokens whose form may begin a term are visited in Python, found by a ``map``
        # over the forms (most tokens begin none): a dictionary lookup per token, not a loop turn
        for index in compress(range(len(tokens)), map(starts.__getitem__, map(_TEXT, tokens))):
            if index < after:
                continue
            token = tokens[index]
            if not candidates(token):  # a form first visited here, where no term begins
                starts[token.text] = False
                continue
            best: list[TermPattern] = []
            best_last = -1
            for pattern in heads_at(token):
                if best and len(pattern.words) < len(best[0].words):
                    break
                last = index if len(pattern.words) == 1 else _rest_at(pattern, tokens, index)
                if last is not None:
                    best.append(pattern)
                    best_last = max(best_last, last)
            if best:
                # letter-for-letter beats lemma at one span: MILAN is the area's unapproved
                # name, not the minor country Milan in capitals
                if len(best) > 1:
                    best = [p for p in best if p.exact] or best
                    found = tuple(best)
                else:  # one tuple per term, not one per match: a corpus makes a match per term it uses
                    shared = single.get(id(best[0]))
                    if shared is None or shared[0] is not best[0]:
                        shared = single[id(best[0])] = (best[0],)
                    found = shared
                matches.append(Match(index, best_last, token.start, tokens[best_last].end, found))
                after = best_last + 1
        return matches


_TEXT = itemgetter(0)  # Token.text
