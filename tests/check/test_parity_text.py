"""Cross-language checks on a crafted draft of the real Russian translations, measured side by
side with translate-toolkit's ``pofilter``.

The draft is made the way a translator makes one: ``folio po export``, edits in the PO files,
``folio po import``. Each planted defect changes a real translated unit (or translates a real
untranslated one) and is expected at the translation file's line, by one code; every other
unit is the real translation, on which Folio must stay quiet and pofilter is not.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import pytest
from babel.messages.pofile import read_po, write_po

from hostile_support import folio_in_process  # noqa: F401 - this module's `folio` runs in this process
from meaning_draft import CORRECT, DEFECTS, Edit, Plant
from pipeline.language.numbers import number_words
from pipeline.language.sentences import sentences

RISTO_RU = "corpus/translations/eu-risto-period-1.ru.yaml"
POP_RU = "corpus/translations/pop-military-actions.ru.yaml"
VQ_EN = "corpus/translations/vq-deployment-actions.en.yaml"


#: every planted defect. Units are real; so is their text but for the edit.
RU_PLANTS = [
    Plant("eu-risto:9:I/diplomacy-phase/1", " Выбор должен быть сделан тайно на этапе переговоров.",
          "", "parity-sentences", "sentencecount", "a sentence left out",
          also=("parity-term-missing",)),
    Plant("eu-risto:10:I/events-phase/2", "по обычным правилам.",
          "по обычным правилам. Союзники обязаны согласиться.", "parity-sentences",
          "sentencecount", "a sentence added"),
    Plant("eu-risto:1:I/events-phase/1", "временный CB", "временный СВ", "parity-lookalike",
          "acronyms", "`CB` typed in Cyrillic as `СВ`, itself a Russian word"),
    Plant("eu-risto:period-I/modifiers-1/mod-2", "COL/TP", "COL/ТР", "script-lookalike",
          "acronyms", "`TP` typed in Cyrillic as `ТР`"),
    Plant("pop:5.5/action-1/proc-1/step-2", "нет CB", "нет КБ", "parity-verbatim", "acronyms",
          "`CB` transliterated as `КБ`"),
    Plant("eu-risto:1:I/lasting-effects/4/b", "кроме LUZON", "кроме Лусона", "parity-verbatim",
          "acronyms", "a map name in capitals translated (`LUZON`)"),
    # the period's number agrees (II, «второй»): the numeral not kept as printed is the defect
    Plant("eu-risto:period-I/modifiers-1/para-1", "В период II", "Во втором периоде",
          "parity-verbatim", "acronyms", "`period II` written out as «во втором периоде»"),
    Plant("eu-risto:1:I/lasting-effects/6", "До конца периода II", "До конца периода III",
          "parity-numbers", None, "`period II` as «периода III»"),
    Plant("eu-risto:1:I/events-phase/2", "50 дукатов", "60 дукатов", "parity-numbers", "numbers",
          "a number changed (`50d`, «60 дукатов»)"),
    Plant("eu-risto:4:I/occ-2/events-phase/1", None,
          "1. FRA получает обязательный CB против владельца MILANO. Этот CB должен быть "
          "использован в течение трёх следующих ходов.", "parity-number-words", None,
          "`the next two turns` as «трёх следующих ходов»"),
    Plant("eu-risto:period-I/modifiers-1/mod-1", "во второй раз", "в третий раз",
          "parity-number-words", None, "`for the second time` as «в третий раз»"),
    Plant("eu-risto:1:I/lasting-effects/3", "(успешная или нет)", "(успешная или нет",
          "typo-unbalanced", "brackets", "a bracket left open"),
    Plant("eu-risto:1:I/lasting-effects/4/c", " (не считая островов)", "", "parity-brackets",
          "brackets", "a bracketed aside left out"),
    Plant("eu-risto:1:I/lasting-effects/1/c", "в «Америке».", "в «Америке»", "parity-final-punct",
          "endpunc", "the final full stop left out"),
    # the families that read every side, on translated ones
    Plant("eu-risto:1:I/pre-2", "но может произойти снова.", "но, не смотря на это, может "
          "произойти снова.", "spell-confusable", None, "«не смотря на» for «несмотря на»"),
    Plant("eu-risto:10:I/events-phase", "ФАЗА СОБЫТИЙ:", "ФАЗА СОБЫТИЙ :",
          "typo-space-before-punct", "endpunc", "a space before a colon"),
    Plant("eu-risto:10:I/events-phase/1", "Шотландия объявляет", "Шотлaндия объявляет",
          "script-mixed", None, "a Latin `a` in «Шотландия»"),
    Plant("eu-risto:1:I/lasting-effects/5/para-1", "1 пункт стабильности", "1 ПС",
          "term-abbr-undefined", None, "an abbreviation no glossary defines («ПС»)"),
]
EN_PLANTS = [
    Plant("vq:10/proc-1/step-1", "or vice versa", "or vice-versa", "spell-confusable", None,
          "`vice-versa` with a hyphen"),
    Plant("vq:10/proc-1/step-6/list-1/item-1", "(but not from", "( but not from",
          "typo-space-inside", None, "a space inside a bracket"),
    Plant("vq:10/proc-1/step-4", "The Protestant player", "The Protеstant player", "script-mixed",
          None, "a Cyrillic `е` in `Protestant`"),
]
#: real units translated right, in ways pofilter takes for defects: a digit written as a word
#: (`at least 1` as «хотя бы одна», `6-player` as `six-player`), `two` as «двух»
RU_GOOD = [
    Edit("pop:5.5/action-2/para-2", None, "Активация на суше: выберите область, где есть хотя бы "
         "одна ваша армия или один регулярный отряд, и выполните один из двух описанных ниже "
         "вариантов:"),
    Edit("pop:5.5/action-2/para-3", None, "Морская активация: морская активация позволяет "
         "выполнить один из двух описанных ниже вариантов:"),
]
EN_GOOD = [Edit("vq:10/proc-1/step-3", "a 6-player game", "a six-player game")]
#: pofilter's tests for what the issue asks of Folio, and the Folio codes that answer each
ANSWERS = {
    "sentencecount": {"parity-sentences"},
    "acronyms": {"parity-verbatim", "parity-lookalike", "script-lookalike", "script-mixed"},
    "numbers": {"parity-numbers", "parity-number-words", "parity-sign"},
    "brackets": {"parity-brackets", "typo-unbalanced"},
    "endpunc": {"parity-final-punct", "typo-space-before-punct"},
    "doublequoting": {"parity-brackets", "typo-quote-style", "typo-unbalanced"},
    # for the meaning errors of tests/meaning_draft.py: pofilter's tests that could see one
    "spellcheck": {"parity-other-language"},
    "unchanged": {"parity-other-language"},
    "short": {"parity-condition", "parity-negation"},
}

#: the families a planted defect is judged by: the rules family also speaks on these units,
#: because corpus/rules records the wording of the real translations the plants change
JUDGED = ("parity-", "typo-", "script-", "spell-", "term-")


class Draft(NamedTuple):
    root: Path
    findings: list[dict]  # `folio check --format json`, unsuppressed
    pofilter: dict[str, set[str]] | None  # unit -> the tests that failed; None: no pofilter


def pofilter_command() -> Path | None:
    found = Path(sys.executable).parent / "pofilter"
    return found if found.exists() else (Path(p) if (p := shutil.which("pofilter")) else None)


def edit_po(po_dir: Path, edits: list[Plant | Edit]) -> None:
    todo = {edit.unit: edit for edit in edits}
    for po_file in sorted(po_dir.glob("*.po")):
        with po_file.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            edit = todo.pop(message.context, None)
            if edit is None:
                continue
            if edit.old is None:  # a whole new translation, whatever the corpus has there now
                message.string = edit.new
            else:
                assert edit.old in message.string, f"{edit.unit}: {message.string}"
                message.string = message.string.replace(edit.old, edit.new, 1)
        with po_file.open("wb") as handle:
            write_po(handle, catalog, width=76, include_previous=True)
    assert not todo, f"no such units in the export: {sorted(todo)}"


def run_pofilter(po_dir: Path, out: Path) -> dict[str, set[str]]:
    tests = [arg for test in ANSWERS for arg in ("-t", test)]
    done = subprocess.run([str(pofilter_command()), "--progress=none", "--language=ru", *tests,
                           str(po_dir), str(out)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    failed: dict[str, set[str]] = {}
    for po_file in sorted(out.glob("*.po")):
        with po_file.open("rb") as handle:
            for message in read_po(handle):
                for comment in message.user_comments:
                    if comment.startswith("(pofilter) "):
                        test = comment.removeprefix("(pofilter) ").split(":", 1)[0]
                        failed.setdefault(message.context, set()).add(test)
    return failed


@pytest.fixture(scope="module")
def draft(tmp_path_factory, copy_corpus, folio) -> Draft:
    root = copy_corpus(tmp_path_factory.mktemp("draft"))
    for lang, edits in (("ru", RU_PLANTS + DEFECTS + RU_GOOD + CORRECT), ("en", EN_PLANTS + EN_GOOD)):
        po_dir = root / f"po-{lang}"
        assert folio(root, "po", "export", "--lang", lang, "--out", str(po_dir)).returncode == 0
        edit_po(po_dir, edits)
        imported = folio(root, "po", "import", str(po_dir))
        assert imported.returncode == 0, imported.stderr
    exported = root / "exported"  # what a reviewer would run pofilter on: the draft, exported
    assert folio(root, "po", "export", "--lang", "ru", "--out", str(exported)).returncode == 0
    checked = folio(root, "check", "--format", "json")
    findings = [d for d in json.loads(checked.stdout) if not d["suppressed"]]
    failed = run_pofilter(exported, root / "pofilter") if pofilter_command() else None
    return Draft(root, findings, failed)


def text_line(root: Path, path: str, unit: str) -> int:
    """The line of the file where the unit's translated text begins, read off the YAML."""
    lines = (root / path).read_text("utf-8").split("\n")
    key = lines.index(f"  {unit}:")
    offset = next(n for n in range(key + 1, len(lines)) if lines[n].startswith("    text:"))
    block = lines[offset].split(":", 1)[1].strip() in ("|", "|-")
    return offset + 1 + block


