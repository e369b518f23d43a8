"""Risto's Events, Period I: the event die modifiers, and what happens when an event is rolled
(preconditions, re-rolls, marking off, occurrences, durations)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...rules.facts import Fact, Facts, period_index
from ...rules.inputs import Count, Inputs, RuleInputError, arg
from ...rules.registry import Outcome, decided, rule


class Period(StrEnum):
    """period"""

    I = "I"  # noqa: E741  (the game's own numeral)
    II = "II"
    III = "III"
    IV = "IV"
    V = "V"
    VI = "VI"


class Roll(StrEnum):
    """what a rolled event does; the preconditions' text values in eu-risto.yaml"""

    OCCURS = "occurs"
    RE_ROLL = "re-roll-not-marked"
    MARKED_OFF_PLAYED = "marked-off-played"
    MARKED_OFF_PLAYED_R_OR_D = "marked-off-played-r-or-d"  # and the roll counts as an R or D result
    MARKED_OFF_NOT_PLAYED_R_OR_D = "marked-off-not-played-r-or-d"
    MARKED_OFF_CAN_RECUR = "marked-off-can-recur"
    REFUSED = "refused-marked-played"


@dataclass(frozen=True)
class EventRoll:
    outcome: Roll  # what the roll does: the event occurs, is re-rolled, or is treated as R or D
    occurrence: int | None = None  # which occurrence takes place (FIRST EVENT = 1 ...)
    stab_lost: int = 0  # Stab lost
    vp_lost: int = 0  # VP lost


def _roll(facts: Facts, fact_id: str) -> tuple[Roll, Fact]:
    return Roll(facts.text(fact_id)), facts[fact_id]


@dataclass(frozen=True)
class EventDie(Inputs):
    period: Period = arg("the current period")
    america_discovered: bool = arg("America has been discovered")
    tordesillas_occurred: bool = arg("event 1:I (Treaty of Tordesillas) has occurred", False)
    spa_counter_reform: bool = arg("SPA is Catholic/counter-reform", False)
    reformation_second_occurred: bool = arg("event 8:I/13:II has occurred for the second time", False)
    new_col_tp_last_turn: bool = arg("new COL/TP counters were placed in America last turn", False)
    spa_or_por_control_papacy: bool = arg("SPA or POR control Papacy", False)


@dataclass(frozen=True)
class EventDieResult:
    applies: bool  # a modifier applies at all
    per_die: int  # added to each of the two event dice (signed: a modifier)
    modifiers: tuple[str, ...]  # the modifiers that apply, by fact id


# Which game state each modifier of the list tests; the values are in the data.
_CONDITIONS = {
    "spa-religion": lambda g: g.spa_counter_reform or not g.reformation_second_occurred,
    "new-colonies": lambda g: g.new_col_tp_last_turn,
    "papacy": lambda g: g.spa_or_por_control_papacy,
}


@rule("eu-risto.event-die-modifiers", unit="eu-risto:period-I/modifiers-1", inputs=EventDie, result=EventDieResult,
      facts=("eu-risto.event-die.from", "eu-risto.event-die.until", "eu-risto.event-die.dice",
             "eu-risto.event-die.mod.*", "eu-risto.event-die.condition.reformation", "eu-risto.event-die.ends",
             "eu-risto.tordesillas.undiscovered", "eu-risto.reformation.choosers"))
