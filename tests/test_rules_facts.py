"""corpus/rules: the facts load typed and bound, malformed data is refused at its line, and every
registered rule reads only facts the data defines."""

from __future__ import annotations

import shutil

import pytest

from pipeline.errors import FolioError
from pipeline.rules import RULES, Facts, Range, load_facts, run
from pipeline.rules.facts import VALUE_KEYS

from rules_support import ROOT, facts

#: one valid call of every rule, so that each runs here under the fact-reading recorder
SAMPLES = {
    "eu-risto.event-die-modifiers": {"period": "I", "america_discovered": True, "spa_or_por_control_papacy": True},
    "eu-risto.tordesillas-roll": {"america_discovered": True},
    "eu-risto.tordesillas-in-effect": {"period": "II"},
    "eu-risto.event-occurrence": {"event": 8, "times_occurred": 1},
    "eu-risto.wars-in-italy-roll": {"times_occurred": 1},
    "eu-risto.hungarian-liberty-roll": {"event_6_rolled": True},
    "eu-risto.bohemia-hungary-activation": {"period": "II", "d_result_on_hungary": True},
    "eu-risto.war-with-scotland-roll": {"scotland_inactive": True, "eng_refuses": True},
    "eu-risto.hre-election": {"bids": "SPA:10,FRA:200", "charles_i": True, "electorates": "saxony:FRA"},
    "eu-risto.reformation": {"choices": "FRA:protestantism,SPA:conciliatorism,ENG:counter-reform"},
    "eu-risto.wars-in-italy-refusal": {"occurrence": 2, "refuser": "owner"},
    "eu-risto.veneto-turkish-transfer": {"income": 7},
    "his.excommunication": {"target": "ruler", "at_war_with_papacy": True},
    "his.sack-of-rome": {"mercenaries": 4, "papal_regulars": 2, "hits_on_papacy": 3, "hits_on_stack": 3,
                         "stack_regulars": 2},
    "his.mary-i-impulse": {"card_cp": 4, "die": 1},
    "his.chateaux": {"die": 5, "vp_so_far": 5},
    "his.winter-return": {"power": "habsburgs", "units": 6, "space": "unfortified", "placed": "capital:6"},
    "his.reinforcements": {"power": "habsburgs", "capitals_controlled": 2},
    "his.mandatory-events": {"turn": 4, "played": "clement-vii,barbary-pirates"},
    "his.colonize": {"power": "habsburgs", "colonies": 3, "colonized_this_turn": True},
    "his.explore": {"power": "france", "explorers_left": 0, "explored_this_turn": True},
    "his.exploration-order": {"expeditions": "habsburgs:2,england:2"},
    "his.exploration-roll": {"dice": "1,1", "explorer": 1, "mercator": True},
    "vq.spain-scotland-ireland": {"ov_cost": 3},
    "vq.treasure-fleet-escorts": {"in_box": 2, "move": 1, "moved_other_way": True},
    "vq.spring-deployment": {"power": "spain", "land_units": 6, "sea_zones": 2, "mountain_pass": True,
                             "started_in_capital": False, "both_capitals": True, "path_unrest": True,
                             "foreign_ships": True, "command_rating": 1},
    "vq.impulse": {"play": "cp", "card_cp": 3, "actions": "naval:2", "treasure": "cp", "treasure_cp": 4,
                   "extension": "naval:1"},
    "vq.pass": {"cards_in_hand": 5, "admin_rating": 2, "home_card_played": False, "mandatory_event_in_hand": True},
    "vq.patronage": {"action": "artist", "times_this_turn": 1},
    "vq.action-phase-end": {"consecutive_passes": 6},
    "pop.declare-war": {"targets": 2, "without_cb": 1, "with_marriage": 1, "marriage_l_side": 1, "targeted_prs": 1},
    "pop.activate-units": {"activation": "naval-move", "spaces": 3, "land_units": 4, "bridge_ships": 1},
    "pop.recruit-units": {"regulars": 3, "mc": 2, "mercenaries": 4, "ships": 2, "ports_owned": 1},
    "pop.suppress-unrest": {"provinces": "clear,enemy-units,occupied-by-you,occupied-by-enemy"},
}


def test_the_texts_give_well_over_thirty_facts_each_bound_to_a_unit_and_its_words():
    loaded = facts()
    assert len(loaded) >= 200
    assert {f.id.split(".")[0] for f in loaded} == {"eu-risto", "his", "vq", "pop"}
    for fact in loaded:
        assert fact.type in VALUE_KEYS and fact.unit and fact.wording and "en" in fact.label
        assert fact.path.startswith("corpus/rules/") and fact.line > 1
    winter = loaded["his.winter.city-limit"]
    assert (winter.value, winter.unit, winter.wording["ru"]) == (4, "his:19.3/proc-1/step-1",
                                                                ("в котором находится больше 4 отрядов",))
    assert loaded.range("his.mary-i.papal.both") == Range(4, None) and 9 in Range(4, None)
    assert loaded.period("eu-risto.event-die.ends") == "II"
    assert loaded.list("his.exploration.ties") == ("england", "france", "habsburgs")


