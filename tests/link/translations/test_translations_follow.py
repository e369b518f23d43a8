"""Translations follow their source sentence when the source changes, as msgmerge's do.

The case the issue measured: a new precondition 2 inserted into event 1 of Risto's Period I,
the old 2 renumbered 3. The Russian translation of the old 2 must land on the new 3, fresh,
and the new 2 must be untranslated; nothing else moves. gettext's msgmerge, run on the same
edit, is the anchor: it carries the translation by its source text too.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from hostile_support import folio_in_process  # noqa: F401 - this module's `folio` runs in this process
from pipeline.build import load_corpus
from pipeline.core.model import Status

RISTO = "corpus/sources/eu-ristos-events-period-1.en.txt"
RISTO_RU = "corpus/translations/eu-risto-period-1.ru.yaml"
OLD_2 = ("2. Both SPA and POR have to accept this event for it to take effect. Otherwise it is "
         "marked off, but can occur again.")
NEW_2 = "2. ENG must not be at war with SPA."
RU_OLD_2 = "2. Событие вступает в силу, только если его примут и SPA, и POR."


def insert_precondition(root: Path, *, edit_old: str | None = None) -> None:
    path = root / RISTO
    text = path.read_text("utf-8")
    moved = "3." + OLD_2[2:]
    if edit_old:
        moved = moved.replace(*edit_old.split("=>"))
    assert text.count(OLD_2) == 1
    path.write_text(text.replace(OLD_2, f"{NEW_2}\n{moved}"), "utf-8")


def findings(folio, root: Path, *codes: str) -> list[dict]:
    run = folio(root, "check", "--only", "parity", "--format", "json")
    return [d for d in json.loads(run.stdout) if d["code"] in codes]


@pytest.fixture
def edited(corpus_copy: Path) -> Path:
    insert_precondition(corpus_copy)
    return corpus_copy


def test_the_translation_of_the_old_precondition_2_follows_it_to_3(edited, folio):
    corpus = load_corpus(edited)[0]
    new_2, new_3 = corpus.units["eu-risto:1:I/pre-2"], corpus.units["eu-risto:1:I/pre-3"]
    assert new_2.sides["en"].text == NEW_2
    assert "ru" not in new_2.sides and corpus.status(new_2, "ru") == Status.MISSING
    assert corpus.status(new_3, "ru") == Status.TRANSLATED  # the same sentence: not stale
    # renumbered as the source was, the rest of the translator's words as they wrote them
    assert new_3.sides["ru"].text.startswith("3. Событие вступает в силу, только если его примут")
    assert corpus.translations[("eu-risto:1:I/pre-3", "ru")].moved_from == "eu-risto:1:I/pre-2"
    # nothing else of the file moved, and nothing is orphaned
    moved = [t.unit for t in corpus.translations.values() if t.moved_from]
    assert moved == ["eu-risto:1:I/pre-3"] and corpus.orphaned == {}
    [note] = findings(folio, edited, "tr-moved")
    assert note["unit"] == "eu-risto:1:I/pre-3" and note["severity"] == "info"
    assert note["path"] == RISTO_RU
    assert "stored under eu-risto:1:I/pre-2 follows its source sentence" in note["message"]
    assert findings(folio, edited, "tr-stale", "parity-structure") == []


def test_the_stored_file_is_not_rewritten_by_a_build_and_corpus_json_records_the_move(edited, folio):
    import jsonschema

    before = (edited / RISTO_RU).read_bytes()
    assert folio(edited, "build").returncode == 0
    assert (edited / RISTO_RU).read_bytes() == before
    data = json.loads((edited / "build/corpus.json").read_text("utf-8"))
    jsonschema.validate(data, json.loads((edited / "build/corpus.schema.json").read_text("utf-8")))
    placed = {(t["unit"], t["lang"]): t for t in data["translations"]}
    assert placed[("eu-risto:1:I/pre-3", "ru")] == {
        "unit": "eu-risto:1:I/pre-3", "lang": "ru", "status": "translated", "path": RISTO_RU,
        "line": 65, "stored_under": "eu-risto:1:I/pre-2"}
    assert ("eu-risto:1:I/pre-2", "ru") not in placed


def test_an_edited_and_renumbered_sentence_follows_as_fuzzy_and_stale(corpus_copy, folio):
    insert_precondition(corpus_copy, edit_old="can occur again=>may occur again later")
    corpus = load_corpus(corpus_copy)[0]
    translation = corpus.translations[("eu-risto:1:I/pre-3", "ru")]
    assert translation.moved_from == "eu-risto:1:I/pre-2" and translation.fuzzy
    assert corpus.status(corpus.units["eu-risto:1:I/pre-3"], "ru") == Status.STALE
    assert ("eu-risto:1:I/pre-2", "ru") not in corpus.translations
    [stale] = findings(folio, corpus_copy, "tr-stale")
    assert stale["unit"] == "eu-risto:1:I/pre-3"
    assert "[-2.-] {+3.+} Both SPA" in stale["message"]
    assert "[-can-] {+may+} occur [-again.-] {+again later.+}" in stale["message"]


def test_a_translation_whose_sentence_is_gone_is_orphaned_not_misplaced(corpus_copy, folio):
    path = corpus_copy / RISTO
    text = path.read_text("utf-8")
    path.write_text(text.replace(OLD_2, "2. The Pope decides whether the treaty is signed."), "utf-8")
    corpus = load_corpus(corpus_copy)[0]
    assert ("eu-risto:1:I/pre-2", "ru") not in corpus.translations
    [orphan] = corpus.orphaned["eu-risto-period-1"]
    assert orphan.unit == "eu-risto:1:I/pre-2" and orphan.text.startswith(RU_OLD_2)
    [found] = findings(folio, corpus_copy, "tr-orphaned")
    assert found["severity"] == "warning" and found["path"] == RISTO_RU
    assert found["line"] == 65  # where the stored text starts, for an editor to jump to
    assert "no unit has the source sentence" in found["message"]
    assert "folio translations remove eu-risto:1:I/pre-2 --lang ru" in found["suggestion"]


def test_the_po_export_carries_the_translation_under_its_new_id(edited, folio, tmp_path):
    out = tmp_path / "po"
    assert folio(edited, "po", "export", "--lang", "ru", "--out", str(out)).returncode == 0
    with (out / "eu-risto-period-1.ru.po").open("rb") as handle:
        catalog = {m.context: m for m in read_po(handle) if m.id}
    assert catalog["eu-risto:1:I/pre-3"].string.startswith("3. Событие вступает в силу")
    assert not catalog["eu-risto:1:I/pre-3"].fuzzy
    assert catalog["eu-risto:1:I/pre-2"].string == ""


@pytest.mark.skipif(shutil.which("msgmerge") is None, reason="gettext's msgmerge is not installed")
def test_side_by_side_with_msgmerge(corpus_copy, folio, tmp_path):
    """msgmerge, given the PO of the old edition and the export of the new one, carries the
    translation to the new precondition 3 too, but as fuzzy with the old marker "2."; Folio
    carries it fresh and renumbered. On every other unit of the document the two agree."""
    old, new = tmp_path / "old", tmp_path / "new"
    assert folio(corpus_copy, "po", "export", "--lang", "ru", "--out", str(old)).returncode == 0
    insert_precondition(corpus_copy)
    assert folio(corpus_copy, "po", "export", "--lang", "ru", "--out", str(new)).returncode == 0
    merged = tmp_path / "merged.po"
    subprocess.run(["msgmerge", "--quiet", "-o", str(merged), str(old / "eu-risto-period-1.ru.po"),
                    str(new / "eu-risto-period-1.ru.po")], check=True)
    with merged.open("rb") as handle:
        theirs = {m.context: m for m in read_po(handle) if m.id}
    with (new / "eu-risto-period-1.ru.po").open("rb") as handle:
        ours = {m.context: m for m in read_po(handle) if m.id}
    pre_3 = "eu-risto:1:I/pre-3"
    assert theirs[pre_3].fuzzy and theirs[pre_3].string.startswith("2. Событие вступает")
    assert not ours[pre_3].fuzzy and ours[pre_3].string.startswith("3. Событие вступает")
    assert theirs["eu-risto:1:I/pre-2"].string == ours["eu-risto:1:I/pre-2"].string == ""
    differing = [k for k in ours if k != pre_3
                 and (ours[k].string, ours[k].fuzzy) != (theirs[k].string, theirs[k].fuzzy)]
    assert differing == [] and ours.keys() == theirs.keys()
