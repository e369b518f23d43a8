"""Russian agreement by a small pattern grammar over adjacent words, through pymorphy3.

Two patterns, each over two words with nothing but spaces between them:

- an adjective or participle (full form) before a noun: they must share case and number, and
  gender in the singular (``большой армия``);
- a numeral (a word, or a number of one or two digits) before a noun: after 2–4 in the
  nominative or accusative a noun stands in the genitive singular, after 5 and more in the
  genitive plural, after any numeral in another case in that case's plural (``пять карта``).

A blank pipeline has no tagger to pick the right parse of an ambiguous form, so every parse is
kept and a pair is reported only when it cannot agree under ANY combination of its parses; and
only when every parse of the first word is an adjective (or a numeral) and every parse of the
second a noun, so that a word that might be something else (``рабочий``, a noun too) never
takes part. Words pymorphy3 had to guess, and abbreviations, take no part either.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from ..language.morph import known_only, readings
from ..language.words import PerForm, Words

ADJECTIVES = frozenset({"ADJF", "PRTF"})
NOUNS, NUMERALS = frozenset({"NOUN"}), frozenset({"NUMR"})
#: cases pymorphy3 splits finer than agreement does (``в году``: loc2; ``чашка чаю``: gen2)
CASE = {"gen2": "gent", "loc2": "loct", "acc2": "accs", "voct": "nomn"}
FEW = {"два", "три", "четыре", "оба", "полтора"}  # take the genitive singular
#: a number written in digits: one or two of them, not part of a rule number (18.2), a score
#: (3:1) or a range (1–3), nor followed by a unit sign (5%)
DIGITS = re.compile(r"(?<![\d.,:/–—-])(?<![–—-] )\b\d{1,2}\b(?![\d.,:/%–—-])(?! [–—-])")
#: relative and interrogative pronouns pymorphy3 tags as adjectives: they open a clause
CLAUSE_WORDS = {"который", "какой", "чей", "каков", "сей"}


@dataclass(frozen=True)
class Pair:
    kind: str  # "adjective" or "numeral"
    start: int
    end: int
    first: str
    noun: str
    suggestion: str | None


def disagreements(table: Words) -> Iterator[Pair]:
    """Every adjective–noun and numeral–noun pair of the text of ``table`` that cannot agree."""
    text, words, starts, ends, gaps = table.text, table.words, table.starts, table.ends, table.gaps
    # numbers in digits stand between words: each gap's, by the index of the word after it
    numbers: dict[int, list[tuple[int, int, str]]] = {}
    for m in DIGITS.finditer(text) if _HAS_DIGIT.search(text) else ():
        numbers.setdefault(bisect.bisect_right(starts, m.start()), []).append((m.start(), m.end(), m.group()))

    def before(k: int) -> tuple[int, int, str] | None:
        """The token before word ``k``: a number in its gap, else the word before it."""
        found = numbers.get(k)
        if found:
            return found[-1]
        return (starts[k - 1], ends[k - 1], words[k - 1]) if k else None

    # the second word of a pair is a noun, every reading of it, and the first a number, an
    # adjective or a numeral: only such pairs are looked at
    roles = table.joined(_ROLES)
    pairs = (m.start() + 1 for m in _PAIRED.finditer(roles))
    after_numbers = [k for k in numbers if k < len(words) and roles[k] in _NOUN_ROLES]
    for k in sorted({*pairs, *after_numbers}) if after_numbers else pairs:
        found_numbers = numbers.get(k) if numbers else None
        if found_numbers:
            s1, e1, w1 = found_numbers[-1]
            if not _spaces(text[e1:starts[k]]):
                continue
        elif k and (gaps[k] == " " or _spaces(gaps[k])):
            s1, w1 = starts[k - 1], words[k - 1]
        else:
            continue
        w2, e2 = words[k], ends[k]
        nouns = _NOUNS[w2]
        if w1.isdigit():
            found = _numeral(int(w1), None, nouns)
        elif _abbreviation(w1):
            continue
        elif (adjectives := _all_of(w1, ADJECTIVES)) and not _numeral_before(text, before(k - 1), s1):
            found = None if _coordinated(adjectives, nouns, text, e2) else _adjective_of(w1.lower(), w2.lower())
        elif numerals := _all_of(w1, NUMERALS):
            found = _numeral(None, numerals, nouns)
        else:
            continue
        if found is not None:
            yield Pair(found[0], s1, e2, w1, w2, found[1])


_HAS_DIGIT = re.compile(r"\d")


def _spaces(gap: str) -> bool:
    """One space or more, and nothing else."""
    return gap != "" and not gap.strip(" ")


def _numeral_before(text: str, token: tuple[int, int, str] | None, start: int) -> bool:
    """``4 регулярных отряда``, ``две большие карты``: after a numeral the adjective takes the
    numeral's form (genitive or nominative plural), not the noun's."""
    if token is None or not _spaces(text[token[1]:start]):
        return False
    word = token[2]
    return word.isdigit() or "NUMR" in readings(word.lower())[0]


def _coordinated(adjectives, nouns, text: str, end: int) -> bool:
    """``неактивным Милану, Парме, Папству``: a plural adjective qualifies a list of singulars."""
    return (all(a.tag.number == "plur" for a in adjectives) and all(n.tag.number == "sing" for n in nouns)
            and _LISTED.match(text, end) is not None)


_LISTED = re.compile(r",| (?:и|или|либо) ")


def _abbreviation(word: str) -> bool:
    return len(word) > 1 and word.isupper()


@lru_cache(maxsize=400_000)
def _all_of(word: str, kinds: frozenset[str]) -> tuple:
    """The word's parses, when every one of them is of ``kinds`` and comes from the dictionary
    (asked of every word of a Russian text: once per form)."""
    if not word.isalpha():
        return ()
    return known_only(word.lower(), kinds)


#: per form: its parses when it can only be a noun (and is no abbreviation), the second word
#: of every pair; else ()
_NOUNS = PerForm(lambda word: () if _abbreviation(word) else _all_of(word, NOUNS))
_IS_NOUN = PerForm(lambda word: bool(_NOUNS[word]))
#: per form: whether it may open a pair (an adjective or a numeral, every reading of it)
_OPENS = PerForm(lambda word: not _abbreviation(word) and bool(_all_of(word, ADJECTIVES) or _all_of(word, NUMERALS)))
#: per form, the two questions above as one letter: a noun (N), a word that opens a pair (O),
#: both (B) or neither (.); a text's letters are searched for the pairs, each word looked up once
_ROLES = PerForm(lambda word: "B" if _IS_NOUN[word] and _OPENS[word] else "N" if _IS_NOUN[word]
                 else "O" if _OPENS[word] else ".")
_NOUN_ROLES = "NB"
_PAIRED = re.compile(r"(?=[OB][NB])")  # a look-ahead: a word may close one pair and open the next


def case_of(parse) -> str | None:
    return CASE.get(parse.tag.case, parse.tag.case)


def agrees(adjective, noun) -> bool:
    a, n = adjective.tag, noun.tag
    if case_of(adjective) != case_of(noun) or a.number != n.number:
        return False
    if n.number == "plur" or "Ms-f" in n or n.gender is None:
        return True
    return a.gender == n.gender


@lru_cache(maxsize=200_000)
def _adjective_of(adjective: str, noun: str) -> tuple[str, str | None] | None:
    """:func:`_adjective` of two lower-case forms, judged once per pair of forms: a corpus
    repeats its phrases."""
    return _adjective(known_only(adjective, ADJECTIVES), known_only(noun, NOUNS))


def _adjective(adjectives, nouns) -> tuple[str, str | None] | None:
    if any(a.normal_form in CLAUSE_WORDS for a in adjectives):
        return None
    if any(agrees(a, n) for a in adjectives for n in nouns):
        return None
    # a noun that may stand in a case the adjective has no form of is its complement (``равный
    # цифре``, ``охваченный беспорядками``, ``объявленные Милану``), and so is a possible
    # accusative after an active participle (``начинающая действие``): only a noun whose every
    # reading shares a case with the adjective, and never its number or gender, disagrees
    cases = {case_of(a) for a in adjectives}
    if any(case_of(n) not in cases or _governs(a, n) for a in adjectives for n in nouns):
        return None
    noun = nouns[0].tag
    wanted = {case_of(nouns[0]), noun.number} | ({noun.gender} if noun.number == "sing" and noun.gender else set())
    inflected = adjectives[0].inflect({g for g in wanted if g})
    return "adjective", f"{inflected.word} {nouns[0].word}" if inflected else None


def _governs(adjective, noun) -> bool:
    """An active participle's direct object: ``начинающая действие``."""
    return adjective.tag.POS == "PRTF" and "actv" in adjective.tag and case_of(noun) == "accs"


