"""The checks run shard by shard (one rulebook each, cached, on any core) report exactly what one
run of every family over the whole corpus reports (pipeline/checks/shards.py)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from pipeline.build import load_corpus
from pipeline.buildcache import BuildCache
from pipeline.checks import all_codes, run_checks
from pipeline.checks.config import load_config
from pipeline.checks.shards import check_corpus
from pipeline.fingerprint import fingerprint

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
from scaled_corpus import generate  # noqa: E402


def whole_and_sharded(root: Path, **options):
    corpus, _ = load_corpus(root)
    config = load_config(root, {code.code for code in all_codes()})
    return run_checks(corpus, root, config=config), check_corpus(corpus, root, config, **options)


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_shards_of_the_real_corpus_report_what_the_whole_run_reports(jobs):
    whole, sharded = whole_and_sharded(REPO, jobs=jobs)
    assert sharded == whole and len(whole) > 100


def test_two_copies_of_the_corpus_are_checked_as_two_corpora(tmp_path):
    # copies 0 and 1 share the glossary and the word lists, and nothing else
    root = generate(tmp_path / "two", 2)
    whole, sharded = whole_and_sharded(root, jobs=2)
    assert sharded == whole
    single, _ = whole_and_sharded(REPO)

    def where(d) -> tuple:  # copy 1's files named as copy 0's
        return re.sub(r"-x1(?=[./])", "", d.path), d.line, d.col, d.code

    copy_1 = {where(d) for d in whole if "-x1" in d.path}
    real = {where(d) for d in single}
    # the same findings, but those of the worked examples, which stay with copy 0
    assert copy_1 < real and all(code.startswith("rules-example") for *_, code in real - copy_1)


def test_a_shard_taken_from_the_cache_gives_the_same_findings(tmp_path):
    corpus, _ = load_corpus(REPO)
    config = load_config(REPO, {code.code for code in all_codes()})
    print_ = fingerprint(REPO)
    ran_first, ran_again = [], []
    first = check_corpus(corpus, REPO, config, fingerprint=print_, cache=BuildCache(None, tmp_path / "1"),
                         ran=ran_first)
    again = check_corpus(corpus, REPO, config, fingerprint=print_,
                         cache=BuildCache(tmp_path / "1", tmp_path / "2"), ran=ran_again)
    assert again == first
    assert sorted(ran_first) == ["eu-risto", "his", "pop", "vq"] and ran_again == []
    assert sorted(p.name for p in (tmp_path / "2" / "checks").iterdir()) == \
        sorted(p.name for p in (tmp_path / "1" / "checks").iterdir()), "the used entries are carried over"
