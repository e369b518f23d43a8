"""The language-specific fields of a translated side, read from its text.

A translator writes a unit's text in the same shape as the source line ("3. Бросок кости: …",
"Declare War (1c) #"); the unit's kind says which shape, and its language-independent facts
(number, cost) stay those of the source unit. This is the read stage for translations, the
counterpart of a parser, so renderers still never look at raw text.
"""

from __future__ import annotations

import re
from typing import Any

from ..model import Kind, Unit
from ..parsers.lines import (EXAMPLE, FOOTNOTE, NOTE, match_item, split_run_in, split_title,
                             table_cells)

_EVENT = re.compile(r"^\d{1,3}[:.]\s+(?P<title>.+?)(?:\s+\((?:\d|\*)\))?\s+\((?P<date>[^()]*)\)\s*$")
_DATE = re.compile(r"^(?:historical date|историческая дата)\s*:\s*(?P<date>.*)$", re.IGNORECASE)
_DURATION = re.compile(r"^\((?:duration|длительность|продолжительность)\s*:\s*(?P<d>.*)\)\s*$",
                       re.IGNORECASE)
_BLOCK = re.compile(r"^(?P<title>[^()]+?)\s*(?:\((?P<qualifier>[^)]*)\))?\s*:\s*$")
_ACTION = re.compile(r"^(?P<title>.+?)\s*\([^()]+\)\s*#?\s*$")
_MODIFIER = re.compile(r"^[-+–−]\d+\s+(?P<body>.*)$")


def fields_of(unit: Unit, text: str) -> dict[str, Any]:
    """The side fields of ``unit``'s kind, read from translated ``text``."""
    lines = [line for line in text.split("\n") if line.strip()]
    first = lines[0].strip() if lines else ""
    kind = unit.kind
    if kind == Kind.EVENT:
        return _event(lines)
    if kind in (Kind.SECTION, Kind.DOCUMENT):
        number = unit.attrs.get("number")
        title = re.sub(r"\s+#$", "", first)
        if number and title.startswith(number):
            title = title[len(number):].lstrip(". ")
        return {"title": title}
    if kind == Kind.ACTION:
        match = _ACTION.match(first)
        return {"title": match["title"] if match else first}
    if kind in (Kind.PHASE, Kind.OCCURRENCE):
        match = _BLOCK.match(first)
        if not match:
            return {"title": first.rstrip(":")}
        fields = {"title": match["title"].strip()}
        if kind == Kind.PHASE and match["qualifier"]:
            fields["qualifier"] = match["qualifier"]
        return fields
    if kind in (Kind.STEP, Kind.EFFECT, Kind.ITEM, Kind.PRECONDITION):
        item = match_item(lines[0]) if lines else None
        title, body = (item.title, item.body) if item else split_title(first)
        if kind == Kind.PRECONDITION:
            return {"body": f"{title}: {body}".strip(": ") if title else body}
        return _present(title=title, body=body)
    if kind == Kind.MODIFIER:
        match = _MODIFIER.match(first)
        return {"body": match["body"] if match else first}
    if kind in (Kind.MODIFIERS, Kind.PROCEDURE, Kind.LIST):
        # A label ("Ограничения:"), a title ("Процедура …") or an introducing sentence: the
        # translation says the same kind of thing as the source side it translates.
        source_fields = unit.side().fields
        if "title" in source_fields:
            return {"title": first.rstrip(":").strip() if kind == Kind.LIST else first}
        return {"body": first}
    if kind == Kind.NOTE:
        match = NOTE.match(first)
        if match:
            return {"title": match["title"], "body": match["rest"].strip()}
        title, body = split_title(first)
        return _present(title=title, body=body)
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
    return _present(title=title, body=body)


def _event(lines: list[str]) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    match = _EVENT.match(lines[0].strip()) if lines else None
    if match:
        fields["title"] = match["title"].strip()
        date = _DATE.match(match["date"].strip())
        if date:
            fields["historical_date"] = date["date"].strip()
        else:
            fields["date_note"] = match["date"].strip()
    for line in lines[1:]:
        duration = _DURATION.match(line.strip())
        if duration:
            fields["duration"] = duration["d"].strip()
    return fields


def _present(**fields: Any) -> dict[str, Any]:
    return {name: value for name, value in fields.items() if value is not None}
