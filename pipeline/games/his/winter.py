"""Here I Stand, Winter Phase: 19.3 land units return home, 19.4, 19.6 and 19.7 the markers
removed or turned, 19.5 reinforcements, 19.8 mandatory events."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...core.model import Lang
from ...rules.facts import Facts
from ...rules.inputs import Count, Inputs, RuleInputError, Turn, arg
from ...rules.registry import Outcome, decided, rule

_RETURN = "his.winter-return"


class HisPower(StrEnum):
    """Here I Stand power"""

    OTTOMANS = "ottomans"
    HABSBURGS = "habsburgs"
    ENGLAND = "england"
    FRANCE = "france"
    PAPACY = "papacy"
    PROTESTANTS = "protestants"


class Space(StrEnum):
    """kind of space"""

    CAPITAL = "capital"  # one of the power's own capitals
    FORTIFIED_CONTROLLED = "fortified-controlled"  # fortified, controlled by the power
    FORTIFIED_UNCONTROLLED = "fortified-uncontrolled"
    UNFORTIFIED = "unfortified"


CAPITAL, NEAREST = "capital", "nearest-fortified"


@dataclass(frozen=True)
class WinterReturn(Inputs):
    power: HisPower = arg("the power whose land units these are")
    units: Count = arg("land units of the power in the space")
    space: Space = arg("the space the units are in at the end of the turn")
    capital_enemy_controlled: bool = arg("an enemy controls the power's capital (for the Habsburgs: "
                                         "both of them)", False)
    attrition: Count = arg("units the leaving units lose on the way (how many is decided by the loss "
                           "rules the text refers to, outside the corpus)", 0)
    placed: dict[str, Count] = arg("where the surviving units go: capital or a fortified space's "
                                   "name -> units (assumed empty before); none: nothing to check", {})


@dataclass(frozen=True)
class WinterResult:
    may_stay: int  # units that may winter where they are
    must_leave: int  # units that must return
    may_also_return: int  # of those that may stay, how many may return to the capital by choice
    survivors: int  # the leaving units that survive the attrition
    destinations: tuple[str, ...]  # capital, nearest-fortified
    destroyed: int  # leaving units destroyed (no capital to return to)
    legal: bool | None  # whether `placed` is a legal return; None when nothing was placed
    problems: tuple[str, ...]  # why `placed` is not legal, one sentence each


@rule(_RETURN, unit="his:19.3/proc-1", inputs=WinterReturn, result=WinterResult,
      facts=("his.winter.city-limit", "his.winter.capital-exempt", "his.winter.excess-to-capital",
             "his.winter.voluntary-return", "his.winter.must-return", "his.winter.return-capital",
             "his.winter.return-limit", "his.winter.protestant-no-capital", "his.winter.protestant-limit",
             "his.winter.capital-lost", "his.winter.habsburg-capitals", "his.winter.split-limit"))
def winter_return(facts: Facts, given: WinterReturn) -> Outcome:
    """Which land units winter where they are, which return, where to, and whether a chosen
    return is legal.

    In a controlled fortified space (not a capital) more than the limit return the excess to
    the capital, and the others may return there too if the player wishes; in an unfortified
    or uncontrolled space all return, to the capital or to the nearest controlled fortified
    space, which may then hold no more than the limit. Protestants have no capital; a power
    whose capital an enemy controls cannot return there, and units that had to are destroyed."""
    protestant = given.power == HisPower.PROTESTANTS
    if protestant and given.space == Space.CAPITAL:
        raise RuleInputError(f"space=capital: {facts['his.winter.protestant-no-capital'].label[Lang.EN]} "
                             f"({facts['his.winter.protestant-no-capital'].unit})")
    limit = facts["his.winter.protestant-limit" if protestant else "his.winter.return-limit"]
    cite, optional = [], 0
    destinations: tuple[str, ...]
    if given.space == Space.CAPITAL:
        stay, leave, destinations = given.units, 0, ()
        cite.append(facts["his.winter.capital-exempt"])
    elif given.space == Space.FORTIFIED_CONTROLLED:
        city_limit = facts["his.winter.city-limit"]
        stay = min(given.units, facts.number(city_limit.id))
        leave, destinations = given.units - stay, (CAPITAL,) if given.units > stay else ()
        cite += [city_limit, facts["his.winter.excess-to-capital"]]
        voluntary = facts["his.winter.voluntary-return"]  # its reading: any such space, not only one over the limit
        if not protestant and not given.capital_enemy_controlled:
            optional, destinations = stay, (CAPITAL,)
            cite.append(voluntary)
    else:
        if given.space.value not in facts.list("his.winter.must-return"):
            raise RuleInputError(f"space={given.space}: not a kind of space 19.3 names")
        stay, leave, destinations = 0, given.units, (CAPITAL, NEAREST)
        cite += [facts["his.winter.must-return"], facts["his.winter.return-capital"], limit]
    if protestant and leave:
        destinations = (NEAREST,)
        cite.insert(0, facts["his.winter.protestant-no-capital"])
    if given.attrition > leave + optional:
        raise RuleInputError(f"attrition={given.attrition}: only {leave + optional} unit(s) can leave the space")
    # The units that leave: those that must, and those the player sends to the capital by choice.
    leaving = min(max(leave, sum(given.placed.values()) + given.attrition), leave + optional)
    survivors, destroyed = leaving - given.attrition, 0
    if given.capital_enemy_controlled and CAPITAL in destinations:
        destinations = tuple(d for d in destinations if d != CAPITAL)
        cite.insert(0, facts["his.winter.capital-lost"])
        if not destinations:
            destroyed = survivors
    if given.power == HisPower.HABSBURGS and CAPITAL in destinations:
        cite.append(facts["his.winter.habsburg-capitals"])
    if given.capital_enemy_controlled and CAPITAL in given.placed:
        raise RuleInputError(f"placed: capital: the capital is enemy-controlled (capital_enemy_controlled=true), "
                             f"so no unit can return there ({facts['his.winter.capital-lost'].unit})")
    spaces = [where for where in given.placed if where != CAPITAL]
    if len(spaces) > 1 and not protestant:  # a stack split between equally near spaces
        limit = facts["his.winter.split-limit"]
        cite.append(limit)
    problems = (_placement(given, survivors - destroyed, optional, destinations, facts.number(limit.id))
                if given.placed else [])
    result = WinterResult(stay, leave, optional, survivors, destinations, destroyed,
                          (not problems) if given.placed else None, tuple(problems))
    return decided(_RETURN, result, *cite)


def _placement(given: WinterReturn, survivors: int, optional: int, destinations: tuple[str, ...],
               limit: int) -> list[str]:
    problems = []
    total = sum(given.placed.values())
    if total > survivors:
        lost = f" after losing {given.attrition} to attrition" if given.attrition else ""
        can = f"{survivors} of the {given.units} survive{lost}" if not optional else (
            f"{given.units} are in the space"
            + (f" and {given.attrition} lost to attrition" if given.attrition else ""))
        problems.append(f"{total} units placed, but only {can}")
    elif total < survivors:
        problems.append(f"{survivors - total} surviving unit(s) not placed: all of them must return")
    for where, count in given.placed.items():
        if where == CAPITAL and CAPITAL not in destinations:
            problems.append("the units cannot return to a capital here")
        elif where != CAPITAL and NEAREST not in destinations:
            problems.append(f"{where}: these units must return to the capital")
        elif where != CAPITAL and count > limit:
            problems.append(f"{where}: {count} units, more than the limit of {limit}")
    return problems


@dataclass(frozen=True)
class Reinforcements(Inputs):
    power: HisPower = arg("the power")
    capitals_controlled: Count = arg("how many of its capitals the power controls")


@dataclass(frozen=True)
class ReinforcementsResult:
    regulars: int  # regulars the power gains


@rule("his.reinforcements", unit="his:19.5/para-1", inputs=Reinforcements, result=ReinforcementsResult,
      facts=("his.reinforcements.per-capital", "his.reinforcements.habsburgs",
             "his.reinforcements.protestants", "his.winter.habsburg-capitals"))
def reinforcements(facts: Facts, given: Reinforcements) -> Outcome:
    """Winter reinforcements: regulars in each capital under friendly control; the Habsburgs
    check both of theirs; the Protestants get none."""
    per_capital = facts["his.reinforcements.per-capital"]
    if given.power == HisPower.PROTESTANTS:
        capitals, fact = 0, facts["his.reinforcements.protestants"]
    elif given.power == HisPower.HABSBURGS:
        capitals, fact = facts.number("his.winter.habsburg-capitals"), facts["his.reinforcements.habsburgs"]
    else:
        capitals, fact = 1, per_capital
    cite = [facts["his.winter.habsburg-capitals"]] if given.power == HisPower.HABSBURGS else []
    if given.capitals_controlled > capitals:
        raise RuleInputError(f"capitals_controlled={given.capitals_controlled}: the {given.power} have "
                             f"{capitals} capital(s)")
    if fact is not per_capital and given.capitals_controlled == capitals:
        regulars = facts.number(fact.id)  # the text's own number: "2 отряда, если контролируют обе", "не получают"
    else:
        fact, regulars = per_capital, facts.number(per_capital.id) * given.capitals_controlled
    return decided(reinforcements.rule_id, ReinforcementsResult(regulars), fact, *cite)


@dataclass(frozen=True)
class MandatoryEvents(Inputs):
    turn: Turn = arg("the turn whose Winter Phase this is")
    played: tuple[str, ...] = arg("mandatory events already played, by id (clement-vii, ...)", ())


@dataclass(frozen=True)
class MandatoryResult:
    due: tuple[str, ...]  # to play now, in table order
    labels: tuple[str, ...]  # their names as the text gives them
    cp_ignored: int  # the CP such a card would give is ignored


@rule("his.mandatory-events", unit="his:19.8/table-1", inputs=MandatoryEvents, result=MandatoryResult,
      facts=("his.mandatory.event.*", "his.mandatory.when", "his.mandatory.cp-ignored"))
def mandatory_events(facts: Facts, given: MandatoryEvents) -> Outcome:
    """The mandatory events that must be played in this Winter Phase: those whose turn it is
    and that were not played yet. The CP the card gives is ignored."""
    events = {f.id.rsplit(".", 1)[1]: f for f in facts.group("his.mandatory.event")}
    for name in given.played:
        if name not in events:
            raise RuleInputError(f"played: unknown mandatory event {name!r}; one of {', '.join(events)}")
    for name, fact in events.items():
        if facts.number(fact.id) < given.turn and name not in given.played:
            raise RuleInputError(f"played: {name} must have been played by the winter of turn "
                                 f"{fact.value} ({fact.unit})")
    due = [(name, fact) for name, fact in events.items()
           if fact.value == given.turn and name not in given.played]
    result = MandatoryResult(tuple(n for n, _ in due),
                             tuple(f.label.get(Lang.RU, f.label[Lang.EN]) for _, f in due),
                             facts.number("his.mandatory.cp-ignored"))
    return decided(mandatory_events.rule_id, result, *(f for _, f in due), facts["his.mandatory.when"],
                   facts["his.mandatory.cp-ignored"])


class WinterMarker(StrEnum):
    """marker"""

    MAJOR_ALLIANCE = "major-alliance"  # an alliance between major powers (19.4)
    MINOR_ALLIANCE = "minor-alliance"  # an alliance with a minor power, made by an event card (19.4)
    PIRACY = "piracy"  # a piracy marker (19.6)
    DEBATER = "debater"  # a debater counter (19.7)


class Fate(StrEnum):
    """what the Winter Phase does to it"""

    REMOVED = "removed"
    REMAINS = "remains"
    UNCOMMITTED = "uncommitted"  # turned white, uncommitted side up


@dataclass(frozen=True)
class WinterMarkers(Inputs):
    marker: WinterMarker = arg("the marker or counter")


@dataclass(frozen=True)
class WinterMarkersResult:
    fate: Fate  # what the Winter Phase does to it: removed, left in place, or turned uncommitted


@rule("his.winter-markers", unit="his:19.4/para-1", inputs=WinterMarkers, result=WinterMarkersResult,
      facts=("his.winter.marker.*",))
def winter_markers(facts: Facts, given: WinterMarkers) -> Outcome:
    """The markers of the Winter Phase: alliances between major powers end, those with minor
    powers made by event cards remain, piracy markers leave the map, debaters turn uncommitted."""
    fates = {f.id.rsplit(".", 1)[1]: f for f in facts.group("his.winter.marker")}
    fact = fates[given.marker.value]
    return decided(winter_markers.rule_id, WinterMarkersResult(Fate(facts.text(fact.id))), fact)
