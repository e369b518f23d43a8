"""A translated side's fields: the read stage of a translation, done by the parsers.

A translator writes a unit's text in the same shape as the source line ("3. Бросок кости: …",
"Declare War (1c) #"); the unit's kind says which shape, and its language-independent facts
(number, cost) stay those of the source unit. Each parser reads the kinds only its format has
with the patterns it parses the source with (``side_fields`` in its module) and hands every
other kind to :func:`common_fields`, which reads them with the line shapes all formats share
(:mod:`.lines`), as the parsers do. :func:`translated_side` is what the attach stage is given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.characters import Shaped
from ..core.model import Document, Kind, Side, Unit
from .line_shapes import EXAMPLE, FOOTNOTE, NOTE, item_marker, match_item, split_run_in, split_title, table_cells

#: a format's reader of a translated side: (unit, text) -> fields
FieldReader = Callable[[Unit, str], dict[str, Any]]


def translated_side(readers: dict[str, FieldReader], document: Document, unit: Unit, text: str,
                    path: str, line_start: int, line_end: int) -> Side:
    """``unit``'s side in a translation: ``text`` read by ``document``'s parser, in its
    structural form (pipeline/core/characters.py), its fields as the translation writes them."""
    shaped = Shaped(text)
    return Side(text, path, line_start, line_end,
                shaped.written_fields(readers[document.parser](unit, shaped.text)),
                marker=item_marker(shaped.text.split("\n", 1)[0]))


def text_lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def common_fields(unit: Unit, text: str) -> dict[str, Any]:
    """The side fields of the kinds every format writes alike, read from translated ``text``."""
    lines = text_lines(text)
    first = lines[0].strip() if lines else ""
    kind = unit.kind
    title: str | None  # a run-in title may be absent
    if kind in (Kind.SECTION, Kind.DOCUMENT):
        number = unit.attrs.get("number")
        title = first[len(number):].lstrip(". ") if number and first.startswith(number) else first
        return {"title": title}
    if kind in (Kind.PHASE, Kind.OCCURRENCE, Kind.ACTION):
        return {"title": first.rstrip(":")}
    if kind in (Kind.STEP, Kind.EFFECT, Kind.ITEM, Kind.PRECONDITION):
        item = match_item(lines[0]) if lines else None
        title, body = (item.title, item.body) if item else split_title(first)
        if kind == Kind.PRECONDITION:
            return {"body": f"{title}: {body}".strip(": ") if title else body}
        return present(title=title, body=body)
    if kind in (Kind.MODIFIER,):
        return {"body": first}
    if kind in (Kind.MODIFIERS, Kind.PROCEDURE, Kind.LIST):
        # A label ("Ограничения:"), a title ("Процедура …") or an introducing sentence: the
        # translation says the same kind of thing as the source side it translates.
        if "title" in unit.side().fields:
            return {"title": first.rstrip(":").strip() if kind == Kind.LIST else first}
        return {"body": first}
    if kind == Kind.NOTE:
        match = NOTE.match(first)
        if match:
            return {"title": match["title"], "body": match["rest"].strip()}
        title, body = split_title(first)
        return present(title=title, body=body)
    if kind == Kind.EXAMPLE:
        match = EXAMPLE.match(first)
        return {"title": match["title"], "body": match["rest"].strip()} if match else {"body": first}
    if kind == Kind.FOOTNOTE:
        match = FOOTNOTE.match(first)
        return {"body": match["rest"] if match else first}
    if kind == Kind.TABLE:
        return {"header": table_cells(first)}
    if kind == Kind.ROW:
        return {"cells": table_cells(first)}
    title, body = split_run_in(" ".join(line.strip() for line in lines))
    return present(title=title, body=body)


def present(**fields: Any) -> dict[str, Any]:
    return {name: value for name, value in fields.items() if value is not None}
