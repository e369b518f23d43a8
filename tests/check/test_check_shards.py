"""The one check runner (pipeline/check/shards.py): one shard per rulebook, cached, on any core.
Its findings do not depend on how many cores run the shards, nor on which shards came from the
cache; two copies of the corpus are checked as two corpora; one family alone reports what it
reports in a run of all of them."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from pipeline.build import load_corpus
from pipeline.check import FAMILIES, run_checks
from pipeline.check.shards import WHOLE
from pipeline.incremental.buildcache import BuildCache
from pipeline.incremental.fingerprint import fingerprint
from pipeline.incremental.store import Store

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))
from scaled_corpus import generate  # noqa: E402

from conftest import copy_corpus  # noqa: E402


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(REPO)[0]


@pytest.fixture(scope="module")
def every_finding(corpus):
    return run_checks(corpus, REPO)


def test_on_two_cores_the_shards_report_what_one_core_reports(corpus, every_finding):
    assert run_checks(corpus, REPO, store=Store.null(jobs=2)) == every_finding and len(every_finding) > 100


@pytest.mark.parametrize("family", ["rules", "terminology", "references"])
def test_one_family_alone_reports_its_share_of_a_run_of_all(corpus, every_finding, family):
    codes = {code.code for code in FAMILIES[family].CODES}
    alone = run_checks(corpus, REPO, only=[family])
    assert alone == [d for d in every_finding if d.code in codes] and alone


def test_the_rules_that_span_rulebooks_are_checked_once(corpus, every_finding):
    # the worked examples replay against every rulebook's facts: reported once, not per shard
    examples = [d for d in every_finding if d.code.startswith("rules-example")]
    assert examples and len(examples) == len(set(examples))


def test_two_copies_of_the_corpus_are_checked_as_two_corpora(tmp_path, every_finding):
    # copies 0 and 1 share the glossary and the word lists, and nothing else
    root = generate(tmp_path / "two", 2)
    both = run_checks(load_corpus(root)[0], root, store=Store.null(jobs=2))

    def where(d) -> tuple:  # copy 1's files named as copy 0's
        return re.sub(r"-x1(?=[./])", "", d.path), d.line, d.col, d.code

    copy_1 = {where(d) for d in both if "-x1" in d.path}
    real = {where(d) for d in every_finding}
    # the same findings, but those of the worked examples, which stay with copy 0
    assert copy_1 < real and all(code.startswith("rules-example") for *_, code in real - copy_1)


def test_a_shard_taken_from_the_cache_gives_the_same_findings(corpus, every_finding, tmp_path):
    print_ = fingerprint(REPO)
    first_store = Store(BuildCache(None, tmp_path / "1"), print_)
    first = run_checks(corpus, REPO, store=first_store)
    again_store = Store(BuildCache(tmp_path / "1", tmp_path / "2"), print_)  # the build after
    again = run_checks(corpus, REPO, store=again_store)
    ran_first, ran_again = first_store.touched["checks"], again_store.touched["checks"]
    assert first == again == every_finding
    assert sorted(ran_first) == ["eu-risto", "his", "pop", "vq"] and ran_again == []
    assert sorted(p.name for p in (tmp_path / "2" / "checks").iterdir()) == \
        sorted(p.name for p in (tmp_path / "1" / "checks").iterdir()), "the used entries are carried over"
    # one family alone is a run of its own, never taken for a run of all
    alone = Store(BuildCache(tmp_path / "2", tmp_path / "3"), print_)
    run_checks(corpus, REPO, only=["tables"], store=alone)
    assert sorted(alone.touched["checks"]) == ["eu-risto", "his", "pop", "vq"]


def test_an_edit_of_a_file_a_family_names_as_its_input_checks_every_shard_again(tmp_path):
    # the names family judges each rulebook in its shard, cached; the gazetteer is in every key
    root = copy_corpus(tmp_path / "project")
    corpus = load_corpus(root)[0]
    first = Store(BuildCache(None, tmp_path / "1"), fingerprint(root))
    before = run_checks(corpus, root, only=["names"], store=first)
    assert [d.suggestion for d in before] == ["Thüringen", "Wurttemberg"]
    gazetteer = root / "corpus" / "gazetteer.yaml"
    gazetteer.write_text(gazetteer.read_text("utf-8").replace("Thuringia, Thüringen", "Thuringia"), "utf-8")
    again = Store(BuildCache(tmp_path / "1", tmp_path / "2"), fingerprint(root))
    after = run_checks(corpus, root, only=["names"], store=again)
    assert sorted(again.touched["checks"]) == ["eu-risto", "his", "pop", "vq"]
    # the word is now nearest the spelling left
    assert after == run_checks(corpus, root, only=["names"])
    assert [d.suggestion for d in after] == ["Thuringia", "Wurttemberg"]
    unchanged = Store(BuildCache(tmp_path / "2", tmp_path / "3"), fingerprint(root))
    assert run_checks(corpus, root, only=["names"], store=unchanged) == after
    assert unchanged.touched["checks"] == []


def test_a_corpus_wide_value_names_a_family_that_runs():
    # a value read by one family is gathered only when that family runs: a name that is no
    # family's would leave it never gathered, and the family making it again from the whole corpus
    assert all(value.family is None or value.family in FAMILIES for value in WHOLE.values())