def event_die_modifiers(facts: Facts, given: EventDie) -> Outcome:
    """The Period I modifiers to both event dice: from the discovery of America until the
    Treaty of Tordesillas, never from period II on."""
    rule_id = event_die_modifiers.rule_id
    if given.tordesillas_occurred and not given.america_discovered:
        raise RuleInputError("tordesillas_occurred: event 1:I is re-rolled until America is discovered "
                             f"({facts['eu-risto.tordesillas.undiscovered'].unit})")
    if given.spa_counter_reform and not given.reformation_second_occurred:
        raise RuleInputError("spa_counter_reform: SPA chooses counter-reform at the second occurrence of "
                             f"the Reformation ({facts['eu-risto.reformation.choosers'].unit})")
    ends = facts["eu-risto.event-die.ends"]
    if period_index(given.period.value) >= period_index(facts.period(ends.id)):
        return decided(rule_id, EventDieResult(False, 0, ()), ends)
    if not given.america_discovered:
        return decided(rule_id, EventDieResult(False, 0, ()), facts["eu-risto.event-die.from"])
    if given.tordesillas_occurred:
        return decided(rule_id, EventDieResult(False, 0, ()), facts["eu-risto.event-die.until"])
    applied, cite = [], []
    for modifier in facts.group("eu-risto.event-die.mod"):
        name = modifier.id.rsplit(".", 1)[1]
        if name not in _CONDITIONS:
            raise RuleInputError(f"{modifier.id}: the rules module does not know this modifier's condition")
        if _CONDITIONS[name](given):
            applied.append(modifier)
            cite.append(modifier)
            if name == "spa-religion" and not given.spa_counter_reform:  # the "or" half of mod-1
                cite.append(facts["eu-risto.event-die.condition.reformation"])
    result = EventDieResult(True, sum(facts.number(m.id) for m in applied), tuple(m.id for m in applied))
    return decided(rule_id, result, *cite, facts["eu-risto.event-die.dice"])


@dataclass(frozen=True)
class TordesillasRoll(Inputs):
    america_discovered: bool = arg("America has been discovered")
    spa_accepts: bool = arg("SPA accepts the event", True)
    por_accepts: bool = arg("POR accepts the event", True)


@rule("eu-risto.tordesillas-roll", unit="eu-risto:1:I", inputs=TordesillasRoll, result=EventRoll,
      facts=("eu-risto.tordesillas.undiscovered", "eu-risto.tordesillas.acceptance", "eu-risto.tordesillas.refused"))
def tordesillas_roll(facts: Facts, given: TordesillasRoll) -> Outcome:
    """Event 1:I rolled: re-rolled before America is found; it takes effect only if both SPA
    and POR accept, else it is marked off and may occur again."""
    if not given.america_discovered:
        outcome, fact = _roll(facts, "eu-risto.tordesillas.undiscovered")
        return decided(tordesillas_roll.rule_id, EventRoll(outcome), fact)
    accepts = {"SPA": given.spa_accepts, "POR": given.por_accepts}
    needed = facts["eu-risto.tordesillas.acceptance"]
    if not all(accepts.get(power, False) for power in facts.list(needed.id)):
        outcome, fact = _roll(facts, "eu-risto.tordesillas.refused")
        return decided(tordesillas_roll.rule_id, EventRoll(outcome), fact, needed)
    return decided(tordesillas_roll.rule_id, EventRoll(Roll.OCCURS, 1), needed)


@dataclass(frozen=True)
class TordesillasLasts(Inputs):
    period: Period = arg("the current period")
    event_7_iii_occurred: bool = arg("event 7:III has occurred", False)


@dataclass(frozen=True)
class InEffect:
    in_effect: bool  # the event is in effect


@rule("eu-risto.tordesillas-in-effect", unit="eu-risto:1:I", inputs=TordesillasLasts, result=InEffect,
      facts=("eu-risto.tordesillas.until-period", "eu-risto.tordesillas.until-event"))
def tordesillas_in_effect(facts: Facts, given: TordesillasLasts) -> Outcome:
    """Does the Treaty of Tordesillas still last: to the end of its period or until its
    ending event, whichever comes first."""
    until, ending = facts["eu-risto.tordesillas.until-period"], facts["eu-risto.tordesillas.until-event"]
    ending_period = facts.text(ending.id).split(":")[1]  # "7:III": an event of period III
    if given.event_7_iii_occurred and period_index(given.period.value) < period_index(ending_period):
        raise RuleInputError(f"event_7_iii_occurred: event {ending.value} belongs to period {ending_period}; "
                             f"it cannot have occurred in period {given.period}")
    if period_index(given.period.value) > period_index(facts.period(until.id)):
        return decided(tordesillas_in_effect.rule_id, InEffect(False), until)
    if given.event_7_iii_occurred:
        return decided(tordesillas_in_effect.rule_id, InEffect(False), facts["eu-risto.tordesillas.until-event"])
    return decided(tordesillas_in_effect.rule_id, InEffect(True), until)