def _wanted(number: int | None, numeral) -> set[tuple[str, str]]:
    """(number, case) a noun may take after this numeral."""
    if numeral is not None:
        case, lemma = case_of(numeral), numeral.normal_form
        few = lemma in FEW
        if case in ("nomn", "accs"):
            allowed = {("sing" if few else "plur", "gent")}
            return allowed | ({("plur", "gent")} if case == "accs" else set())  # animate: двух игроков
        return {("plur", case)} if case else set()
    if number is None:
        return set()
    if number % 10 == 1 and number != 11:
        return {("sing", c) for c in ("nomn", "gent", "datv", "accs", "ablt", "loct")}
    allowed = {("plur", c) for c in ("gent", "datv", "ablt", "loct")}
    if number % 10 in (2, 3, 4) and number // 10 != 1:
        return allowed | {("sing", "gent")}
    return allowed


def _numeral(number: int | None, numerals, nouns) -> tuple[str, str | None] | None:
    if any(mark in nouns[0].tag for mark in ("Pltm", "Sgtm", "Fixd")):
        return None  # сутки, ножницы, кофе: counted by other means
    options = [(None, _wanted(number, None))] if numerals is None else [(n, _wanted(None, n)) for n in numerals]
    for numeral, allowed in options:
        for noun in nouns:
            if (noun.tag.number, case_of(noun)) in allowed and _gender_fits(numeral, noun):
                return None
    allowed = options[0][1]
    for numeral, fits in options:  # the noun's form is right, the numeral's gender is not
        for noun in nouns:
            if numeral is not None and (noun.tag.number, case_of(noun)) in fits:
                other = numeral.inflect({noun.tag.gender, case_of(numeral)} - {None})
                return "numeral", f"{other.word} {noun.word}" if other else None
    preferred = [form for form in (("sing", "gent"), ("plur", "gent"), ("sing", "nomn")) if form in allowed]
    inflected = nouns[0].inflect(set(preferred[0] if preferred else sorted(allowed)[0]))
    return "numeral", f"{number if numerals is None else numerals[0].word} {inflected.word}" if inflected else None


def _gender_fits(numeral, noun) -> bool:
    """две карты, два хода: the numeral's gender is the noun's (masculine and neuter share a form)."""
    if numeral is None or not numeral.tag.gender or noun.tag.number != "sing" or not noun.tag.gender:
        return True
    femn = numeral.tag.gender == "femn"
    return femn == (noun.tag.gender == "femn")
