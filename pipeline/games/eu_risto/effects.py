"""Risto's Events, Period I: what events do once they occur: the Treaty of Tordesillas's
effects and restrictions (1:I), the Wars in Italy's modifiers and penalties (4:I), the
diplomacy modifiers events leave behind (4:I, 8:I, 9:I), the Habsburg CB on a French Milano
(7:I), the emperor's re-election (2:I) and every event's duration."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...rules.facts import Fact, Facts, period_index
from ...rules.inputs import Count, Inputs, RuleInputError, arg
from ...rules.registry import Outcome, decided, rule
from .events import Period
from .politics import EuPower, Religion

T = "eu-risto.tordesillas"


@dataclass(frozen=True)
class TordesillasEffects(Inputs):
    power: EuPower = arg("the power whose turn is judged")
    period: Period = arg("the current period")
    occurred_this_turn: bool = arg("the treaty took effect this turn (its Events Phase clauses)", False)
    catholic: bool | None = arg("the power is Catholic; needed for the Catholic players' ROTW clauses (all "
                                "but TUR begin as Catholics, a power may turn Protestant at 8:I); TUR: never",
                                None)
    col_tp_attempts: Count = arg("COL/TP placement attempts the power made, successful or not", 0)
    stacks_into_rotw: Count = arg("stacks the power moved into ROTW (not out of it)", 0)
    restricted_entered: tuple[Count, ...] = arg("SPA or POR: for each stack that broke the movement "
                                                "restriction, the restricted areas or sea zones it entered", ())


@dataclass(frozen=True)
class TordesillasResult:
    cb_against: tuple[str, ...]  # a temporary CB for this turn
    ducats_gained: int  # ducats the power gains (SPA, POR: the treaty's parties)
    stab_lost: int  # Stab the power loses
    loses_papacy: bool  # the control of Papacy is lost


@rule("eu-risto.tordesillas-effects", unit="eu-risto:1:I/lasting-effects", inputs=TordesillasEffects,
      result=TordesillasResult,
      facts=(f"{T}.until-period", f"{T}.acceptance", f"{T}.cb", f"{T}.ducats", f"{T}.col-tp-stab",
             f"{T}.col-tp-until", f"{T}.spa-violation", f"{T}.por-violation", f"{T}.rotw-stab"))
def tordesillas_effects(facts: Facts, given: TordesillasEffects) -> Outcome:
    """What the Treaty of Tordesillas does to one power while it lasts: the turn it takes effect
    FRA and ENG get a CB on SPA and POR, who get ducats; until the end of period II other
    Catholic players lose Stab and the control of Papacy per COL/TP attempt and per stack moved
    into ROTW; SPA and POR lose Stab per restricted area or sea zone a stack enters."""
    until, parties = facts[f"{T}.until-period"], facts[f"{T}.acceptance"]
    if period_index(given.period.value) > period_index(facts.period(until.id)):
        raise RuleInputError(f"period={given.period}: the treaty lasts to the end of period {until.value} "
                             f"({until.unit})")
    party = given.power.value in facts.list(parties.id)
    if given.restricted_entered and not party:
        raise RuleInputError(f"restricted_entered: the restriction binds {', '.join(facts.list(parties.id))} only "
                             f"({facts[f'{T}.spa-violation'].unit})")
    cite: list[Fact] = []
    cb: tuple[str, ...] = ()
    ducats, stab, papacy = 0, 0, False
    if given.occurred_this_turn:
        rivals = facts[f"{T}.cb"]
        if given.power.value in facts.list(rivals.id):
            cb = facts.list(parties.id)
            cite.append(rivals)
        elif party:
            ducats = facts.number(f"{T}.ducats")
            cite.append(facts[f"{T}.ducats"])
    if party:
        cite.append(parties)  # the treaty's two sides, bound by its restrictions
    if party and given.restricted_entered:
        violation = facts[f"{T}.{given.power.value.lower()}-violation"]
        stab += facts.number(violation.id) * sum(given.restricted_entered)
        cite.append(violation)
    window = facts[f"{T}.col-tp-until"]
    catholic = given.catholic
    if given.power == EuPower.TUR:
        if catholic:
            raise RuleInputError("catholic=true: TUR is not a Catholic power")
        catholic = False
    elif catholic is None and not party and (given.col_tp_attempts or given.stacks_into_rotw):
        raise RuleInputError(f"catholic: required: the COL/TP and ROTW clauses bind Catholic players only "
                             f"({facts[f'{T}.col-tp-stab'].unit}); is {given.power} Catholic?")
    if not party and catholic and period_index(given.period.value) <= period_index(facts.period(window.id)):
        attempts, rotw = facts[f"{T}.col-tp-stab"], facts[f"{T}.rotw-stab"]
        if given.col_tp_attempts:
            stab += facts.number(attempts.id) * given.col_tp_attempts
            papacy = True
            cite.append(attempts)
        if given.stacks_into_rotw:
            stab += facts.number(rotw.id) * given.stacks_into_rotw
            papacy = True
            cite.append(rotw)
        if papacy:
            cite.append(window)
    result = TordesillasResult(cb, ducats, stab, papacy)
    return decided(tordesillas_effects.rule_id, result, *cite, until)


W = "eu-risto.wars-in-italy"


@dataclass(frozen=True)
class WarsInItalyEffects(Inputs):
    occurrence: int = arg("which Wars in Italy event: 1 (NAPOLI) or 2 (MILANO)")
    invaded_outside_italy: bool = arg("FRA invaded an enemy-owned province outside Italy in the war "
                                      "(the first time)", False)
    restriction_lifted: bool = arg("before that, the controller of the target or its allies invaded a FRA-owned "
                                   "province using a supply source outside Italy", False)
    war_over: bool = arg("the war the event caused is over (its interphase)", False)
    conquered: bool = arg("FRA conquered the target province at some point in the war, even for a time", False)
    annexed: bool = arg("FRA annexed the target province", False)


@dataclass(frozen=True)
class WarsInItalyResult:
    target: str  # the province FRA's CB is against
    cb_turns: int | None  # the second event's CB must be used within these turns
    stab_lost: int  # Stab FRA loses
    vp_gained: int  # VP FRA gains
    vp_lost: int  # VP FRA loses (both can be due: a war's end after an invasion outside Italy)
    loses_cb: bool  # FRA forfeits the benefit of its CB
    cb_to_period_end: bool  # the war over: FRA holds a CB against the target's owner to the end of the period


@rule("eu-risto.wars-in-italy-effects", unit="eu-risto:4:I", inputs=WarsInItalyEffects, result=WarsInItalyResult,
      facts=("eu-risto.occurrences.4", f"{W}.first.target", f"{W}.second.target", f"{W}.second.cb-turns",
             f"{W}.first.outside-italy-stab", f"{W}.first.outside-italy-vp", f"{W}.second.outside-italy-stab",
             f"{W}.second.outside-italy-vp", f"{W}.first.outside-italy-lifted", f"{W}.second.outside-italy-lifted",
             f"{W}.first.cb-after", f"{W}.second.cb-after", f"{W}.first.napoli-not-conquered",
             f"{W}.first.napoli-annexed", f"{W}.second.milan-annexed"))
def wars_in_italy_effects(facts: Facts, given: WarsInItalyEffects) -> Outcome:
    """The Wars in Italy once activated: the target, the second event's CB window, the Stab and
    VPs FRA loses invading outside Italy, and the VPs the war's end brings."""
    count = facts["eu-risto.occurrences.4"]
    if given.occurrence not in (1, 2) or given.occurrence > facts.number(count.id):
        raise RuleInputError(f"occurrence={given.occurrence}: Wars in Italy occurs {count.value} times ({count.unit})")
    if given.annexed and not given.conquered:
        raise RuleInputError("annexed: a province FRA never conquered cannot have been annexed")
    if (given.conquered or given.annexed) and not given.war_over:
        raise RuleInputError("conquered, annexed: they count when the war is over (war_over=true)")
    first = given.occurrence == 1
    target = facts[f"{W}.{'first' if first else 'second'}.target"]
    cite, stab, vp, lost_vp = [target], 0, 0, 0
    cb_turns: int | None = None
    if not first:
        window = facts[f"{W}.second.cb-turns"]
        cb_turns = facts.number(window.id)
        cite.append(window)
    if given.invaded_outside_italy:  # each event has the clause (occ-1 and occ-2 movement phase)
        which = "first" if first else "second"
        if given.restriction_lifted:  # the enemy's own invasion from outside Italy lifts the clause
            cite = [facts[f"{W}.{which}.outside-italy-lifted"], *cite]
        else:
            lost, forfeit = facts[f"{W}.{which}.outside-italy-stab"], facts[f"{W}.{which}.outside-italy-vp"]
            stab, lost_vp = facts.number(lost.id), facts.number(forfeit.id)
            cite = [lost, forfeit, *cite]
    elif given.restriction_lifted:
        raise RuleInputError("restriction_lifted: it lifts the penalty for invading outside Italy; "
                             "give invaded_outside_italy=true")
    if given.war_over:
        cite.append(facts[f"{W}.{'first' if first else 'second'}.cb-after"])
        if first:
            if not given.conquered:
                penalty = facts[f"{W}.first.napoli-not-conquered"]
                lost_vp += facts.number(penalty.id)
                cite.insert(0, penalty)
            if given.annexed:
                gain = facts[f"{W}.first.napoli-annexed"]
                vp += facts.number(gain.id)
                cite.insert(0, gain)
        elif given.annexed:
            gain = facts[f"{W}.second.milan-annexed"]
            vp += facts.number(gain.id)
            cite.insert(0, gain)
    result = WarsInItalyResult(facts.text(target.id), cb_turns, stab, vp, lost_vp,
                               given.invaded_outside_italy and not given.restriction_lifted, given.war_over)
    return decided(wars_in_italy_effects.rule_id, result, *cite)


