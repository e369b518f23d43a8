"""Parser for the web edition of the Europa Universalis: The Price of Power rulebook.

Shape of the text: blank lines between blocks; headings end with the page's ``#`` anchor sign
(``5.5 Military Actions #``); an action heading carries its cost in game-icon notation
(``Recruit Units (1c + XD) #``); steps ``1.`` with indented lettered sub-steps; bullets ``•``
whose indented follow-on paragraphs belong to them; ``Note:`` and ``Optional Rule N: Title``
boxes; footnotes ``*`` / ``**``; short captions with no final punctuation.

:func:`side_fields` reads a translated heading with the same patterns (its ``#`` and cost kept).
"""

from __future__ import annotations

import re
from typing import Any

from ..core.model import Document, Kind, Unit
from ..read.reader import Source
from .builder import TreeBuilder
from .line_shapes import (
    FOOTNOTE,
    NOTE,
    NOTE_ROLES,
    NUMBERED,
    RULE_PARTS,
    indent_of,
    is_blank,
    looks_like_heading,
    match_item,
    next_texts,
    split_run_in,
    structural_lines,
)
from .translated import common_fields, text_lines

# blanks taken whole, and a group before them ends in a character that is not one (lines.py)
HEADING = re.compile(r"^(?P<text>\S(?:.*\S)?)[ \t]++#[ \t]*+$")
NUMBERED_HEADING = re.compile(rf"^(?P<number>\d{{1,3}}(?:\.\d{{1,3}}){{1,{RULE_PARTS - 1}}})[ \t]++(?P<title>\S.*)$")
ACTION_HEADING = re.compile(r"^(?P<title>.*?\S)[ \t]*+\((?P<cost>[^()]+)\)$")
OPTIONAL_RULE = re.compile(r"^Optional Rule[ \t]++(?P<number>\d+)[ \t]*+:[ \t]*+(?P<title>\S.*)$")
_LISTY = (Kind.LIST, Kind.ITEM, Kind.STEP, Kind.PROCEDURE)


def parse(document: Document, source: Source) -> list[Unit]:
    b = TreeBuilder(document, source)
    lines = structural_lines(source.lines)
    after = next_texts(lines)
    captions: set[str] = set()  # the sections a short line opened (`Cost to Recruit/build`)
    for n, line in enumerate(lines, 1):
        if is_blank(line):
            continue
        text = line.strip()
        following = after[n - 1]
        if text.endswith("#") and (heading := HEADING.match(text)) is not None:
            _heading(b, n, heading["text"])
        elif (optional := OPTIONAL_RULE.match(text)) is not None:
            _close_to_block(b)
            b.add(Kind.NOTE, n, segment=f"optional-rule-{optional['number']}", open=True,
                  attrs={"role": "optional-rule", "number": optional["number"]},
                  fields={"title": optional["title"].strip()})
        elif (footnote := FOOTNOTE.match(text)) is not None:
            _close_to_block(b)
            b.add(Kind.FOOTNOTE, n, attrs={"marker": footnote["marker"]},
                  fields={"body": footnote["rest"].strip()})
        elif (note := NOTE.match(text)) is not None:
            b.close_for(Kind.NOTE, also_close=_LISTY)
            b.add(Kind.NOTE, n, attrs={"role": NOTE_ROLES.get(note["title"].lower(), "note")},
                  fields={"title": note["title"], "body": note["rest"].strip()})
        elif (item := match_item(line)) is not None and (item.number is None or item.indent == 0
                                                         or b.innermost(Kind.STEP)):
            _item(b, n, item)
        elif indent_of(line) > 0 and (holder := b.innermost(Kind.ITEM, Kind.STEP)) is not None:
            b.close_past(holder)  # an indented follow-on paragraph
            b.add(Kind.PARAGRAPH, n, fields={"body": text})
        elif looks_like_heading(line) and not following.startswith((" ", "\t")):
            _close_to_block(b)
            while b.top.id in captions:  # a caption names what follows it, up to the next
                b.close()  # caption: never one more level each (100 short lines crashed the aids)
            level = b.top.attrs.get("level", 1) + 1 if b.top.kind == Kind.SECTION else 3
            captions.add(b.add(Kind.SECTION, n, attrs={"level": level}, fields={"title": text},
                               open=True).id)
        elif text.endswith(":") and NUMBERED.match(following):
            b.close_for(Kind.PROCEDURE, also_close=_LISTY)
            b.add(Kind.PROCEDURE, n, fields={"body": text}, open=True)
        else:
            b.close_for(Kind.PARAGRAPH, also_close=_LISTY)
            title, body = split_run_in(text)
            b.add(Kind.PARAGRAPH, n, fields={"title": title, "body": body})
    return b.finish()