def path_of(unit: str) -> str:
    return VQ_EN if unit.startswith("vq:") else POP_RU if unit.startswith("pop:") else RISTO_RU


@pytest.mark.parametrize("plant", RU_PLANTS + DEFECTS + EN_PLANTS, ids=lambda p: f"{p.code}:{p.unit}")
def test_a_planted_defect_is_reported_once_at_its_line(draft, plant):
    path = path_of(plant.unit)
    judged = sorted((d["path"], d["line"], d["code"]) for d in draft.findings
                    if d["unit"] == plant.unit and d["path"] == path and d["code"].startswith(JUDGED))
    line = text_line(draft.root, path, plant.unit)
    assert judged == sorted((path, line, code) for code in (plant.code, *plant.also))


def test_the_messages_say_what_is_wrong_and_what_to_write(draft):
    found = {(d["unit"], d["code"]): d for d in draft.findings}
    gone = found["eu-risto:9:I/diplomacy-phase/1", "parity-sentences"]
    assert gone["message"] == ("1 sentence where the en side has 2: its sentence 2 («Choice has "
                               "to be made secretly during the negotiations step.») has no "
                               "counterpart here")
    added = found["eu-risto:10:I/events-phase/2", "parity-sentences"]
    assert "sentence 2 here («Союзники обязаны согласиться.»)" in added["message"]
    lookalike = found["eu-risto:1:I/events-phase/1", "parity-lookalike"]
    assert "С U+0421 CYRILLIC CAPITAL LETTER ES" in lookalike["message"]
    assert lookalike["suggestion"] == "CB" and lookalike["severity"] == "error"
    assert found["pop:5.5/action-1/proc-1/step-2", "parity-verbatim"]["suggestion"] == "CB"
    assert "`LUZON` of the en side" in found["eu-risto:1:I/lasting-effects/4/b", "parity-verbatim"]["message"]
    assert found["eu-risto:4:I/occ-2/events-phase/1", "parity-number-words"]["message"] == \
        "numbers differ from the en side: missing two (2); instead трёх (3)"
    assert "missing second (2); instead третий (3)" in \
        found["eu-risto:period-I/modifiers-1/mod-1", "parity-number-words"]["message"]
    assert found["eu-risto:1:I/events-phase/2", "parity-numbers"]["message"] == \
        "numbers differ from the en side: missing 50; instead 60"
    assert found["eu-risto:1:I/lasting-effects/4/c", "parity-brackets"]["message"] == \
        "1 bracketed aside on the en side, 0 here"
    final = found["eu-risto:1:I/lasting-effects/1/c", "parity-final-punct"]
    assert final["severity"] == "info" and final["suggestion"] == "end with `.`"