@dataclass(frozen=True)
class Occurrence(Inputs):
    event: int = arg("the event number (a Period I event with an occurrence count: 4, 5 or 8)")
    times_occurred: Count = arg("how many times it has occurred so far", 0)


@rule("eu-risto.event-occurrence", unit="eu-risto:period-I", inputs=Occurrence, result=EventRoll,
      facts=("eu-risto.occurrences.*",))
def event_occurrence(facts: Facts, given: Occurrence) -> Outcome:
    """Which occurrence (FIRST EVENT, SECOND EVENT ...) of a multi-occurrence event takes place."""
    count = facts.get(f"eu-risto.occurrences.{given.event}")
    if count is None:
        counts = [f.id.rsplit(".", 1)[1] for f in facts.group("eu-risto.occurrences")]
        raise RuleInputError(f"event={given.event}: the text gives an occurrence count for events "
                             f"{', '.join(counts)} only")
    if given.times_occurred >= facts.number(count.id):
        raise RuleInputError(f"times_occurred={given.times_occurred}: event {given.event}:I occurs "
                             f"{count.value} times ({count.unit})")
    n = given.times_occurred + 1
    return decided(event_occurrence.rule_id, EventRoll(Roll.OCCURS, n), f"{count.unit}/occ-{n}", count)


@dataclass(frozen=True)
class WarsInItalyRoll(Inputs):
    times_occurred: Count = arg("how many times Wars in Italy has occurred so far", 0)
    fra_protestant: bool = arg("FRA is Protestant", False)
    first_in_effect: bool = arg("the first event is still in effect", False)


@rule("eu-risto.wars-in-italy-roll", unit="eu-risto:4:I", inputs=WarsInItalyRoll, result=EventRoll,
      facts=("eu-risto.wars-in-italy.fra-protestant", "eu-risto.wars-in-italy.first-in-effect",
             "eu-risto.occurrences.4"))
def wars_in_italy_roll(facts: Facts, given: WarsInItalyRoll) -> Outcome:
    """Event 4:I rolled: never with a Protestant FRA (marked off, treated as R or D); not a
    second time while the first is in effect (re-roll); else its next occurrence."""
    if given.first_in_effect and given.times_occurred == 0:
        raise RuleInputError("first_in_effect: the event has not occurred yet")
    if given.fra_protestant:
        outcome, fact = _roll(facts, "eu-risto.wars-in-italy.fra-protestant")
        return decided(wars_in_italy_roll.rule_id, EventRoll(outcome), fact)
    if given.first_in_effect:
        outcome, fact = _roll(facts, "eu-risto.wars-in-italy.first-in-effect")
        return decided(wars_in_italy_roll.rule_id, EventRoll(outcome), fact)
    return _occurs(wars_in_italy_roll.rule_id, facts, 4, given.times_occurred)


def _occurs(rule_id: str, facts: Facts, event: int, times: int) -> Outcome:
    """The event's next occurrence, as the outcome of ``rule_id``."""
    done = event_occurrence(facts, Occurrence(event, times))
    return Outcome(rule_id, done.unit, done.result, done.because)


@dataclass(frozen=True)
class HungarianLibertyRoll(Inputs):
    times_occurred: Count = arg("how many times event 5:I has occurred so far", 0)
    event_6_rolled: bool = arg("event 6:I has been rolled", False)
    event_6_activated: bool = arg("event 6:I has been activated", False)


@rule("eu-risto.hungarian-liberty-roll", unit="eu-risto:5:I", inputs=HungarianLibertyRoll, result=EventRoll,
      facts=("eu-risto.hungarian-liberty.not-rolled", "eu-risto.hungarian-liberty.activated",
             "eu-risto.occurrences.5"))
