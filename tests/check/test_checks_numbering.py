"""Numbering: gaps, order, late starts, heading styles and sub-item indentation, on the real
texts (every finding, exactly) and on small crafted texts through the real parsers."""

from __future__ import annotations

from check_support import crafted, located, real_findings, run, scrambled_contexts
from pipeline.check import numbering

RISTO = "eu-ristos-events-period-1.en.txt"
REAL = [
    f"{RISTO}:74:1 num-start",  # event 3, LATER TURNS opens with 2.
    f"{RISTO}:99:1 num-indent",  # event 4: lettered sub-effects flush left
    f"{RISTO}:100:1 num-indent",
    f"{RISTO}:101:1 num-indent",
    f"{RISTO}:154:2 num-heading-style",  # `6. HABSBURG …` among `N: TITLE` headings
    f"{RISTO}:169:2 num-heading-style",
    f"{RISTO}:177:2 num-heading-style",
    "vq-spring-deployment-action-phase.ru.txt:42:5 num-heading-style",  # `11.1 Акции`
]

RISTO_HEAD = "Risto's Events: Period I\n\nPeriod I (1492-1519)\n\n"


def test_every_real_finding_and_nothing_else():
    assert located(real_findings(numbering)) == REAL


def test_later_turns_is_reported_as_a_continuation_of_the_previous_block():
    [finding] = [d for d in real_findings(numbering) if d.code == "num-start"]
    assert finding.unit == "eu-risto:3:I/later-turns/2"
    assert "continue the numbering of the previous block `DIPLOMACY PHASE` (line 70)" in finding.message
    assert "which ends at 1" in finding.message


def test_heading_style_findings_name_the_majority_and_suggest_the_fix():
    found = {d.line: d for d in real_findings(numbering) if d.code == "num-heading-style"}
    assert "`N: TITLE`" in found[154].message and "(1, 2, 3, 4, 5, 9, 10)" in found[154].message
    assert found[154].suggestion.startswith("6: HABSBURG INHERITANCE OF BOHEMIA-HUNGARY")
    assert found[42].suggestion == "11.1. Акции" and found[42].unit == "vq:11.1"


def test_indentation_points_at_a_correctly_indented_sibling():
    finding = next(d for d in real_findings(numbering) if d.line == 99)
    assert "not indented" in finding.message and "4 spaces (e.g. line 23)" in finding.message


def test_crafted_gap_order_and_event_gap():
    ctx = crafted(RISTO_HEAD + "1: FIRST (no historical date)\n(duration: permanent)\n\n"
                  "EVENTS PHASE:\n1. A.\n2. B.\n4. D.\n3. C.\n\n"
                  "3: THIRD (no historical date)\n(duration: permanent)\n\nEVENTS PHASE:\n1. A.\n",
                  "risto-events")
    found = run(numbering, ctx)
    assert [(d.line, d.code) for d in found] == [(11, "num-gap"), (12, "num-order"), (14, "num-gap")]
    assert "3 is missing" in found[0].message and found[0].suggestion == "3"
    assert "event 3 follows event 1: 2 is missing" in found[2].message


def test_crafted_block_that_starts_late_without_continuing():
    ctx = crafted(RISTO_HEAD + "1: FIRST (no historical date)\n(duration: permanent)\n\n"
                  "EVENTS PHASE:\n1. A.\n\nLATER TURNS:\n3. Q.\n", "risto-events")
    [finding] = run(numbering, ctx)
    assert (finding.line, finding.code) == (12, "num-start")
    assert "do not continue the previous block `EVENTS PHASE`" in finding.message


def test_crafted_heading_styles_and_indentation():
    ctx = crafted(RISTO_HEAD + "1: FIRST (no historical date)\n(duration: permanent)\n\n"
                  "EVENTS PHASE:\n1. A:\n    a. x.\n    b. y.\n    c. z.\n2. B:\na. w.\n\n"
                  "2. SECOND (no historical date)\n(duration: permanent)\n\nEVENTS PHASE:\n1. A.\n",
                  "risto-events")
    assert [(d.line, d.col, d.code) for d in run(numbering, ctx)] == [
        (14, 1, "num-indent"), (16, 2, "num-heading-style")]


def test_crafted_clean_text_is_quiet():
    ctx = crafted(RISTO_HEAD + "1: FIRST (no historical date)\n(duration: permanent)\n\n"
                  "1. Pre.\n2. Pre.\n\nEVENTS PHASE:\n1. A:\n    a. x.\n    b. y.\n2. B.\n\n"
                  "2: SECOND (no historical date)\n(duration: permanent)\n\n"
                  "EVENTS PHASE:\n1. A:\n    a. x.\n", "risto-events")
    assert run(numbering, ctx) == []


def test_two_against_two_is_no_convention():
    ctx = crafted(RISTO_HEAD + "1: FIRST (no historical date)\n(duration: permanent)\n\n"
                  "EVENTS PHASE:\n1. A:\n    a. x.\n    b. y.\n2. B:\na. w.\nb. v.\n", "risto-events")
    assert run(numbering, ctx, "num-indent") == []


def test_crafted_sections_out_of_order_and_skipped():
    ctx = crafted("19.4. Один\nТекст.\n19.6. Два\nТекст.\n19.5. Три\nТекст.\n"
                  "20. НОВЫЙ СВЕТ\nТекст.\n20.1. Колонии\nТекст.\n")
    found = run(numbering, ctx)
    assert [(d.line, d.code) for d in found] == [(3, "num-gap"), (5, "num-order")]
    assert "expected 19.5 or 20 or 19.4.1" in found[0].message


def test_crafted_section_heading_without_the_dot():
    ctx = crafted("10. ПЕРВЫЙ\nТекст.\n11. ВТОРОЙ\nТекст.\n11.1 Акции\nТекст.\n")
    [finding] = run(numbering, ctx)
    assert (finding.line, finding.col, finding.code) == (5, 5, "num-heading-style")
    assert finding.suggestion == "11.1. Акции"


def test_crafted_steps_of_a_procedure():
    ctx = crafted("19.3. Шаги\nПроцедура возвращения\n1. Первый: текст.\n2. Второй: текст.\n"
                  "4. Четвёртый: текст.\n")
    assert [(d.line, d.code) for d in run(numbering, ctx)] == [(5, "num-gap")]


def test_never_crashes_on_scrambled_real_lines():
    for ctx in scrambled_contexts():
        run(numbering, ctx)
