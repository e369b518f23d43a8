"""The translator's workflow: translations per unit id, stale detection, PO round trip, parity."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from hostile_support import folio_in_process  # noqa: F401 - this module's `folio` runs in this process
from pipeline.build import load_corpus
from pipeline.core.model import Status

RISTO = "corpus/sources/eu-ristos-events-period-1.en.txt"
VQ = "corpus/sources/vq-spring-deployment-action-phase.ru.txt"
RISTO_RU = "corpus/translations/eu-risto-period-1.ru.yaml"

#: a few real units, translated here so the tests do not depend on the corpus's own translations
RU = {
    "eu-risto:1:I/events-phase": "ФАЗА СОБЫТИЙ:",
    "eu-risto:1:I/events-phase/1": "1. FRA и ENG получают временный CB на этот ход против SPA и POR.",
    "eu-risto:1:I/events-phase/2": "2. SPA и POR получают 50д.",
    "eu-risto:9:I": "9: ТУРЕЦКОЕ ДИПЛОМАТИЧЕСКОЕ ДАВЛЕНИЕ (*) (нет исторической даты)\n"
                    "(длительность: постоянно)",
}


@pytest.fixture
def root(corpus_copy: Path) -> Path:
    shutil.rmtree(corpus_copy / "corpus" / "translations", ignore_errors=True)
    return corpus_copy


def fill(po_file: Path, strings: dict[str, str], *, edit=None) -> None:
    with po_file.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if message.context in strings:
            message.string = strings[message.context]
        if edit:
            edit(catalog, message)
    with po_file.open("wb") as handle:
        write_po(handle, catalog, width=76, include_previous=True)


def translate(folio, root: Path, tmp: Path, strings: dict[str, str], lang: str = "ru") -> Path:
    out = tmp / f"po-{lang}"
    assert folio(root, "po", "export", "--lang", lang, "--out", str(out)).returncode == 0
    document = "eu-risto-period-1" if lang == "ru" else "vq-deployment-actions"
    fill(out / f"{document}.{lang}.po", strings)
    run = folio(root, "po", "import", str(out))
    assert run.returncode == 0, run.stderr
    return out


def edit_source(root: Path, path: str, old: str, new: str) -> None:
    source = root / path
    text = source.read_text("utf-8")
    assert old in text
    source.write_text(text.replace(old, new, 1), "utf-8")


def test_a_translation_becomes_the_units_russian_side(root, folio, tmp_path):
    translate(folio, root, tmp_path, RU)
    corpus = load_corpus(root)[0]
    event = corpus.units["eu-risto:9:I"]
    assert corpus.status(event, "ru") == Status.TRANSLATED
    assert event.field("title", "ru") == "ТУРЕЦКОЕ ДИПЛОМАТИЧЕСКОЕ ДАВЛЕНИЕ"
    assert event.field("duration", "ru") == "постоянно"
    assert event.side("ru").path == RISTO_RU and event.side("ru").line_start > 1
    step = corpus.units["eu-risto:1:I/events-phase/2"]
    assert step.field("body", "ru") == "SPA и POR получают 50д."
    shown = folio(root, "show", "eu-risto:9:I").stdout
    assert "Russian (ru): corpus/translations/eu-risto-period-1.ru.yaml:" in shown


def test_export_then_import_without_edits_changes_no_byte(root, folio, tmp_path, tree_bytes):
    translate(folio, root, tmp_path, RU)
    edit_source(root, RISTO, "SPA and POR receive 50d.", "SPA and POR receive 60d.")  # one stale entry
    before = tree_bytes(root / "corpus")
    out = tmp_path / "again"
    assert folio(root, "po", "export", "--lang", "ru", "--out", str(out)).returncode == 0
    run = folio(root, "po", "import", str(out))
    assert run.returncode == 0 and run.stderr == ""
    assert tree_bytes(root / "corpus") == before


def test_stale_translation_is_reported_with_a_word_diff(root, folio, tmp_path):
    translate(folio, root, tmp_path, RU)
    edit_source(root, RISTO, "SPA and POR receive 50d.", "SPA and POR receive 60d.")
    corpus = load_corpus(root)[0]
    assert corpus.status(corpus.units["eu-risto:1:I/events-phase/2"], "ru") == Status.STALE
    found = json.loads(folio(root, "check", "--only", "parity", "--format", "json").stdout)
    [stale] = [d for d in found if d["code"] == "tr-stale"]
    assert stale["unit"] == "eu-risto:1:I/events-phase/2" and stale["path"] == RISTO_RU
    assert "[-50d.-] {+60d.+}" in stale["message"]
    [numbers] = [d for d in found if d["code"] == "parity-numbers"]
    assert "missing 60" in numbers["message"] and "instead 50" in numbers["message"]
    po = tmp_path / "stale"
    folio(root, "po", "export", "--lang", "ru", "--out", str(po))
    text = (po / "eu-risto-period-1.ru.po").read_text("utf-8")
    assert '#, fuzzy\n#| msgid "2. SPA and POR receive 50d."\nmsgctxt "eu-risto:1:I/events-phase/2"' in text


def test_a_whitespace_only_change_of_the_source_is_not_stale(root, folio, tmp_path):
    translate(folio, root, tmp_path, RU)
    edit_source(root, RISTO, "SPA and POR receive 50d.", "SPA and  POR receive 50d. ")
    corpus = load_corpus(root)[0]
    assert corpus.status(corpus.units["eu-risto:1:I/events-phase/2"], "ru") == Status.TRANSLATED


def test_parity_numbers_references_and_structure(root, folio, tmp_path):
    wrong = dict(RU)
    wrong["eu-risto:1:I/events-phase/2"] = "2. SPA и POR получают 60д."
    wrong["eu-risto:1:I"] = ("1: ТОРДЕСИЛЬЯССКИЙ ДОГОВОР (историческая дата: 1494)\n"
                             "(длительность: до конца Периода III или до события 7:II, смотря что "
                             "наступит раньше)")
    wrong["eu-risto:1:I/events-phase/1"] = "FRA и ENG получают временный CB на этот ход против SPA и POR."
    wrong["eu-risto:10:I/events-phase/3"] = "3. Контроль над Шотландией определяется так:"
    translate(folio, root, tmp_path, wrong)
    found = json.loads(folio(root, "check", "--only", "parity", "--format", "json").stdout)
    by_unit = {(d["unit"], d["code"]): d["message"] for d in found}
    assert "missing 50" in by_unit[("eu-risto:1:I/events-phase/2", "parity-numbers")]
    assert "eu-risto:7:II" not in by_unit[("eu-risto:1:I", "parity-references")]
    assert "missing event:7:III" in by_unit[("eu-risto:1:I", "parity-references")]
    assert "marked 'nothing' where the source has '1.'" in \
        by_unit[("eu-risto:1:I/events-phase/1", "parity-structure")]
    assert "4 effects inside it are not" in by_unit[("eu-risto:10:I/events-phase/3", "parity-structure")]
    # an event or a section translated ahead of its parts is work in progress, not a defect
    assert ("eu-risto:1:I", "parity-structure") not in by_unit


def test_status_shows_coverage(root, folio, tmp_path):
    translate(folio, root, tmp_path, RU)
    rows = json.loads(folio(root, "status", "--format", "json").stdout)
    [risto] = [r for r in rows if (r["document"], r["lang"]) == ("eu-risto-period-1", "ru")]
    assert (risto["translated"], risto["stale"]) == (4, 0)
    assert risto["missing"] == risto["units"] - 4
    table = folio(root, "status").stdout
    assert "eu-risto-period-1      ru" in table and "source" in table


def refused(folio, root, po_dir, words: str) -> None:
    before = sorted(p.name for p in (root / "corpus").rglob("*"))
    run = folio(root, "po", "import", str(po_dir))
    assert run.returncode == 2 and len(run.stderr_lines) == 1, run.stderr
    assert words in run.stderr
    assert sorted(p.name for p in (root / "corpus").rglob("*")) == before


def exported(folio, root, tmp_path, lang="ru") -> Path:
    out = tmp_path / "po"
    folio(root, "po", "export", "--lang", lang, "--out", str(out))
    return out


def test_import_refuses_unknown_ids_and_other_documents_ids(root, folio, tmp_path):
    out = exported(folio, root, tmp_path)
    po = out / "eu-risto-period-1.ru.po"
    text = po.read_text("utf-8")
    po.write_text(text.replace('msgctxt "eu-risto:9:I"', 'msgctxt "eu-risto:19:I"')
                  .replace('msgstr ""\n\n#. Event 9:I\n', 'msgstr "x"\n\n#. Event 9:I\n'), "utf-8")
    refused(folio, root, out, "unknown unit id 'eu-risto:19:I'")
    po.write_text(text.replace('msgctxt "eu-risto:9:I"', 'msgctxt "his:21.4"'), "utf-8")
    refused(folio, root, out, "his:21.4 belongs to his-power-rules, not to eu-risto-period-1")


def test_import_refuses_broken_files_without_writing_any(root, folio, tmp_path):
    out = exported(folio, root, tmp_path)
    fill(out / "eu-risto-period-1.ru.po", RU)  # a good file beside the broken one is not written
    pop = out / "pop-military-actions.ru.po"
    good = pop.read_text("utf-8")
    pop.write_text(good.replace('msgid "Declare War (1c) #"', 'msgid "Declare War (1c) #'), "utf-8")
    refused(folio, root, out, "broken PO file")
    pop.write_text(good.replace("nplurals=3", "nplurals=2"), "utf-8")
    refused(folio, root, out, "broken Plural-Forms header: it says 2 forms, ru has 3")
    pop.write_text(good.replace("folio pop-military-actions", "folio pop-naval-actions"), "utf-8")
    refused(folio, root, out, "does not say which document it belongs to")
    pop.write_text(good.replace('msgid "Declare War (1c) #"\nmsgstr ""',
                                'msgid "Declare War (1c) #"\nmsgid_plural "Declare Wars"\n'
                                'msgstr[0] "a"\nmsgstr[1] "b"\nmsgstr[2] "c"'), "utf-8")
    refused(folio, root, out, "plural forms are not allowed")


def test_import_warns_when_the_source_moved_on(root, folio, tmp_path):
    out = exported(folio, root, tmp_path)
    fill(out / "eu-risto-period-1.ru.po", RU)
    edit_source(root, RISTO, "SPA and POR receive 50d.", "SPA and POR receive 60d.")
    run = folio(root, "po", "import", str(out))
    assert run.returncode == 0
    assert "eu-risto:1:I/events-phase/2: msgid no longer matches the source" in run.stderr
    corpus = load_corpus(root)[0]
    assert corpus.status(corpus.units["eu-risto:1:I/events-phase/2"], "ru") == Status.STALE


def test_translation_files_are_validated(root, folio):
    path = root / RISTO_RU
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("document: eu-risto-period-1\nlanguage: ru\nunits:\n  eu-risto:99:I:\n"
                    "    fingerprint: 0\n    source: x\n    text: y\n", "utf-8")
    run = folio(root, "build")
    assert run.returncode == 2 and "fingerprint does not match" in run.stderr
    assert run.stderr.startswith(f"{RISTO_RU}:5:")


def test_a_term_whose_rendering_is_missing_on_the_other_side(corpus_copy, folio):
    """The real English translation of VQ step 1 renders «Конвой для Флота Индий» as Treasure
    Fleet Escorts; a translation that drops the term is reported, inflection aside."""
    path = corpus_copy / "corpus/translations/vq-deployment-actions.en.yaml"
    text = path.read_text("utf-8")
    edited = text.replace("    text: '1. Treasure Fleet Escorts: Spain may move galleons from home ports to the Treasure Fleet Escorts\n"
                          "      box on the Spanish power card or vice versa (but not in both directions in the same turn). No more\n"
                          "      than 2 galleons may be in the Treasure Fleet Escorts box at any time.'",
                          "    text: '1. Escort: Spain may move galleons from home ports to the escort box on the Spanish power card\n"
                          "      or vice versa (but not in both directions in the same turn). No more than 2 galleons may be in the\n"
                          "      box at any time.'")
    assert edited != text
    path.write_text(edited, "utf-8")
    found = json.loads(folio(corpus_copy, "check", "--only", "parity", "--format", "json").stdout)
    [missing] = [d for d in found if d["code"] == "parity-term-missing" and not d["suppressed"]]
    assert missing["unit"] == "vq:10/proc-1/step-1"
    assert "(treasure-fleet-escorts) is on the ru side" in missing["message"]
    assert missing["suggestion"] == "Treasure Fleet Escorts"


def test_the_real_translations_pass_the_parity_checks(folio):
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    found = json.loads(folio(root, "check", "--only", "parity", "--format", "json").stdout)
    assert [d for d in found if not d["suppressed"]] == []
