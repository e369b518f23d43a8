"""Russian morphology: what pymorphy3 knows about one word form, computed once per form.

A blank spaCy pipeline has no tagger, so there is no context to pick the right parse of an
ambiguous form. Term matching therefore keeps *every* parse: two forms match when any of their
dictionary lemmas agree (``гезы`` is both «Геза» and a plural; ``очков`` is «очко» and «очки»).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pymorphy3

#: Shortest stem the stem rule trusts. Two-letter "stems" (``ко``, ``по``) are shared by
#: unrelated words; three letters is the shortest real Russian noun stem in the glossary (гез).
MIN_STEM = 3


def fold(word: str) -> str:
    """Lower case with ё read as е: the texts and their readers write both."""
    return word.lower().replace("ё", "е")


@cache
def analyzer() -> pymorphy3.MorphAnalyzer:
    # Building the analyzer loads the dictionaries (~0.3 s); one per process is enough. Imported
    # here: `folio --help`, `show`, `status` and `codes` never analyse a word.
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@lru_cache(maxsize=200_000)
def parses(lower: str) -> tuple:
    """pymorphy3's parses of one word form: asked for lemmas, stems and number words alike, and
    parsing is most of what a new form costs."""
    return tuple(analyzer().parse(lower))


@lru_cache(maxsize=200_000)
def readings(lower: str) -> tuple[frozenset[str | None], bool]:
    """The parts of speech of a form's parses, and whether the dictionary knows every parse:
    the checks ask it of every word of the corpus, and pymorphy3 answers ``is_known`` with a
    fresh dictionary lookup each time, so it is asked once per form here."""
    found = parses(lower)
    return frozenset(p.tag.POS for p in found), bool(found) and all(p.is_known for p in found)


def known(lower: str) -> tuple:
    """A form's parses when the dictionary knows every one of them, else ()."""
    return parses(lower) if readings(lower)[1] else ()


def known_only(lower: str, kinds: set[str] | frozenset[str]) -> tuple:
    """A form's parses when the dictionary knows every one and each is of a part of speech in
    ``kinds``, else ()."""
    found, is_known = readings(lower)
    return parses(lower) if is_known and found <= kinds else ()


@dataclass(frozen=True)
class WordInfo:
    lemma: str  # the most probable normal form, as pymorphy3 spells it
    keys: frozenset[str]  # folded normal forms of every parse
    guessed: bool  # no parse comes from the dictionary: the lemmas are predictions


@lru_cache(maxsize=200_000)
def ru_word(lower: str) -> WordInfo:
    """Everything term matching needs about one lower-case Russian word form."""
    found = parses(lower)
    keys = frozenset(fold(p.normal_form) for p in found) | {fold(lower)}
    return WordInfo(found[0].normal_form, keys, not any(p.is_known for p in found))


@lru_cache(maxsize=50_000)
def ru_stems(lower: str) -> frozenset[str]:
    """The stems of every paradigm pymorphy3 assigns to ``lower``, for words it had to guess.

    Why a stem rule at all: pymorphy3 predicts the paradigm of a word missing from its
    dictionary from its ending, and the prediction may pick another lemma than the dictionary
    gives the term (``гезов`` is predicted as «гёз», while the dictionary knows ``гезы`` only as
    forms of the name «Геза»). The stem of a paradigm, the longest prefix common to all its
    forms, is what both readings share (``гез``). The rule is used only when one side was
    guessed, so dictionary words keep matching on lemmas alone.
    """
    stems = set()
    for parse in parses(lower):
        forms = [fold(form.word) for form in parse.lexeme]
        stem = _common_prefix(forms)
        if len(stem) >= MIN_STEM:
            stems.add(stem)
    return frozenset(stems)


def _common_prefix(words: list[str]) -> str:
    if not words:
        return ""
    low, high = min(words), max(words)
    size = 0
    while size < len(low) and low[size] == high[size]:
        size += 1
    return low[:size]


def ru_nominative(words: list[str]) -> list[str] | None:
    """The nominative of a quoted Russian name in an oblique case, or None if it already is one.

    «Морских гезов» is cited in the genitive/accusative; the glossary keeps names in the
    nominative («Морские гезы»). Only the opening run of words that agree in case and number
    is inflected (the head and its adjectives); words after it are dependents that keep their
    case («Конвой для Флота Индий»).
    """
    found = _nominative(tuple(words))
    return None if found is None else list(found)


@lru_cache(maxsize=20_000)
def _nominative(words: tuple[str, ...]) -> tuple[str, ...] | None:
    # a name is cited many times, and inflecting it asks pymorphy3 for every word's paradigm
    morph = analyzer()
    parsed = [[p for p in morph.parse(word) if p.tag.case] for word in words]
    if not parsed or not parsed[0] or any(p.tag.case == "nomn" for p in parsed[0]):
        return None
    shared = {(p.tag.case, p.tag.number) for p in parsed[0]}
    run = 1
    for options in parsed[1:]:
        common = shared & {(p.tag.case, p.tag.number) for p in options}
        if not common:
            break
        shared, run = common, run + 1
    case, number = sorted(shared, key=lambda cn: (cn[0] != "gent", str(cn)))[0]
    result = []
    for word, options in zip(words[:run], parsed[:run], strict=False):
        parse = next(p for p in options if (p.tag.case, p.tag.number) == (case, number))
        target = {"nomn"} | ({number} if number else set())
        inflected = parse.inflect(target)
        result.append(_like(word, inflected.word if inflected else word))
    return (*result, *words[run:])


def _like(original: str, word: str) -> str:
    """``word`` written as ``original`` is: its capital letter, and е where it had no ё."""
    if "ё" not in original.lower():
        word = word.replace("ё", "е")
    return word[:1].upper() + word[1:] if original[:1].isupper() else word
