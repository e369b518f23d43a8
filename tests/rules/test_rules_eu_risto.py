"""Risto's Events, Period I: the executable rules, tested from the text (unit ids in the names
and docstrings), with their edges."""

from __future__ import annotations

import pytest

from pipeline.rules import RuleInputError
from rules_support import decide

DIE = "eu-risto.event-die-modifiers"
ALL = {"america_discovered": True, "spa_counter_reform": True, "reformation_second_occurred": True,
       "new_col_tp_last_turn": True, "spa_or_por_control_papacy": True}


def test_period_i_event_die_modifiers_add_up_per_die():
    """eu-risto:period-I/modifiers-1, mod-1..3: -1 each, on both dice."""
    outcome = decide(DIE, period="I", **ALL)
    assert (outcome.result.applies, outcome.result.per_die) == (True, -3)
    assert [c.unit for c in outcome.because][:3] == [f"eu-risto:period-I/modifiers-1/mod-{n}" for n in (1, 2, 3)]


def test_the_reformation_condition_of_the_first_modifier():
    """mod-1: counter-reform SPA, or 8:I/13:II not yet occurred for the second time."""
    assert decide(DIE, period="I", america_discovered=True).result.per_die == -1
    assert decide(DIE, period="I", america_discovered=True, reformation_second_occurred=True).result.per_die == 0
    assert decide(DIE, period="I", america_discovered=True, reformation_second_occurred=True,
                  spa_counter_reform=True).result.per_die == -1


@pytest.mark.parametrize("change, unit", [
    ({"period": "II"}, "eu-risto:period-I/modifiers-1/para-1"),
    ({"period": "III"}, "eu-risto:period-I/modifiers-1/para-1"),
    ({"america_discovered": False}, "eu-risto:period-I/modifiers-1"),
    ({"tordesillas_occurred": True}, "eu-risto:period-I/modifiers-1")])
def test_the_modifiers_stop_with_tordesillas_and_in_period_ii(change, unit):
    outcome = decide(DIE, **{"period": "I", **ALL, **change})
    assert (outcome.result.applies, outcome.result.per_die, outcome.unit) == (False, 0, unit)


def test_the_event_die_refuses_an_unknown_period():
    with pytest.raises(RuleInputError, match="unknown period; one of I, II"):
        decide(DIE, period="VII", america_discovered=True)


@pytest.mark.parametrize("inputs, outcome", [
    ({"america_discovered": False}, "re-roll-not-marked"),
    ({"america_discovered": True, "por_accepts": False}, "marked-off-can-recur"),
    ({"america_discovered": True, "spa_accepts": False}, "marked-off-can-recur"),
    ({"america_discovered": True}, "occurs")])
def test_tordesillas_preconditions(inputs, outcome):
    """eu-risto:1:I/pre-1, pre-2"""
    assert decide("eu-risto.tordesillas-roll", **inputs).result.outcome.value == outcome


@pytest.mark.parametrize("period, event_7, lasts", [("III", False, True), ("IV", False, False), ("III", True, False)])
def test_tordesillas_lasts_to_the_end_of_period_iii_or_event_7_iii(period, event_7, lasts):
    """eu-risto:1:I (duration)"""
    assert decide("eu-risto.tordesillas-in-effect", period=period, event_7_iii_occurred=event_7).result.in_effect is lasts


@pytest.mark.parametrize("event, times, unit", [(8, 0, "eu-risto:8:I/occ-1"), (8, 2, "eu-risto:8:I/occ-3"),
                                                (4, 1, "eu-risto:4:I/occ-2"), (5, 0, "eu-risto:5:I/occ-1")])
def test_occurrence_counts(event, times, unit):
    """eu-risto:4:I (2), 5:I (2), 8:I (3)"""
    outcome = decide("eu-risto.event-occurrence", event=event, times_occurred=times)
    assert (outcome.result.occurrence, outcome.unit) == (times + 1, unit)


def test_occurrence_counts_refuse_one_too_many_and_events_without_a_count():
    with pytest.raises(RuleInputError, match="event 8:I occurs 3 times"):
        decide("eu-risto.event-occurrence", event=8, times_occurred=3)
    with pytest.raises(RuleInputError, match="for events 4, 5, 8 only"):
        decide("eu-risto.event-occurrence", event=1)


