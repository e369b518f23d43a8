"""Here I Stand's executable rules, each tested from the text it implements (the unit id in the
test's name or docstring), with the edges of every range and limit."""

from __future__ import annotations

import pytest

from pipeline.rules import RuleInputError
from rules_support import decide

MARY = "his.mary-i-impulse"
STEP_4 = "his:21.3/sec-1/proc-1/step-4/list-1"


# his:21.3/sec-1/proc-1/step-3: "При выпадении 1 – 3, перейдите к шагу 4. При выпадении 4 – 6 ..."
@pytest.mark.parametrize("die, papal", [(1, True), (3, True), (4, False), (6, False)])
def test_mary_i_die_1_to_3_goes_to_papal_actions_4_to_6_plays_normally(die, papal):
    outcome = decide(MARY, card_cp=2, die=die)
    assert outcome.result.rolls and outcome.result.played_normally is not papal
    assert bool(outcome.result.papal_actions) is papal
    assert outcome.unit == (f"{STEP_4}/item-1" if papal else "his:21.3/sec-1/proc-1/step-3")


# his:21.3/sec-1/proc-1/step-4: 1 or 2 CP: book burning; 3 CP: debate; 4 and more: both, in order
@pytest.mark.parametrize("cp, actions, item", [
    (1, ("book-burning",), 1), (2, ("book-burning",), 1), (3, ("debate",), 2),
    (4, ("book-burning", "debate"), 3), (6, ("book-burning", "debate"), 3)])
def test_mary_i_papal_actions_by_card_cp(cp, actions, item):
    outcome = decide(MARY, card_cp=cp, die=3)
    assert tuple(a.value for a in outcome.result.papal_actions) == actions
    assert outcome.unit == f"{STEP_4}/item-{item}" and outcome.result.plays == ()


def test_mary_i_mandatory_events_are_played_normally_without_a_roll():
    """his:21.3/sec-1/proc-1/step-2"""
    outcome = decide(MARY, card_cp=2, card="mandatory-event")
    assert (outcome.result.rolls, outcome.result.played_normally) == (False, True)
    assert outcome.unit == "his:21.3/sec-1/proc-1/step-2"


def test_mary_i_procedure_only_while_an_english_home_space_is_protestant():
    """his:21.3/sec-1/proc-1/para-1: all Catholic at the start of the impulse: played normally."""
    outcome = decide(MARY, card_cp=5, protestant_home_space=False)
    assert (outcome.result.rolls, outcome.result.played_normally) == (False, True)
    assert outcome.unit == "his:21.3/sec-1/proc-1/para-1"


def test_mary_i_combat_and_response_cards_for_cp_only():
    """his:21.3/sec-1/proc-1/step-4/para-2"""
    assert [p.value for p in decide(MARY, card_cp=2, die=5, card="combat").result.plays] == ["cp"]
    assert [p.value for p in decide(MARY, card_cp=2, die=5).result.plays] == ["event", "cp"]


@pytest.mark.parametrize("inputs, words", [
    ({"card_cp": 3, "die": 7}, "die=7: a die roll is 1..6"),
    ({"card_cp": 3, "die": 0}, "die=0: a die roll is 1..6"),
    ({"card_cp": -1, "die": 2}, "card_cp=-1: a number of command points is 0 or more"),
    ({"card_cp": 0, "die": 2}, "card_cp=0: no bracket of step 4 covers it"),
    ({"card_cp": 3}, "die: a other card needs England's die roll"),
    ({"card_cp": 3, "die": 2, "card": "joker"}, "unknown kind of card; one of mandatory-event, combat"),
    ({"card_cp": 3, "die": "two"}, "die='two': expected a whole number"),
    ({"card_cp": 3, "dice": 2}, "unknown input 'dice'; did you mean die?"),
])
def test_mary_i_refuses_impossible_inputs(inputs, words):
    with pytest.raises(RuleInputError, match=words.replace("(", r"\(").replace(")", r"\)")):
        decide(MARY, **inputs)


# his:21.4/para-1: "При результате 3-6 он получает 1 VP ... не может получить больше 6 VP"
@pytest.mark.parametrize("die, vp", [(1, 0), (2, 0), (3, 1), (6, 1)])
def test_chateaux_roll_3_to_6_gains_1_vp(die, vp):
    outcome = decide("his.chateaux", die=die)
    assert (outcome.result.rolls, outcome.result.vp_gained) == (True, vp)


