"""Aid 1: Risto's Events, Period I, one card per event, and the period's event die modifiers.

The modifiers are the ones the rules module applies (``eu-risto.event-die.mod.*``), with the
values of the facts; each card is its event's units, compact, with the occurrence count the
rules module reads where the text gives one.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations

from ...core.model import Kind
from ...render.aids import pack
from ...render.aids.printed_lines import lines
from ...render.aids.sheet import Line, Sheet, Text, stating

PERIOD = "eu-risto:period-I"
#: an event printing more characters than this is cut into cards of about that size each, at
#: its top-level blocks (its occurrences), "card 1 of 2": at 8 pt a card must stay shorter than
#: a page (Letter's is the shortest, 253 mm), even at the page's width (pack.py), to be cut out
#: whole. Wars in Italy (4:I) prints 7,800 in English, 8,400 in Russian; the Reformation (8:I)
#: 4,100 and 4,300, 256 mm at A4's width in Russian.
CARD_MAX = 4000
#: a card's line printing more than this many characters is printed as blocks (its own words,
#: then each of its children): the blocks a card cut out at a page's width balances in two columns
BLOCK_MAX = 300


@dataclass
class Modifier:
    value: str  # −1, as typeset
    condition: Text | None
    fact: str


@dataclass
class Card:
    id: str
    number: str  # 8:I
    title: Text | None
    date: Text | None
    date_is_historical: bool
    duration: Text | None
    occurrences: str | None  # "occurs 3 times", from the fact the rules module reads
    marker: str | None  # an occurrence marker the text gives without a count: (*)
    preconditions: list[Line] = field(default_factory=list)
    blocks: list[Line] = field(default_factory=list)
    part: str | None = None  # "card 1 of 2", for an event printed on several cards

    @property
    def flat(self) -> list[Block]:
        """The blocks as printed, in order: the long lines' children each a block of its own."""
        return [block for line in self.blocks for block in _flatten(line, 0)]


@dataclass
class Block:
    line: Line  # its children printed with it, or (a long line's own words) none
    depth: int  # how far it is indented: its line's depth under the card


def _flatten(line: Line, depth: int) -> list[Block]:
    if not line.children or _size([line]) <= BLOCK_MAX:
        return [Block(line, depth)]
    return [Block(replace(line, children=[]), depth)] + [
        block for child in line.children for block in _flatten(child, depth + 1)]


def events(sheet: Sheet) -> dict:
    dice = sheet.fact("eu-risto.event-die.dice")
    ends = sheet.fact("eu-risto.event-die.ends")
    end, unstated = stating(sheet.text(ends.unit), ends)
    modifiers = [Modifier(sheet.signed(sheet.number(fact.id)), sheet.text(fact.unit), fact.id)
                 for fact in sheet.group("eu-risto.event-die.mod") if fact.type == "number"]
    return {"period": sheet.text(PERIOD, "title"),
            "modifiers_intro": sheet.text(dice.unit),
            "modifiers": modifiers,
            "modifiers_end": end,
            # a sentence of its own only where the text does not say it already
            "modifiers_end_period": sheet.gettext("From period %(period)s on, none of these apply.")
            % {"period": ends.value} if unstated else None,
            "card_width": f"{pack.NARROW_MM:g}", "wide_card_width": f"{pack.WIDE_MM:g}",
            "cards": [part for event in sheet.children(PERIOD, Kind.EVENT)
                      for part in _parts(sheet, _card(sheet, event.id))]}


def _parts(sheet: Sheet, card: Card) -> list[Card]:
    """The card, or the cards it is cut into at its blocks, each under about CARD_MAX: cut where
    the largest part is the smallest."""
    total = _size(card.preconditions) + _size(card.blocks)
    if total <= CARD_MAX or len(card.blocks) < 2:
        return [card]
    count = min(len(card.blocks), -(-total // CARD_MAX))
    sizes = [_size([block]) for block in card.blocks]
    sizes[0] += _size(card.preconditions)
    cuts = min(combinations(range(1, len(sizes)), count - 1),
               key=lambda cut: max(sum(sizes[a:b]) for a, b in zip((0, *cut), (*cut, len(sizes)), strict=True)))
    groups = [card.blocks[a:b] for a, b in zip((0, *cuts), (*cuts, len(sizes)), strict=True)]
    return [replace(card, id=card.id if n == 0 else f"{card.id}/card-{n + 1}",
                    preconditions=card.preconditions if n == 0 else [], blocks=group,
                    part=sheet.gettext("card %(part)d of %(parts)d") % {"part": n + 1, "parts": len(groups)})
            for n, group in enumerate(groups)]


def _card(sheet: Sheet, event_id: str) -> Card:
    event = sheet.unit(event_id)
    number, period = event.attrs["number"], event.attrs["period"]
    count_id = f"eu-risto.occurrences.{number}"
    count = sheet.number(count_id) if count_id in sheet.facts else event.attrs.get("occurrences")
    date = sheet.text(event_id, "historical_date")
    card = Card(event_id, f"{number}:{period}", sheet.text(event_id, "title"),
                date or sheet.text(event_id, "date_note"), date is not None,
                sheet.text(event_id, "duration"),
                sheet.ngettext("occurs %(num)d time", "occurs %(num)d times", count) if count else None,
                None if count else event.attrs.get("occurrence_marker"))
    for line in lines(sheet, event_id):
        (card.preconditions if line.kind == Kind.PRECONDITION else card.blocks).append(line)
    return card


def _size(printed: list[Line]) -> int:
    return sum(len(line.title.value if line.title else "") + len(line.body.value if line.body else "")
               + _size(line.children) for line in printed)