def test_ranges_of_one_decision_cover_the_die_without_overlap():
    die = [loaded for loaded in (facts().range("his.mary-i.die.papal"), facts().range("his.mary-i.die.normal"))]
    assert sorted(n for r in die for n in range(r.low, r.high + 1)) == [1, 2, 3, 4, 5, 6]
    brackets = [f.value for f in facts().group("his.mary-i.papal")]
    assert [cp for cp in range(1, 9) if sum(cp in b for b in brackets) != 1] == []


class Recorder(Facts):
    """Facts that note every id a rule reads."""

    def __init__(self, real: Facts):
        super().__init__(real.facts, real.files)
        self.read: set[str] = set()

    def __getitem__(self, fact_id):
        self.read.add(fact_id)
        return super().__getitem__(fact_id)

    def group(self, prefix):
        found = super().group(prefix)
        self.read.update(f.id for f in found)
        return found


def test_every_rule_is_sampled_and_reads_only_the_facts_it_declares():
    assert set(SAMPLES) == set(RULES)
    for rule_id, inputs in SAMPLES.items():
        recorder = Recorder(facts())
        outcome = run(rule_id, recorder, inputs)
        assert outcome.rule == rule_id and outcome.because, rule_id
        declared = RULES[rule_id].facts
        for fact_id in recorder.read:
            assert any(fact_id == d or (d.endswith(".*") and fact_id.startswith(d[:-1])) for d in declared), \
                f"{rule_id} reads {fact_id} without declaring it"
        for citation in outcome.because:
            assert citation.fact is None or citation.fact in facts()


def write_rules(root, text: str, name: str = "his.yaml") -> None:
    (root / "corpus" / "rules" / name).write_text(text, "utf-8")


GOOD = """rulebook: his
game: Here I Stand
facts:
  - id: winter.city-limit
    unit: his:19.3/proc-1/step-1
    number: 4
    label: {en: At most 4}
    wording: {ru: больше 4 отрядов}
"""


@pytest.mark.parametrize("change, line, words", [
    (("number: 4", "numbr: 4"), 4, "unknown key(s) numbr"),
    (("number: 4", "number: 4\n    range: [1, 2]"), 4, "give exactly one value"),
    (("number: 4", "range: [5, 2]"), 6, "runs backwards"),
    (("number: 4", "number: four"), 6, "must be a whole number"),
    (("number: 4", "period: XI"), 6, "period is a Roman numeral"),
    (("id: winter.city-limit", "id: Winter Limit"), 4, "lower-case words"),
    (("label: {en: At most 4}", "label: {ru: не больше 4}"), 7, "label needs at least an en text"),
    (("wording: {ru: больше 4 отрядов}", "wording: {de: mehr als 4}"), 8, "'de' is not a language"),
    (("    wording: {ru: больше 4 отрядов}\n", ""), 4, "missing wording"),
    (("rulebook: his", "rulebook: hiss"), 1, "named hiss.yaml"),
    (("facts:", "facts: ["), 4, "invalid YAML"),
])
def test_malformed_facts_are_refused_naming_the_file_and_the_line(corpus_copy, change, line, words):
    write_rules(corpus_copy, GOOD.replace(*change))
    with pytest.raises(FolioError) as refused:
        load_facts(corpus_copy)
    assert (refused.value.path, refused.value.line) == ("corpus/rules/his.yaml", line), str(refused.value)
    assert words in refused.value.message


def test_a_fact_defined_twice_is_refused(corpus_copy):
    write_rules(corpus_copy, GOOD + GOOD.split("facts:\n")[1])
    with pytest.raises(FolioError, match=r"winter.city-limit is defined twice \(first at line 4\)"):
        load_facts(corpus_copy)


def test_a_root_without_rules_is_refused_in_one_line_not_given_no_facts(corpus_copy, folio):
    shutil.rmtree(corpus_copy / "corpus" / "rules")
    with pytest.raises(FolioError) as refused:
        load_facts(corpus_copy)
    assert str(refused.value).startswith("corpus/rules: error: no rule facts: the directory does not exist")
    assert len(load_facts(corpus_copy, missing_ok=True)) == 0  # what a build of such a project reads
    (corpus_copy / "corpus" / "rules").mkdir()
    with pytest.raises(FolioError, match="the directory holds no <rulebook>.yaml"):
        load_facts(corpus_copy)
    for args in (("rules", "list"), ("rules", "run", "his.mary-i-impulse", "card_cp=2", "die=1")):
        done = folio(corpus_copy, *args)
        assert done.returncode == 2 and done.stdout == "", args
        assert len(done.stderr_lines) == 1 and "no rule facts" in done.stderr_lines[0], args


def test_a_broken_rules_file_stops_folio_check_in_one_line(corpus_copy, folio):
    write_rules(corpus_copy, GOOD.replace("number: 4", "number: 4\n    text: four"))
    done = folio(corpus_copy, "check", "--only", "rules")
    assert done.returncode == 2 and done.stderr_lines == [
        "corpus/rules/his.yaml:4: error: fact winter.city-limit: give exactly one value: number, range, period, "
        "text, list"]
    assert ROOT.joinpath("corpus/rules/his.yaml").read_text("utf-8") != GOOD  # the copy, not the repository
