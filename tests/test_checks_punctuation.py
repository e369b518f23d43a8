"""The comma before a Russian clause opened by «который», «что», «если»: real lines that are
right stay quiet, the same lines without their comma are reported where it belongs."""

from __future__ import annotations

import pytest

from check_support import crafted, real_context, run
from pipeline.check import punctuation
from pipeline.check.punctuation_ru import missing_commas

#: real lines of the corpus, each with a clause word and no comma before it, rightly
RIGHT = [
    "• в провинциях, в области которых есть вражеские отряды",
    "Однако если Франция не контролирует Милан, то",
    "действует так, как если бы карта была сыграна",
    "только если держава не находится в состоянии войны",
    "потому что папство не может, и что это важно",
    "получает что-либо от той карты, которая была сыграна",
    "держава, которая начинает действие",
]


@pytest.mark.parametrize("line", RIGHT)
def test_right_lines_stay_quiet(line):
    assert list(missing_commas(line)) == []


@pytest.mark.parametrize("line, suggestion", [
    ("держава которая начинает действие", "держава, которая"),
    ("через провинции в которых нет отрядов", "провинции, в которых"),
    ("Учтите что карта сыграна", "Учтите, что"),
    ("Это то что нужно", "то, что"),
    ("Армия отступает если проиграла бой", "отступает, если"),
])
def test_a_missing_comma_is_found(line, suggestion):
    [missing] = missing_commas(line)
    assert f"{missing.before}, {missing.clause}" == suggestion


def test_reported_where_the_comma_belongs():
    [finding] = run(punctuation, crafted("11. Действия\nДержава которая начинает действие, называется активной.\n"))
    assert (finding.line, finding.col, finding.code, finding.suggestion) == (
        2, 8, "punct-ru-clause-comma", "Держава, которая")


def test_the_real_corpus_has_its_commas():
    assert list(punctuation.check(real_context())) == []