@pytest.mark.parametrize("inputs, outcome, occurrence", [
    ({"fra_protestant": True}, "marked-off-played-r-or-d", None),
    ({"times_occurred": 1, "first_in_effect": True}, "re-roll-not-marked", None),
    ({"times_occurred": 1}, "occurs", 2), ({}, "occurs", 1)])
def test_wars_in_italy_roll(inputs, outcome, occurrence):
    """eu-risto:4:I/pre-1, pre-2"""
    result = decide("eu-risto.wars-in-italy-roll", **inputs).result
    assert (result.outcome.value, result.occurrence) == (outcome, occurrence)


def test_wars_in_italy_roll_refuses_a_third_occurrence():
    with pytest.raises(RuleInputError, match="occurs 2 times"):
        decide("eu-risto.wars-in-italy-roll", times_occurred=2)


@pytest.mark.parametrize("inputs, outcome", [
    ({}, "marked-off-not-played-r-or-d"), ({"event_6_rolled": True, "event_6_activated": True}, "marked-off-played"),
    ({"event_6_rolled": True}, "occurs")])
def test_hungarian_liberty_roll(inputs, outcome):
    """eu-risto:5:I/pre-1, pre-2"""
    assert decide("eu-risto.hungarian-liberty-roll", **inputs).result.outcome.value == outcome


@pytest.mark.parametrize("inputs, activated, cancelled", [
    ({"period": "I", "d_result_on_hungary": True}, False, False),
    ({"period": "II", "d_result_on_hungary": True}, True, False),
    ({"period": "II", "d_result_on_hungary": False}, False, False),
    ({"period": "II", "d_result_on_hungary": True, "event_5_occurred": True}, False, True)])
def test_bohemia_hungary_activates_from_period_ii(inputs, activated, cancelled):
    """eu-risto:6:I/pre-1, pre-2"""
    result = decide("eu-risto.bohemia-hungary-activation", **inputs).result
    assert (result.activated, result.cancelled) == (activated, cancelled)


def test_war_with_scotland_refusal_costs_3_stab_and_20_vp():
    """eu-risto:10:I/pre-1, pre-2"""
    assert decide("eu-risto.war-with-scotland-roll", scotland_inactive=False).result.outcome.value == "re-roll-not-marked"
    refused = decide("eu-risto.war-with-scotland-roll", scotland_inactive=True, eng_refuses=True).result
    assert (refused.outcome.value, refused.stab_lost, refused.vp_lost) == ("refused-marked-played", 3, 20)


HRE = "eu-risto.hre-election"


def test_hre_fugger_bonuses_electorates_and_the_winners_reward():
    """eu-risto:2:I/events-phase/2-4: 50d, 50d more with Charles I, 10d per electorate, 75d and 10 VP."""
    result = decide(HRE, bids="SPA:100,FRA:170,ENG:50", charles_i=True,
                    electorates="saxony:FRA,cologne:ENG,bohemia:ENG").result
    assert result.totals == {"SPA": 200, "FRA": 180, "ENG": 70}
    assert (result.winner, result.winner_ducats, result.winner_vp) == ("SPA", 75, 10)
    assert decide(HRE, bids="SPA:100").result.totals == {"SPA": 150}


def test_hre_electorates_controlled_by_a_power_that_does_not_bid_still_pay_10d():
    """eu-risto:2:I/events-phase/3: "The controller of the imperial electorates ... receives an
    additional 10d": a controller who is no candidate (TUR), Protestant (ENG) or bids nothing
    (FRA) is paid; a bidder has it in the bid (the fact's reading, with its alternative)."""
    outcome = decide(HRE, bids="SPA:100,FRA:0", protestant="ENG",
                     electorates="saxony:TUR,palatinate:TUR,cologne:ENG,bohemia:FRA")
    assert outcome.result.electorate_ducats == {"TUR": 20, "ENG": 10, "FRA": 10}
    assert outcome.result.totals == {"SPA": 150}
    bidder = decide(HRE, bids="SPA:100", electorates="saxony:SPA").result
    assert (bidder.totals, bidder.electorate_ducats) == ({"SPA": 160}, {})
    [bonus] = [r for r in outcome.readings if r.fact == "eu-risto.hre.electorate-bonus"]
    assert "does not bid" in bonus.reading and "receives nothing" in bonus.alternative
    assert decide(HRE, bids="SPA:0", electorates="saxony:TUR").result.electorate_ducats == {}  # cancelled


