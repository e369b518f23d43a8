"""Quotation marks and brackets, for the typography family: direction, each language's style,
spaces just inside them, and pairs left open or closed twice.

Whether a mark opens or closes is read from where it stands (after a space it opens, before
one it closes), not from which character it is; that is what lets `”America”` be reported
as one wrongly shaped opening mark instead of two unbalanced closing ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..core.diagnostics import Severity
from ..core.model import Lang
from .base import Code, Text, Word, _
from .base import text as words  # every scanner here names the side's text `text`

DIRECTION = Code("typo-quote-direction", Severity.WARNING,
                 "an opening quotation mark written as a closing one, or the reverse (`”America”`)")
STYLE = Code("typo-quote-style", Severity.WARNING,
             "quotation marks of another language's style (Russian: «…», „…“ inside; English: “…”, ‘…’)")
SPACE_INSIDE = Code("typo-space-inside", Severity.WARNING,
                    "a space just inside a quotation mark or bracket (`« Восстание`)")
UNBALANCED = Code("typo-unbalanced", Severity.WARNING,
                  "a bracket or quotation mark opened and not closed in a unit, or closed and not opened")
CODES = [DIRECTION, STYLE, SPACE_INSIDE, UNBALANCED]

#: per language: the opening marks it uses, each with its closing mark (the first is the usual
#: pair), and the marks of the other style that turn up in it
PAIRS: dict[str, dict[str, str]] = {Lang.EN: {"“": "”", "‘": "’"}, Lang.RU: {"«": "»", "„": "“"}}
FOREIGN: dict[str, dict[str, str]] = {Lang.EN: {"«": "»", "„": "“"}, Lang.RU: {"“": "”"}}
QUOTES = set("«»„“”‘’\"")
BRACKETS = {"(": ")", "[": "]"}
CLOSING_BRACKETS = {close: open_ for open_, close in BRACKETS.items()}
OPENERS_BEFORE = set(" \t\n([{«„“‘—–-/")  # what may stand before an opening mark
#: the characters :func:`scan` looks at: brackets and quotation marks
MARKS = re.compile("[" + re.escape("".join(sorted(QUOTES | set(BRACKETS) | set(BRACKETS.values())))) + "]")
LABEL = re.compile(r"(?:^|(?<=[\s(]))[a-zа-я\d]\)")  # `a)` in "the rulings in a) and b)"


@dataclass(frozen=True)
class Finding:
    code: Code
    offset: int
    message: Text
    suggestion: str | None = None


def scan(text: str, lang: str) -> Iterator[Finding]:
    pairs, foreign, openers, closers = _marks(lang)
    stack: list[tuple[int, str]] = []  # what is open, innermost last
    for mark in MARKS.finditer(text):  # every other character passes untouched
        index, ch = mark.start(), mark.group()
        if ch in BRACKETS:
            stack.append((index, ch))
            yield from _space_after(text, index, ch)
        elif ch in CLOSING_BRACKETS:
            opener = CLOSING_BRACKETS[ch]
            if LABEL.match(text, index - 1) and all(o != opener for _i, o in stack):
                continue  # a list label, not a bracket
            yield from _space_before(text, index, ch)
            yield from _pop(stack, index, ch, lambda o, opener=opener: o == opener)
        elif ch in QUOTES and not apostrophe(text, index, stack):
            quote_open = any(o not in BRACKETS for _i, o in stack)
            role = _role(text, index) or (
                "close" if ch in closers and (quote_open or ch not in openers) else "open")
            if role == "open":
                yield from _opening(text, index, ch, lang, pairs, foreign, quote_open)
                stack.append((index, ch))
                yield from _space_after(text, index, ch)
            else:
                expected = _expected_closer(stack, openers)
                if ch in openers and ch != expected:
                    yield Finding(DIRECTION, index,
                                  words(_("closing quotation mark written as the opening `%(mark)s`"), mark=ch),
                                  expected or openers[ch])
                yield from _space_before(text, index, ch)
                yield from _pop(stack, index, ch, lambda o: o not in BRACKETS)
    for index, ch in stack:
        yield Finding(UNBALANCED, index,
                      words(_("bracket `%(mark)s` is opened here and never closed in this unit") if ch in BRACKETS
                            else _("quotation mark `%(mark)s` is opened here and never closed in this unit"),
                            mark=ch),
                      BRACKETS.get(ch) or openers.get(ch))


def _marks(lang: str) -> tuple[dict[str, str], dict[str, str], dict[str, str], set[str]]:
    """The language's own pairs of quotation marks, the other language's, every opener with its
    closer, and the closers: made once per language, not once per text scanned."""
    found = _MARKS_OF.get(lang)
    if found is None:
        pairs, foreign = PAIRS.get(lang, PAIRS[Lang.EN]), FOREIGN.get(lang, {})
        openers = {**pairs, **foreign, '"': '"'}
        found = _MARKS_OF[lang] = (pairs, foreign, openers, set(openers.values()))  # " is both
    return found


_MARKS_OF: dict[str, tuple[dict[str, str], dict[str, str], dict[str, str], set[str]]] = {}


def quotations(text: str) -> list[tuple[int, int]]:
    """The spans of the quoted texts of ``text``, marks excluded, whatever the marks' shape
    (`«Америка»`, `”America”`, `‘Receiving a CtA’`); apostrophes are not quotation marks."""
    found: list[tuple[int, int]] = []
    stack: list[tuple[int, str]] = []
    for mark in MARKS.finditer(text):
        index, ch = mark.start(), mark.group()
        if ch not in QUOTES or apostrophe(text, index, stack):
            continue
        role = _role(text, index) or ("close" if stack else "open")
        if role == "open":
            stack.append((index, ch))
        elif stack:
            found.append((stack.pop()[0] + 1, index))
    return sorted(found)


def _expected_closer(stack: list[tuple[int, str]], openers: dict[str, str]) -> str | None:
    """The mark that closes the innermost open quotation (itself, for a misdirected opener)."""
    for _index, opener in reversed(stack):
        if opener in BRACKETS:
            return None
        return openers.get(opener, opener)
    return None


def _opening(text, index, ch, lang, pairs, foreign, nested) -> Iterator[Finding]:
    usual = next(iter(pairs))
    if ch not in pairs and ch not in foreign and ch != '"':
        right = next((o for o, c in {**pairs, **foreign}.items() if c == ch), usual)
        if right in foreign:
            right = usual
        yield Finding(DIRECTION, index, words(_("opening quotation mark written as the closing `%(mark)s`"), mark=ch),
                      _requote(text, index, right, pairs))
    elif ch == '"' and lang == Lang.RU:
        yield Finding(STYLE, index, words(_('straight quotation mark `"` in Russian text, which uses «ёлочки»')),
                      _requote(text, index, usual, pairs))
    elif ch in foreign:
        yield Finding(STYLE, index, words(_("`%(marks)s` are not %(language)s quotation marks; use %(usual)s"),
                                          marks=f"{ch}…{foreign[ch]}", language=Word(_language(lang)),
                                          usual=f"{usual}…{pairs[usual]}"), _requote(text, index, usual, pairs))
    elif lang == Lang.RU and nested and ch == "«":
        yield Finding(STYLE, index, words(_("«ёлочки» inside «ёлочек»: a quotation within a quotation takes "
                                            "„лапки“")), _requote(text, index, "„", pairs))


def _pop(stack, index: int, ch: str, matches) -> Iterator[Finding]:
    for depth in range(len(stack) - 1, -1, -1):
        if matches(stack[depth][1]):
            del stack[depth:]
            return
        if stack[depth][1] in BRACKETS and ch not in CLOSING_BRACKETS:
            break  # a quotation mark does not close across an open bracket
    yield Finding(UNBALANCED, index,
                  words(_("closing bracket `%(mark)s` has no opening one in this unit") if ch in CLOSING_BRACKETS
                        else _("closing quotation mark `%(mark)s` has no opening one in this unit"), mark=ch))


def _space_before(text: str, index: int, ch: str) -> Iterator[Finding]:
    if index > 1 and text[index - 1] == " " and not text[index - 2].isspace():
        yield Finding(SPACE_INSIDE, index - 1, words(_("space before the closing `%(mark)s`"), mark=ch),
                      f"{text[max(0, index - 1 - _word_len_back(text, index - 1)):index - 1]}{ch}")


def _word_len_back(text: str, end: int) -> int:
    match = re.search(r"\S+$", text[:end])
    return len(match.group()) if match else 0


def _space_after(text: str, index: int, ch: str) -> Iterator[Finding]:
    after = text[index + 1:index + 3]
    if after[:1] == " " and after[1:2] not in ("", " ", "\n"):
        yield Finding(SPACE_INSIDE, index + 1, words(_("space after the opening `%(mark)s`"), mark=ch),
                      f"{ch}{text[index + 2:index + 2 + _word_len(text, index + 2)]}")


def _word_len(text: str, start: int) -> int:
    match = re.match(r"\S+", text[start:])
    return len(match.group()) if match else 0


def _role(text: str, index: int) -> str | None:
    before = text[index - 1] if index > 0 else " "
    after = text[index + 1] if index + 1 < len(text) else " "
    opens = before in OPENERS_BEFORE and not after.isspace()
    closes = not before.isspace() and (after.isspace() or not after.isalnum())
    if opens and not closes:
        return "open"
    if closes and not opens:
        return "close"
    return None


def apostrophe(text: str, index: int, stack: list[tuple[int, str]]) -> bool:
    """`Risto's`, `Realm(s)’s`, `Vassals’ Areas`: an apostrophe, unless a ‘ is open."""
    ch = text[index]
    if ch not in "’'":
        return False
    before = text[index - 1] if index > 0 else " "
    after = text[index + 1] if index + 1 < len(text) else " "
    if before.isalpha() and after.isalpha():
        return True
    if before == ")" and after.isalpha():
        return True
    open_single = any(o in "‘'" for _i, o in stack)
    return before in "sS" and not open_single


def _requote(text: str, index: int, opener: str, pairs: dict[str, str]) -> str:
    """The quoted words with the right marks: `“America”` for `”America”`."""
    end = re.search(r"[”“»«\"’]", text[index + 1:])
    inner = text[index + 1:index + 1 + end.start()] if end and end.start() < 60 else "…"
    return f"{opener}{inner}{pairs.get(opener, '”')}"


def _language(lang: str) -> str:
    names: dict[str, str] = {Lang.EN: _("English"), Lang.RU: _("Russian")}
    return names.get(lang, lang)