class Minor(StrEnum):
    """diplomacy target"""

    TOSCANA = "toscana"
    PARMA = "parma"
    PAPACY = "papacy"
    MUSLIM_MINOR = "muslim-minor"  # TUR's secret choice for 9:I
    PROTESTANT = "protestant"  # a Protestant country
    OTHER = "other"


R = "eu-risto.reformation"


@dataclass(frozen=True)
class Diplomacy(Inputs):
    power: EuPower = arg("the power conducting diplomacy")
    target: Minor = arg("the country it is aimed at")
    period: Period = arg("the current period")
    wars_in_italy: int = arg("the Wars in Italy event that lasts: 1 (NAPOLI), 2 (MILANO), 0: none", 0)
    turkish_pressure: bool = arg("event 9:I has occurred and the target is TUR's chosen Muslim minor", False)
    religion: Religion | None = arg("the power's choice at the second Reformation (8:I); none: not yet", None)
    reformation_period: Period | None = arg("the period the power chose Protestantism in", None)


@dataclass(frozen=True)
class DiplomacyResult:
    allowed: bool  # the power may conduct diplomacy on the target at all
    modifier: int  # added to the diplomacy roll (signed: a modifier, not a gain or a loss)
    modifiers: tuple[str, ...]  # the facts that add up, by id


