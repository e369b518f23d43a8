"""corpus/rules: the facts load typed and bound, malformed data is refused at its line, and every
registered rule reads only facts the data defines."""

from __future__ import annotations

import re
import shutil
from dataclasses import fields

import pytest

from pipeline.core.errors import FolioError
from pipeline.rules import RULES, Range, load_facts, run
from pipeline.rules.facts import VALUE_KEYS, Facts
from rules_scenarios import SCENARIOS
from rules_support import ROOT, facts

#: one valid call of every rule (its first scenario), so that each runs here under the recorder
SAMPLES = {rule_id: next(inputs for inputs, expect in cases if "refused" not in expect)
           for rule_id, cases in SCENARIOS.items()}


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


def test_every_fact_has_a_russian_label_that_tells_it_from_its_neighbours():
    """A Russian page's box and aid say each fact in Russian: a label, not the heading shared by
    the facts of one step ("Бросок кости" for both ranges of a die roll)."""
    loaded = facts()
    assert [f.id for f in loaded if not re.search("[А-Яа-яЁё]", f.label.get("ru", ""))] == []
    for unit_id, bound in loaded.by_unit.items():
        english = {f.label["en"] for f in bound}
        assert len({f.label["ru"] for f in bound}) == len(english), unit_id


def test_ranges_of_one_decision_cover_the_die_without_overlap():
    die = [facts().range("his.mary-i.die.papal"), facts().range("his.mary-i.die.normal")]
    assert sorted(n for r in die for n in range(r.low, r.high + 1)) == [1, 2, 3, 4, 5, 6]
    brackets = [f.value for f in facts().group("his.mary-i.papal")]
    assert [cp for cp in range(1, 9) if sum(cp in b for b in brackets) != 1] == []


def test_every_rule_is_sampled_and_reads_only_the_facts_it_declares():
    assert set(SAMPLES) == set(RULES)
    for rule_id, inputs in SAMPLES.items():
        recorder = facts().recording()
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
    with pytest.raises(FolioError, match=r"the directory holds no <rulebook>\.yaml"):
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


def test_the_recording_and_the_facts_less_an_examples_carry_every_field():
    # each is a copy made without __init__ (which would index every fact again): a field added
    # to Facts that a copy did not carry would be missing from it, or stand at its class default
    loaded = facts()
    winter = loaded["his.winter.city-limit"]
    recorder, less = loaded.recording(), loaded.without(winter.unit)
    made_anew = {"read"}, {"facts", "by_rulebook", "by_unit", "groups", "read"}
    for copy, anew in zip((recorder, less), made_anew, strict=True):
        for name in (f.name for f in fields(Facts)):
            assert name in vars(copy), name
            assert name in anew or getattr(copy, name) is getattr(loaded, name), name
    assert recorder["his.winter.city-limit"] is winter and recorder.read == {"his.winter.city-limit"}
    assert "his.winter.city-limit" not in less and len(less) < len(loaded) and less.read is None
    assert winter not in less.by_unit.get(winter.unit, []) and winter in loaded.by_unit[winter.unit]
