"""Script: mixed-alphabet words and look-alike abbreviations, on the real texts and on crafted
ones; Roman numerals, Latin abbreviations in Russian text and Russian abbreviations stay quiet."""

from __future__ import annotations

from check_support import crafted, located, real_findings, run, scrambled_contexts
from pipeline.check import script

WINTER = "his-winter-phase-new-world.ru.txt"
REAL = [f"{WINTER}:32:504 script-lookalike", f"{WINTER}:34:35 script-lookalike",
        f"{WINTER}:34:96 script-lookalike", f"{WINTER}:34:118 script-lookalike",
        f"{WINTER}:36:53 script-lookalike"]


def test_every_real_finding_and_nothing_else():
    assert located(real_findings(script)) == REAL


def test_cyrillic_cp_is_reported_with_the_latin_spelling_and_where_the_text_uses_it():
    finding = real_findings(script)[0]
    assert finding.suggestion == "CP" and finding.unit == "his:20/para-1"
    assert "U+0421" in finding.message and "U+0420" in finding.message
    assert "this document writes `CP` at line 22" in finding.message


def test_latin_abbreviations_roman_numerals_and_russian_abbreviations_are_not_findings():
    flagged = {(d.path, d.line) for d in real_findings(script)}
    power = "corpus/sources/his-power-rules-england-france-papacy.ru.txt"
    vq = "corpus/sources/vq-spring-deployment-action-phase.ru.txt"
    # CP and VP in Latin (5, 15), Генриха VIII (2), Мария I (1), КО and ОВ in Cyrillic (4, 29)
    for place in [(power, 5), (power, 15), (power, 2), (power, 1), (vq, 4), (vq, 29),
                  ("corpus/sources/his-winter-phase-new-world.ru.txt", 22)]:
        assert place not in flagged


def test_crafted_mixed_words_get_the_alphabet_that_makes_a_word():
    ctx = crafted("20.1. Колонии\nЭто прoтив правил: 2 CР за КO. Mixed Wоrd.\n")
    found = run(script, ctx)
    assert [(d.col, d.code, d.suggestion) for d in found] == [
        (5, "script-mixed", "против"), (22, "script-mixed", "CP"),
        (28, "script-mixed", "КО"), (38, "script-mixed", "Word")]
    assert "LATIN SMALL LETTER O" in found[0].message and "Cyrillic word" in found[0].message


def test_crafted_lookalikes_both_ways():
    ctx = crafted("20.1. Колонии\nПотратьте 2 СР или 3 KO, а не CP или КО.\n")
    found = run(script, ctx)
    assert [(d.col, d.suggestion) for d in found] == [(13, "CP"), (22, "КО")]
    assert "Latin letters" in found[1].message and "`КО` at line 2" in found[1].message


def test_crafted_cyrillic_abbreviation_in_english_text():
    ctx = crafted("Risto's Events: Period I\n\nPeriod I (1492-1519)\n\n"
                  "1: FIRST (no historical date)\n(duration: permanent)\n\n"
                  "EVENTS PHASE:\n1. Pay 2 СР to gain a CB.\n", "risto-events")
    [finding] = run(script, ctx)
    assert (finding.line, finding.col, finding.suggestion) == (9, 10, "CP")


def test_crafted_clean_russian_is_quiet():
    ctx = crafted("20.1. Колонии\nГенрих VIII тратит 2 CP и 1 VP; Испания тратит 3 КО. ОВ стоит "
                  "2 КО. НЕ СВЕТ, а ТЕХНИКА.\n")
    assert run(script, ctx) == []


def test_latin_words_in_english_text_are_never_cyrillic_lookalikes():
    ctx = crafted("Risto's Events: Period I\n\nPeriod I (1492-1519)\n\n"
                  "1: FIRST (no historical date)\n(duration: permanent)\n\n"
                  "EVENTS PHASE:\n1. A KO by TOP HOME.\n", "risto-events")
    assert run(script, ctx) == []


def test_never_crashes_on_scrambled_real_lines():
    for ctx in scrambled_contexts():
        run(script, ctx)