_PERIOD_I = "eu-risto:period-I"  # no modifier: the period's events as a whole


@rule("eu-risto.diplomacy-modifiers", unit=_PERIOD_I, inputs=Diplomacy, result=DiplomacyResult,
      facts=(f"{W}.first.toscana", f"{W}.first.papacy-parma", f"{W}.second.toscana", f"{W}.second.papacy-parma",
             "eu-risto.turkish-pressure.bonus",
             f"{R}.protestantism.papacy", f"{R}.france.protestantism.papacy", f"{R}.conciliatorism.diplomacy",
             f"{R}.spain.counter-reform.papacy"))
def diplomacy_modifiers(facts: Facts, given: Diplomacy) -> Outcome:
    """The diplomacy modifiers Period I events leave: FRA's +2 on Toscana and -1 on Papacy and
    Parma while either Wars in Italy event lasts, TUR's +3 on its Muslim minor, the Reformation's
    +2 on Protestant countries for conciliatorism and SPA's +2 on Papacy for counter-reform, and
    no diplomacy with Papacy for a Protestant power (FRA: to the end of period III)."""
    if given.wars_in_italy not in (0, 1, 2):
        raise RuleInputError(f"wars_in_italy={given.wars_in_italy}: Wars in Italy occurs twice (1 or 2; 0: none)")
    if given.reformation_period is not None and given.religion != Religion.PROTESTANTISM:
        raise RuleInputError("reformation_period: only a Protestant power has one")
    if given.turkish_pressure and (given.power != EuPower.TUR or given.target != Minor.MUSLIM_MINOR):
        raise RuleInputError("turkish_pressure: the bonus is TUR's, on the Muslim minor it chose")
    if given.religion == Religion.PROTESTANTISM and given.target == Minor.PAPACY:
        general = facts[f"{R}.protestantism.papacy"]
        since = given.reformation_period or given.period
        if period_index(since.value) > period_index(given.period.value):
            raise RuleInputError(f"reformation_period={since}: later than the current period {given.period}")
        barred, cite = given.period == since, [general]
        if given.power == EuPower.FRA:
            france = facts[f"{R}.france.protestantism.papacy"]
            barred, cite = period_index(given.period.value) <= period_index(facts.period(france.id)), [france, general]
        if barred:
            return decided(diplomacy_modifiers.rule_id, DiplomacyResult(False, 0, ()), *cite)
        lapsed = cite  # the ban ran out with its period
    else:
        lapsed = []
    applied = []
    if given.wars_in_italy and given.power == EuPower.FRA:  # each event states its own modifiers
        which = "first" if given.wars_in_italy == 1 else "second"
        if given.target == Minor.TOSCANA:
            applied.append(facts[f"{W}.{which}.toscana"])
        elif given.target in (Minor.PAPACY, Minor.PARMA):
            applied.append(facts[f"{W}.{which}.papacy-parma"])
    if given.turkish_pressure:
        applied.append(facts["eu-risto.turkish-pressure.bonus"])
    if given.religion == Religion.CONCILIATORISM and given.target == Minor.PROTESTANT:
        applied.append(facts[f"{R}.conciliatorism.diplomacy"])
    if given.religion == Religion.COUNTER_REFORM and given.power == EuPower.SPA and given.target == Minor.PAPACY:
        applied.append(facts[f"{R}.spain.counter-reform.papacy"])
    result = DiplomacyResult(True, sum(facts.number(f.id) for f in applied), tuple(f.id for f in applied))
    return decided(diplomacy_modifiers.rule_id, result, *applied, *lapsed,
                   None if applied or lapsed else _PERIOD_I)


