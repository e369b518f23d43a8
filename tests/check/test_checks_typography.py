"""Typography per language, on the real texts (every finding, exactly) and on crafted lines."""

from __future__ import annotations

import pytest

from check_support import crafted, located, real_findings, run, scrambled_contexts
from pipeline.check import typography
from pipeline.check.quotes import scan

RISTO = "eu-ristos-events-period-1.en.txt"
POWER = "his-power-rules-england-france-papacy.ru.txt"
VQ = "vq-spring-deployment-action-phase.ru.txt"
#: every ”…” opening of Risto's text: (line, column)
RISTO_QUOTES = [(5, 7), (7, 42), (14, 35), (23, 8), (23, 23), (23, 37), (24, 8), (25, 40), (28, 8),
                (32, 21), (33, 21), (33, 36), (33, 51), (34, 71), (34, 81), (35, 46), (38, 21),
                (39, 41)]
REAL = sorted(
    [f"{RISTO}:{line}:{col} typo-quote-direction" for line, col in RISTO_QUOTES]
    + [f"{RISTO}:{line}:1 typo-minus-hyphen" for line in (6, 7, 8)]
    + [f"{RISTO}:91:72 typo-minus-dash", f"{RISTO}:115:72 typo-minus-dash",
       f"{RISTO}:231:19 typo-minus-dash", f"{RISTO}:197:67 typo-final-punct",
       f"{RISTO}:133:36 typo-slash-spacing", f"{RISTO}:175:39 typo-dangling-hyphen",
       f"{RISTO}:278:89 typo-final-newline",
       f"{POWER}:15:397 typo-range-dash", f"{POWER}:31:652 typo-abbrev-broken",
       f"{POWER}:33:46 typo-minus-hyphen", f"{POWER}:39:330 typo-final-newline",
       "his-winter-phase-new-world.ru.txt:39:64 typo-final-newline",
       "pop-military-actions.en.txt:99:52 typo-lost-glyph",
       "pop-military-actions.en.txt:101:33 typo-final-newline",
       f"{VQ}:37:29 typo-space-before-punct", f"{VQ}:38:32 typo-space-before-punct",
       f"{VQ}:39:14 typo-space-before-punct", f"{VQ}:41:25 typo-space-inside",
       f"{VQ}:43:606 typo-abbrev-spacing", f"{VQ}:44:151 typo-final-newline"],
    key=lambda s: (s.split(":")[0], int(s.split(":")[1]), int(s.split(":")[2].split()[0])))


def test_every_real_finding_and_nothing_else():
    assert located(real_findings(typography)) == REAL


def test_real_suggestions():
    found = {(d.path.rsplit("/", 1)[-1], d.line, d.col): d for d in real_findings(typography)}
    assert found[(RISTO, 23, 8)].suggestion == "“Middle East”"
    assert found[(RISTO, 91, 72)].suggestion == "−1"
    assert found[(POWER, 31, 652)].suggestion == "т. е."
    assert found[(VQ, 43, 606)].suggestion == "т. е."
    assert found[(VQ, 41, 25)].suggestion == "«Восстание"
    assert found[(VQ, 37, 29)].suggestion == "Card]:"
    ranges = found[(POWER, 15, 397)]
    assert "`1 – 3`, line 7" in ranges.message and ranges.suggestion == "3 – 6"


def test_one_final_newline_finding_per_file_on_its_last_line():
    lasts = {d.path: d.line for d in real_findings(typography) if d.code == "typo-final-newline"}
    assert len(lasts) == 5 and lasts["corpus/sources/" + RISTO] == 278


def test_a_file_with_its_final_newline_is_quiet_and_one_without_is_not():
    text = "19.4. Фишки\nУберите все фишки."
    assert run(typography, crafted(text), "typo-final-newline") == []
    [finding] = run(typography, crafted(text, final_newline=False), "typo-final-newline")
    assert (finding.line, finding.col) == (2, 19)