def test_chateaux_automatic_with_milan_and_never_past_6_vp():
    assert (decide("his.chateaux", controls_milan=True).result.rolls,
            decide("his.chateaux", controls_milan=True).result.vp_gained) == (False, 1)
    last = decide("his.chateaux", die=4, vp_so_far=5).result
    assert (last.vp_gained, last.at_maximum) == (1, True)
    capped = decide("his.chateaux", controls_milan=True, vp_so_far=6)
    assert capped.result.vp_gained == 0 and capped.because[0].fact == "his.chateaux.max"
    with pytest.raises(RuleInputError, match="vp_so_far=7: France cannot have more than 6"):
        decide("his.chateaux", die=4, vp_so_far=7)
    with pytest.raises(RuleInputError, match="without Milan, France rolls a die"):
        decide("his.chateaux")


WINTER = "his.winter-return"


@pytest.mark.parametrize("units, stay, leave", [(4, 4, 0), (5, 4, 1), (9, 4, 5)])
def test_winter_at_most_4_units_stay_in_a_controlled_fortified_space(units, stay, leave):
    """his:19.3/proc-1/step-1: more than 4: the excess returns to the capital; the others may."""
    result = decide(WINTER, power="france", units=units, space="fortified-controlled").result
    assert (result.may_stay, result.must_leave, result.may_also_return) == (stay, leave, stay)
    assert result.destinations == ("capital",)


@pytest.mark.parametrize("units, placed, legal", [
    (3, "capital:3", True), (3, "capital:1", True), (6, "capital:2", True), (6, "capital:6", True),
    (6, "capital:1", False), (6, "capital:7", False), (3, "Равенна:3", False)])
def test_winter_the_other_units_may_return_to_the_capital_by_choice(units, placed, legal):
    """his:19.3/proc-1/step-1: «Остальные отряды из этих городов также можно по желанию вернуть в
    столицу» — a voluntary return is legal; the excess still must go, and only to the capital."""
    outcome = decide(WINTER, power="france", units=units, space="fortified-controlled", placed=placed)
    assert outcome.result.legal is legal, outcome.result.problems
    assert "his.winter.voluntary-return" in [r.fact for r in outcome.readings]


def test_winter_no_voluntary_return_to_an_enemy_held_capital_or_for_the_protestants():
    """his:19.3/proc-1/list-1 items 1 and 2: no capital to go to."""
    held = decide(WINTER, power="france", units=3, space="fortified-controlled", capital_enemy_controlled=True).result
    assert (held.may_also_return, held.destinations) == (0, ())
    with pytest.raises(RuleInputError, match="the capital is enemy-controlled"):
        decide(WINTER, power="france", units=3, space="fortified-controlled", capital_enemy_controlled=True,
               placed="capital:1")
    assert decide(WINTER, power="protestants", units=3, space="fortified-controlled").result.may_also_return == 0
    with_attrition = decide(WINTER, power="france", units=3, space="fortified-controlled", attrition=1,
                            placed="capital:2").result
    assert (with_attrition.survivors, with_attrition.legal) == (2, True)


def test_winter_capitals_have_no_limit_and_unfortified_spaces_empty():
    assert decide(WINTER, power="papacy", units=9, space="capital").result.may_stay == 9
    result = decide(WINTER, power="papacy", units=3, space="unfortified").result
    assert (result.may_stay, result.must_leave, result.destinations) == (0, 3, ("capital", "nearest-fortified"))
    assert decide(WINTER, power="papacy", units=3, space="fortified-uncontrolled").result.must_leave == 3


@pytest.mark.parametrize("units, placed, legal", [
    (4, "Равенна:4", True), (5, "Равенна:5", False), (5, "capital:5", True),
    (5, "Равенна:3,Флоренция:2", True), (5, "capital:2", False), (5, "capital:6", False)])
def test_winter_return_to_the_nearest_fortified_space_holds_at_most_4(units, placed, legal):
    """his:19.3/proc-1/step-2/list-1/item-2 and para-1 (a stack may split, 4 per space); every
    surviving unit goes somewhere."""
    assert decide(WINTER, power="papacy", units=units, space="unfortified", placed=placed).result.legal is legal