@dataclass(frozen=True)
class MilanoCB(Inputs):
    french_milano: bool = arg("MILANO is French when 7:I occurs")
    turns_since: Count = arg("turns since the event occurred (0: the turn it occurred)", 0)


@dataclass(frozen=True)
class MilanoCBResult:
    cb: bool  # the Habsburgs hold a free CB against FRA now


@rule("eu-risto.milano-cb", unit="eu-risto:7:I/events-phase/3", inputs=MilanoCB, result=MilanoCBResult,
      facts=("eu-risto.milano.free-cb-turns", "eu-risto.duration.7"))
def milano_cb(facts: Facts, given: MilanoCB) -> Outcome:
    """Habsburg Control of Milano against a French MILANO: a free CB for the two turns after."""
    turns = facts["eu-risto.milano.free-cb-turns"]
    cb = given.french_milano and 1 <= given.turns_since <= facts.number(turns.id)
    return decided(milano_cb.rule_id, MilanoCBResult(cb), turns, facts["eu-risto.duration.7"])


class End(StrEnum):
    """how the emperor's reign ends"""

    DEATH = "death"
    CONVERSION = "conversion"


@dataclass(frozen=True)
class HreRecurrence(Inputs):
    emperor: EuPower = arg("the power the elected emperor came from")
    end: End = arg("how his reign ended")