@pytest.mark.parametrize("lang, text, expected", [
    ("en", "the ”America” and “Asia“ x", [("typo-quote-direction", 4), ("typo-quote-direction", 23)]),
    ("en", "He said “hello” and ‘bye’; Risto's Vassals’ Realm(s)’s", []),
    ("en", "«guillemets» here", [("typo-quote-style", 0)]),
    ("ru", "«внешние «внутренние» кавычки»", [("typo-quote-style", 9)]),
    ("ru", "«внешние „внутренние“ кавычки»", []),
    ("ru", 'это "прямые" и “английские” кавычки', [("typo-quote-style", 4), ("typo-quote-style", 15)]),
    ("ru", "текст »наоборот«", [("typo-quote-direction", 6), ("typo-quote-direction", 15)]),
    ("ru", "« Восстание морисков »", [("typo-space-inside", 1), ("typo-space-inside", 20)]),
    ("en", "(see p. 13 and [this", [("typo-unbalanced", 0), ("typo-unbalanced", 15)]),
    ("ru", "закрыта) без открытия", [("typo-unbalanced", 7)]),
    ("en", "the rulings in a) and b) above (c) apply", []),
])
def test_quotes_and_brackets(lang, text, expected):
    assert [(f.code.code, f.offset) for f in scan(text, lang)] == expected


def test_crafted_english_spacing_signs_and_glyphs():
    ctx = crafted("5.5 Military Actions #\n\nDeclare War (1c) #\n\n"
                  "You gain  a minus –1 and lose -2 , then roll 1-3 or 4–6 (see p. 22).\n\n"
                  "• Provinces whose Area contains any Enemy Units or ?\n", "pop-rulebook")
    found = [(d.line, d.col, d.code) for d in run(typography, ctx)]
    assert found == [(5, 9, "typo-double-space"), (5, 19, "typo-minus-dash"),
                     (5, 31, "typo-minus-hyphen"), (5, 33, "typo-space-before-punct"),
                     (5, 47, "typo-range-dash"), (7, 52, "typo-lost-glyph")]


def test_crafted_slash_spacing_and_dangling_hyphens():
    ctx = crafted("5.5 Military Actions #\n\nDeclare War (1c) #\n\n"
                  "LIBERTY/ HABSBURG, a revolt- is placed; two- and three-player games; and/or.\n",
                  "pop-rulebook")
    assert [(d.col, d.code, d.suggestion) for d in run(typography, ctx)] == [
        (8, "typo-slash-spacing", "LIBERTY/HABSBURG"), (28, "typo-dangling-hyphen", None)]


def test_hyphenated_words_and_consistent_dates_are_not_minus_signs_or_ranges_to_fix():
    ctx = crafted("5.5 Military Actions #\n\nDeclare War (1c) #\n\n"
                  "Re-roll in 1494-1504/1510-14, a non-Hostile Sea Zone.\n", "pop-rulebook")
    assert run(typography, ctx) == []


def test_mixed_range_dashes_are_pointed_at_the_typeset_en_dash():
    ctx = crafted("5.5 Military Actions #\n\nDeclare War (1c) #\n\n"
                  "Dates 1494-1504 and 1510-14 (pp. 25–28).\n", "pop-rulebook")
    found = run(typography, ctx)
    assert [(d.col, d.suggestion) for d in found] == [(11, "1494–1504"), (25, "1510–14")]
    assert "also writes ranges with an en dash (`25–28`, line 5)" in found[0].message


def test_crafted_russian_abbreviations():
    ctx = crafted("20.1. Колонии\nКарты (т е. ресурсы) и т.д., а также т. е. и т. п. — верно.\n")
    assert [(d.col, d.code, d.suggestion) for d in run(typography, ctx)] == [
        (8, "typo-abbrev-broken", "т. е."), (24, "typo-abbrev-spacing", "т. д.")]


def test_crafted_range_dashes_follow_the_documents_majority():
    ctx = crafted("21.4. Франция\nПри 1 – 3 и 4 – 6 одно, при 3-6 другое.\n")
    [finding] = run(typography, ctx)
    assert (finding.col, finding.code, finding.suggestion) == (30, "typo-range-dash", "3 – 6")
    assert run(typography, crafted("21.4. Франция\nПри 1–3 и 4–6 одно, при 3–6 другое.\n")) == []


def test_crafted_final_punctuation_among_siblings():
    ctx = crafted("19.3. Шаги\nСписок:\n· первый пункт.\n· второй пункт\n· третий пункт.\n")
    [finding] = run(typography, ctx)
    assert (finding.line, finding.code, finding.suggestion) == (4, "typo-final-punct", "пункт.")
    quiet = crafted("19.3. Шаги\nСписок:\n· вернуться в столицу, или\n· второй пункт.\n"
                    "· третий пункт (как обычно.)\n")
    assert run(typography, quiet) == []
    mixed = crafted("19.3. Шаги\nСписок:\n· один\n· два\n· три.\n")
    assert run(typography, mixed) == []  # no convention among the siblings


def test_never_crashes_on_scrambled_real_lines():
    for ctx in scrambled_contexts():
        run(typography, ctx)
