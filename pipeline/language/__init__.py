"""The language layer: tokens with lemmas for English and Russian, and inflection-aware term
matching on top of them.

    tokens = lemmas("сыграть «Морских гезов»", "ru")
    find_term("Морские гезы", tokens, "ru")   # one Match: «Морских гезов», characters 9-22

Everything expensive (spaCy pipelines, the pymorphy3 analyzer, per-form analyses) is built once
per process and cached, so checks can call :func:`lemmas` on every unit freely.
"""

from __future__ import annotations

from dataclasses import dataclass

from .morph import WordInfo, fold, ru_nominative, ru_stems, ru_word
from .pipelines import en_lemma, lemma, nlp

__all__ = ["Token", "lemmas", "fold", "ru_nominative", "find_term", "compile_term", "Matcher",
           "Match", "TermPattern", "nlp"]


@dataclass(frozen=True, slots=True)
class Token:
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
    """Every non-space token of ``text`` with its lemma; words carry all candidate lemmas."""
    known = _FORMS.setdefault(lang, {})
    tokens = []
    # The tokenizer alone, not the whole pipeline: a lemma depends on the form only, so it is
    # looked up once per form below instead of set on every token (four times faster).
    for t in nlp(lang).tokenizer(text):
        word = t.text
        info = known.get(word)
        if info is None:
            if t.is_space:
                continue
            form_lemma = lemma(word, lang)
            info = known[word] = _describe(word, form_lemma, lang) + (form_lemma,)
        start = t.idx
        if info[2]:
            # spaCy keeps «ср.» (Russian "compare") as one token, so the sentence-final
            # abbreviation in «стоит 2 СР.» would never be seen: split the dot off
            word = word[:-1]
            tokens.append(Token(word, word, start, start + len(word), info[0], info[1]))
            tokens.append(Token(".", ".", start + len(word), start + len(word) + 1))
            continue
        tokens.append(Token(word, info[3], start, start + len(word), info[0], info[1]))
    return tokens


def load() -> None:
    """Build both pipelines and the analyzer now: before worker processes are forked, so that
    they share one copy instead of each loading its own (a second and more apiece)."""
    lemmas("word", "en")
    lemmas("слово", "ru")
    ru_stems("слово")  # the analyzer's paradigm tables


#: Per language, per surface form: (keys, guessed, ends in a split-off dot, lemma). A dict rather
#: than lru_cache because this is the innermost loop of every check; the forms of a corpus
#: number in the thousands.
_FORMS: dict[str, dict[str, tuple[frozenset[str], bool, bool, str]]] = {}


def _describe(word: str, lemma: str, lang: str) -> tuple[frozenset[str], bool, bool]:
    if len(word) > 2 and word.endswith(".") and word[:-1].isalpha() and word[:-1].isupper():
        return _describe(word[:-1], word[:-1], lang)[:2] + (True,)
    if not any(ch.isalpha() for ch in word):
        return frozenset(), False, False
    lower = word.lower()
    if lang == "ru":
        info: WordInfo = ru_word(lower)
        return info.keys, info.guessed, False
    return frozenset({lower, en_lemma(lower), lemma.lower()}), False, False


from .match import Match, Matcher, TermPattern, compile_term, find_term  # noqa: E402