def test_winter_exceptions_protestants_enemy_capital_habsburgs():
    """his:19.3/proc-1/list-1: items 1, 2, 3."""
    protestant = decide(WINTER, power="protestants", units=6, space="fortified-controlled")
    assert protestant.result.destinations == ("nearest-fortified",)
    assert protestant.unit == "his:19.3/proc-1/list-1/item-1"
    with pytest.raises(RuleInputError, match="no capital"):
        decide(WINTER, power="protestants", units=2, space="capital")
    lost = decide(WINTER, power="france", units=6, space="fortified-controlled", capital_enemy_controlled=True)
    assert (lost.result.destroyed, lost.unit) == (2, "his:19.3/proc-1/list-1/item-2")
    detour = decide(WINTER, power="france", units=2, space="unfortified", capital_enemy_controlled=True)
    assert (detour.result.destinations, detour.result.destroyed) == (("nearest-fortified",), 0)
    habsburg = decide(WINTER, power="habsburgs", units=2, space="unfortified")
    assert "his.winter.habsburg-capitals" in [c.fact for c in habsburg.because]


def test_winter_the_papacy_in_the_example_places_more_units_than_survive():
    """his:19.8/table-1/example-1 against his:19.3: 5 units, 3 lost, 2 to Rome and 1 in Ravenna."""
    result = decide(WINTER, power="papacy", units=5, space="unfortified", attrition=3,
                    placed={"capital": 2, "Равенна": 1}).result
    assert (result.survivors, result.legal) == (2, False)
    assert result.problems == ("3 units placed, but only 2 of the 5 survive after losing 3 to attrition",)
    with pytest.raises(RuleInputError, match="attrition=6: only 5 unit"):
        decide(WINTER, power="papacy", units=5, space="unfortified", attrition=6)


@pytest.mark.parametrize("power, capitals, regulars", [
    ("england", 1, 1), ("england", 0, 0), ("habsburgs", 2, 2), ("habsburgs", 1, 1), ("protestants", 0, 0)])
def test_reinforcements_one_regular_per_controlled_capital(power, capitals, regulars):
    """his:19.5/para-1"""
    outcome = decide("his.reinforcements", power=power, capitals_controlled=capitals)
    assert outcome.result.regulars == regulars and outcome.unit == "his:19.5/para-1"


def test_reinforcements_refuse_capitals_a_power_does_not_have():
    with pytest.raises(RuleInputError, match="the england have 1 capital"):
        decide("his.reinforcements", power="england", capitals_controlled=2)
    with pytest.raises(RuleInputError, match="the protestants have 0 capital"):
        decide("his.reinforcements", power="protestants", capitals_controlled=1)


@pytest.mark.parametrize("turn, played, due", [
    (1, "", ()), (2, "", ("clement-vii",)), (3, "clement-vii", ("barbary-pirates",)),
    (4, "clement-vii,barbary-pirates", ("schmalkaldic-league", "paul-iii")),
    (4, "clement-vii,barbary-pirates,paul-iii", ("schmalkaldic-league",)),
    (6, "clement-vii,barbary-pirates,schmalkaldic-league,paul-iii", ("society-of-jesus",))])
def test_mandatory_events_by_turn(turn, played, due):
    """his:19.8/table-1, rows 1-5; the 2 CP of such a card are ignored (his:19.8/para-1)."""
    result = decide("his.mandatory-events", turn=turn, played=played).result
    assert result.due == due and result.cp_ignored == 2


def test_mandatory_events_refuse_a_missed_deadline_and_unknown_events():
    with pytest.raises(RuleInputError, match="clement-vii must have been played by the winter of turn 2"):
        decide("his.mandatory-events", turn=3)
    with pytest.raises(RuleInputError, match="unknown mandatory event 'luther'"):
        decide("his.mandatory-events", turn=1, played="luther")
    with pytest.raises(RuleInputError, match="turn=0: a turn number is 1 or more"):
        decide("his.mandatory-events", turn=0)
    assert decide("his.mandatory-events", turn=2).result.labels == ("Климент VII",)


@pytest.mark.parametrize("power, colonies, allowed, cost", [
    ("england", 1, True, 3), ("england", 2, False, 3), ("france", 2, False, 3),
    ("habsburgs", 2, True, 2), ("habsburgs", 3, False, 2)])
def test_colonies_cost_and_limits(power, colonies, allowed, cost):
    """his:20.1/para-1: 2 CP Habsburgs, 3 CP England and France; 2 colonies at a time, 3 Habsburg."""
    result = decide("his.colonize", power=power, colonies=colonies).result
    assert (result.allowed, result.cost_cp) == (allowed, cost)


