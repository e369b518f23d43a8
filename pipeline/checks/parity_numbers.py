"""The numbers of a unit's two sides, in digits or in words: `50d` against `60д`, `two` against
«три», and «две» for a `2` is no difference.

Both sides are read as one multiset of values: every number in digits and every number word
(:mod:`pipeline.language.numbers`). A difference is reported once per unit, as
``parity-numbers`` when only digits disagree and as ``parity-number-words`` when a number
written as a word takes part; the word code is separate because reading words is the
guesswork (an "one" that is an article) a project may want at another severity.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from ..diagnostics import Diagnostic, Severity
from ..language.numbers import number_words
from ..model import Unit
from .base import CheckContext, Code, at, on_unit

NUMBERS = Code("parity-numbers", Severity.WARNING,
               "the numbers of a unit's two language sides differ (`50d` against `60д`)")
NUMBER_WORDS = Code("parity-number-words", Severity.WARNING,
                    "a number written as a word differs from the other side's number, in words or "
                    "digits (`two` against «три» or `3`); «две» for `2` is the same number")
CODES = [NUMBERS, NUMBER_WORDS]

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def numbers(text: str) -> Counter[str]:
    """The numbers written in digits, `5,5` read as `5.5`."""
    return Counter(n.replace(",", ".") for n in _NUMBER.findall(text))


class _Side:
    """One side's numbers: values, and where and how each value is written."""

    def __init__(self, text: str, lang: str):
        self.values: Counter[str] = Counter()
        self.words: dict[str, str] = {}  # value -> the first word that writes it
        self.places: dict[str, int] = {}  # value -> offset of its first occurrence
        self.weak = 0  # lone "one"s, which count only where the other side has a 1
        for match in _NUMBER.finditer(text):
            self._add(match.group().replace(",", "."), match.start())
        for word in number_words(text, lang):
            if word.weak:
                self.weak += 1
            else:
                self._add(str(word.value), word.start, word.text)

    def _add(self, value: str, offset: int, word: str | None = None) -> None:
        self.values[value] += 1
        self.places.setdefault(value, offset)
        if word:
            self.words.setdefault(value, word)

    def counted_against(self, other: "_Side") -> Counter[str]:
        """The values, a lone "one" standing for a 1 the other side writes and this one lacks."""
        lacking = max(0, other.values["1"] - self.values["1"])
        return self.values + Counter({"1": min(self.weak, lacking)})


def compare(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Iterable[Diagnostic]:
    source, target = unit.sides[source_lang], unit.sides[lang]
    theirs, ours = _Side(source.text, source_lang), _Side(target.text, lang)
    wanted, given = theirs.counted_against(ours), ours.counted_against(theirs)
    missing, extra = wanted - given, given - wanted
    if not missing and not extra:
        return
    worded = set(theirs.words) | set(ours.words)
    in_words = any(value in worded for value in (missing + extra))
    message = (f"numbers differ from the {source_lang} side: "
               f"{_delta(missing, extra, theirs.words, ours.words)}")
    if not in_words:
        yield on_unit(NUMBERS, unit, target, message,
                      suggestion="check every number against the source")
        return
    suggestion = "write the source's numbers, in digits or in words"
    first = min((ours.places[v] for v in extra), default=None)
    if first is None:
        yield on_unit(NUMBER_WORDS, unit, target, message, suggestion=suggestion)
    else:
        yield at(NUMBER_WORDS, unit, target, first, message, suggestion=suggestion)


def _delta(missing: Counter, extra: Counter, their_words: dict, our_words: dict) -> str:
    def shown(values: Counter, words: dict) -> str:
        return ", ".join(f"{words[v]} ({v})" if v in words else v
                         for v in sorted(values.elements()))

    said = []
    if missing:
        said.append("missing " + shown(missing, their_words))
        if extra:
            said.append("instead " + shown(extra, our_words))
    elif extra:
        said.append("extra " + shown(extra, our_words))
    return "; ".join(said)

