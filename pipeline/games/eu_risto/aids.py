"""Aid 1: Risto's Events, Period I, as cards to sleeve, and the period's event die modifiers.

A card carries what a player needs at the table, from the facts the rules module reads
(eu-risto.yaml): the event's number and name, when (its historical date), how long, how often,
and what changes, each fact as its label says it for players, grouped under the occurrence or
the preconditions it belongs to. The full text stays in the rules, which the card names. An
event whose facts do not fit one card continues on the next, in order (:mod:`.cards`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...core.model import Kind
from ...render.aids import cards as sizes
from ...render.aids.repeats import same, topic, without_heading
from ...render.aids.sheet import Sheet, Text, stating
from ...render.aids.summary import said

PERIOD = "eu-risto:period-I"


@dataclass
class Modifier:
    value: str  # −1, as typeset
    condition: Text | None
    fact: str


@dataclass(eq=False)  # entries are told apart by identity: two occurrences may say the same words
class Entry:
    text: str
    lang: str
    heading: bool = False  # an occurrence's title, or "Preconditions", over the facts below it
    topic: bool = False  # what the facts below it are about («Протестантизм:»), said once for them
    under: Entry | None = None  # a fact's topic entry, if it has one


@dataclass
class Card:
    id: str
    number: str  # 8:I
    title: Text | None
    date: Text | None
    date_is_historical: bool
    duration: Text | None
    # "occurs 3 times", from the fact the rules module reads. A marker the text gives without a
    # count (9:I's «(*)») is not printed: the rulebook never says what it means (issue 26)
    occurrences: str | None
    entries: list[Entry] = field(default_factory=list)
    part: str | None = None  # "card 1 of 2", for an event printed on several cards


def events(sheet: Sheet) -> dict:
    dice = sheet.fact("eu-risto.event-die.dice")
    ends = sheet.fact("eu-risto.event-die.ends")
    end, unstated = stating(sheet.text(ends.unit), ends)
    modifiers = [Modifier(sheet.signed(sheet.number(fact.id)), sheet.text(fact.unit), fact.id)
                 for fact in sheet.group("eu-risto.event-die.mod") if fact.type == "number"]
    cards = [part for event in sheet.children(PERIOD, Kind.EVENT)
             for part in _parts(sheet, _card(sheet, event.id), sheet.card)]
    return {"period": sheet.text(PERIOD, "title"),
            "modifiers_intro": sheet.text(dice.unit),
            "modifiers": modifiers,
            "modifiers_end": end,
            # a sentence of its own only where the text does not say it already
            "modifiers_end_period": sheet.gettext("From period %(period)s on, none of these apply.")
            % {"period": ends.value} if unstated else None,
            "cards": cards}


def _card(sheet: Sheet, event_id: str) -> Card:
    event = sheet.unit(event_id)
    number, period = event.attrs["number"], event.attrs["period"]
    count_id = f"eu-risto.occurrences.{number}"
    count = sheet.number(count_id) if count_id in sheet.facts else event.attrs.get("occurrences")
    date = sheet.text(event_id, "historical_date")
    card = Card(event_id, f"{number}:{period}", sheet.text(event_id, "title"),
                date or sheet.text(event_id, "date_note"), date is not None,
                sheet.text(event_id, "duration"),
                sheet.ngettext("occurs %(num)d time", "occurs %(num)d times", count) if count else None)
    group = None  # the heading the facts are under: the preconditions are one group
    for child, fact_ids in _facts_by_part(sheet, event_id):
        # a phase is named where a heading stands above it: its facts are no precondition
        # («FRA and ENG get a temporary CB» printed under 1:I's «Preconditions»)
        named = child.kind == Kind.OCCURRENCE or (child.kind == Kind.PHASE and group is not None)
        title = sheet.text(child.id, "title") if named else None
        heading = (Entry(sheet.gettext("Preconditions"), sheet.lang, heading=True) if child.kind == Kind.PRECONDITION
                   else Entry(title.value, title.lang, heading=True) if title is not None else None)
        if heading is not None and (group is None or heading.text != group.text):
            card.entries.append(heading)
            group = heading
        # under «ВТОРОЕ СОБЫТИЕ» a fact does not open with «Второе событие: »
        card.entries += _topics([replace(entry, text=without_heading(entry.text, group.text, entry.lang))
                                 if group else entry for entry in _said(sheet, fact_ids)])
    return card


def _topics(entries: list[Entry]) -> list[Entry]:
    """Facts in a row about one topic («Протестантизм: −2 пункта стабильности», «Протестантизм:
    бросок на 2 восстания…») under the topic, said once: «Протестантизм:» • −2 пункта …"""
    found: list[Entry] = []
    n = 0
    while n < len(entries):
        split = topic(entries[n].text)
        run = n + 1
        while split and run < len(entries) and (other := topic(entries[run].text)) \
                and same(other[0], split[0], entries[n].lang):
            run += 1
        if split is None or run - n < 2:
            found.append(entries[n])
            n += 1
            continue
        head = Entry(split[0] + ":", entries[n].lang, topic=True)
        found.append(head)
        found += [replace(entry, text=_capitalised(topic(entry.text)[1]), under=head)  # type: ignore[index]
                  for entry in entries[n:run]]
        n = run
    return found


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _facts_by_part(sheet: Sheet, event_id: str) -> list[tuple]:
    """The event's facts (but its occurrence count), in the order of the rules file, each with
    the part of the event (a precondition, an occurrence) that states it; the preconditions'
    first."""
    parts = {child.id: child for child in sheet.children(event_id)}
    found: list[tuple] = []
    for fact in sorted(sheet.facts, key=lambda f: (f.path, f.line)):
        if not fact.unit.startswith(event_id + "/"):
            continue
        top = event_id + "/" + fact.unit[len(event_id) + 1:].split("/", 1)[0]
        if top in parts:
            sheet.fact(fact.id)
            if found and found[-1][0].id == top:
                found[-1][1].append(fact.id)
            else:
                found.append((parts[top], [fact.id]))
    return sorted(found, key=lambda part: part[0].kind != Kind.PRECONDITION)


def _said(sheet: Sheet, fact_ids: list[str]) -> list[Entry]:
    return [Entry(text.value, text.lang) for text, _fact in said(sheet, [sheet.fact(f) for f in fact_ids])]


def _parts(sheet: Sheet, card: Card, size: sizes.CardSize) -> list[Card]:
    """The card, or the cards its entries fill, in order ("card 1 of 2")."""
    title = f"{card.number} {card.title.value if card.title else ''}"
    head = 2 * sizes.lines_of(title, size) + sum(
        sizes.lines_of(text.value, size) + 1 for text in (card.date, card.duration) if text) + 1
    # a later card: its title, "card 2 of 2", the occurrence it continues
    later = 2 * sizes.lines_of(title, size) + 3
    groups = sizes.split([(entry.text, entry) for entry in card.entries], size, head, later)
    for n in range(len(groups) - 1):  # a heading ending a card heads the next one, over its facts
        while groups[n] and (groups[n][-1].heading or groups[n][-1].topic):
            groups[n + 1].insert(0, groups[n].pop())
    groups = [group for group in groups if group]
    if len(groups) == 1:
        return [card]
    parts = []
    for n, group in enumerate(groups):
        if n and not group[0].heading:  # a continued occurrence names itself again, and its topic
            at = card.entries.index(group[0])
            heading = next((e for e in reversed(card.entries[:at]) if e.heading), None)
            again = [heading] if heading else []
            if group[0].under is not None:
                again.append(group[0].under)
            group = [*again, *group]
        parts.append(Card(card.id if n == 0 else f"{card.id}/card-{n + 1}", card.number, card.title,
                          card.date if n == 0 else None, card.date_is_historical,
                          card.duration if n == 0 else None, card.occurrences if n == 0 else None,
                          list(group),
                          sheet.gettext("card %(part)d of %(parts)d") % {"part": n + 1, "parts": len(groups)}))
    return parts