@dataclass(frozen=True)
class HreRecurrenceResult:
    replayed: bool  # the election is held again in the next Events Phase
    fugger_bonus: bool  # SPA's Fugger bonuses in that election


@rule("eu-risto.hre-recurrence", unit="eu-risto:2:I/end-and-recurrence/1", inputs=HreRecurrence,
      result=HreRecurrenceResult,
      facts=("eu-risto.hre.candidates", "eu-risto.hre.recurrence", "eu-risto.hre.recurrence-no-fugger",
             "eu-risto.duration.2"))
def hre_recurrence(facts: Facts, given: HreRecurrence) -> Outcome:
    """The emperor dies or turns Protestant: the election is held again next Events Phase
    (without the Fuggers) unless he came from SPA."""
    candidates = facts["eu-risto.hre.candidates"]
    if given.emperor.value not in facts.list(candidates.id):
        raise RuleInputError(f"emperor={given.emperor}: only {', '.join(facts.list(candidates.id))} stand "
                             f"({candidates.unit})")
    replayed = given.emperor != EuPower.SPA
    return decided(hre_recurrence.rule_id, HreRecurrenceResult(replayed, False),
                   facts["eu-risto.hre.recurrence"], facts["eu-risto.duration.2"],
                   facts["eu-risto.hre.recurrence-no-fugger"] if replayed else None)


@dataclass(frozen=True)
class Duration(Inputs):
    event: int = arg("the Period I event number (1..10)")
    occurrence: int = arg("for an event that occurs more than once, which occurrence", 1)


@dataclass(frozen=True)
class DurationResult:
    lasts: tuple[str, ...]  # the header's duration, as symbols or a period


@rule("eu-risto.event-duration", unit="eu-risto:period-I", inputs=Duration, result=DurationResult,
      facts=("eu-risto.duration.*", f"{T}.until-period", f"{T}.until-event",
             "eu-risto.hungarian-liberty.first-duration", "eu-risto.occurrences.5"))
def event_duration(facts: Facts, given: Duration) -> Outcome:
    """How long a Period I event lasts, as its header says."""
    if given.event == 1:
        until, event = facts[f"{T}.until-period"], facts[f"{T}.until-event"]
        return decided(event_duration.rule_id, DurationResult((f"end of period {until.value}", facts.text(event.id))),
                       until, event)
    if given.event == 5:
        count = facts["eu-risto.occurrences.5"]
        if given.occurrence not in range(1, facts.number(count.id) + 1):
            raise RuleInputError(f"occurrence={given.occurrence}: event 5:I occurs {count.value} times ({count.unit})")
        first = facts["eu-risto.hungarian-liberty.first-duration"]
        lasts = (f"{first.value} {first.measure}",) if given.occurrence == 1 else ("permanent",)
        return decided(event_duration.rule_id, DurationResult(lasts), first, count)
    fact = facts.get(f"eu-risto.duration.{given.event}")
    if fact is None:
        raise RuleInputError(f"event={given.event}: the corpus gives the durations of events 1, 5 and "
                             + ", ".join(f.id.rsplit(".", 1)[1] for f in facts.group("eu-risto.duration")))
    lasts = (f"from period {fact.value}",) if fact.type == "period" else (facts.text(fact.id),)
    return decided(event_duration.rule_id, DurationResult(lasts), fact)