def test_units_translated_right_get_no_warning(draft):
    planted = {p.unit for p in RU_PLANTS + DEFECTS + EN_PLANTS}
    loud = [(d["unit"], d["code"]) for d in draft.findings
            if d["unit"] not in planted and d["path"].startswith("corpus/translations/")
            and d["code"].startswith(JUDGED) and (d["severity"] != "info" or d["code"].startswith("parity-"))]
    assert loud == []


def test_folio_reports_every_planted_defect_pofilter_reports_and_fewer_false_alarms(draft):
    if draft.pofilter is None:
        pytest.skip("translate-toolkit's pofilter is not installed (pip install translate-toolkit)")
    by_unit: dict[str, set[str]] = {}
    for d in draft.findings:
        by_unit.setdefault(d["unit"], set()).add(d["code"])
    for plant in RU_PLANTS + DEFECTS:
        failed = draft.pofilter.get(plant.unit, set())
        if plant.pofilter:
            assert plant.pofilter in failed, f"pofilter no longer reports {plant.defect}"
            assert plant.code in ANSWERS[plant.pofilter]
        else:
            assert not any(plant.code in ANSWERS[test] for test in failed), plant
        assert plant.code in by_unit.get(plant.unit, set())
    planted = {p.unit for p in RU_PLANTS + DEFECTS + EN_PLANTS}
    answering = set().union(*ANSWERS.values())
    pofilter_alarms = sorted(u for u in draft.pofilter if u not in planted)
    folio_alarms = sorted(d["unit"] for d in draft.findings if d["unit"] not in planted
                          and d["path"].startswith("corpus/translations/") and d["code"] in answering)
    by_test = Counter(test for unit in pofilter_alarms for test in draft.pofilter[unit])
    print(f"\nunits without a planted defect: pofilter flags {len(pofilter_alarms)} "
          f"({dict(by_test.most_common())}), Folio {len(folio_alarms)}")
    assert folio_alarms == []
    assert len(pofilter_alarms) > 20, pofilter_alarms
    # the termbase's «ёлочки» for the source's ”…”, kept by every real translation of a quoted
    # region, and a digit written as a word are pofilter's alarms; neither is a defect
    assert "doublequoting" in draft.pofilter["eu-risto:1:I/lasting-effects/1/b"]
    assert "numbers" in draft.pofilter["pop:5.5/action-2/para-2"]


