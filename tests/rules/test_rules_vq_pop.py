"""Virgin Queen and The Price of Power: the executable rules, tested from the text (unit ids in
the names and docstrings), with their limits."""

from __future__ import annotations

import pytest

from pipeline.rules import RuleInputError
from rules_support import decide


@pytest.mark.parametrize("cost, allowed", [(4, False), (3, True), (0, True)])
def test_spain_enters_scotland_and_ireland_at_3_cp_or_less(cost, allowed):
    """vq:9/sec-2/para-1; entering starts the war (vq:9/sec-1), which never ends (vq:9/sec-3)."""
    result = decide("vq.spain-scotland-ireland", ov_cost=cost).result
    assert (result.allowed, result.war) == (allowed, allowed)


@pytest.mark.parametrize("in_box, move, allowed", [(1, 1, True), (2, 0, True), (2, 1, False), (0, 3, False),
                                                   (2, -2, True)])
def test_treasure_fleet_escorts_hold_at_most_2_galleons(in_box, move, allowed):
    """vq:10/proc-1/step-1"""
    assert decide("vq.treasure-fleet-escorts", in_box=in_box, move=move).result.allowed is allowed


def test_treasure_fleet_escorts_one_way_per_turn():
    assert not decide("vq.treasure-fleet-escorts", in_box=1, move=-1, moved_other_way=True).result.allowed
    with pytest.raises(RuleInputError, match="only 1 galleon"):
        decide("vq.treasure-fleet-escorts", in_box=1, move=-2)


DEPLOY = "vq.spring-deployment"


@pytest.mark.parametrize("units, allowed", [(5, True), (6, False)])
def test_spring_deployment_at_most_5_land_units_cross_a_sea_zone(units, allowed):
    """vq:10/proc-1/step-6/list-1/item-6"""
    outcome = decide(DEPLOY, power="england", land_units=units, sea_zones=1, command_rating=None)
    assert outcome.result.allowed is allowed and outcome.result.cost_cp == 0
    if not allowed:
        assert outcome.unit == "vq:10/proc-1/step-6/list-1/item-6"
    assert decide(DEPLOY, power="england", land_units=6, command_rating=6).result.allowed  # no sea zone


@pytest.mark.parametrize("inputs, unit", [
    ({"sea_zones": 2}, "item-2"), ({"mountain_pass": True}, "item-4"), ({"path_unrest": True}, "item-2"),
    ({"path_controlled": False}, "item-2"), ({"started_in_capital": False}, "item-1"),
    ({"both_capitals": True}, "item-1"), ({"command_rating": 2}, "item-3"),
    ({"sea_zones": 1, "foreign_ships": True}, "item-5")])
def test_spring_deployment_restrictions(inputs, unit):
    outcome = decide(DEPLOY, power="spain", land_units=3, **{"command_rating": 3, **inputs})
    assert not outcome.result.allowed and outcome.unit == f"vq:10/proc-1/step-6/list-1/{unit}"


def test_spring_deployment_through_lent_ships_and_within_command():
    assert decide(DEPLOY, power="spain", land_units=3, sea_zones=1, foreign_ships=True, ships_lent=True,
                  command_rating=4).result.allowed
    assert decide(DEPLOY, power="spain", land_units=3, command_rating=3).result.allowed


@pytest.mark.parametrize("inputs, may, must", [
    ({"cards_in_hand": 0, "admin_rating": 2}, True, True),
    ({"cards_in_hand": 2, "admin_rating": 2}, True, False),
    ({"cards_in_hand": 3, "admin_rating": 2}, False, False),
    ({"cards_in_hand": 1, "admin_rating": 2, "home_card_played": False}, False, False),
    ({"cards_in_hand": 1, "admin_rating": 2, "mandatory_event_in_hand": True}, False, False)])
def test_passing(inputs, may, must):
    """vq:11/list-2 (never), vq:11/para-6 (must)"""
    result = decide("vq.pass", **inputs).result
    assert (result.may_pass, result.must_pass) == (may, must)


IMPULSE = "vq.impulse"
MORISCO = {"play": "cp", "card_cp": 3, "actions": "naval:2,diplomacy:1", "treasure": "cp", "treasure_cp": 4}


def test_treasure_extension_after_cp_needs_other_action_types():
    """vq:11/para-8; the Morisco Revolt example (vq:11/example-1)."""
    result = decide(IMPULSE, **MORISCO).result
    assert (result.extends, result.card_cp_left, result.treasure_cp_left, result.legal) == (True, 0, 4, True)
    assert result.forbidden_types == ("naval", "diplomacy")
    assert result.allowed_types == ("land", "piracy-defense", "religious", "patronage", "espionage")
    assert not decide(IMPULSE, **MORISCO, extension="naval:1").result.legal
    assert decide(IMPULSE, **MORISCO, extension="land:2,espionage:2").result.legal
    assert not decide(IMPULSE, **MORISCO, extension="land:3,espionage:2").result.legal  # 5 CP of 4


