"""Numbers written as words: ``two``, ``second``, ``twice``; «двух», «две», «третьего», «дважды».

English number words do not inflect, so they are looked up as written. A Russian number word
is found by its pymorphy3 lemma (``двух`` and ``две`` are forms of «два», ``третьего`` of
«третий»), and only in a parse of the right part of speech, so the verb reading of «три»
(«тереть») or the noun «сорока» never counts. Adjacent number words make one number
(``twenty-five``, «двадцать пятый»).

"One" is special: ``one``/«один», ``first``/«первый», ``once``/«однажды» are as often an
article, a pronoun or "the same" («в одной области» is "in the same Area") as a count, so they
are marked ``weak``: a comparison may let one stand for a ``1`` of the other side, but never
reports one missing.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ..core.model import Lang
from .morph import parses
from .words import PerForm, Words


class NumberWord(NamedTuple):
    start: int  # character offsets into the analysed text
    end: int
    text: str
    value: int
    weak: bool  # a lone "one"/"first": a count or an article, the words alone cannot say


_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen"]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_ORDINALS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
             "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth",
             "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"]
_TENTHS = ["twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth",
           "eightieth", "ninetieth"]
EN: dict[str, int] = {
    **{word: n for n, word in enumerate(_UNITS)}, **{w: 20 + 10 * n for n, w in enumerate(_TENS)},
    **{word: n for n, word in enumerate(_ORDINALS)},
    **{w: 20 + 10 * n for n, w in enumerate(_TENTHS)},
    "hundred": 100, "hundredth": 100, "thousand": 1000, "thousandth": 1000,
    "once": 1, "twice": 2, "thrice": 3,
}

_RU_CARDINALS = ["ноль", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь",
                 "девять", "десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать",
                 "пятнадцать", "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать"]
_RU_TENS = ["двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят",
            "восемьдесят", "девяносто"]
_RU_HUNDREDS = ["сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот",
                "восемьсот", "девятьсот"]
_RU_ORDINALS = ["нулевой", "первый", "второй", "третий", "четвёртый", "пятый", "шестой",
                "седьмой", "восьмой", "девятый", "десятый", "одиннадцатый", "двенадцатый",
                "тринадцатый", "четырнадцатый", "пятнадцатый", "шестнадцатый", "семнадцатый",
                "восемнадцатый", "девятнадцатый"]
_RU_TENTHS = ["двадцатый", "тридцатый", "сороковой", "пятидесятый", "шестидесятый",
              "семидесятый", "восьмидесятый", "девяностый"]
#: lemma -> (value, the pymorphy3 part of speech a parse must have for the lemma to count)
RU: dict[str, tuple[int, str]] = {
    **{word: (n, "NUMR") for n, word in enumerate(_RU_CARDINALS)},
    **{word: (20 + 10 * n, "NUMR") for n, word in enumerate(_RU_TENS)},
    **{word: (100 * (n + 1), "NUMR") for n, word in enumerate(_RU_HUNDREDS)},
    **{word: (n, "Anum") for n, word in enumerate(_RU_ORDINALS)},
    **{word: (20 + 10 * n, "Anum") for n, word in enumerate(_RU_TENTHS)},
    "ноль": (0, "NOUN"), "нуль": (0, "NOUN"), "тысяча": (1000, "NOUN"),
    "сотый": (100, "Anum"), "тысячный": (1000, "Anum"),
    "двое": (2, "NUMR"), "трое": (3, "NUMR"), "четверо": (4, "NUMR"), "пятеро": (5, "NUMR"),
    "шестеро": (6, "NUMR"), "семеро": (7, "NUMR"),
    "однажды": (1, "ADVB"), "дважды": (2, "ADVB"), "трижды": (3, "ADVB"),
    "четырежды": (4, "ADVB"),
}
RU["один"] = (1, "Anum")  # pymorphy3 tags «один» ADJF,Apro,Anum

_WORD = re.compile(r"[^\W\d_]+")
#: what may stand between the words of one number: a space or a hyphen (`twenty-five`)
_JOIN = re.compile(r"[ \t-]*")


def number_words(text: str, lang: str) -> list[NumberWord]:
    """Every number written in words in ``text``, adjacent words read as one number."""
    found: list[NumberWord] = []
    run: list[tuple[int, int, int]] = []  # (start, end, value) of the words of one number
    values, numeric = _FORMS.setdefault(lang, {}), _NUMERIC.setdefault(lang, set())
    forms = set(_WORD.findall(text))
    for word in forms.difference(values):  # the forms not met before: each valued once
        value = values[word] = word_value(word, lang)
        if value is not None:
            numeric.add(word)
    if forms.isdisjoint(numeric):  # most texts write no number in words: not read word by word
        return found
    for match in _WORD.finditer(text):
        value = values[match.group()]
        if value is not None and run and _JOIN.fullmatch(text, run[-1][1], match.start()) \
                and _continues(run[-1][2], value):
            run.append((match.start(), match.end(), value))
            continue
        if run:
            found.append(_number(text, run))
        run = [(match.start(), match.end(), value)] if value is not None else []
    if run:
        found.append(_number(text, run))
    return found


def number_words_in(table: Words, lang: str) -> list[NumberWord]:
    """:func:`number_words` of ``table.text``, read from its word table: only the words that are
    (or hold, hyphenated: `twenty-five`) a number word are looked at, so a text without any costs
    a lookup per word."""
    found: list[NumberWord] = []
    run: list[tuple[int, int, int]] = []
    text, words, starts = table.text, table.words, table.starts
    last = -2
    for k in table.where(numeric_forms(lang)):
        if k != last + 1 and run:  # the words between hold no number word: they end the number
            found.append(_number(text, run))
            run = []
        last, base = k, starts[k]
        for match in _WORD.finditer(words[k]):  # the table's word at its hyphens and apostrophes
            value = word_value(match.group(), lang)
            start, end = base + match.start(), base + match.end()
            if value is not None and run and _JOIN.fullmatch(text, run[-1][1], start) \
                    and _continues(run[-1][2], value):
                run.append((start, end, value))
                continue
            if run:
                found.append(_number(text, run))
            run = [(start, end, value)] if value is not None else []
    if run:
        found.append(_number(text, run))
    return found


def numeric_forms(lang: str) -> PerForm:
    """Per word of a :class:`Words` table: whether it is a number word or holds one; asked once
    per form and process."""
    found = _NUMERIC_FORMS.get(lang)
    if found is None:
        found = _NUMERIC_FORMS[lang] = PerForm(
            lambda word: any(word_value(piece, lang) is not None for piece in _WORD.findall(word)))
    return found


_NUMERIC_FORMS: dict[str, PerForm] = {}
#: per language, per word as written: its value (or None), asked once per form
_FORMS: dict[str, dict[str, int | None]] = {}
_NUMERIC: dict[str, set[str]] = {}  # per language, the forms of _FORMS that name a number


def word_value(word: str, lang: str) -> int | None:
    """The number ``word`` names, or None; any case (`SECOND EVENT`, «ВТОРОЕ СОБЫТИЕ»)."""
    return _value(word.lower(), lang)


@lru_cache(maxsize=100_000)
def _value(lower: str, lang: str) -> int | None:
    if lang == Lang.EN:
        return EN.get(lower)
    if lang != Lang.RU:
        return None
    for parse in parses(lower):
        entry = RU.get(parse.normal_form)
        if entry and entry[1] in parse.tag:
            return entry[0]
    return None


def _continues(last: int, value: int) -> bool:
    """Whether ``value`` carries on the number that ``last`` ended: `twenty` `five`, `two`
    `hundred`, `сто` `двадцать`; not `two` `three` (two numbers, as in "two three-player games")."""
    if value in (100, 1000):
        return last < value
    if 20 <= last < 100 and last % 10 == 0:
        return 1 <= value <= 9
    return last >= 100 and last % 100 == 0 and value < 100


def _number(text: str, run: list[tuple[int, int, int]]) -> NumberWord:
    total, current = 0, 0
    for _start, _end, value in run:
        if value in (100, 1000) and current:
            current *= value
            if value == 1000:
                total, current = total + current, 0
        else:
            current += value
    start, end = run[0][0], run[-1][1]
    value = total + current
    return NumberWord(start, end, text[start:end], value, weak=value == 1 and len(run) == 1)


#: words that say "first" without the ordinal (`comes first` is «наступит раньше», `first
#: obtain` «сначала получить»): a side with one of them does not lack the other side's first
FIRST_LIKE: dict[str, frozenset[str]] = {
    Lang.EN: frozenset({"first", "firstly", "initially", "earlier", "sooner", "before", "once"}),
    Lang.RU: frozenset({"первый", "сначала", "сперва", "впервые", "вначале", "первоначально",
                        "раньше", "ранее", "прежде", "однажды"}),
}
_EN_ORDINALS = frozenset(_ORDINALS) | frozenset(_TENTHS) | {"hundredth", "thousandth"}
#: `2nd`, `3rd`; «2-й», «3-го», «5-м»: an ordinal in digits
_DIGIT_ORDINAL = re.compile(r"(?<![\w.])(\d+)(?:st|nd|rd|th|-?(?:й|го|му|м|я|е|ю|ой|ая|ое|ий|ых|ым|ми))(?!\w)")


@lru_cache(maxsize=50_000)
def ordinals(text: str, lang: str) -> tuple[NumberWord, ...]:
    """The ordinals of ``text``: `second`, «третьего», `twenty-fifth`, `2nd`, «3-й». A first
    (`first`, «первый») is ``weak``: as often "before the rest" as a count."""
    found = [word for word in number_words(text, lang) if _ordinal(word.text, lang)]
    for match in _DIGIT_ORDINAL.finditer(text):
        value = int(match.group(1))
        found.append(NumberWord(match.start(), match.end(), match.group(), value, weak=value == 1))
    for n, word in enumerate(found):
        if word.value == 1 and not word.weak:
            found[n] = word._replace(weak=True)
    return tuple(sorted(found))


def _ordinal(words: str, lang: str) -> bool:
    """Whether the number ``words`` ends in an ordinal (`twenty-fifth`, «двадцать пятого»)."""
    last = _WORD.findall(words)[-1].lower()
    if lang == Lang.EN:
        return last in _EN_ORDINALS
    return any(parse.normal_form != "один" and RU.get(parse.normal_form, (0, ""))[1] == "Anum"
               and "Anum" in parse.tag for parse in parses(last))