def test_the_meaning_errors_side_by_side_with_pofilter(draft):
    """tests/meaning_draft.py's 10 meaning errors and 10 correct retranslations, through the PO
    round trip: what Folio and pofilter (its tests of ANSWERS) report on each."""
    if draft.pofilter is None:
        pytest.skip("translate-toolkit's pofilter is not installed (pip install translate-toolkit)")
    codes: dict[str, set[str]] = {}
    for d in draft.findings:  # on the translation: the source's own defects are not the draft's
        if d["path"].startswith("corpus/translations/") and d["code"].startswith(JUDGED) \
                and (d["severity"] != "info" or d["code"].startswith("parity-")):
            codes.setdefault(d["unit"], set()).add(d["code"])
    folio_caught = [p.unit for p in DEFECTS if p.code in codes.get(p.unit, set())]
    pofilter_caught = [p.unit for p in DEFECTS
                       if any(p.code in ANSWERS[test] for test in draft.pofilter.get(p.unit, ()))]
    folio_alarms = {e.unit: sorted(codes[e.unit]) for e in CORRECT if codes.get(e.unit)}
    pofilter_alarms = {e.unit: sorted(draft.pofilter[e.unit]) for e in CORRECT if e.unit in draft.pofilter}
    print(f"\nmeaning errors caught: Folio {len(folio_caught)}/{len(DEFECTS)}, pofilter "
          f"{len(pofilter_caught)}/{len(DEFECTS)}; correct retranslations flagged: Folio "
          f"{len(folio_alarms)}/{len(CORRECT)}, pofilter {len(pofilter_alarms)}/{len(CORRECT)} {pofilter_alarms}")
    assert len(folio_caught) == len(DEFECTS) and folio_alarms == {}
    # pofilter's spellcheck sees the English sentence left in the Russian text, and nothing
    # else of the draft: no test of it reads a negation, a condition, a sign, an order or an
    # ordinal; its sentencecount takes the correct join and split for defects
    assert pofilter_caught == ["eu-risto:3:I/later-turns/2"]
    assert "sentencecount" in pofilter_alarms["eu-risto:8:I/occ-2/individual-consequences/spain/1/i"]
    assert "sentencecount" in pofilter_alarms["eu-risto:3:I/diplomacy-phase/1"]


