"""The rules as a programmer building a game assistant uses them: importable from anywhere (and
from an installed wheel, with the facts it ships), every result field declared with its type and
meaning, one sign convention, contradicting inputs refused, no default deciding for the player."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import fields

import pytest

from pipeline.rules import RULES, RuleInputError, load, run
from rules_scenarios import SCENARIOS
from rules_support import ROOT, decide, facts, manual_example


def _python(code: str, cwd, pythonpath) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(pythonpath), "PYTHONIOENCODING": "utf-8", "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=120)


def test_the_manual_example_runs_from_another_directory(tmp_path):
    """The manual's example, run from an empty temporary directory, prints what the manual says."""
    code, expected = manual_example()
    done = _python(code, tmp_path, ROOT)
    assert (done.returncode, done.stdout) == (0, expected), done.stderr
    assert list(tmp_path.iterdir()) == []  # and writes nothing there


def test_load_without_a_root_is_the_corpus_facts_and_with_one_that_projects():
    shipped = load()
    assert {f.id for f in shipped} == {f.id for f in facts()}
    assert run("his.mary-i-impulse", load(ROOT), card_cp=3, die=2).result.papal_actions == \
        run("his.mary-i-impulse", shipped, card_cp=3, die=2).result.papal_actions


def test_every_rule_declares_each_result_field_with_a_type_and_a_meaning(folio):
    listed = {r["id"]: r for r in json.loads(folio(ROOT, "rules", "list", "--json").stdout)}
    assert set(listed) == set(RULES)
    for rule_id, found in RULES.items():
        declared = listed[rule_id]["result"]
        assert [f["name"] for f in declared] == [f.name for f in fields(found.result)], rule_id
        assert all(f["type"] and f["meaning"] for f in declared), rule_id
    war = {f["name"]: f for f in listed["pop.declare-war"]["result"]}
    assert (war["gaining"]["type"], war["each_pr_gains"]["type"]) == ("list of str", "int")
    reformation = {f["name"]: f for f in listed["eu-risto.reformation"]["result"]}
    assert {"stab_lost", "vp_gained"} <= {f["name"] for f in reformation["consequences"]["fields"]}


def _amounts(value, path=""):
    """(path, field meaning) of every whole number in a result, nested records included."""
    for field in fields(value):
        item = getattr(value, field.name)
        items = item if isinstance(item, tuple) else (item,)
        for one in items:
            if hasattr(one, "__dataclass_fields__"):
                yield from _amounts(one, f"{path}{field.name}.")
            elif isinstance(one, int) and not isinstance(one, bool):
                yield f"{path}{field.name}", one
        if isinstance(item, dict):
            yield from ((f"{path}{field.name}[{k}]", v) for k, v in item.items() if isinstance(v, int))


def test_one_sign_convention_amounts_are_never_negative_and_say_their_direction():
    """A gain, a loss or a cost is a count of 0 or more named for its direction; only a modifier
    (its meaning says "signed") can be negative. Checked on every scenario of every rule."""
    signed = {(rule_id, f.name) for rule_id, r in RULES.items() for f in r.results() if f.signed}
    assert signed == {("eu-risto.diplomacy-modifiers", "modifier"), ("eu-risto.event-die-modifiers", "per_die")}
    for rule_id, cases in SCENARIOS.items():
        for inputs, _ in cases:
            try:
                outcome = decide(rule_id, **inputs)
            except RuleInputError:
                continue
            for name, number in _amounts(outcome.result):
                assert number >= 0 or (rule_id, name) in signed, (rule_id, inputs, name, number)
    names = {f.name for r in RULES.values() for f in r.results()}
    assert not names & {"vp", "ducats", "stab"}  # a bare amount would not say gained or lost


@pytest.mark.parametrize("rule_id, inputs, message", [
    ("vq.impulse", {"play": "event", "mandatory_card": True}, "a Mandatory Event card played as its event is "
     "play=mandatory-event"),
    ("vq.impulse", {"play": "mandatory-event", "mandatory_card": False}, "the card is a Mandatory Event card"),
    ("his.winter-return", {"power": "france", "units": 6, "space": "unfortified", "capital_enemy_controlled": True,
                           "placed": "capital:6"}, "the capital is enemy-controlled"),
    ("eu-risto.tordesillas-effects", {"power": "TUR", "period": "I", "catholic": True}, "TUR is not a Catholic"),
])
def test_redundant_inputs_that_contradict_are_refused(rule_id, inputs, message):
    with pytest.raises(RuleInputError, match=message):
        decide(rule_id, **inputs)


def test_no_default_decides_a_power_religion_or_an_unlimited_command_rating():
    with pytest.raises(RuleInputError, match="catholic: required"):
        decide("eu-risto.tordesillas-effects", power="ENG", period="II", col_tp_attempts=1)
    assert decide("eu-risto.tordesillas-effects", power="ENG", period="II", col_tp_attempts=1,
                  catholic=False).result.stab_lost == 0  # a Protestant ENG is not bound
    assert decide("eu-risto.tordesillas-effects", power="TUR", period="II",
                  col_tp_attempts=1).result.stab_lost == 0  # derived: TUR is never Catholic
    with pytest.raises(RuleInputError, match="missing input command_rating"):
        decide("vq.spring-deployment", power="spain", land_units=9)
    leaderless = decide("vq.spring-deployment", power="spain", land_units=9, command_rating="none")
    assert [r.fact for r in leaderless.readings] == ["vq.deployment.command-rating"]


def test_the_benchmark_prints_its_figures():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rules_speed.py"), "--runs", "600"],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0].strip() for line in lines] == ["typed inputs", "raw strings"]
    assert all("600 runs in" in line and "µs each" in line for line in lines)


def test_an_installed_wheel_runs_the_readme_example_with_the_facts_it_ships(tmp_path_factory):
    """pip installs the wheel into a directory of its own; the example runs from another, with
    no checkout on the path: `load()` finds the facts as package data."""
    from checkout_support import clean_checkout

    source = clean_checkout(tmp_path_factory.mktemp("source") / "folio")
    out, target = tmp_path_factory.mktemp("wheel"), tmp_path_factory.mktemp("installed")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
                           "-q", "-w", str(out), str(source)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    (wheel,) = out.glob("folio-*.whl")
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-compile", "-q",
                           "--disable-pip-version-check", "--target", str(target), str(wheel)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (target / "pipeline" / "rules" / "packaged").glob("*.yaml")) == \
        sorted(p.name for p in (ROOT / "corpus" / "rules").glob("*.yaml"))
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    code, expected = manual_example()
    done = _python(f"import pipeline; assert pipeline.__file__.startswith({str(target)!r})\n" + code,
                   elsewhere, target)
    assert (done.returncode, done.stdout) == (0, expected), done.stderr
