"""Aid 1: Risto's Events, Period I, one card per event, and the period's event die modifiers.

The modifiers are the ones the rules module applies (``eu-risto.event-die.mod.*``), with the
values of the facts; each card is its event's units, compact, with the occurrence count the
rules module reads where the text gives one.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..model import Kind
from .lines import lines
from .sheet import Line, Sheet, Text

PERIOD = "eu-risto:period-I"
#: a card printing more characters than the first sets its phases in two columns; an event
#: printing more than the second is cut into cards of about that size each, at its top-level
#: blocks (its occurrences), "card 1 of 2": at 8 pt a card must stay shorter than a page
#: (Letter's is the shortest) to be cut out whole. Wars in Italy (4:I) prints 7,800.
LONG_CARD, CARD_MAX = 2500, 4500


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
    def size(self) -> str:
        """"" or "long": how the card is set."""
        return "long" if _size(self.preconditions) + _size(self.blocks) > LONG_CARD else ""


def events(sheet: Sheet) -> dict:
    dice = sheet.fact("eu-risto.event-die.dice")
    ends = sheet.fact("eu-risto.event-die.ends")
    modifiers = [Modifier(sheet.signed(fact.value), sheet.text(fact.unit), fact.id)
                 for fact in sheet.group("eu-risto.event-die.mod") if fact.type == "number"]
    return {"period": sheet.text(PERIOD, "title"),
            "modifiers_intro": sheet.text(dice.unit),
            "modifiers": modifiers,
            "modifiers_end": sheet.text(ends.unit),
            "modifiers_end_period": sheet.gettext("From period %(period)s on, none of these apply.")
            % {"period": ends.value},
            "cards": [part for event in sheet.children(PERIOD, Kind.EVENT)
                      for part in _parts(sheet, _card(sheet, event.id))]}


def _parts(sheet: Sheet, card: Card) -> list[Card]:
    """The card, or the cards it is cut into at its blocks, each under about CARD_MAX."""
    total = _size(card.preconditions) + _size(card.blocks)
    if total <= CARD_MAX or len(card.blocks) < 2:
        return [card]
    count = min(len(card.blocks), -(-total // CARD_MAX))
    groups: list[list[Line]] = [[]]
    done = _size(card.preconditions)
    for block in card.blocks:
        if groups[-1] and done >= total * len(groups) / count and len(groups) < count:
            groups.append([])
        groups[-1].append(block)
        done += _size([block])
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
