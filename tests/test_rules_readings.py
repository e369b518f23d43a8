"""Ambiguous wording decided in the open: a fact records the reading the rules take and the
alternative, `folio rules run` shows it where the outcome rested on it, `folio check` reports it
as rules-ambiguous (info) at the fact's words, and the README lists every one."""

from __future__ import annotations

import json

import pytest

from pipeline.errors import FolioError
from pipeline.rules import load_facts

from rules_support import ROOT, edit, facts, findings

EU = "corpus/sources/eu-ristos-events-period-1.en.txt"

RECORDED = {"eu-risto.hre.electorate-bonus", "eu-risto.hre.no-bids", "eu-risto.tordesillas.col-tp-stab",
            "his.winter.capital-lost", "his.reinforcements.habsburgs", "vq.deployment.command-rating"}


def test_the_readings_load_with_their_alternatives():
    read = {f.id: f for f in facts() if f.reading}
    assert set(read) == RECORDED
    bonus = read["eu-risto.hre.electorate-bonus"]
    assert "added to the controller's bid" in bonus.reading and "in cash" in bonus.alternative
    assert all(f.alternative for f in read.values())


def test_a_reading_without_its_alternative_is_refused_at_its_line(corpus_copy):
    path = corpus_copy / "corpus/rules/eu-risto.yaml"
    edit(path, "    alternative: the 10d is paid to the controller in cash and does not count toward the bid\n", "")
    with pytest.raises(FolioError, match="a reading needs its alternative") as refused:
        load_facts(corpus_copy)
    assert refused.value.path == "corpus/rules/eu-risto.yaml"
    assert "reading: the 10d is added" in path.read_text("utf-8").splitlines()[refused.value.line - 1]


def test_rules_run_shows_the_readings_the_outcome_rested_on(folio):
    with_electorate = json.loads(folio(ROOT, "rules", "run", "eu-risto.hre-election", "bids=SPA:100,FRA:160",
                                       "electorates=saxony:FRA").stdout)
    assert {r["fact"] for r in with_electorate["readings"]} == {"eu-risto.hre.electorate-bonus",
                                                                "eu-risto.hre.no-bids"}
    bonus = next(r for r in with_electorate["readings"] if r["fact"] == "eu-risto.hre.electorate-bonus")
    assert bonus["source"] == f"{EU}:53" and "in cash" in bonus["alternative"]
    without = json.loads(folio(ROOT, "rules", "run", "eu-risto.hre-election", "bids=SPA:100,FRA:160").stdout)
    assert [r["fact"] for r in without["readings"]] == ["eu-risto.hre.no-bids"]
    assert "readings" not in json.loads(folio(ROOT, "rules", "run", "his.chateaux", "die=4").stdout)
    leaderless = json.loads(folio(ROOT, "rules", "run", "vq.spring-deployment", "power=spain",
                                  "land_units=9").stdout)
    assert [r["fact"] for r in leaderless["readings"]] == ["vq.deployment.command-rating"]
    led = json.loads(folio(ROOT, "rules", "run", "vq.spring-deployment", "power=spain", "land_units=3",
                           "command_rating=3").stdout)
    assert "readings" not in led


def test_the_check_reports_each_reading_once_at_its_words():
    found = [d for d in findings(ROOT) if d.code == "rules-ambiguous"]
    assert sorted(d.message.split(" ", 1)[0] for d in found) == sorted(RECORDED)
    assert all(d.severity.name == "INFO" and d.suggestion.startswith("the other reading: ") for d in found)
    bonus = next(d for d in found if d.message.startswith("eu-risto.hre.electorate-bonus"))
    line = (ROOT / EU).read_text("utf-8").splitlines()[bonus.line - 1]
    assert (bonus.path, bonus.unit) == (EU, "eu-risto:2:I/events-phase/3")
    assert line[bonus.col - 1:].startswith("receives an additional 10d")
    assert "(recorded at corpus/rules/eu-risto.yaml:" in bonus.message


def test_a_new_reading_is_reported_and_a_removed_one_is_not(corpus_copy):
    path = corpus_copy / "corpus/rules/his.yaml"
    edit(path, "      ru: Не больше 6 VP за шато за игру\n",
         "      ru: Не больше 6 VP за шато за игру\n    reading: the 6 VP count the chateaux roll only\n"
         "    alternative: the 6 VP count every VP France gains from Patron of the Arts\n")
    edit(path, "    reading: the Habsburgs gain 1 regular per capital they control, 2 with both\n", "")
    edit(path, "    alternative: the Habsburgs gain regulars only when they control both capitals (2), none with one\n",
         "")
    found = {d.message.split(" ", 1)[0] for d in findings(corpus_copy) if d.code == "rules-ambiguous"}
    assert found == RECORDED - {"his.reinforcements.habsburgs"} | {"his.chateaux.max"}


def test_the_readme_lists_every_recorded_reading():
    readme = (ROOT / "README.md").read_text("utf-8")
    table = readme[readme.index("| fact | reading taken | alternative |"):]
    table = table[:table.index("\n\n")]
    assert {line.split("`")[1] for line in table.splitlines()[2:]} == RECORDED
