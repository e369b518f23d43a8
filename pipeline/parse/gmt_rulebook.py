"""Parser for GMT-style rulebook texts (Here I Stand, Virgin Queen), as translated into Russian.

Shape of the text: one paragraph per line and no blank lines. Numbered rules (``21.4. Франция``,
``10. ВЕСЕННЕЕ РАЗВЕРТЫВАНИЕ``, ``11.1 Акции``), unnumbered sub-headings (short lines with no
final punctuation), procedures (a heading followed by steps ``1. Short title: body``), bullet
lists (``·``/``•``) with an optional label line (``Ограничения:``), lists of exceptions introduced
by a sentence ending in a colon, pipe tables, worked examples (``ПРИМЕР:``) and notes
(``ИСКЛЮЧЕНИЕ:``).
"""

from __future__ import annotations

import re
from typing import Any

from ..core.model import Document, Kind, RowProblem, Unit
from ..read.reader import Source
from .builder import TreeBuilder
from .line_shapes import (
    BULLET,
    EXAMPLE,
    LABEL,
    NOTE,
    NOTE_ROLES,
    NUMBERED,
    RULE_NUMBER,
    TABLE_ROW,
    is_blank,
    is_upper_title,
    looks_like_heading,
    match_item,
    split_run_in,
    structural_lines,
    table_cells,
    word_count,
)
from .translated import common_fields, text_lines

#: blanks taken whole, and the title ends in a character that is not one (lines.py)
SECTION = re.compile(rf"^(?P<number>{RULE_NUMBER})(?P<dot>\.?)[ \t]++(?P<title>\S(?:.*\S)?)[ \t]*+$")
#: list roles named by the words that introduce the list
LIST_ROLES = (("исключени", "exceptions"), ("exception", "exceptions"),
              ("ограничени", "restrictions"), ("restriction", "restrictions"))
#: a heading run into the text that follows it: lower-case words, then a capitalised sentence
RUN_ON_HEADING = re.compile(r"^(?P<title>\S+(?: [^\s.:;!?]+){1,7}?) (?P<body>[А-ЯЁA-Z][^.]*\b.*)$")


def parse(document: Document, source: Source) -> list[Unit]:
    b = TreeBuilder(document, source)
    lines = structural_lines(source.lines)
    if document.continues:
        number = document.continues
        b.add(Kind.SECTION, None, absolute_id=f"{document.rulebook}:{number}", open=True,
              attrs={"number": number, "level": number.count(".") + 1, "continued": True})

    for n, line in enumerate(lines, 1):
        after = [x for x in lines[n:n + 4] if not is_blank(x)][:2]  # the next two lines with text
        if is_blank(line):
            b.close_for(Kind.PARAGRAPH, also_close=(Kind.TABLE,))
        elif TABLE_ROW.match(line):
            _table_row(b, n, line)
        elif (section := _numbered_heading(line)) is not None:
            _section(b, n, section)
        elif LABEL.match(line) and after and (bullet := BULLET.match(after[0])):
            _list(b, n, marker=bullet["marker"], label=line)
        elif looks_like_heading(line) and after:
            if any(_is_step(x) for x in after[:2]) and not _is_step(line):
                b.close_for(Kind.PROCEDURE, also_close=(Kind.PROCEDURE, Kind.STEP, Kind.LIST,
                                                        Kind.TABLE))
                b.add(Kind.PROCEDURE, n, fields={"title": line.strip()}, open=True)
            else:
                _subheading(b, n, line)
        elif (match := EXAMPLE.match(line.strip())) is not None:
            _example(b, n, match["title"], match["rest"])
        elif (match := NOTE.match(line.strip())) is not None:
            b.close_for(Kind.NOTE, also_close=(Kind.LIST, Kind.TABLE))
            b.add(Kind.NOTE, n, attrs={"role": NOTE_ROLES.get(match["title"].lower(), "note")},
                  fields={"title": match["title"], "body": match["rest"].strip()})
        elif (item := match_item(line)) is not None:
            _item(b, n, item)
        elif line.rstrip().endswith(":") and after and (numbered := NUMBERED.match(after[0])) \
                and numbered["number"] == "1" and (procedure := b.innermost(Kind.PROCEDURE)) \
                and b.has_child(procedure, Kind.STEP):
            # "Существует три исключения из общего порядка:" then 1., 2., 3. after the steps:
            # a list belonging to the procedure, not more text of its last step.
            b.close_past(procedure)
            _list(b, n, marker="1.", label=line)
        else:
            b.close_for(Kind.PARAGRAPH, also_close=(Kind.TABLE,))
            title, body = split_run_in(line)
            b.add(Kind.PARAGRAPH, n, fields={"title": title, "body": body})
    return b.finish()


def _numbered_heading(line: str) -> re.Match[str] | None:
    match = SECTION.match(line)
    if not match:
        return None
    number, title = match["number"], match["title"]
    if "." not in number and not is_upper_title(title):
        return None  # "1. Открытие карты: ..." is a step, not rule 1
    if ":" in title or title[-1] in ".;,!?" or word_count(title) > 10:
        return None
    return match