def test_treasure_extension_after_an_event_is_unrestricted_and_after_a_mandatory_event_by_its_2_cp():
    event = decide(IMPULSE, play="event", card_cp=2, actions="naval:2", treasure="cp", treasure_cp=3,
                   extension="naval:3")
    assert event.result.legal and event.result.forbidden_types == () and event.unit == "vq:11/para-8"
    mandatory = decide(IMPULSE, play="mandatory-event", actions="land:2", treasure="cp", treasure_cp=2,
                       extension="land:2")
    assert not mandatory.result.legal and mandatory.result.card_cp_left == 0
    with pytest.raises(RuleInputError, match="a mandatory event gives 2 CP"):
        decide(IMPULSE, play="mandatory-event", card_cp=3)


@pytest.mark.parametrize("cp, ok", [(0, False), (1, True), (5, True), (6, False)])
def test_cp_treasures_are_worth_1_to_5(cp, ok):
    """vq:11/para-8"""
    if ok:
        assert decide(IMPULSE, play="cp", card_cp=1, treasure="cp", treasure_cp=cp).result.legal
    else:
        with pytest.raises(RuleInputError, match="a CP treasure is worth 1–5 CP"):
            decide(IMPULSE, play="cp", card_cp=1, treasure="cp", treasure_cp=cp)


def test_impulse_refusals():
    assert not decide(IMPULSE, play="pass", treasure="draw-card").result.legal  # vq:11/para-2
    with pytest.raises(RuleInputError, match="an action costs 1–5 CP"):
        decide(IMPULSE, play="cp", card_cp=6, actions="land:6")
    with pytest.raises(RuleInputError, match="gives no CP to spend"):
        decide(IMPULSE, play="cp", card_cp=1, treasure="science-bonus", extension="land:1")
    with pytest.raises(RuleInputError, match="unknown action type"):
        decide(IMPULSE, play="cp", card_cp=2, actions="piracy:2")


@pytest.mark.parametrize("times, allowed", [(0, True), (1, False)])
def test_patronage_once_per_turn_each(times, allowed):
    """vq:11.1/note-1"""
    assert decide("vq.patronage", action="scholar", times_this_turn=times).result.allowed is allowed


@pytest.mark.parametrize("passes, ends", [(5, False), (6, True)])
def test_the_action_phase_ends_after_6_consecutive_passes(passes, ends):
    """vq:11/para-6"""
    assert decide("vq.action-phase-end", consecutive_passes=passes).result.ends is ends
    with pytest.raises(RuleInputError, match="there are 6 powers"):
        decide("vq.action-phase-end", consecutive_passes=7)


DOW = "pop.declare-war"


def test_declare_war_costs_1c_and_stability_per_target():
    """pop:5.5/action-1 (1c); proc-1/step-2 (2s per target without CB, 1s per M unless L up); step-4."""
    result = decide(DOW, targets="Venice,Genoa,Milan", without_cb="Venice,Genoa", with_marriage="Venice,Milan",
                    marriage_l_side="Milan", player_realms="Genoa").result
    assert (result.allowed, result.crowns, result.stability_lost, result.each_pr_gains) == (True, 1, 5, 1)
    assert result.gaining == ("Genoa",)
    assert decide(DOW, targets="Venice").result.stability_lost == 0


def test_declare_war_judges_the_l_side_per_target():
    """proc-1/step-2: "(unless the L side is face-up)" is said of the target's own marriage. One
    marriage and one L side in total look fine; the L side on another target is not a marriage."""
    with pytest.raises(RuleInputError, match="marriage_l_side: Genoa is not a target you have a marriage with"):
        decide(DOW, targets="Venice,Genoa", with_marriage="Venice", marriage_l_side="Genoa")
    assert decide(DOW, targets="Venice,Genoa", with_marriage="Venice",
                  marriage_l_side="Venice").result.stability_lost == 0


def test_declare_war_names_the_barred_target_among_several():
    """pop:5.5/action-1/note-1: the restriction belongs to one target of the declaration."""
    outcome = decide(DOW, targets="Venice,Genoa,Milan", bars="Genoa:truce")
    assert (outcome.result.allowed, outcome.result.barred_by) == (False, ("Genoa: b",))
    with pytest.raises(RuleInputError, match="bars: Savoy is not a target"):
        decide(DOW, targets="Venice", bars="Savoy:truce")


def test_prs_accepting_an_nprs_defensive_cta_gain_1c_unless_already_at_war():
    """proc-1/step-4: "Targeted PRs, and PRs accepting any Defensive CtAs from NPRs (unless that PR
    is already at War with the Aggressor), gain 1c": the accepting PRs gain too, and the "unless"
    is theirs (the fact's recorded reading), so a targeted PR always gains."""
    outcome = decide(DOW, targets="Venice,Genoa", player_realms="Genoa", accepting_ctas="France,Spain",
                     already_at_war="Spain")
    assert (outcome.result.gaining, outcome.result.each_pr_gains) == (("Genoa", "France"), 1)
    assert decide(DOW, targets="Venice", accepting_ctas="France").result.gaining == ("France",)
    assert decide(DOW, targets="Venice", accepting_ctas="France",
                  already_at_war="France").result.each_pr_gains == 0
    [reading] = outcome.readings
    assert (reading.fact, "accepting" in reading.reading, "targeted PRs too" in reading.alternative) == (
        "pop.dow.targeted-pr-exception", True, True)


