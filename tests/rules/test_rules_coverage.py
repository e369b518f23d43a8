"""Every rule fact is executed: some rule reads it (as the facts record it, not as a list kept by
hand says), every fact a rule declares is cited by one of its scenarios, and a fact no rule can
execute says why in the data (`prose_only`)."""

from __future__ import annotations

import pytest

from pipeline.rules import RULES, RuleInputError, run
from pipeline.rules.inputs import plain
from rules_scenarios import SCENARIOS
from rules_support import facts


def replayed():
    """Every scenario run once, with the facts recording the reads: (rule, reads, citations).
    A refusal of an impossible input rests on the facts it read: they are its citations."""
    found = []
    for rule_id, cases in SCENARIOS.items():
        for inputs, expect in cases:
            recorder = facts().recording()
            if "refused" in expect:
                with pytest.raises(RuleInputError):
                    run(rule_id, recorder, inputs)
                found.append((rule_id, set(recorder.read), set(recorder.read)))
                continue
            outcome = run(rule_id, recorder, inputs)
            found.append((rule_id, set(recorder.read), {c.fact for c in outcome.because if c.fact}))
    return found


RUNS = replayed()


def test_every_rule_has_scenarios():
    assert set(SCENARIOS) == set(RULES)


@pytest.mark.parametrize("rule_id, inputs, expect",
                         [(r, i, e) for r, cases in SCENARIOS.items() for i, e in cases])
def test_each_scenario_decides_what_the_text_says(rule_id, inputs, expect):
    if "refused" in expect:
        with pytest.raises(RuleInputError, match=expect["refused"]):
            run(rule_id, facts(), inputs)
        return
    outcome = run(rule_id, facts(), inputs)
    assert outcome.because, f"{rule_id} cites nothing"
    got = plain(outcome.result)
    assert {key: got[key] for key in expect} == plain(expect)


def test_no_fact_goes_unread_unless_the_data_says_why():
    read = set().union(*(reads for _, reads, _ in RUNS))
    unread = [f"{f.id} ({f.path}:{f.line})" for f in facts() if f.id not in read and not f.prose_only]
    assert unread == []
    excused_yet_read = [f.id for f in facts() if f.prose_only and f.id in read]
    assert excused_yet_read == []  # an excuse that no longer holds


def test_every_declared_fact_is_cited_by_a_scenario_of_its_rule():
    cited: dict[str, set[str]] = {}
    for rule_id, _, citations in RUNS:
        cited.setdefault(rule_id, set()).update(citations)
    uncited = [f"{rule_id}: {f.id}" for rule_id, found in RULES.items() for f in found.reads(facts())
               if f.id not in cited.get(rule_id, set())]
    assert uncited == []


def test_a_rule_reads_only_what_it_declares_and_all_of_it():
    """So that `folio rules list` counts what the rule actually reads."""
    observed: dict[str, set[str]] = {}
    for rule_id, reads, _ in RUNS:
        observed.setdefault(rule_id, set()).update(r for r in reads if r in facts())
    for rule_id, found in RULES.items():
        assert observed[rule_id] == {f.id for f in found.reads(facts())}, rule_id


def test_the_reformation_turning_protestant_loses_papacy_and_spa_rolls_its_own_revolts():
    """eu-risto:8:I/occ-2/general-consequences/1/a ("Control of Papacy is lost") and 1/c
    ("4 in case of SPA")."""
    outcome = run("eu-risto.reformation", facts(),
                  {"choices": "FRA:protestantism,SPA:protestantism,ENG:conciliatorism"})
    by_power = {c.power: c for c in outcome.result.consequences}
    assert (by_power["SPA"].loses_papacy, by_power["SPA"].revolts) == (True, 4)
    assert by_power["SPA"].no_papacy_diplomacy_until == "current"
    assert (by_power["FRA"].loses_papacy, by_power["FRA"].no_papacy_diplomacy_until) == (True, "III")
    assert not by_power["ENG"].loses_papacy
    cited = [c.fact for c in outcome.because]
    assert "eu-risto.reformation.protestantism.papacy" in cited
    assert "eu-risto.reformation.protestantism.revolts-spa" in cited
    wording = next(c.wording for c in outcome.because if c.fact == "eu-risto.reformation.protestantism.papacy")
    assert "Control of Papacy is lost." in wording["en"]


def test_reads_are_recorded_by_the_accessor_itself():
    recorder = facts().recording()
    run("his.chateaux", recorder, {"die": 2})
    assert "his.chateaux.success" in recorder.read and "his.chateaux.milan" not in recorder.read
    assert facts().read is None  # the shared facts keep no record