def _is_step(line: str) -> bool:
    item = match_item(line)
    return item is not None and item.number is not None and item.title is not None


def _section(b: TreeBuilder, n: int, match: re.Match[str]) -> None:
    b.add_rule(n, match["number"], match["title"], f"{{number}}{match['dot']} {{title}}")


def _subheading(b: TreeBuilder, n: int, line: str) -> None:
    while len(b.stack) > 1 and not (b.top.kind == Kind.SECTION and b.top.attrs.get("number")):
        b.close()
    level = b.top.attrs.get("level", 0) + 1
    b.add(Kind.SECTION, n, attrs={"level": level}, fields={"title": line.strip()}, open=True)


def _table_row(b: TreeBuilder, n: int, line: str) -> None:
    cells = table_cells(line)
    if b.top.kind != Kind.TABLE:
        b.close_for(Kind.TABLE, also_close=(Kind.LIST,))
        b.add(Kind.TABLE, n, attrs={"columns": len(cells)}, fields={"header": cells}, open=True)
        return
    columns = b.top.attrs["columns"]
    if len(cells) == 1 and (example := EXAMPLE.match(cells[0])):
        _example(b, n, example["title"], example["rest"], embedded_in="table-row")
        return
    problem = (RowProblem.EMPTY if not cells else RowProblem.CELL_COUNT if len(cells) != columns else None)
    attrs: dict[str, bool | str] = {"malformed": problem is not None}
    if problem is not None:
        attrs["problem"] = problem.value  # attrs hold plain JSON values; RowProblem(...) reads it back
    if problem == RowProblem.CELL_COUNT:
        attrs["header_cells"] = columns
    b.add(Kind.ROW, n, attrs=attrs, fields={"cells": cells})


def _example(b: TreeBuilder, n: int, word: str, rest: str, embedded_in: str | None = None) -> None:
    if embedded_in is None:
        b.close_for(Kind.EXAMPLE, also_close=(Kind.LIST, Kind.TABLE))
    b.add(Kind.EXAMPLE, n, attrs={"embedded_in": embedded_in}, fields=_example_fields(word, rest))


def _example_fields(word: str, rest: str) -> dict[str, str]:
    title, body = word, rest.strip()
    run_on = RUN_ON_HEADING.match(f"{word} {body}") if word[1:].islower() else None
    if run_on:  # "Пример зимнего возвращения войск домой В этот ход ..."
        title, body = run_on["title"], run_on["body"]
    return {"title": title, "body": body}


def side_fields(unit: Unit, text: str) -> dict[str, Any]:
    """A translated side's fields, read with the patterns the source is parsed with."""
    if unit.kind == Kind.EXAMPLE:
        first = text_lines(text)[0].strip() if text_lines(text) else ""
        cells = table_cells(first) if TABLE_ROW.match(first) else [first]
        example = EXAMPLE.match(cells[0]) if len(cells) == 1 else None  # one in a table's row, too
        if example is not None:
            return _example_fields(example["title"], example["rest"])
    return common_fields(unit, text)


def _list(b: TreeBuilder, n: int, marker: str, label: str) -> None:
    b.close_for(Kind.LIST, also_close=(Kind.LIST, Kind.TABLE))
    lowered = label.lower()
    role = next((r for word, r in LIST_ROLES if word in lowered), None)
    text = label.strip()
    is_label = bool(LABEL.match(label)) and word_count(text) <= 4
    b.add(Kind.LIST, n, attrs={"marker": marker, "role": role}, open=True,
          fields={"title": text.rstrip(":").strip() if is_label else None,
                  "body": None if is_label else text})


def _item(b: TreeBuilder, n: int, item) -> None:
    procedure = b.innermost(Kind.PROCEDURE)
    in_list = b.top.kind == Kind.LIST
    if item.number is None:  # a bullet
        if not (in_list and b.top.attrs.get("marker") == item.marker):
            b.close_for(Kind.LIST, also_close=(Kind.LIST, Kind.TABLE))
            b.add(Kind.LIST, None, attrs={"marker": item.marker}, open=True)
        b.add(Kind.ITEM, n, attrs={"marker": item.marker},
              fields={"title": item.title, "body": item.body})
        return
    if in_list and b.top.attrs.get("marker") in ("1.", "numbered"):
        b.add(Kind.ITEM, n, number=item.number, attrs={"marker": item.marker},
              fields={"title": item.title, "body": item.body})
        return
    if item.title is not None or procedure is not None:
        if procedure is None:
            b.close_for(Kind.PROCEDURE, also_close=(Kind.LIST, Kind.TABLE, Kind.STEP))
            procedure = b.add(Kind.PROCEDURE, None, open=True)
        b.close_past(procedure)
        b.add(Kind.STEP, n, number=item.number, fields={"title": item.title, "body": item.body},
              open=True)
        return
    b.close_for(Kind.LIST, also_close=(Kind.TABLE,))
    if b.top.kind != Kind.LIST:
        b.add(Kind.LIST, None, attrs={"marker": "1."}, open=True)
    b.add(Kind.ITEM, n, number=item.number, attrs={"marker": item.marker},
          fields={"title": item.title, "body": item.body})
