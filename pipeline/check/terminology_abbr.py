"""Abbreviations in the texts: which tokens are abbreviations, and where the texts define them.

A text defines an abbreviation by writing its expansion next to it in parentheses, either
way round: «Командных Очков (КО)», «CB (casus belli)». The expansion is recognised by its
initials, or by the glossary's expansion matched by lemma.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache, partial
from operator import itemgetter

from ..core.model import Lang
from ..language import Matcher, Token, compile_term
from ..language.morph import ru_word
from ..language.words import PerForm

#: 2-4 letters, at least two capitals (CB, ROTW, CtA, DoW, КО); an English one may take a
#: plural -s (PRs, CtAs). Longer capitalised words in these texts are names and headings.
_CANDIDATE = re.compile(r"^[A-ZА-ЯЁ][A-Za-zА-Яа-яЁё]{1,3}$")
_ROMAN = re.compile(r"^(?:X{0,3})(?:IX|IV|V?I{0,3})$")  # Генрих VIII, period III, event 8:I
_LISTED_WITH = frozenset({",", "and", "or", "и", "или"})


@dataclass(frozen=True)
class Use:
    abbr: str  # the abbreviation without a plural -s
    token: int  # index into the side's tokens
    start: int
    end: int


def _capitals(word: str) -> int:
    return sum(ch.isupper() for ch in word)


@lru_cache(maxsize=65536)  # asked twice for every word of the corpus
def base_form(text: str, lang: str) -> str | None:
    """The abbreviation ``text`` is a form of, or None when it does not look like one."""
    if text.islower():  # no capital at all: most words
        return None
    if lang == Lang.EN and text.endswith("s") and _capitals(text[:-1]) >= 2:
        text = text[:-1]
    if not _CANDIDATE.match(text) or _capitals(text) < 2 or _ROMAN.match(text):
        return None
    return text


def _all_caps(token: Token) -> bool:
    return token.is_word and token.text.isupper() and len(token.text) > 1


def candidates(tokens: list[Token], text: str, lang: str) -> list[tuple[int, str]]:
    """(index, abbreviation) of the tokens of ``text`` that may be abbreviations: what
    :func:`uses` and :func:`definitions` both read, found in one pass."""
    # Only a token that begins with a capital followed closely by another can be one: the
    # text is searched for those places (by the regular-expression engine, in C), and only
    # the tokens starting there are asked, each form once for the process.
    forms = _FORMS.get(lang)
    if forms is None:
        forms = _FORMS[lang] = PerForm(partial(_base_form_in, lang))
    found = []
    count = len(tokens)
    for place in _CAPITALS.finditer(text):
        offset = place.start()
        index = bisect_left(tokens, offset, key=_START)
        if index < count and tokens[index].start == offset:
            abbr = forms[tokens[index].text]
            if abbr is not None:
                found.append((index, abbr))
    return found


#: where a candidate of :func:`base_form` can begin: a capital, then a second one within the
#: next three letters (the first two capitals of every abbreviation _CANDIDATE accepts)
_CAPITALS = re.compile(r"[A-ZА-ЯЁ](?=[A-Za-zА-Яа-яЁё]{0,2}[A-ZА-ЯЁ])")
_START = itemgetter(2)  # Token.start
#: per language, each form's :func:`base_form`, for the process
_FORMS: dict[str, PerForm] = {}


def _base_form_in(lang: str, text: str) -> str | None:
    return base_form(text, lang)


def uses(tokens: list[Token], text: str, lang: str, known: set[str],
         found_in: list[tuple[int, str]] | None = None) -> list[Use]:
    """The abbreviations used in one side's text. ``known`` are the glossary's abbreviations,
    which are abbreviations whatever their neighbours; ``found_in``: the tokens'
    :func:`candidates`, when the caller has them."""
    found = []
    for index, abbr in candidates(tokens, text, lang) if found_in is None else found_in:
        token = tokens[index]
        if abbr not in known and _looks_like_a_word(tokens, index, text, lang):
            continue
        found.append(Use(abbr, index, token.start, token.end))
    return found


def _looks_like_a_word(tokens: list[Token], index: int, text: str, lang: str) -> bool:
    token = tokens[index]
    before = tokens[index - 1] if index else None
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    # A run of capitalised words is a heading or a name: «20. НОВЫЙ СВЕТ», «CAPE OF GOOD HOPE».
    for other in (before, after):
        if other is not None and _all_caps(other):
            gap = text[min(other.end, token.end):max(other.start, token.start)]
            if gap.strip() == "":
                return True
    # A short capitalised word listed with long capitalised names is one more name:
    # «BELEM, RECIFE, BAHIA and RIO».
    for step in (-1, 1):
        at = index + step
        while 0 <= at < len(tokens) and tokens[at].text in _LISTED_WITH:
            at += step
        if at != index + step and 0 <= at < len(tokens) and \
                _all_caps(tokens[at]) and len(tokens[at].text) >= 5:
            return True
    # PoP's action costs are icon letters: «(1c + XD)» is one coin plus X ducats.
    if before is not None and before.text == "+" and token.text.startswith("X"):
        return True
    # Russian words set in capitals for emphasis («НЕ учитывается») are dictionary words.
    return lang == Lang.RU and not ru_word(token.text.lower()).guessed \
        and re.fullmatch(r"[А-ЯЁ]+", token.text) is not None


def definitions(tokens: list[Token], text: str, lang: str, expansions: dict[str, list[str]],
                found_in: list[tuple[int, str]] | None = None) -> dict[str, int]:
    """Abbreviation -> offset of its definition in ``text``, for those defined there
    (``found_in``: as for :func:`uses`)."""
    found: dict[str, int] = {}
    for index, abbr in candidates(tokens, text, lang) if found_in is None else found_in:
        token = tokens[index]
        inside = _between(tokens, index, "(", ")")
        if inside and _expands(tokens[max(0, index - 2 - _capitals(abbr)):index - 1], abbr,
                               expansions.get(abbr, []), lang, before=True):
            found.setdefault(abbr, token.start)
        elif _followed_by_parenthesis(tokens, index):
            close = next((i for i in range(index + 2, len(tokens)) if tokens[i].text == ")"),
                         None)
            if close is not None and _expands(tokens[index + 2:close], abbr,
                                              expansions.get(abbr, []), lang, before=False):
                found.setdefault(abbr, token.start)
    return found


def _between(tokens: list[Token], index: int, left: str, right: str) -> bool:
    return 0 < index < len(tokens) - 1 and tokens[index - 1].text == left and \
        tokens[index + 1].text == right


def _followed_by_parenthesis(tokens: list[Token], index: int) -> bool:
    return index + 1 < len(tokens) and tokens[index + 1].text == "("


def _expands(words: list[Token], abbr: str, expansions: list[str], lang: str, *,
             before: bool) -> bool:
    words = [w for w in words if w.is_word]
    if not words:
        return False
    capitals = [ch.lower() for ch in abbr if ch.isupper()]
    initials = [w.text[0].lower() for w in words]
    span = initials[-len(capitals):] if before else initials[:len(capitals)]
    if span == capitals:
        return True
    return any(_expansion(expansion, lang).find(words) for expansion in expansions)


@lru_cache(maxsize=4096)
def _expansion(expansion: str, lang: str) -> Matcher:
    """The glossary's expansion as a term, compiled once per process: a text that defines an
    abbreviation is asked about it at each parenthesis."""
    return Matcher([compile_term(expansion, lang)])
