"""The language layer: tokens with lemmas for English and Russian, and inflection-aware term
matching on top of them.

    tokens = lemmas("сыграть «Морских гезов»", "ru")
    find_term("Морские гезы", tokens, "ru")   # one Match: «Морских гезов», characters 9-22

Everything expensive (spaCy pipelines, the pymorphy3 analyzer, per-form analyses) is built once
per process and cached, so checks can call :func:`lemmas` on every unit freely.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ..core.model import Lang
from .morph import WordInfo, ru_stems, ru_word
from .pieces import split
from .pipelines import en_lemma, lemma


class Token(NamedTuple):
    """One token; a tuple because a corpus makes millions of them (a frozen dataclass is built
    three times slower)."""

    text: str
    lemma: str  # the pipeline's lemma (token.lemma_): the most probable one
    start: int  # character offsets into the analysed text
    end: int
    keys: frozenset[str] = frozenset()  # folded lemmas of every reading; empty for punctuation
    guessed: bool = False  # Russian only: pymorphy3 had no dictionary parse and predicted one

    @property
    def is_word(self) -> bool:
        return bool(self.keys)


def lemmas(text: str, lang: str) -> list[Token]:
    """Every non-space token of ``text`` with its lemma; words carry all candidate lemmas.

    One list per text, shared by every caller (the terminology, parity and rules checks and the
    renderers ask for the same sides and sentences): read it, never change it."""
    return _lemmas(text, lang)


#: texts whose tokens are kept: more than the sides of the largest rulebook, which every family
#: of a check shard reads in turn (about a thousand), so that each is tokenised once per shard
TEXTS_KEPT = 8192


@lru_cache(maxsize=TEXTS_KEPT)
def _lemmas(text: str, lang: str) -> list[Token]:
    known = _CHUNKS.setdefault(lang, {})
    pieces = []
    # spaCy's tokenizer splits the text at white space first and tokenizes each piece on its
    # own: so each piece is tokenized (and its forms looked up) once per process, and a text is
    # the concatenation of its pieces' tokens (tests/language/test_language.py checks it on the corpus).
    for piece in _PIECE.finditer(text):
        found = known.get(piece.group())
        if found is None:
            found = known[piece.group()] = _tokenize(piece.group(), lang)
        pieces.append((piece.start(), found))
    make = tuple.__new__  # Token(...) without its generated __new__: this is the innermost loop
    return [make(Token, (word, lemma_, base + start, base + end, keys, guessed))
            for base, found in pieces for start, end, word, lemma_, keys, guessed in found]


_PIECE = re.compile(r"\S+")
#: Per language, per piece of text between white space: its tokens, as (start, end, text,
#: lemma, keys, guessed), offsets into the piece. A dict rather than lru_cache because this is the innermost
#: loop of every check; the pieces of a corpus number in the tens of thousands.
_CHUNKS: dict[str, dict[str, tuple[tuple[int, int, str, str, frozenset[str], bool], ...]]] = {}


def _tokenize(piece: str, lang: str) -> tuple[tuple[int, int, str, str, frozenset[str], bool], ...]:
    found = []
    # The tokenizer's tokens alone, not the whole pipeline: a lemma depends on the form only;
    # the tokens as a build saw them before (pieces.py), spaCy asked only for a piece it may split.
    for start, end in split(piece, lang):
        word = piece[start:end]
        form_lemma = lemma(word, lang)
        keys, guessed, dotted = _describe(word, form_lemma, lang)
        if dotted:
            # spaCy keeps «ср.» (Russian "compare") as one token, so the sentence-final
            # abbreviation in «стоит 2 СР.» would never be seen: split the dot off
            word = word[:-1]
            found.append((start, start + len(word), word, word, keys, guessed))
            found.append((start + len(word), start + len(word) + 1, ".", ".", frozenset(), False))
            continue
        found.append((start, start + len(word), word, form_lemma, keys, guessed))
    return tuple(found)


def load() -> None:
    """Build both pipelines and the analyzer now: before worker processes are forked, so that
    they share one copy instead of each loading its own (a second and more apiece)."""
    lemmas("word", "en")
    lemmas("слово", "ru")
    ru_stems("слово")  # the analyzer's paradigm tables


def _describe(word: str, lemma: str, lang: str) -> tuple[frozenset[str], bool, bool]:
    if len(word) > 2 and word.endswith(".") and word[:-1].isalpha() and word[:-1].isupper():
        return (*_describe(word[:-1], word[:-1], lang)[:2], True)
    if not any(ch.isalpha() for ch in word):
        return frozenset(), False, False
    lower = word.lower()
    if lang == Lang.RU:
        info: WordInfo = ru_word(lower)
        return info.keys, info.guessed, False
    return frozenset({lower, en_lemma(lower), lemma.lower()}), False, False

