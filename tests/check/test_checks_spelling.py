"""Spelling: Hunspell plus the project word lists, real-word confusables in context, and ALL-CAPS
names spelled two ways; on the real texts (every finding, exactly) and on crafted lines."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from check_support import ROOT, crafted, located, real_findings, run, scrambled_contexts
from pipeline.check import spelling, wordlists
from pipeline.core.errors import FolioError
from pipeline.core.model import Lang

RISTO = "eu-ristos-events-period-1.en.txt"
POWER = "his-power-rules-england-france-papacy.ru.txt"
VQ = "vq-spring-deployment-action-phase.ru.txt"
CONFUSABLES = [  # (file, line, col, the word, the suggestion)
    (RISTO, 36, 60, "loose", "lose"), (RISTO, 40, 60, "loose", "lose"),
    (RISTO, 42, 100, "vice-versa", "vice versa"),
    (RISTO, 96, 143, "looses", "loses"), (RISTO, 104, 125, "looses", "loses"),
    (RISTO, 121, 143, "looses", "loses"), (RISTO, 201, 97, "according", "according to"),
    (RISTO, 247, 92, "an", "and"), (RISTO, 266, 50, "loosing", "losing"),
    (RISTO, 269, 45, "looses", "loses"), (RISTO, 271, 35, "according", "according to"),
    (RISTO, 273, 116, "loosing", "losing"), (RISTO, 275, 55, "of", "or"),
    (RISTO, 275, 74, "loosing", "losing"), (POWER, 33, 125, "ни", "не"),
    (POWER, 38, 113, "не смотря", "несмотря"),
    ("his-winter-phase-new-world.ru.txt", 6, 183, "кротчайшему", "кратчайшему")]
UNKNOWN = [(RISTO, 183, 95, "Thuringen"), (RISTO, 183, 132, "Wurttemburg"),
           (VQ, 4, 497, "союзна"), (VQ, 29, 903, "продляется"), (VQ, 38, 55, "неистребованный"),
           (VQ, 41, 238, "продляет")]
RISTO_HEAD = ("Risto's Events: Period I\n\nPeriod I (1492-1519)\n\n"
              "1: FIRST (no historical date)\n(duration: permanent)\n\nEVENTS PHASE:\n")


def _by_code(code: str) -> list:
    return [d for d in real_findings(spelling) if d.code == code]


def test_every_real_finding_and_nothing_else():
    expected = ([f"{f}:{line}:{col} spell-confusable" for f, line, col, *_ in CONFUSABLES]
                + [f"{f}:{line}:{col} spell-unknown" for f, line, col, _ in UNKNOWN]
                + [f"{RISTO}:122:34 spell-name-variant", f"{RISTO}:224:41 spell-case-variant",
                   "his-winter-phase-new-world.ru.txt:38:41 spell-case-variant"])
    assert sorted(located(real_findings(spelling))) == sorted(expected)


def test_real_confusables_with_their_corrections():
    found = [(d.path.rsplit("/", 1)[-1], d.line, d.col, d.suggestion) for d in _by_code("spell-confusable")]
    assert found == [(f, line, col, fix) for f, line, col, _word, fix in CONFUSABLES]
    assert all(d.severity.name == "WARNING" for d in _by_code("spell-confusable"))


def test_real_unknown_words_once_per_document_with_their_count():
    found = {d.message.split("`")[1]: d for d in _by_code("spell-unknown")}
    assert sorted(found) == sorted(word for *_, word in UNKNOWN)
    assert "(2 times in this file)" in found["продляется"].message
    assert "невостребованный" in found["неистребованный"].suggestion
    assert all(d.severity.name == "INFO" for d in found.values())


def test_milan_among_milano():
    [finding] = _by_code("spell-name-variant")
    assert finding.suggestion == "MILANO" and "`MILANO` 14 times" in finding.message


def test_capitalisation_variants_of_one_name():
    found = {d.line: d for d in _by_code("spell-case-variant")}
    assert found[224].suggestion == "Empire" and "`Roman empire` here" in found[224].message
    assert found[38].suggestion == "Света" and "`Нового Света` 4 time(s)" in found[38].message


def test_crafted_capitalisation_variants_and_sentence_starts():
    ctx = crafted("20. НОВЫЙ СВЕТ\nВ фазу Нового Света и к фазе Нового света. Свет ярок. "
                  "Новый свет. Новый Свет.\n")
    [finding] = run(spelling, ctx, "spell-case-variant")
    assert (finding.col, finding.suggestion) == (37, "Света")


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aЯ .:!?•·(«“”[|)\t\r\x1c\u00a0\u2003\u200b")), max_size=12),
       st.integers(min_value=0, max_value=12))
def test_a_sentence_start_is_read_backwards_as_the_pattern_reads_the_line_before(line, start):
    # the capitalisation check asks it for every capitalised word: read backwards from the word
    # (not the whole line before it searched), with the pattern's answer on every line
    start = min(start, len(line))
    assert spelling._starts_sentence(line, start) == bool(spelling.SENTENCE_START.search(line[:start]))


def test_game_notation_names_and_numerals_are_not_words_to_check():
    ctx = crafted(RISTO_HEAD + "1. SPA and POR lose 2s, 1c + XD per t/v; COL/TP and 10 VPs, "
                  "CtAs of NPRs in period VIII for NAPOLI, AMAZONIA and Risto's FRA (50d).\n"
                  "\nINTERPHASE:\n1. Habsburgs of Tordesillas mobilise for the defence of the centre.\n",
                  "risto-events")
    assert run(spelling, ctx) == []


def test_words_in_a_capitals_heading_are_checked():
    ctx = crafted("Risto's Events: Period I\n\nPeriod I (1492-1519)\n\n"
                  "1: TREATY OF TORDESILAS (no historical date)\n(duration: permanent)\n\n"
                  "EVENTS PHASE:\n1. A.\n", "risto-events")
    [finding] = run(spelling, ctx)
    assert (finding.line, finding.col, finding.code) == (5, 14, "spell-unknown")
    assert "`TORDESILAS`" in finding.message


def test_an_unknown_word_is_reported_once_with_its_count():
    ctx = crafted(RISTO_HEAD + "1. Wurttemburg and Wurttemburg.\n2. Wurttemburg again.\n", "risto-events")
    [finding] = run(spelling, ctx)
    assert (finding.line, finding.col) == (9, 4) and "(3 times in this file)" in finding.message


@pytest.mark.parametrize("text", [
    "1. A loose stack of units is not a loose formation.\n",
    "1. Pile of refuse. Sold according as planned; rolled 2 an hour.\n",
])
def test_english_confusables_need_their_context(text):
    assert run(spelling, crafted(RISTO_HEAD + text, "risto-events"), "spell-confusable") == []


def test_english_confusables_in_context():
    ctx = crafted(RISTO_HEAD + "1. FRA will loose, then Loosing the war it looses control "
                  "of refuse Scotland in periods IV an V.\n", "risto-events")
    found = [(d.col, d.suggestion) for d in run(spelling, ctx, "spell-confusable")]
    assert found == [(13, "lose"), (25, "Losing"), (44, "loses"), (59, "or"), (92, "and")]


def test_russian_confusables_in_context_and_out_of_it():
    ctx = crafted("19.3. Шаги\nПо кротчайшему пути, не смотря на то что, пока держава ни завершит войну.\n"
                  "Кротчайший из людей шёл, не смотря на карту; ни один отряд не ушёл.\n")
    found = [(d.line, d.col, d.suggestion) for d in run(spelling, ctx, "spell-confusable")]
    assert found == [(2, 4, "кратчайшему"), (2, 22, "несмотря"), (2, 56, "не")]


def test_yo_and_word_list_stems():
    ctx = crafted("19.3. Шаги\nГабсбурги и Габсбургам идут в неукреплённый и неукрепленный город "
                  "через курфюршества; ещё её.\n")
    assert run(spelling, ctx) == []


def test_dictionaries_are_hunspell_and_loaded_once():
    assert [d.provider.name for d in wordlists.dictionaries("en")][:1] == ["hunspell"]
    assert [d.tag for d in wordlists.dictionaries("ru")] == ["ru_RU"]
    before = wordlists.dictionaries.__wrapped__.cache_info().misses
    run(spelling, crafted("19.3. Шаги\nТекст.\n"))
    assert wordlists.dictionaries.__wrapped__.cache_info().misses == before


def test_a_language_named_by_its_member_is_the_language_named_by_its_code():
    """`Lang.EN` equals "en", but a cache keys the two apart: without the guard each name
    loads Hunspell again, and suggestions kept under one are asked of Hunspell under the other."""
    assert wordlists.dictionaries(Lang.EN) is wordlists.dictionaries("en")
    assert wordlists.dictionaries(Lang.RU) is wordlists.dictionaries("ru")
    made = wordlists.suggestions([("wrdlist", Lang.EN)])
    assert wordlists._kept("en")["wrdlist"] == list(made["wrdlist", "en"])
    assert wordlists._kept(Lang.EN) is wordlists._kept("en")
    assert wordlists.wordlist(ROOT, Lang.RU) is wordlists.wordlist(ROOT, "ru")


def test_the_word_lists_hold_no_word_the_dictionaries_know():
    """Every entry earns its place: a word Hunspell accepts does not belong in the list."""
    for lang in ("en", "ru"):
        listed = wordlists.wordlist(ROOT, lang)
        redundant = [w for w in listed.exact if not w.isupper() and "-" not in w
                     and wordlists.in_dictionary(w, lang)]
        assert redundant == []


def test_a_broken_confusables_file_names_itself(tmp_path):
    (tmp_path / "corpus/wordlists").mkdir(parents=True)
    (tmp_path / "corpus/wordlists/confusables.yaml").write_text(
        "- lang: en\n  pattern: '(unclosed'\n  fix: [a, b]\n  why: x\n", "utf-8")
    with pytest.raises(FolioError) as error:
        spelling.load_confusables(str(tmp_path))
    assert error.value.path == "corpus/wordlists/confusables.yaml"


def test_never_crashes_on_scrambled_real_lines():
    for ctx in scrambled_contexts():
        run(spelling, ctx)


def test_a_words_suggestions_are_asked_of_the_dictionary_once_and_kept_sealed(tmp_path):
    # a fresh process (the next build) takes them from the user's cache, without Hunspell's tenth
    # of a second per word; a file someone else put there is not taken
    script = ("import sys; from pipeline.check import wordlists; "
              "print(wordlists.suggestions([('перкращение', 'ru')])['перкращение', 'ru'], 'enchant' in sys.modules)")
    env = {**os.environ, "FOLIO_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}

    def asked() -> str:
        return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                              check=True).stdout.strip()

    made = asked()
    assert made.startswith("('прекращение',") and made.endswith("True")
    assert asked() == made.replace("True", "False")  # the same words, no dictionary loaded
    (kept,) = (tmp_path / "suggestions").glob("ru-*.json")
    planted = {"перкращение": ["подброшенное"]}
    kept.write_bytes(json.dumps(planted).encode())
    assert asked() == made  # refused: asked of the dictionary again, and kept anew


def test_a_runs_new_words_are_kept_together_beside_what_earlier_runs_kept(tmp_path):
    # one run reports several new words in both languages; the next process takes all of them,
    # and the word an earlier run kept, without loading a dictionary
    env = {**os.environ, "FOLIO_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}

    def asked(*wanted: tuple[str, str]) -> str:
        script = ("import sys; from pipeline.check import wordlists; "
                  f"found = wordlists.suggestions({list(wanted)!r}); "
                  f"print([found[w] for w in {list(wanted)!r}], 'enchant' in sys.modules)")
        return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                              check=True).stdout.strip()

    earlier = asked(("перкращение", "ru"))
    made = asked(("отрад", "ru"), ("recieve", "en"), ("armys", "en"))
    assert made.endswith("True") and "'receive'" in made
    both = asked(("перкращение", "ru"), ("отрад", "ru"), ("recieve", "en"), ("armys", "en"))
    assert both == earlier.removesuffix(" True")[:-1] + ", " + made.removesuffix(" True")[1:] + " False"
