"""`folio rules list` and `folio rules run`, as a user runs them: JSON out, citations to
path:line, one line and exit status 2 for any bad input."""

from __future__ import annotations

import json

import pytest

from pipeline.rules import RULES
from rules_support import ROOT, facts

HIS_POWER = "corpus/sources/his-power-rules-england-france-papacy.ru.txt"


def test_list_shows_every_rule_with_its_unit_and_typed_inputs(folio):
    text = folio(ROOT, "rules", "list")
    assert text.returncode == 0
    for rule_id, found in RULES.items():
        reads = len(found.reads(facts()))
        assert f"{rule_id}  ({found.unit})  reads {reads} fact{'s' if reads != 1 else ''}: " in text.stdout
    assert "his.chateaux  (his:21.4/para-1)  reads 5 facts: France plays" in text.stdout
    assert "vq.patronage  (vq:11.1/note-1)  reads 1 fact: " in text.stdout
    assert "    die                    int (1..6) or none; default null: England's die roll" in text.stdout
    listed = json.loads(folio(ROOT, "rules", "list", "--format", "json").stdout)
    assert [r["id"] for r in listed] == list(RULES)
    assert {r["id"]: r["reads"] for r in listed}["eu-risto.reformation"] == 30
    mary = next(r for r in listed if r["id"] == "his.mary-i-impulse")
    assert mary["unit"] == "his:21.3/sec-1/proc-1"
    assert {i["name"]: (i["type"], i["required"]) for i in mary["inputs"]} == {
        "card_cp": ("int (0 or more)", True), "die": ("int (1..6) or none", False),
        "card": ("one of mandatory-event|combat|response|other", False), "protestant_home_space": ("bool (true|false)", False)}


def test_run_prints_the_outcome_with_its_citations(folio):
    done = folio(ROOT, "rules", "run", "his.mary-i-impulse", "card_cp=4", "die=3")
    assert done.returncode == 0 and done.stderr == ""
    outcome = json.loads(done.stdout)
    assert outcome["result"]["papal_actions"] == ["book-burning", "debate"]
    assert (outcome["implements"], outcome["unit"]) == ("his:21.3/sec-1/proc-1",
                                                        "his:21.3/sec-1/proc-1/step-4/list-1/item-3")
    assert outcome["source"] == f"{HIS_POWER}:11"
    assert [(c["fact"], c["source"]) for c in outcome["citations"]] == [
        ("his.mary-i.papal.both", f"{HIS_POWER}:11"), ("his.mary-i.die.papal", f"{HIS_POWER}:7"),
        ("his.mary-i.impulse-ends", f"{HIS_POWER}:12"), ("his.mary-i.applies", f"{HIS_POWER}:4")]
    assert outcome["citations"][1]["wording"] == {"en": "On a 1–3, go to step",
                                                  "ru": "При выпадении 1 – 3, перейдите к шагу"}


def test_run_takes_lists_and_maps(folio):
    done = folio(ROOT, "rules", "run", "eu-risto.hre-election", "bids=SPA:100,FRA:160", "charles_i=true",
                 "electorates=saxony:FRA")
    assert json.loads(done.stdout)["result"]["totals"] == {"SPA": 200, "FRA": 170}


@pytest.mark.parametrize("args, line", [
    (["his.mary-i-impulse", "card_cp=3", "die=7"], "error: his.mary-i-impulse: die=7: a die roll is 1..6"),
    (["his.mary-i-impulse", "card_cp=-2", "die=1"],
     "error: his.mary-i-impulse: card_cp=-2: a number of command points is 0 or more"),
    (["his.colonize", "power=spain", "colonies=0"], "error: his.colonize: power='spain': unknown Here I Stand "
     "power; one of ottomans, habsburgs, england, france, papacy, protestants"),
    (["his.mary-i-impulse", "die=2"], "error: his.mary-i-impulse: missing input card_cp (the CP value of the card "
     "England reveals)"),
    (["his.mary-i-impulse", "card_cp"], "error: his.mary-i-impulse: expected KEY=VALUE, got 'card_cp'"),
    (["his.mary-impulse"], "error: his.mary-impulse: no rule 'his.mary-impulse'; did you mean his.mary-i-impulse?"),
])
def test_bad_input_exits_2_with_one_clear_line(folio, args, line):
    done = folio(ROOT, "rules", "run", *args)
    assert (done.returncode, done.stdout, done.stderr_lines) == (2, "", [line])


@pytest.mark.parametrize("args, line", [
    (["vq.treasure-fleet-escorts", "in_box=3", "move=0"], "error: vq.treasure-fleet-escorts: in_box=3: the box "
     "never holds more than 2 galleons (vq:10/proc-1/step-1)"),
    (["eu-risto.tordesillas-in-effect", "period=I", "event_7_iii_occurred=true"],
     "error: eu-risto.tordesillas-in-effect: event_7_iii_occurred: event 7:III belongs to period III; it "
     "cannot have occurred in period I"),
    (["eu-risto.event-die-modifiers", "period=I", "america_discovered=false", "tordesillas_occurred=true"],
     "error: eu-risto.event-die-modifiers: tordesillas_occurred: event 1:I is re-rolled until America is "
     "discovered (eu-risto:1:I/pre-1)"),
    (["eu-risto.event-die-modifiers", "period=I", "america_discovered=true", "spa_counter_reform=true"],
     "error: eu-risto.event-die-modifiers: spa_counter_reform: SPA chooses counter-reform at the second "
     "occurrence of the Reformation (eu-risto:8:I/occ-2/events-phase/1)"),
    (["his.colonize", "power=england", "colonies=3"], "error: his.colonize: colonies=3: the england never have "
     "more than 2 colonies at a time (his:20.1/para-1)"),
    (["eu-risto.tordesillas-effects", "power=SPA", "period=IV"], "error: eu-risto.tordesillas-effects: "
     "period=IV: the treaty lasts to the end of period III (eu-risto:1:I)"),
    (["eu-risto.wars-in-italy-effects", "occurrence=1", "annexed=true", "war_over=true"],
     "error: eu-risto.wars-in-italy-effects: annexed: a province FRA never conquered cannot have been annexed"),
    (["pop.declare-war", "targets=Venice,Genoa", "with_marriage=Venice", "marriage_l_side=Genoa"],
     "error: pop.declare-war: marriage_l_side: Genoa is not a target you have a marriage with (Venice)"),
])
def test_states_the_text_rules_out_exit_2_with_one_line(folio, args, line):
    """Inputs no game can reach are refused like any bad input, never decided."""
    done = folio(ROOT, "rules", "run", *args)
    assert (done.returncode, done.stdout, done.stderr_lines) == (2, "", [line])
