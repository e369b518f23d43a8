"""The numbers of a unit's two sides, in digits or in words: `50d` against `60д`, `two` against
«три», and «две» for a `2` is no difference.

Both sides are read as one multiset of values: every number in digits, every Roman numeral
(`period II` and «второй период» agree on the number; that the numeral is kept as printed is
``parity-verbatim``'s question) and every number word (:mod:`pipeline.language.numbers`). A
difference is reported once per unit, as ``parity-numbers`` when only digits and numerals
disagree and as ``parity-number-words`` when a number written as a word takes part; the word
code is separate because reading words is the guesswork (an "one" that is an article) a
project may want at another severity.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import cached_property

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Lang, Unit
from ..language.numbers import number_words, number_words_in
from ..language.words import PerForm, Words
from .base import CheckContext, Code, Text, _, at, on_unit, text

NUMBERS = Code("parity-numbers", Severity.WARNING,
               "the numbers of a unit's two language sides differ (`50d` against `60д`)")
NUMBER_WORDS = Code("parity-number-words", Severity.WARNING,
                    "a number written as a word differs from the other side's number, in words or "
                    "digits (`two` against «три» or `3`); «две» for `2` is the same number")
CODES = [NUMBERS, NUMBER_WORDS]

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
#: `period II`, `periods IV an V`: a Roman numeral of two letters or more, in Latin capitals; a
#: lone `I` or `V` is as often a pronoun or an icon, and an event id's period (`13:II`) is
#: parity-references' to compare
_ROMAN = re.compile(r"(?<![\w:])(?=[IVX]{2})X{0,3}(?:IX|IV|V?I{0,3})(?![\w:])")
_ROMAN_DIGITS = {"I": 1, "V": 5, "X": 10}
#: what every numeral _ROMAN finds begins with: found fast, while _ROMAN's look-behind is tried
#: at every character
_NUMERAL_PAIR = re.compile(r"[IVX]{2}")


def numbers(text: str) -> set[str]:
    """The numbers written in digits, `5,5` read as `5.5` (each once: a sentence's anchors)."""
    return {n.replace(",", ".") for n in _NUMBER.findall(text)}


def roman_value(token: str) -> int | None:
    """The number a Roman numeral of two letters or more stands for (`II`, `XIV`), or None."""
    return _roman(token) if _ROMAN.fullmatch(token) else None


def roman_numerals(text: str) -> list[int]:
    """The numbers of the Roman numerals of ``text`` (`period II`): ordinals, as printed."""
    return [_roman(m.group()) for m in _ROMAN.finditer(text)] if _NUMERAL_PAIR.search(text) else []


def values(text: str, lang: str) -> Counter[str]:
    """Every number of ``text``, however written, as this family compares them."""
    return _Side(text, lang).values


_LETTERS = re.compile(r"[^\W\d_]+")
#: per form of a table's word: whether a run of its letters could be a numeral `_ROMAN` finds
#: (two letters or more, all of them I, V or X)
_NUMERAL_FORMS = PerForm(lambda word: any(len(run) > 1 and not run.strip("IVX")
                                          for run in _LETTERS.findall(word)))


class _Side:
    """One side's numbers: values, and where and how each value is written (asked of a side
    whose numbers differ from the other's only)."""

    def __init__(self, text: str, lang: str, table: Words | None = None):
        digits = _NUMBER.findall(text)
        # a numeral is a whole run of letters: a side whose table has none is not searched (and
        # a text without two numeral letters in a row, most, is not read word by word for one)
        romans = _ROMAN.findall(text) if _NUMERAL_PAIR.search(text) and (
            table is None or any(map(_NUMERAL_FORMS.__getitem__, table.words))) else []
        self.text = text
        self.words = number_words(text, lang) if table is None else number_words_in(table, lang)
        self.weak = 0  # lone "one"s, which count only where the other side has a 1
        #: every value, in the order found: counted (:attr:`values`) only where the two sides differ
        self.found: list[str] = [n.replace(",", ".") for n in digits] if "," in text else digits
        if romans:
            self.found += [str(_roman(numeral)) for numeral in romans]
        for word in self.words:
            if word.weak:
                self.weak += 1
            else:
                self.found.append(str(word.value))

    @cached_property
    def values(self) -> Counter[str]:
        """The values, each with its count."""
        return Counter(self.found)

    def same_values(self, other: _Side) -> bool:
        """Whether the two sides write the same numbers as often (most units: none at all)."""
        return self.found == other.found or sorted(self.found) == sorted(other.found)

    @cached_property
    def forms(self) -> dict[str, str]:
        """value -> the first form not in digits: `two`, `II`."""
        return self._written()[0]

    @cached_property
    def worded(self) -> set[str]:
        """The values written as words."""
        return {str(word.value) for word in self.words if not word.weak}

    @cached_property
    def places(self) -> dict[str, int]:
        """value -> offset of its first occurrence: in digits, else as a numeral, else in words."""
        return self._written()[1]

    def _written(self) -> tuple[dict[str, str], dict[str, int]]:
        forms: dict[str, str] = {}
        places: dict[str, int] = {}
        for match in _NUMBER.finditer(self.text):
            places.setdefault(match.group().replace(",", "."), match.start())
        for match in _ROMAN.finditer(self.text) if _NUMERAL_PAIR.search(self.text) else ():
            value = str(_roman(match.group()))
            places.setdefault(value, match.start())
            forms.setdefault(value, match.group())
        for word in self.words:
            if not word.weak:
                places.setdefault(str(word.value), word.start)
                forms.setdefault(str(word.value), word.text)
        return forms, places

    def counted_against(self, other: _Side) -> Counter[str]:
        """The values, a lone "one" standing for a 1 the other side writes and this one lacks."""
        lacking = max(0, other.values["1"] - self.values["1"])
        return self.values + Counter({"1": min(self.weak, lacking)})


def _roman(numeral: str) -> int:
    values = [_ROMAN_DIGITS[ch] for ch in numeral]
    return sum(-v if n + 1 < len(values) and v < values[n + 1] else v for n, v in enumerate(values))


def compare(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Iterable[Diagnostic]:
    source, target = unit.sides[source_lang], unit.sides[lang]
    theirs, ours = _Side(source.text, source_lang, ctx.words(source)), _Side(target.text, lang, ctx.words(target))
    if theirs.same_values(ours):  # most units: then no lone "one" is lacking either
        return
    wanted, given = theirs.counted_against(ours), ours.counted_against(theirs)
    missing, extra = wanted - given, given - wanted
    if not missing and not extra:
        return
    worded = theirs.worded | ours.worded
    in_words = any(value in worded for value in (missing + extra))
    message = _delta(Lang(source_lang), missing, extra, theirs.forms, ours.forms)
    if not in_words:
        yield on_unit(NUMBERS, unit, target, message,
                      suggestion=text(_("check every number against the source")))
        return
    suggestion = text(_("write the source's numbers, in digits or in words"))
    first = min((ours.places[v] for v in extra), default=None)
    if first is None:
        yield on_unit(NUMBER_WORDS, unit, target, message, suggestion=suggestion)
    else:
        yield at(NUMBER_WORDS, unit, target, first, message, suggestion=suggestion)


def _delta(lang: Lang, missing: Counter, extra: Counter, their_forms: dict, our_forms: dict) -> Text:
    def shown(values: Counter, forms: dict) -> str:
        return ", ".join(f"{forms[v]} ({v})" if v in forms else v
                         for v in sorted(values.elements()))

    if missing and extra:
        return text(_("numbers differ from the %(lang)s side: missing %(missing)s; instead %(extra)s"),
                    lang=lang, missing=shown(missing, their_forms), extra=shown(extra, our_forms))
    if missing:
        return text(_("numbers differ from the %(lang)s side: missing %(missing)s"), lang=lang,
                    missing=shown(missing, their_forms))
    return text(_("numbers differ from the %(lang)s side: extra %(extra)s"), lang=lang,
                extra=shown(extra, our_forms))