def test_the_second_wars_in_italy_repeats_the_outside_italy_clause_and_the_diplomacy_modifiers():
    """eu-risto:4:I/occ-2/movement-phase/1 and diplomacy-phase/3 say again what the first event
    says: 1 Stab, 10 VPs and the CB lost; +2 on Toscana, -1 on Papacy and Parma."""
    second = decide("eu-risto.wars-in-italy-effects", occurrence=2, invaded_outside_italy=True)
    assert (second.result.stab_lost, second.result.vp_lost, second.result.loses_cb) == (1, 10, True)
    assert second.unit == "eu-risto:4:I/occ-2/movement-phase/1"
    for target, modifier in (("toscana", 2), ("papacy", -1), ("parma", -1)):
        outcome = decide("eu-risto.diplomacy-modifiers", power="FRA", target=target, period="I", wars_in_italy=2)
        assert outcome.result.modifier == modifier
        assert outcome.unit == "eu-risto:4:I/occ-2/diplomacy-phase/3"
    with pytest.raises(RuleInputError, match="wars_in_italy=3: Wars in Italy occurs twice"):
        decide("eu-risto.diplomacy-modifiers", power="FRA", target="toscana", period="I", wars_in_italy=3)


def test_hre_draw_recurrence_and_cancellation():
    draw = decide(HRE, bids="SPA:100,FRA:150").result
    assert (draw.winner, draw.draw) == (None, ("SPA", "FRA"))
    assert decide(HRE, bids="SPA:100,FRA:150", recurrence=True).result.winner == "FRA"  # no Fuggers
    cancelled = decide(HRE, bids="SPA:0")
    assert cancelled.result.cancelled and cancelled.unit == "eu-risto:2:I/events-phase/1"


def test_hre_refuses_non_candidates_and_protestants():
    with pytest.raises(RuleInputError, match="POR is not a candidate"):
        decide(HRE, bids="POR:10")
    with pytest.raises(RuleInputError, match="ENG is Protestant and cannot take part"):
        decide(HRE, bids="ENG:10", protestant="ENG")
    with pytest.raises(RuleInputError, match="unknown power; one of SPA"):
        decide(HRE, bids="AUS:10")
    with pytest.raises(RuleInputError, match="bids\\[SPA\\]=-5: a count is 0 or more"):
        decide(HRE, bids="SPA:-5")


REFORMATION = "eu-risto.reformation"


def by_power(result):
    return {c.power: c for c in result.consequences}


def test_reformation_general_consequences():
    """eu-risto:8:I/occ-2/general-consequences/1-2: Stab and revolts, doubled for SPA."""
    result = by_power(decide(REFORMATION, choices="FRA:protestantism,SPA:protestantism,ENG:conciliatorism").result)
    assert (result["FRA"].stab_lost, result["FRA"].revolts) == (2 + 1, 2)  # nobody chose counter-reform: +1 Stab
    assert result["SPA"].revolts == 4
    assert (result["ENG"].stab_lost, result["ENG"].revolts, result["ENG"].protestant_diplomacy) == (1 + 1, 1, 2)
    assert by_power(decide(REFORMATION, choices="FRA:conciliatorism,SPA:conciliatorism,ENG:conciliatorism")
                    .result)["SPA"].revolts == 2


def test_reformation_sole_defender_of_catholic_faith():
    """general-consequences/3/a-c"""
    one = decide(REFORMATION, choices="FRA:counter-reform,SPA:protestantism,ENG:protestantism").result
    assert one.sole_defender == "FRA" and by_power(one)["FRA"].vp_gained == 20 and by_power(one)["SPA"].stab_lost == 2
    two = decide(REFORMATION, choices="FRA:counter-reform,SPA:counter-reform,ENG:protestantism").result
    assert (two.sole_defender, two.defender_by_procedure) == (None, ("FRA", "SPA"))