@pytest.mark.parametrize("text, lang, count", [
    ("2. SPA and POR receive 50d.", "en", 1),
    ("2. SPA и POR получают 50 дукатов.", "ru", 1),
    ("5.5 Military Actions #", "en", 1),
    ("   a. You may send Offensive CtAs, using the Call to Arms Action (see p. 13).*", "en", 1),
    ("   a. Вы можете отправить наступательные CtA, используя действие «Призыв к оружию» (см. с. "
     "13).*", "ru", 1),
    # VQ step 1 with a `т. е.` and a `т.е.` written into its first sentence
    ("Испания может передвинуть галеоны, т. е. свои корабли, из родных портов (т.е. из Севильи). "
     "Не более чем 2 галеона.", "ru", 2),
    ("Note: Check DoW restrictions (p. 22). You normally cannot Declare War on (a) your Allies, "
     "(b) Realms you have a Truce with.", "en", 2),
    ("3. Бросок кости: Английский игрок бросает кость. При выпадении 1 – 3, перейдите к шагу 4. "
     "При выпадении 4 – 6 карта разыгрывается обычным образом (игрок объявляет, разыгрывает он её "
     "как событие или за CP и т. д.), пропустите оставшуюся часть процедуры.", "ru", 3),
    ("Стоимость — 2 СР. Затем и т. д. Далее 50 д. Конец.", "ru", 4),
])
def test_sentences_are_counted_by_a_segmenter_not_by_dots(text, lang, count):
    assert len(sentences(text, lang)) == count


def test_number_words_by_lemma():
    found = [(n.text, n.value, n.weak) for n in
             number_words("в течение двух следующих ходов, две карты, третьего события, дважды, "
                          "двадцать пять, в одной области; стали, три?", "ru")]
    assert found == [("двух", 2, False), ("две", 2, False), ("третьего", 3, False),
                     ("дважды", 2, False), ("двадцать пять", 25, False), ("одной", 1, True),
                     ("три", 3, False)]
    assert [(n.text, n.value) for n in number_words(
        "SECOND EVENT: the next two turns, for the second time, twenty-five, two three-player "
        "games", "en")] == [("SECOND", 2), ("two", 2), ("second", 2), ("twenty-five", 25),
                             ("two", 2), ("three", 3)]