def hungarian_liberty_roll(facts: Facts, given: HungarianLibertyRoll) -> Outcome:
    """Event 5:I rolled: before 6:I was rolled it is marked off but not played (an R or D
    result instead); once 6:I is activated it is marked off as played; else it occurs."""
    if given.event_6_activated and not given.event_6_rolled:
        raise RuleInputError("event_6_activated: 6:I cannot be activated before it is rolled")
    if not given.event_6_rolled:
        outcome, fact = _roll(facts, "eu-risto.hungarian-liberty.not-rolled")
        return decided(hungarian_liberty_roll.rule_id, EventRoll(outcome), fact)
    if given.event_6_activated:
        outcome, fact = _roll(facts, "eu-risto.hungarian-liberty.activated")
        return decided(hungarian_liberty_roll.rule_id, EventRoll(outcome), fact)
    return _occurs(hungarian_liberty_roll.rule_id, facts, 5, given.times_occurred)


@dataclass(frozen=True)
class BohemiaHungary(Inputs):
    period: Period = arg("the current period")
    d_result_on_hungary: bool = arg("a diplomatic upheaval (D) result affects Hungary's marker")
    event_5_occurred: bool = arg("event 5:I has occurred", False)
    habsburg_war_on_hungary_or_bohemia: bool = arg("Habsburgs declared war on Hungary or Bohemia after "
                                                  "6:I was rolled", False)


@dataclass(frozen=True)
class ActivationResult:
    activated: bool  # the event activates now
    cancelled: bool  # the event is cancelled


@rule("eu-risto.bohemia-hungary-activation", unit="eu-risto:6:I", inputs=BohemiaHungary, result=ActivationResult,
      facts=("eu-risto.bohemia-hungary.cancelled", "eu-risto.bohemia-hungary.from-period",
             "eu-risto.bohemia-hungary.trigger"))
def bohemia_hungary_activation(facts: Facts, given: BohemiaHungary) -> Outcome:
    """Event 6:I, once rolled: cancelled by 5:I or a Habsburg war on Hungary or Bohemia;
    activated by a D result on Hungary, but only from period II on."""
    rule_id = bohemia_hungary_activation.rule_id
    if given.event_5_occurred or given.habsburg_war_on_hungary_or_bohemia:
        return decided(rule_id, ActivationResult(False, True), facts["eu-risto.bohemia-hungary.cancelled"])
    start = facts["eu-risto.bohemia-hungary.from-period"]
    if period_index(given.period.value) < period_index(facts.period(start.id)):
        return decided(rule_id, ActivationResult(False, False), start)
    trigger = facts["eu-risto.bohemia-hungary.trigger"]
    return decided(rule_id, ActivationResult(given.d_result_on_hungary, False), trigger, start)


@dataclass(frozen=True)
class ScotlandRoll(Inputs):
    scotland_inactive: bool = arg("Scotland is inactive")
    eng_refuses: bool = arg("ENG refuses the event", False)


@rule("eu-risto.war-with-scotland-roll", unit="eu-risto:10:I", inputs=ScotlandRoll, result=EventRoll,
      facts=("eu-risto.war-with-scotland.active", "eu-risto.war-with-scotland.refuse",
             "eu-risto.war-with-scotland.refuse-stab", "eu-risto.war-with-scotland.refuse-vp"))
def war_with_scotland_roll(facts: Facts, given: ScotlandRoll) -> Outcome:
    """Event 10:I rolled: re-rolled unless Scotland is inactive; ENG may refuse it, marked as
    played, at a price in Stab and VPs (and the control of Scotland)."""
    if not given.scotland_inactive:
        outcome, fact = _roll(facts, "eu-risto.war-with-scotland.active")
        return decided(war_with_scotland_roll.rule_id, EventRoll(outcome), fact)
    if given.eng_refuses:
        outcome, fact = _roll(facts, "eu-risto.war-with-scotland.refuse")
        stab, vp = facts["eu-risto.war-with-scotland.refuse-stab"], facts["eu-risto.war-with-scotland.refuse-vp"]
        roll = EventRoll(outcome, None, facts.number(stab.id), facts.number(vp.id))
        return decided(war_with_scotland_roll.rule_id, roll, fact, stab, vp)
    return decided(war_with_scotland_roll.rule_id, EventRoll(Roll.OCCURS, 1), "eu-risto:10:I")

