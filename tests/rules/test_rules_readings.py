"""Ambiguous wording decided in the open: a fact records the reading the rules take and the
alternative, in English and in Russian; `folio rules run` shows it where the outcome rested on
it, `folio check` reports it as rules-ambiguous (info) at the fact's words, and as
rules-reading-untranslated where its Russian side is missing; the manual lists every one."""

from __future__ import annotations

import json

import pytest

from pipeline.core.errors import FolioError
from pipeline.rules import load_facts
from rules_support import ROOT, edit, facts, findings

EU = "corpus/sources/eu-ristos-events-period-1.en.txt"

RECORDED = {"eu-risto.hre.electorate-bonus", "eu-risto.hre.no-bids", "eu-risto.tordesillas.col-tp-stab",
            "his.winter.capital-lost", "his.winter.voluntary-return", "his.reinforcements.habsburgs",
            "pop.dow.targeted-pr-exception", "pop.suppress.not.rebel-units", "vq.deployment.command-rating",
            "eu-risto.war-with-scotland.controller-refuse-stab",
            "vq.deployment.leaders-rating"}


def test_the_readings_load_with_their_alternatives():
    read = {f.id: f for f in facts() if f.reading}
    assert set(read) == RECORDED
    bonus = read["eu-risto.hre.electorate-bonus"]
    assert "added to the bid of a controller who bids" in bonus.reading and "in cash" in bonus.alternative
    assert "does not bid" in bonus.reading and "receives nothing" in bonus.alternative
    assert all(f.alternative for f in read.values())


def test_a_reading_without_its_alternative_is_refused_at_its_line(corpus_copy):
    path = corpus_copy / "corpus/rules/eu-risto.yaml"
    edit(path, "    alternative:\n      en: the 10d only ever adds to a bid, so a controller who does not bid receives "
               "nothing; or it is always paid in cash and never counts toward the bid\n", "")
    edit(path, "      ru: 10 дукатов только прибавляются к ставке, так что владелец без ставки ничего не получает; "
               "или они всегда выплачиваются наличными и к ставке не прибавляются\n", "")
    with pytest.raises(FolioError, match="a reading needs its alternative") as refused:
        load_facts(corpus_copy)
    assert refused.value.path == "corpus/rules/eu-risto.yaml"
    assert "en: the 10d is added" in path.read_text("utf-8").splitlines()[refused.value.line - 1]


def test_every_recorded_reading_has_its_russian_side():
    read = {f.id: f for f in facts() if f.reading}
    assert all(set(f.readings) == set(f.alternatives) == {"en", "ru"} for f in read.values())
    bonus = read["eu-risto.hre.electorate-bonus"]
    assert "наличными" in bonus.alternatives["ru"] and "ставке" in bonus.readings["ru"]
    assert not [d for d in findings(ROOT) if d.code == "rules-reading-untranslated"]


def test_a_reading_in_the_old_format_loads_as_english_and_is_reported_untranslated(corpus_copy):
    path = corpus_copy / "corpus/rules/his.yaml"
    edit(path, "    reading:\n      en: the Habsburgs gain 1 regular per capital they control, 2 with both\n"
               "      ru: Габсбурги получают по 1 регулярному отряду за каждую контролируемую столицу, 2 — за обе\n",
         "    reading: the Habsburgs gain 1 regular per capital they control, 2 with both\n")
    edit(path, "      ru: Габсбурги получают регулярные отряды, только если контролируют обе столицы (2), а с одной — ни одного\n", "")
    habsburgs = load_facts(corpus_copy)["his.reinforcements.habsburgs"]
    assert habsburgs.reading.startswith("the Habsburgs gain 1 regular") and "ru" not in habsburgs.readings
    [found] = [d for d in findings(corpus_copy) if d.code == "rules-reading-untranslated"]
    line = path.read_text("utf-8").splitlines()[found.line - 1]
    assert (found.path, found.severity.name) == ("corpus/rules/his.yaml", "WARNING")
    assert line == "    reading: the Habsburgs gain 1 regular per capital they control, 2 with both"
    assert found.message.startswith("his.reinforcements.habsburgs: ") and "ru" in found.message


