"""Line shapes shared by the parsers: what a single line looks like, never where it belongs.

The shapes match a line's structural form (:func:`structural_lines`): a no-break space after
`21.5.` is a space, a zero-width space inside `21.\u200b5` is nothing (pipeline/core/characters.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.characters import structural, unusual

# No pattern may backtrack over a run of blanks (a line of 20 KB of spaces once took minutes):
# a run of blanks is taken whole (`*+`, `++`: possessive), and a group that blanks follow ends
# in a character that is not one, so each run is tried once, from the character before it.
NUMBERED = re.compile(r"^(?P<indent>[ \t]*+)(?P<number>\d{1,3})\.[ \t]++(?P<rest>\S.*)$")
LETTERED = re.compile(r"^(?P<indent>[ \t]*+)(?P<number>[a-z])[.)][ \t]++(?P<rest>\S.*)$")
BULLET = re.compile(r"^(?P<indent>[ \t]*+)(?P<marker>[•·▪◦‣])[ \t]*+(?P<rest>\S.*)$")
TABLE_ROW = re.compile(r"^[ \t]*+\|")
FOOTNOTE = re.compile(r"^(?P<marker>\*{1,3})[ \t]++(?P<rest>\S.*)$")
LABEL = re.compile(r"^[ \t]*+(?P<title>[^:]{0,59}?[^:\s])[ \t]*+:[ \t]*+$")
#: a run-in title: a few words, then a colon, then the body ("Пас: державы могут …")
RUN_IN = re.compile(r"^(?P<title>[^:]{0,79}?[^:\s])[ \t]*+:[ \t]++(?P<body>\S.*)$")
EXAMPLE = re.compile(r"^(?P<title>ПРИМЕР|Пример|EXAMPLE|Example)\b[ \t]*+:?[ \t]*+(?P<rest>.*)$")
NOTE = re.compile(
    r"^(?P<title>ИСКЛЮЧЕНИЕ|Исключение|ПРИМЕЧАНИЕ|Примечание|ВАЖНО|Важно|NOTE|Note|"
    r"IMPORTANT|Important|EXCEPTION|Exception|Design Note|Play Note)[ \t]*+:[ \t]*+(?P<rest>\S.*)$")
NOTE_ROLES = {"исключение": "exception", "exception": "exception", "важно": "important",
              "important": "important"}

_MAX_TITLE_WORDS = 8
#: the parts a rule number has at most: the rulebooks number to three (`13.2.1`); a longer
#: `1.1.1.1.1.1 …` is not a heading, so rules nest no deeper than this, whatever the text
RULE_PARTS = 5
RULE_NUMBER = rf"\d{{1,3}}(?:\.\d{{1,3}}){{0,{RULE_PARTS - 1}}}"
_MAX_LABEL_WORDS = 4
_PARENTHESES = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")


def structural_lines(lines: list[str]) -> list[str]:
    """The lines a parser reads: each in its structural form. The builder takes the units'
    texts and fields back from the lines as written (TreeBuilder.finish)."""
    return [structural(line) for line in lines] if unusual("\n".join(lines)) else lines


def indent_of(line: str) -> int:
    return len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())


def is_blank(line: str) -> bool:
    return not line.strip()


def next_texts(lines: list[str]) -> list[str]:
    """For each line, the first line with text after it ("" for none), in one pass: a parser
    that looks ahead by scanning the rest of the file from every line is quadratic."""
    found = [""] * len(lines)
    after = ""
    for index in range(len(lines) - 1, -1, -1):
        found[index] = after
        if not is_blank(lines[index]):
            after = lines[index]
    return found


def word_count(text: str) -> int:
    return len(text.split())


def is_upper_title(text: str) -> bool:
    """ALL-CAPS text with at least one letter: `REFORMATION`, `ФАЗА АКЦИЙ`."""
    letters = [ch for ch in text if ch.isalpha()]
    return bool(letters) and all(ch.isupper() for ch in letters)


def split_run_in(text: str) -> tuple[str | None, str]:
    """Split ``"Short title: body"``; a title is a few words with no sentence punctuation."""
    match = RUN_IN.match(text.strip())
    if not match:
        return None, text.strip()
    title = match["title"].strip()
    if not _is_title(title):
        return None, text.strip()
    return title, match["body"].strip()


def looks_like_heading(line: str) -> bool:
    """A short line that names something rather than says something: no final punctuation."""
    text = line.strip()
    if not text or len(text) > 80 or word_count(text) > _MAX_TITLE_WORDS:
        return False
    said = text.rstrip("*")  # a footnote's marker follows the full stop: `… (see p. 13).*`
    if not said or said[-1] in ".:;,!?…" or not text[0].isupper():
        return False
    return not (NUMBERED.match(line) or BULLET.match(line) or TABLE_ROW.match(line)
                or FOOTNOTE.match(line) or LABEL.match(line))


def table_cells(line: str) -> list[str]:
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|"):
        text = text[:-1]
    return [cell.strip() for cell in text.split("|")] if text.strip() else []


@dataclass(frozen=True)
class Item:
    """A numbered, lettered or bulleted line, split into its parts."""

    number: str | None  # "3", "a"; None for a bullet
    marker: str  # "3.", "a.", "•"
    indent: int
    title: str | None
    body: str

    @property
    def lettered(self) -> bool:
        return self.number is not None and self.number.isalpha()


def split_title(text: str) -> tuple[str | None, str]:
    """Split a run-in title off ``text``; a bare ``"Title:"`` is all title."""
    label = LABEL.match(text)
    # A bare "Title:" is a label only when it is short ("Protestantism:", "Calls to Arms (in
    # listed order):"); a longer one is a sentence introducing what follows.
    if label and _is_title(label["title"].strip()) and \
            word_count(_PARENTHESES.sub("", label["title"])) <= _MAX_LABEL_WORDS:
        return label["title"].strip(), ""
    return split_run_in(text)


def _is_title(title: str) -> bool:
    bare = _PARENTHESES.sub("", title)
    return (word_count(bare) <= _MAX_TITLE_WORDS and not any(ch in bare for ch in ".,;!?«»\"")
            and title[:1].isalnum())


def match_item(line: str) -> Item | None:
    for pattern in (NUMBERED, LETTERED):
        match = pattern.match(line)
        if match:
            title, body = split_title(match["rest"])
            marker = line.strip().split(None, 1)[0]
            return Item(match["number"], marker, indent_of(line), title, body)
    match = BULLET.match(line)
    if match:
        title, body = split_title(match["rest"])
        return Item(None, match["marker"], indent_of(line), title, body)
    return None


def item_marker(line: str) -> str | None:
    """The number or letter a numbered line starts with, as written ("3.", "b)"); None for a
    bullet or any other line."""
    item = match_item(line)
    return item.marker if item and item.number is not None else None