def test_only_an_accepting_pr_can_be_already_at_war_and_only_an_npr_target_calls():
    with pytest.raises(RuleInputError, match="already_at_war: Venice is not a PR accepting a CtA"):
        decide(DOW, targets="Venice", player_realms="Venice", already_at_war="Venice")
    with pytest.raises(RuleInputError, match="no targeted NPR sends a CtA"):
        decide(DOW, targets="Venice", player_realms="Venice", accepting_ctas="France")


@pytest.mark.parametrize("bar, letter", [("allies", "a"), ("truce", "b"), ("passed", "c"), ("npr-ally", "d"),
                                         ("hre-member", "e"), ("distant", "f"), ("interregnum", "g")])
def test_declare_war_restrictions_a_to_g(bar, letter):
    """pop:5.5/action-1/note-1"""
    outcome = decide(DOW, targets="Venice", bars=f"Venice:{bar}")
    assert (outcome.result.allowed, outcome.result.barred_by, outcome.unit) == (
        False, (f"Venice: {letter}",), "pop:5.5/action-1/note-1")


def test_declare_war_refuses_impossible_targets():
    with pytest.raises(RuleInputError, match="without_cb: Genoa is not a target"):
        decide(DOW, targets="Venice", without_cb="Genoa")
    with pytest.raises(RuleInputError, match="declare war on at least one Realm"):
        decide(DOW, targets="")


@pytest.mark.parametrize("inputs, allowed, crowns", [
    ({"activation": "land-move", "spaces": 2}, True, 1), ({"activation": "land-move", "spaces": 3}, False, 1),
    ({"activation": "naval-move", "spaces": 2}, True, 1), ({"activation": "siege", "siege_units": 1}, True, 1),
    ({"activation": "siege", "siege_units": 3}, True, 3),
    ({"activation": "land-move", "spaces": 1, "land_units": 3, "bridge_ships": 1}, True, 1),
    ({"activation": "land-move", "spaces": 1, "land_units": 4, "bridge_ships": 1}, False, 1)])
def test_activate_units(inputs, allowed, crowns):
    """pop:5.5/action-2: 1c; up to 2 spaces; 1c per additional sieging Unit; 3 Land Units per Ship."""
    result = decide("pop.activate-units", **inputs).result
    assert (result.allowed, result.crowns) == (allowed, crowns)


@pytest.mark.parametrize("inputs, allowed", [
    ({"mercenaries": 3}, True), ({"mercenaries": 4}, False), ({"mercenaries": 1, "mercenaries_earlier": 2}, True),
    ({"mercenaries": 2, "mercenaries_earlier": 2}, False), ({"ships": "Brest:1,Bordeaux:1"}, True),
    ({"ships": "Brest:2,Bordeaux:0"}, False), ({"regulars": "Artois:2", "mc": "Artois:2"}, True),
    ({"regulars": "Artois:3", "mc": "Artois:2"}, False)])
def test_recruit_limits(inputs, allowed):
    """pop:5.5/action-3/para-3 (MC), para-5 (3 Mercenaries per Turn), para-7 (1 Ship per owned Port)."""
    result = decide("pop.recruit-units", **inputs).result
    assert (result.allowed, result.crowns) == (allowed, 1)


def test_recruit_limits_hold_in_each_port_and_each_area():
    """pop:5.5/action-3/para-7 "1 Ship in each Port you Own", para-3 "up to your MC ... in each of
    these Areas": two Ships from two Ports is fine in total, but not both in one Port; three
    Regulars against an MC of 2 + 2 is fine in total, but not three in one Area."""
    ports = decide("pop.recruit-units", ships="Brest:2,Bordeaux:0").result
    assert (ports.allowed, ports.problems) == (False, ("Brest: 2 Ships, at most 1 in each Port",))
    areas = decide("pop.recruit-units", regulars="Artois:3,Picardy:0", mc="Artois:2,Picardy:2").result
    assert (areas.allowed, areas.problems) == (False, ("Artois: 3 Regular Units, MC 2",))
    with pytest.raises(RuleInputError, match="give your MC in Picardy"):
        decide("pop.recruit-units", regulars="Picardy:1", mc="Artois:2")


def test_suppress_unrest_costs_1c_per_province_where_allowed():
    """pop:5.5/action-4"""
    result = decide("pop.suppress-unrest", provinces="clear,clear,occupied-by-you,clear,enemy-units").result
    assert (result.suppressed, result.crowns, result.refused) == (3, 3, ("occupied-by-you", "enemy-units"))
