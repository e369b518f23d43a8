"""Signed numbers: `+1`, `−2`, and the numbers a word gives a sign ("loses 2", «теряет 2»).

A modifier's sign is its meaning: `+3` and `−3` have the same digits. A sign is written
(`+`, a hyphen `-`, the minus sign `−` or an en dash `–` set against the digit, as the texts
write a minus) or said by a word of gain or loss a few words before the number, found by lemma
("receives a bonus of 2", «теряет ещё 1 пункт», «штраф 2»). A range (`1 – 3`, `1-3`) has no
sign: its dash stands after a digit or apart from the number.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ..core.model import Lang
from .tokens import lemmas


class Signed(NamedTuple):
    start: int  # character offsets of the number (and its sign) in the analysed text
    end: int
    text: str
    value: str  # the digits, `5,5` read as `5.5`
    sign: str  # "+" or "-"
    written: bool  # the sign is a character of the number, not a word before it


#: lemmas that make the number after them a gain or a loss
GAINS: dict[str, frozenset[str]] = {
    Lang.EN: frozenset({"gain", "receive", "get", "bonus", "add", "increase", "plus", "earn",
                        "raise"}),
    Lang.RU: frozenset({"получать", "получить", "бонус", "прибавлять", "прибавить", "добавлять",
                        "добавить", "увеличивать", "увеличить", "увеличиваться", "плюс",
                        "прибавка", "повышать", "повысить"}),
}
LOSSES: dict[str, frozenset[str]] = {
    # `loose` is the source's own misspelling of `lose` (spell-confusable reports it)
    Lang.EN: frozenset({"lose", "loose", "loss", "pay", "minus", "penalty", "reduce",
                        "decrease", "subtract", "forfeit", "deduct", "lower"}),
    Lang.RU: frozenset({"терять", "потерять", "платить", "заплатить", "выплатить", "минус",
                        "штраф", "уменьшать", "уменьшить", "уменьшаться", "снижать", "снизить",
                        "снижаться", "вычесть", "вычитать", "лишаться", "лишиться", "понизить",
                        "понижать"}),
}
#: how many words may stand between the word and its number ("loses up to 2", «теряют ещё 1»)
REACH = 3
_NUMBER = re.compile(r"(?<![\w.,])(?P<sign>[-+−–](?=\d))?(?P<digits>\d+(?:[.,]\d+)*)")
_MINUS = "-−–"
#: what ends the reach of a word: a clause or a bracket between it and the number
_BREAK = re.compile(r"[.;:!?()\[\]]")


@lru_cache(maxsize=50_000)
def signed_numbers(text: str, lang: str) -> tuple[Signed, ...]:
    """The numbers of ``text`` that carry a sign, written or said by a word before them."""
    found = []
    words = None
    for match in _NUMBER.finditer(text):
        sign, digits = match.group("sign"), match.group("digits")
        value = digits.replace(",", ".")
        if sign:
            found.append(Signed(match.start(), match.end(), match.group(), value,
                                "-" if sign in _MINUS else "+", True))
            continue
        if words is None:
            words = [t for t in lemmas(text, lang) if t.is_word]
        said = _said(text, words, match.start(), lang)
        if said:
            found.append(Signed(match.start(), match.end(), match.group(), value, said, False))
    return tuple(found)


def _said(text: str, words, start: int, lang: str) -> str | None:
    """The sign the nearest word of gain or loss within reach before ``start`` gives."""
    before = [t for t in words if t.end <= start][-(REACH + 1):]
    for token in reversed(before):
        if _BREAK.search(text, token.end, start):
            return None
        if token.keys & GAINS.get(lang, frozenset()):
            return "+"
        if token.keys & LOSSES.get(lang, frozenset()):
            return "-"
    return None