def test_a_reading_translated_without_its_alternative_or_into_no_language_is_refused(corpus_copy):
    path = corpus_copy / "corpus/rules/vq.yaml"
    edit(path, "      ru: без командующего армией нет рейтинга", "      de: без командующего армией нет рейтинга")
    with pytest.raises(FolioError, match="'de' is not a language of the corpus") as refused:
        load_facts(corpus_copy)
    assert refused.value.path == "corpus/rules/vq.yaml"
    edit(path, "      de: без командующего армией нет рейтинга", "      ru: без командующего армией нет рейтинга")
    edit(path, "      ru: без командующего армией нет рейтинга, который допускал бы сухопутные части, поэтому "
               "соединение без командующего перемещает не больше одной части (или ни одной)\n", "")
    with pytest.raises(FolioError, match="give both in the same languages") as refused:
        load_facts(corpus_copy)
    assert path.read_text("utf-8").splitlines()[refused.value.line - 1].strip().startswith("en: with no army leader there")


def test_rules_run_shows_the_readings_the_outcome_rested_on(folio):
    with_electorate = json.loads(folio(ROOT, "rules", "run", "eu-risto.hre-election", "bids=SPA:100,FRA:160",
                                       "electorates=saxony:FRA").stdout)
    assert {r["fact"] for r in with_electorate["readings"]} == {"eu-risto.hre.electorate-bonus",
                                                                "eu-risto.hre.no-bids"}
    bonus = next(r for r in with_electorate["readings"] if r["fact"] == "eu-risto.hre.electorate-bonus")
    assert bonus["source"] == f"{EU}:53" and "in cash" in bonus["alternative"]
    assert "наличными" in bonus["translations"]["ru"]["alternative"]
    without = json.loads(folio(ROOT, "rules", "run", "eu-risto.hre-election", "bids=SPA:100,FRA:160").stdout)
    assert [r["fact"] for r in without["readings"]] == ["eu-risto.hre.no-bids"]
    assert "readings" not in json.loads(folio(ROOT, "rules", "run", "his.chateaux", "die=4").stdout)
    leaderless = json.loads(folio(ROOT, "rules", "run", "vq.spring-deployment", "power=spain",
                                  "land_units=9", "command_rating=none").stdout)
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
    edit(path, "    reading:\n      en: the Habsburgs gain 1 regular per capital they control, 2 with both\n", "")
    edit(path, "      ru: Габсбурги получают по 1 регулярному отряду за каждую контролируемую столицу, 2 — за обе\n"
               "    alternative:\n      en: the Habsburgs gain regulars only when they control both capitals (2), none with one\n"
               "      ru: Габсбурги получают регулярные отряды, только если контролируют обе столицы (2), а с одной — ни одного\n",
         "")
    found = {d.message.split(" ", 1)[0] for d in findings(corpus_copy) if d.code == "rules-ambiguous"}
    assert found == RECORDED - {"his.reinforcements.habsburgs"} | {"his.chateaux.max"}


def test_the_manual_lists_every_recorded_reading():
    page = (ROOT / "docs/manual/rules/rules-as-data.md").read_text("utf-8")
    table = page[page.index("| fact | reading taken | alternative |"):]
    table = table[:table.index("\n\n")]
    assert {line.split("`")[1] for line in table.splitlines()[2:]} == RECORDED


def test_several_army_leaders_limit_a_formation_by_the_reading_recorded(corpus_copy):
    """"the command rating of any army leaders present": the best of them (recorded at
    vq.deployment.leaders-rating, both languages); the fact changed to its alternative, the
    same formation is limited by the sum."""
    from pipeline.rules import run
    five = {"power": "england", "land_units": 5, "command_rating": 3, "other_leaders": "2"}
    best = run("vq.spring-deployment", facts(), five)
    assert not best.result.allowed and best.result.problems == ("5 land units exceed the command rating 3",)
    [reading] = [r for r in best.readings if r.fact == "vq.deployment.leaders-rating"]
    assert "не складываются" in reading.translations["ru"][0]
    one_leader = run("vq.spring-deployment", facts(), {**five, "other_leaders": ""})
    assert "vq.deployment.leaders-rating" not in {r.fact for r in one_leader.readings}
    edit(corpus_copy / "corpus/rules/vq.yaml", "    text: best\n", "    text: combined\n")
    assert run("vq.spring-deployment", load_facts(corpus_copy), five).result.allowed