def test_colonize_once_per_turn_potosi_aside_and_only_three_powers():
    assert not decide("his.colonize", power="france", colonies=0, colonized_this_turn=True).result.allowed
    potosi = decide("his.colonize", power="france", colonies=0, colonized_this_turn=True, potosi=True).result
    assert (potosi.allowed, potosi.cost_cp) == (True, None)
    papacy = decide("his.colonize", power="papacy", colonies=0)
    assert not papacy.result.allowed and papacy.unit == "his:20/para-1"


def test_explore_costs_2_cp_once_per_turn_cabot_aside():
    """his:20.2/para-1"""
    assert (decide("his.explore", power="england", explorers_left=2).result.cost_cp) == 2
    assert not decide("his.explore", power="england", explorers_left=2, explored_this_turn=True).result.allowed
    cabot = decide("his.explore", power="england", explorers_left=2, explored_this_turn=True,
                   via="sebastian-cabot").result
    assert (cabot.allowed, cabot.counts_toward_limit, cabot.cost_cp) == (True, False, None)
    assert not decide("his.explore", power="england", explorers_left=2, explored_this_turn=True,
                      via="mercators-map").result.allowed
    assert not decide("his.explore", power="france", explorers_left=0).result.allowed


def test_exploration_order_best_explorer_first_ties_england_france_habsburgs():
    """his:20.2/sec-1/para-1"""
    order = decide("his.exploration-order", expeditions="habsburgs:2,france:2,england:1,england:2,france:4")
    assert order.result.order == ("france:4", "england:2", "france:2", "habsburgs:2", "england:1")
    with pytest.raises(RuleInputError, match="the papacy send none"):
        decide("his.exploration-order", expeditions="papacy:2")


@pytest.mark.parametrize("dice, explorer, mercator, total, lost", [
    ("1,1", 2, False, 4, True), ("1,2", 2, False, 5, False), ("1,1", 0, True, 4, True),
    ("1,1", 1, True, 5, False)])
def test_exploration_roll_4_or_less_is_lost_at_sea(dice, explorer, mercator, total, lost):
    """his:20.2/sec-1/para-1 (two dice + explorer, +2 with Mercator) and para-2 (4 or less)."""
    result = decide("his.exploration-roll", dice=dice, explorer=explorer, mercator=mercator).result
    assert (result.total, result.lost_at_sea) == (total, lost)


def test_exploration_roll_needs_two_real_dice():
    with pytest.raises(RuleInputError, match="roll 2 dice"):
        decide("his.exploration-roll", dice="1,2,3", explorer=1)
    with pytest.raises(RuleInputError, match=r"dice\[1\]=7: a die roll is 1..6"):
        decide("his.exploration-roll", dice="1,7", explorer=1)


def test_excommunication_grounds_and_exemptions():
    """his:21.5/sec-2: a reformer always; a ruler on a listed ground; not heirs; not twice."""
    assert decide("his.excommunication", target="reformer").result.lasts == "this-turn"
    ruler = decide("his.excommunication", target="ruler", allied_with_ottomans=True)
    assert (ruler.result.allowed, ruler.result.cards_fewer, ruler.result.unrest_spaces) == (True, 1, 2)
    assert ruler.unit == "his:21.5/sec-2/list-1/item-2"
    ally = decide("his.excommunication", target="ruler", ally_of_power_at_war=True)
    assert not ally.result.allowed and ally.unit == "his:21.5/sec-2/para-2"
    for refusal in ({"heir_of_henry_viii": True}, {"excommunicated_before": True},
                    {"other_french_king_excommunicated": True}):
        assert not decide("his.excommunication", target="ruler", at_war_with_papacy=True, **refusal).result.allowed


def test_sack_of_rome_needs_more_mercenaries_and_splits_losses():
    """his:21.5/sec-5: precondition; step 2 (an extra die); step 3 (losses)."""
    assert not decide("his.sack-of-rome", mercenaries=3, papal_regulars=3).result.playable
    result = decide("his.sack-of-rome", mercenaries=4, papal_regulars=3, papal_mercenaries=2, stack_regulars=3,
                    hits_on_papacy=4, hits_on_stack=5).result
    assert (result.playable, result.defender_extra_dice) == (True, 1)
    assert (result.papal_regulars_lost, result.papal_mercenaries_lost) == (3, 1)
    assert (result.stack_mercenaries_lost, result.stack_regulars_lost, result.stack_choice) == (2, 2, 1)
    short = decide("his.sack-of-rome", mercenaries=4, papal_regulars=1, stack_regulars=1, hits_on_stack=4).result
    assert (short.stack_mercenaries_lost, short.stack_regulars_lost, short.stack_choice) == (3, 1, 0)