def test_reformation_individual_consequences_are_listed_per_power():
    """individual-consequences/france, spain, england"""
    result = by_power(decide(REFORMATION, choices="FRA:conciliatorism,SPA:conciliatorism,ENG:counter-reform").result)
    assert "eu-risto.reformation.spain.conciliatorism.stab = -2 Stab improvement" in result["SPA"].individual
    assert any(i.startswith("eu-risto.reformation.england.counter-reform.col-max = 2") for i in result["ENG"].individual)
    with pytest.raises(RuleInputError, match="FRA, SPA, ENG must each choose"):
        decide(REFORMATION, choices="FRA:protestantism")


@pytest.mark.parametrize("occurrence, refuser, stab, cedes", [
    (1, "FRA", 2, None), (1, "owner", 3, "NAPOLI"), (2, "FRA", 2, None), (2, "owner", 3, "MILANO")])
def test_refusing_wars_in_italy(occurrence, refuser, stab, cedes):
    """eu-risto:4:I/occ-1/diplomacy-phase/1, occ-2/diplomacy-phase/1"""
    major = {"owner_major": True} if (occurrence, refuser) == (1, "owner") else {}
    result = decide("eu-risto.wars-in-italy-refusal", occurrence=occurrence, refuser=refuser, **major).result
    assert (result.allowed, result.stab_lost, result.cedes, result.treated_as_played) == (True, stab, cedes, True)


@pytest.mark.parametrize("occurrence, unit", [(1, "eu-risto:4:I/occ-1/events-phase/2"),
                                              (2, "eu-risto:4:I/occ-2/events-phase/2")])
def test_after_the_war_fra_holds_a_cb_to_the_end_of_the_period(occurrence, unit):
    """events-phase/2 of each event: "Once the war is over (or refused) FRA receives a CB against the
    owner of ... until the end of the current period"."""
    over = decide("eu-risto.wars-in-italy-effects", occurrence=occurrence, war_over=True, conquered=True)
    assert over.result.cb_to_period_end and unit in [c.unit for c in over.because]
    assert not decide("eu-risto.wars-in-italy-effects", occurrence=occurrence).result.cb_to_period_end


def test_the_owner_of_napoli_refuses_only_if_a_major_country():
    """eu-risto:4:I/occ-1/diplomacy-phase/1: "FRA or the owner of NAPOLI (only if a major country)
    can refuse it": a minor owner cannot, and whether it is major is asked, never assumed."""
    minor = decide("eu-risto.wars-in-italy-refusal", occurrence=1, refuser="owner", owner_major=False)
    assert (minor.result.allowed, minor.result.stab_lost, minor.result.cedes) == (False, 0, None)
    assert minor.unit == "eu-risto:4:I/occ-1/diplomacy-phase/1"
    with pytest.raises(RuleInputError, match="owner_major: required"):
        decide("eu-risto.wars-in-italy-refusal", occurrence=1, refuser="owner")
    with pytest.raises(RuleInputError, match="owner_major: only the first event"):
        decide("eu-risto.wars-in-italy-refusal", occurrence=2, refuser="owner", owner_major=True)


@pytest.mark.parametrize("occurrence, unit", [(1, "eu-risto:4:I/occ-1/movement-phase/3"),
                                              (2, "eu-risto:4:I/occ-2/movement-phase/2")])
def test_an_enemy_invasion_from_outside_italy_lifts_the_french_penalty(occurrence, unit):
    """"the restrictions on FRA placed in 1 above are lifted without it forfeiting the CB"."""
    outcome = decide("eu-risto.wars-in-italy-effects", occurrence=occurrence, invaded_outside_italy=True,
                     restriction_lifted=True)
    assert (outcome.result.stab_lost, outcome.result.vp_lost, outcome.result.loses_cb, outcome.unit) == (
        0, 0, False, unit)
    with pytest.raises(RuleInputError, match="restriction_lifted"):
        decide("eu-risto.wars-in-italy-effects", occurrence=occurrence, restriction_lifted=True)


def test_refusing_a_third_wars_in_italy_is_refused():
    with pytest.raises(RuleInputError, match="occurs 2 times"):
        decide("eu-risto.wars-in-italy-refusal", occurrence=3, refuser="FRA")


@pytest.mark.parametrize("income, transfer", [(0, 0), (1, 1), (7, 4), (10, 5)])
def test_veneto_turkish_transfer_is_half_rounded_up(income, transfer):
    """eu-risto:3:I/diplomacy-phase/1"""
    assert decide("eu-risto.veneto-turkish-transfer", income=income).result.to_venice == transfer