def _heading(b: TreeBuilder, n: int, text: str) -> None:
    if (numbered := NUMBERED_HEADING.match(text)) is not None:
        b.add_rule(n, numbered["number"], numbered["title"].strip(), "{number} {title} #")
        return
    while len(b.stack) > 1 and not (b.top.kind == Kind.SECTION and b.top.attrs.get("number")):
        b.close()
    if (action := ACTION_HEADING.match(text)) is not None:
        cost = action["cost"].strip()  # "1c per Province": the notation, and words of the text's language
        b.add(Kind.ACTION, n, attrs={"cost": cost},
              fields={"title": action["title"].strip(), "cost": cost}, open=True)
    else:
        b.add(Kind.SECTION, n, attrs={"level": b.top.attrs.get("level", 0) + 1},
              fields={"title": text}, open=True)


def _close_to_block(b: TreeBuilder) -> None:
    """Close lists, procedures and notes: what follows stands in the enclosing action or section."""
    while len(b.stack) > 1 and b.top.kind not in (Kind.ACTION, Kind.SECTION):
        b.close()


def _item(b: TreeBuilder, n: int, item) -> None:
    fields = {"title": item.title, "body": item.body}
    if item.number is None:  # a bullet
        if (listed := b.innermost(Kind.LIST)) is not None and listed.attrs.get("marker") == item.marker:
            b.close_past(listed)
        else:
            b.close_for(Kind.LIST, also_close=_LISTY)
            b.add(Kind.LIST, None, attrs={"marker": item.marker}, open=True)
        b.add(Kind.ITEM, n, attrs={"marker": item.marker}, fields=fields, open=True)
        return
    if item.lettered:
        step = next((u for u in reversed(b.stack) if u.kind == Kind.STEP
                     and u.attrs["number"].isdigit()), None)
        if step is not None:
            b.close_past(step)
            b.add(Kind.STEP, n, number=item.number, fields=fields, indent=item.indent, open=True)
            return
    procedure = b.innermost(Kind.PROCEDURE)
    if procedure is None:
        b.close_for(Kind.PROCEDURE, also_close=(Kind.LIST, Kind.ITEM))
        procedure = b.add(Kind.PROCEDURE, None, open=True)
    b.close_past(procedure)
    b.add(Kind.STEP, n, number=item.number, fields=fields, open=True)


def side_fields(unit: Unit, text: str) -> dict[str, Any]:
    """A translated side's fields, read with the patterns the source is parsed with."""
    lines = text_lines(text)
    first = lines[0].strip() if lines else ""
    heading = HEADING.match(first)
    bare = heading["text"] if heading else first  # the page's anchor sign is no part of a title
    if unit.kind == Kind.ACTION:
        action = ACTION_HEADING.match(bare)
        return {"title": action["title"].strip() if action else bare,
                "cost": action["cost"].strip() if action else None}
    if unit.kind in (Kind.SECTION, Kind.DOCUMENT):
        return common_fields(unit, bare)
    if unit.kind == Kind.NOTE and unit.attrs.get("role") == "optional-rule":
        optional = OPTIONAL_RULE.match(first)  # else in the translation's words: "Label N: Title"
        return {"title": optional["title"].strip() if optional else split_run_in(first)[1]}
    return common_fields(unit, text)
