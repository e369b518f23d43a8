"""Parser for event decks in the Risto's Events format (Europa Universalis).

Shape of the text: a ``Period I (1492-1519)`` heading, an introduction with die-roll modifiers,
then events. An event is a header line ``8. REFORMATION (3) (historical date: 1522-60)`` (with
``:`` or ``.`` after the number), a ``(duration: ...)`` line, numbered preconditions, and phase
blocks (``EVENTS PHASE:``) holding numbered effects with lettered sub-effects; an event that
occurs more than once splits into ``FIRST EVENT:`` / ``SECOND EVENT:`` occurrences. Blank
lines separate blocks; a line that follows another without a blank line continues it.

:func:`side_fields` reads a translated side with the same patterns (a Russian event card keeps
the shape: ``8. РЕФОРМАЦИЯ (3) (историческая дата: 1522-60)``, ``(длительность: …)``).
"""

from __future__ import annotations

import re
from typing import Any

from ..core.errors import FolioError
from ..core.model import Document, Kind, Unit
from ..read.reader import Source
from .builder import TreeBuilder
from .line_shapes import indent_of, is_blank, is_upper_title, looks_like_heading, match_item, structural_lines
from .translated import common_fields, present, text_lines

# Blanks are taken whole (`*+`, `++`), and a group that blanks follow ends in a character that
# is not one: no pattern backtracks over a run of blanks (parsers/lines.py).
PERIOD = re.compile(r"^Period[ \t]++(?P<period>[IVXL]+)[ \t]*+(?:\((?P<years>[^)]*)\)[ \t]*+)?$")
EVENT = re.compile(r"^(?P<number>\d{1,3})(?P<sep>[:.])[ \t]++(?P<title>\S(?:.*?\S)?)"
                   r"(?:[ \t]++\((?P<marker>\d|\*)\))?[ \t]++\((?P<date>[^()]*)\)[ \t]*+$")
#: the duration line and the historical date, in the source's words or a translation's
DURATION = re.compile(r"^\((?:duration|длительность|продолжительность)[ \t]*+:[ \t]*+(?P<duration>.*)\)"
                      r"[ \t]*+$", re.IGNORECASE)
OCCURRENCE = re.compile(r"^(?P<ordinal>FIRST|SECOND|THIRD|FOURTH|FIFTH)[ \t]++EVENT[ \t]*+:[ \t]*+$")
#: a block line (``EVENTS PHASE:``, ``FRANCE (if at war):``); the source writes its title in
#: capitals, a translation in its own
BLOCK = re.compile(r"^(?P<title>[^()]*[^()\s])[ \t]*+(?:\((?P<qualifier>[^)]*)\)[ \t]*+)?:[ \t]*+$")
CAPITALS = re.compile(r"[A-Z][A-Z '/-]*[A-Z]")
MODIFIER = re.compile(r"^(?P<value>[-+–−]\d+)[ \t]++(?P<body>\S.*)$")
HISTORICAL_DATE = re.compile(r"^(?:historical date|историческая дата)[ \t]*+:[ \t]*+(?P<date>.*)$",
                             re.IGNORECASE)

ORDINALS = {"FIRST": 1, "SECOND": 2, "THIRD": 3, "FOURTH": 4, "FIFTH": 5}
#: Phase blocks that stand directly in an event; any other capitalised block (`FRANCE:`)
#: is a sub-block of the phase block it follows.
TOP_LEVEL_BLOCK = re.compile(r"(PHASE|EFFECTS|CONSEQUENCES|TURNS)$|^THE END\b")
BLOCK_KEYS = {"THE END AND POSSIBLE RECURRENCE OF THE EVENT": "end-and-recurrence"}
_CLOSED_BY_BLANK = (Kind.EFFECT, Kind.PRECONDITION, Kind.MODIFIERS, Kind.LIST, Kind.ITEM)


def parse(document: Document, source: Source) -> list[Unit]:
    b = TreeBuilder(document, source)
    lines = structural_lines(source.lines)
    rulebook = document.rulebook
    period: str | None = None
    previous_blank = True
    previous: Unit | None = None  # the unit that took the previous non-blank line

    for n, line in enumerate(lines, 1):
        if is_blank(line):
            previous_blank = True
            continue
        text = line.strip()
        following = lines[n] if n < len(lines) else ""

        if previous is None and looks_like_heading(line) and is_blank(following) \
                and not EVENT.match(line) and not PERIOD.match(line):
            unit = b.take_title(n)
        elif (match := PERIOD.match(line)) is not None:
            b.close_to(Kind.DOCUMENT)
            period = match["period"]
            unit = b.add(Kind.SECTION, n, absolute_id=f"{rulebook}:period-{period}", open=True,
                         attrs={"period": period, "years": match["years"], "level": 1},
                         fields={"title": text})
        elif (match := EVENT.match(line)) is not None and is_upper_title(match["title"]):
            if period is None:
                raise FolioError("an event comes before any 'Period N' heading", source.path, n)
            b.close_to(Kind.SECTION, Kind.DOCUMENT)
            unit = _event(b, n, match, period)
        elif (match := DURATION.match(line)) is not None and previous is not None \
                and previous.kind == Kind.EVENT and b.top is previous:
            b.extend(previous, n)
            b.set_field(previous, "duration", match["duration"].strip())
            unit = previous
        elif (match := OCCURRENCE.match(line)) is not None:
            event = b.innermost(Kind.EVENT)
            if event is None:
                raise FolioError(f"{text!r} outside any event", source.path, n)
            b.close_past(event)
            ordinal = ORDINALS[match["ordinal"]]
            unit = b.add(Kind.OCCURRENCE, n, segment=f"occ-{ordinal}", attrs={"ordinal": ordinal},
                         fields={"title": text.rstrip(":").strip()}, open=True)
        elif (match := BLOCK.match(line)) is not None and CAPITALS.fullmatch(match["title"]):
            unit = _block(b, n, match)
        elif (match := MODIFIER.match(line)) is not None:
            if b.top.kind != Kind.MODIFIERS:
                b.add(Kind.MODIFIERS, None, open=True)
            unit = b.add(Kind.MODIFIER, n, attrs={"value": int(match["value"].replace("–", "-")
                                                                .replace("−", "-"))},
                         fields={"body": match["body"].strip()})
        elif (item := match_item(line)) is not None and item.number is not None \
                and b.innermost(Kind.EVENT) is not None:
            unit = _effect(b, n, line, item, previous_blank)
        elif MODIFIER.match(following):
            unit = b.add(Kind.MODIFIERS, n, fields={"body": text}, open=True)
        else:
            unit = _paragraph(b, n, line, previous_blank)
        previous, previous_blank = unit, False
    return b.finish()


