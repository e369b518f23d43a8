"""Numbers in the words of a rule, in English and Russian, and where those words stand in a text.

A fact's wording is compared with a unit's text twice: exactly (white space aside), and with
its numbers left open, so that "больше 5 отрядов" is found as the place where the text now
says 5 where the data says 4, instead of as words that vanished.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

# Cardinals as the texts write them (Russian in the cases they occur in), plus "once"/"twice":
# the limits "один раз за ход", "once per Turn" are numbers as much as "2 CP" is.
WORDS = {
    1: "one once один одна одно одного одной одному одним одну одном",
    2: "two twice два две двух двум двумя",
    3: "three три трёх трех трём трем тремя",
    4: "four четыре четырёх четырех четырём четырем четырьмя",
    5: "five пять пяти пятью",
    6: "six шесть шести шестью",
}
NUMBER_WORDS = {word: n for n, words in WORDS.items() for word in words.split()}
_SIGNS = "-+−–"
_TOKEN = re.compile(rf"[{_SIGNS}]?\d+(?:[.,]\d+)*|[^\W\d_]+")
_ANY_NUMBER = rf"(?:[{_SIGNS}]?\d+|\b(?:{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))})\b)"
ROMAN = re.compile(r"\b(?:X|IX|IV|V?I{1,3}|V)\b")
ROMAN_SET = {"I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"}


def number_spans(text: str) -> list[tuple[int, int, int]]:
    """``(start, end, value)`` of every number the words state: digits, with a sign only when
    the sign is not a hyphen between two words (``3-6`` is 3 and 6), and cardinal words. Rule
    numbers such as ``11.1`` are not quantities and are left out."""
    found = []
    for match in _TOKEN.finditer(text):
        token, start = match.group(), match.start()
        if token[0] in _SIGNS and start > 0 and text[start - 1].isalnum():
            token, start = token[1:], start + 1
        if token[-1].isdigit():
            if "." not in token and "," not in token:
                sign = -1 if token[0] in "-−–" else 1
                found.append((start, match.end(), sign * int(token.lstrip(_SIGNS))))
        elif token.lower() in NUMBER_WORDS:
            found.append((start, match.end(), NUMBER_WORDS[token.lower()]))
    return found


def numbers(text: str) -> list[int]:
    """Every number the words state, in order."""
    return [value for _, _, value in number_spans(text)]


def periods(text: str) -> list[str]:
    return ROMAN.findall(text)


@dataclass(frozen=True)
class Found:
    start: int
    end: int
    text: str


def find(fragment: str, text: str) -> Found | None:
    """Where ``fragment`` stands in ``text``, white space aside."""
    match = _compiled(fragment, False, False).search(text)
    return Found(match.start(), match.end(), match.group()) if match else None


def contains(fragment: str, text: str, squeezed: str | None = None) -> bool:
    """Whether :func:`find` finds ``fragment`` in ``text``; without building its pattern when the
    words stand there as written, white space aside (what most facts' words do). ``squeezed``:
    ``text`` with its white space made single, when the caller made it once for several
    fragments."""
    if squeezed is None:
        squeezed = " ".join(text.split())
    if fragment == fragment.strip() and " ".join(fragment.split()) in squeezed:
        return True  # the pattern matches every run of white space, and the rest literally
    return find(fragment, text) is not None


def find_changed(fragment: str, text: str, *, periods_too: bool = False) -> Found | None:
    """Where ``fragment`` stands in ``text`` with other numbers (or period numerals)."""
    match = _compiled(fragment, True, periods_too).search(text)
    return Found(match.start(), match.end(), match.group()) if match else None


@functools.lru_cache(maxsize=1 << 16)
def _compiled(fragment: str, open_numbers: bool, open_periods: bool) -> re.Pattern[str]:
    # re's own cache holds 512 patterns: at x100 the facts' fragments are far more, and every
    # search compiled its pattern again (40 of an edit's 120 s, cProfile of `folio serve`)
    return re.compile(_pattern(fragment, open_numbers=open_numbers, open_periods=open_periods))


def _pattern(fragment: str, *, open_numbers: bool, open_periods: bool) -> str:
    spans = [(start, end, True) for start, end, _ in number_spans(fragment)]
    if open_periods:
        spans += [(m.start(), m.end(), False) for m in ROMAN.finditer(fragment)]
    parts, at = [], 0
    for start, end, numeric in sorted(spans):
        if start < at:
            continue
        parts.append(_literal(fragment[at:start]))
        token = fragment[start:end]
        if not numeric:
            parts.append(r"\b[IVX]+\b")
        elif open_numbers:
            parts.append(_ANY_NUMBER)
        elif token[0] in "-−–":  # a minus is a minus, whichever dash the typist chose
            parts.append("[-−–]" + re.escape(token[1:]))
        else:
            parts.append(re.escape(token))
        at = end
    parts.append(_literal(fragment[at:]))
    return "".join(parts)


def _literal(text: str) -> str:
    # White space in the data matches any run of white space in the text (a line break too).
    return r"\s+".join(re.escape(piece) for piece in re.split(r"\s+", text)) if text.strip() else (
        r"\s*" if text else "")