def _event(b: TreeBuilder, n: int, match: re.Match[str], period: str) -> Unit:
    marker = match["marker"]
    attrs: dict = {"period": period, "heading_style": match["sep"]}
    if marker:
        attrs["occurrence_marker"] = f"({marker})"
    if marker is None or marker.isdigit():
        attrs["occurrences"] = int(marker or 1)
    return b.add(Kind.EVENT, n, absolute_id=f"{b.document.rulebook}:{match['number']}:{period}",
                 number=match["number"], attrs=attrs, fields=_event_fields(match), open=True)


def _event_fields(match: re.Match[str]) -> dict[str, Any]:
    date = match["date"].strip()
    historical = HISTORICAL_DATE.match(date)
    return {"title": match["title"].strip(),
            "historical_date": historical["date"].strip() if historical else None,
            "date_note": None if historical else date}


def side_fields(unit: Unit, text: str) -> dict[str, Any]:
    """A translated side's fields, read with the patterns the source is parsed with."""
    lines = [line.strip() for line in text_lines(text)]
    first = lines[0] if lines else ""
    if unit.kind == Kind.EVENT:
        match = EVENT.match(first)
        fields = present(**_event_fields(match)) if match else {}
        for line in lines[1:]:
            if (duration := DURATION.match(line)) is not None:
                fields["duration"] = duration["duration"].strip()
        return fields
    if unit.kind in (Kind.PHASE, Kind.OCCURRENCE):
        match = BLOCK.match(first)
        if match is None:
            return {"title": first.rstrip(":")}
        qualifier = match["qualifier"] if unit.kind == Kind.PHASE else None
        return present(title=match["title"].strip(), qualifier=qualifier or None)
    if unit.kind == Kind.MODIFIER:
        match = MODIFIER.match(first)
        return {"body": match["body"] if match else first}
    return common_fields(unit, text)


def _block(b: TreeBuilder, n: int, match: re.Match[str]) -> Unit:
    title = match["title"].strip()
    key = BLOCK_KEYS.get(title) or re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    fields = {"title": title, "qualifier": match["qualifier"]}
    if not TOP_LEVEL_BLOCK.search(title):
        outer = next((u for u in b.stack if u.kind == Kind.PHASE), None)
        if outer is not None:
            b.close_past(outer)
            return b.add(Kind.PHASE, n, segment=key, attrs={"key": key}, fields=fields, open=True)
    container = b.innermost(Kind.OCCURRENCE, Kind.EVENT)
    if container is None:
        raise FolioError(f"phase block {title!r} outside any event", b.source.path, n)
    b.close_past(container)
    return b.add(Kind.PHASE, n, segment=key, attrs={"key": key}, fields=fields, open=True)


def _effect(b: TreeBuilder, n: int, line: str, item, previous_blank: bool) -> Unit:
    fields = {"title": item.title, "body": item.body}
    if item.lettered:
        parent = next((u for u in reversed(b.stack) if u.kind in (Kind.EFFECT, Kind.PRECONDITION)
                       and u.attrs["number"].isdigit()), None)
        if parent is not None:
            b.close_past(parent)
            return b.add(Kind.EFFECT, n, number=item.number, fields=fields, indent=item.indent, open=True)
        return _paragraph(b, n, line, previous_blank)
    container = b.innermost(Kind.PHASE, Kind.OCCURRENCE, Kind.EVENT)
    if container is None:  # an item before any event: a paragraph, as a lettered one without its effect
        return _paragraph(b, n, line, previous_blank)
    b.close_past(container)
    if container.kind == Kind.PHASE:
        return b.add(Kind.EFFECT, n, number=item.number, fields=fields, indent=item.indent, open=True)
    return b.add(Kind.PRECONDITION, n, number=item.number, fields={"body": item.body if not item.title
                 else f"{item.title}: {item.body}".rstrip(": ")}, indent=item.indent, open=True)


def _paragraph(b: TreeBuilder, n: int, line: str, previous_blank: bool) -> Unit:
    if previous_blank:
        while b.top.kind in _CLOSED_BY_BLANK or (
                b.top.kind == Kind.PHASE and b.stack[-2].kind == Kind.PHASE):
            b.close()
    else:
        # A line run on without a blank line continues the innermost unit it is not indented
        # less than: a flush-left line after indented sub-effects continues the numbered effect.
        indent = indent_of(line)
        while b.top.kind in _CLOSED_BY_BLANK and b.indent.get(b.top.id, 0) > indent:
            b.close()
    if b.top.kind == Kind.LIST:
        b.close()
    return b.add(Kind.PARAGRAPH, n, fields={"body": line.strip()})
