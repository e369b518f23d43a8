"""Import merges: no PO file, however partial or careless, deletes a stored translation.

Measured before this was fixed: export, blank one msgstr (or keep one entry, as a CAT tool's
"translated only" download does), import -> exit 0 and every other translation of the file was
gone. The real Russian translation of Risto's Period I (every unit of it) is the stored work here.
`folio` runs in this process (tests/hostile_support.py): a case costs what the command does, not
an interpreter's start.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile_support import folio_in_process  # noqa: F401 - this module's `folio` runs in this process
from pipeline.build import load_corpus
from pipeline.core.model import Status
from pipeline.link.translations.po import export, import_po
from pipeline.link.translations.store import load

RISTO_RU = "corpus/translations/eu-risto-period-1.ru.yaml"
PO = "eu-risto-period-1.ru.po"


def catalog(path: Path):
    with path.open("rb") as handle:
        return read_po(handle)


def save(path: Path, cat) -> None:
    with path.open("wb") as handle:
        write_po(handle, cat, width=76, include_previous=True)


def stored(root: Path) -> dict[str, str]:
    return {unit: e.text for unit, e in load(root, RISTO_RU).entries.items()}


@pytest.fixture
def po_dir(corpus_copy: Path, folio, tmp_path: Path) -> Path:
    out = tmp_path / "po"
    assert folio(corpus_copy, "po", "export", "--lang", "ru", "--out", str(out)).returncode == 0
    for other in out.glob("*.po"):
        if other.name != PO:
            other.unlink()
    return out


def test_a_blanked_msgstr_keeps_the_stored_translation(corpus_copy, po_dir, folio):
    before = stored(corpus_copy)
    cat = catalog(po_dir / PO)
    cat.get("2. Both SPA and POR have to accept this event for it to take effect. Otherwise it "
            "is marked off, but can occur again.", context="eu-risto:1:I/pre-2").string = ""
    save(po_dir / PO, cat)
    run = folio(corpus_copy, "po", "import", str(po_dir))
    assert run.returncode == 0, run.stderr
    assert stored(corpus_copy) == before and len(before) > 50
    assert f"{RISTO_RU} (unchanged, from" in run.stdout
    assert f"{len(before) - 1} unchanged, 1 ignored (empty msgstr: the stored one stays)" in run.stdout


def test_a_translated_only_download_with_one_entry_keeps_the_others(corpus_copy, po_dir, folio):
    """A PO file holding one entry, its translation edited: that one changes, the others stay."""
    before = stored(corpus_copy)
    text = (po_dir / PO).read_text("utf-8")
    header, *entries = text.split("\n\n")
    [kept] = [e for e in entries if 'msgctxt "eu-risto:1:I/pre-1"' in e]
    kept = kept.replace("не вычёркивайте событие", "не вычёркивайте это событие")
    (po_dir / PO).write_text(header + "\n\n" + kept + "\n", "utf-8")
    run = folio(corpus_copy, "po", "import", str(po_dir))
    assert run.returncode == 0, run.stderr
    after = stored(corpus_copy)
    assert after["eu-risto:1:I/pre-1"].startswith("1. Перебросьте кости и не вычёркивайте это событие")
    assert {k: v for k, v in after.items() if k != "eu-risto:1:I/pre-1"} == \
        {k: v for k, v in before.items() if k != "eu-risto:1:I/pre-1"}
    assert f"1 updated, {len(before) - 1} kept (not in the PO file)" in run.stdout
    assert "  updated    eu-risto:1:I/pre-1" in run.stdout


def test_prune_removes_what_the_file_leaves_out_and_says_so(corpus_copy, po_dir, folio):
    before = stored(corpus_copy)
    cat = catalog(po_dir / PO)
    for message in cat:
        if message.context == "eu-risto:1:I/pre-2":
            message.string = ""
    save(po_dir / PO, cat)
    run = folio(corpus_copy, "po", "import", "--prune", str(po_dir))
    assert run.returncode == 0, run.stderr
    assert "eu-risto:1:I/pre-2" not in stored(corpus_copy) and len(stored(corpus_copy)) == len(before) - 1
    assert "1 removed" in run.stdout and "  removed    eu-risto:1:I/pre-2" in run.stdout


def test_remove_one_translation_explicitly(corpus_copy, folio):
    run = folio(corpus_copy, "translations", "remove", "eu-risto:1:I/pre-2", "--lang", "ru")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"{RISTO_RU}: removed eu-risto:1:I/pre-2 «2. Событие вступает в силу")
    assert "eu-risto:1:I/pre-2" not in stored(corpus_copy)
    before = (corpus_copy / RISTO_RU).read_bytes()
    run = folio(corpus_copy, "translations", "remove", "eu-risto:1:I/pre-9", "--lang", "ru")
    assert run.returncode == 2 and run.stderr_lines == [
        "error: no stored ru translation of 'eu-risto:1:I/pre-9'; did you mean eu-risto:1:I/pre-1?"]
    assert (corpus_copy / RISTO_RU).read_bytes() == before


def test_a_fuzzy_entry_is_stored_as_needing_review(corpus_copy, po_dir, folio, tmp_path):
    count = len(stored(corpus_copy))
    cat = catalog(po_dir / PO)
    for message in cat:
        if message.context == "eu-risto:1:I/pre-1":
            message.flags.add("fuzzy")
    save(po_dir / PO, cat)
    run = folio(corpus_copy, "po", "import", str(po_dir))
    assert f"1 now fuzzy, {count - 1} unchanged" in run.stdout and "  now fuzzy  eu-risto:1:I/pre-1" in run.stdout
    assert load(corpus_copy, RISTO_RU).entries["eu-risto:1:I/pre-1"].fuzzy
    assert "    fuzzy: true\n" in (corpus_copy / RISTO_RU).read_text("utf-8")
    corpus = load_corpus(corpus_copy)[0]
    assert corpus.status(corpus.units["eu-risto:1:I/pre-1"], "ru") == Status.FUZZY
    # shown as needing review, not as finished, and exported fuzzy again: a round trip keeps it
    again = tmp_path / "again"
    folio(corpus_copy, "po", "export", "--lang", "ru", "--out", str(again))
    [message] = [m for m in catalog(again / PO) if m.context == "eu-risto:1:I/pre-1"]
    assert message.fuzzy and not message.previous_id
    before = (corpus_copy / RISTO_RU).read_bytes()
    assert f"{count} unchanged" in folio(corpus_copy, "po", "import", str(again)).stdout
    assert (corpus_copy / RISTO_RU).read_bytes() == before
    # the translator reviews it: the mark comes off
    cat = catalog(again / PO)
    for message in cat:
        message.flags.discard("fuzzy")
    save(again / PO, cat)
    assert "1 reviewed" in folio(corpus_copy, "po", "import", str(again)).stdout
    assert not load(corpus_copy, RISTO_RU).entries["eu-risto:1:I/pre-1"].fuzzy


def test_a_duplicate_entry_is_refused_with_its_line_as_msgfmt_does(corpus_copy, po_dir, folio):
    text = (po_dir / PO).read_text("utf-8")
    entries = text.split("\n\n")
    [n] = [i for i, e in enumerate(entries) if 'msgctxt "eu-risto:1:I/pre-1"' in e]
    doubled = "\n\n".join([*entries[:n + 1], entries[n], *entries[n + 1:]])
    (po_dir / PO).write_text(doubled, "utf-8")
    lines = doubled.split("\n")
    first, second = [i for i, line in enumerate(lines, 1) if line == 'msgctxt "eu-risto:1:I/pre-1"']
    before = (corpus_copy / RISTO_RU).read_bytes()
    run = folio(corpus_copy, "po", "import", str(po_dir))
    assert run.returncode == 2 and run.stderr_lines == [
        f"{po_dir / PO}:{second}: error: duplicate message definition: msgctxt "
        f"'eu-risto:1:I/pre-1' is already defined at line {first}"]
    assert (corpus_copy / RISTO_RU).read_bytes() == before
    if shutil.which("msgfmt"):  # the anchor refuses the same entry at the same line
        done = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po_dir / PO)],
                              capture_output=True, text=True)
        assert done.returncode != 0
        assert f"{PO}:{second + 1}: duplicate message definition" in done.stderr \
            or f"{PO}:{second}: duplicate message definition" in done.stderr


@pytest.mark.parametrize("header", ["ru_RU", "ru-RU", "RU"])
def test_the_language_header_is_normalised(corpus_copy, po_dir, folio, header):
    text = (po_dir / PO).read_text("utf-8")
    (po_dir / PO).write_text(text.replace('"Language: ru\\n"', f'"Language: {header}\\n"'), "utf-8")
    run = folio(corpus_copy, "po", "import", str(po_dir))
    assert run.returncode == 0, run.stderr
    names = sorted(p.name for p in (corpus_copy / "corpus/translations").iterdir())
    assert "eu-risto-period-1.ru.yaml" in names and not any("_" in n or "RU" in n for n in names)
    assert folio(corpus_copy, "status").returncode == 0  # no later command is broken by it


def test_an_unknown_language_is_refused(corpus_copy, po_dir, folio):
    text = (po_dir / PO).read_text("utf-8")
    (po_dir / PO).write_text(text.replace('"Language: ru\\n"', '"Language: de_DE\\n"'), "utf-8")
    run = folio(corpus_copy, "po", "import", str(po_dir))
    assert run.returncode == 2 and run.stderr_lines == [
        f"{po_dir / PO}: error: Language 'de_DE': Folio translates into en, ru only"]


def test_an_untouched_import_after_a_renumbering_leaves_the_move_to_realign(corpus_copy, folio, tmp_path):
    """Issue 22: an untouched export imports as no change, whatever the sources did; the
    translation that followed its renumbered sentence is placed by the build, and recorded
    under its new id by `folio translations realign` (or by an import that takes something)."""
    source = corpus_copy / "corpus/sources/eu-ristos-events-period-1.en.txt"
    text = source.read_text("utf-8")
    source.write_text(text.replace("\n2. Both SPA and POR", "\n2. ENG must not be at war with "
                                   "SPA.\n3. Both SPA and POR"), "utf-8")
    out = tmp_path / "po"
    folio(corpus_copy, "po", "export", "--lang", "ru", "--out", str(out))
    before = (corpus_copy / RISTO_RU).read_bytes()
    run = folio(corpus_copy, "po", "import", str(out))
    assert run.returncode == 0, run.stderr
    assert (corpus_copy / RISTO_RU).read_bytes() == before
    assert f"{RISTO_RU} (unchanged, from" in run.stdout
    assert "1 followed their sentence (the build places them; `folio translations realign` " \
           "records the move)" in run.stdout
    corpus = load_corpus(corpus_copy)[0]
    assert corpus.units["eu-risto:1:I/pre-3"].sides["ru"].text.startswith("3. Событие вступает в силу")
    run = folio(corpus_copy, "translations", "realign", "--lang", "ru")
    assert "  moved      eu-risto:1:I/pre-2 -> eu-risto:1:I/pre-3" in run.stdout
    after = load(corpus_copy, RISTO_RU).entries
    assert "eu-risto:1:I/pre-2" not in after
    assert after["eu-risto:1:I/pre-3"].text.startswith("3. Событие вступает в силу")
    assert after["eu-risto:1:I/pre-3"].source.startswith("3. Both SPA and POR")
    notes = folio(corpus_copy, "check", "--only", "parity").stdout
    assert "tr-moved" not in notes and "tr-orphaned" not in notes


def test_a_deleted_item_sets_its_translation_aside_when_its_id_is_needed(corpus_copy, folio, tmp_path):
    """Precondition 1 deleted: the old 2 is now 1. Its translation takes the id pre-1; the
    translation of the deleted sentence is kept in the file, set aside, never dropped."""
    source = corpus_copy / "corpus/sources/eu-ristos-events-period-1.en.txt"
    text = source.read_text("utf-8")
    source.write_text(re.sub(r"\n1\. Re-roll and do not mark off if .America. has not been "
                             r"discovered\.\n2\. Both", "\n1. Both", text, count=1), "utf-8")
    run = folio(corpus_copy, "translations", "realign", "--lang", "ru")
    assert run.returncode == 0, run.stderr
    assert "  moved      eu-risto:1:I/pre-2 -> eu-risto:1:I/pre-1" in run.stdout
    assert "  set aside  eu-risto:1:I/pre-1" in run.stdout
    kept = load(corpus_copy, RISTO_RU)
    assert kept.entries["eu-risto:1:I/pre-1"].text.startswith("1. Событие вступает")
    [aside] = kept.orphaned
    assert aside.unit == "eu-risto:1:I/pre-1" and aside.text.startswith("1. Перебросьте кости")
    found = folio(corpus_copy, "check", "--only", "parity").stdout
    assert "tr-orphaned: eu-risto:1:I/pre-1: no unit has the source sentence" in found
    assert "folio translations remove --orphaned eu-risto:1:I/pre-1 --lang ru" in found
    run = folio(corpus_copy, "translations", "remove", "--orphaned", "eu-risto:1:I/pre-1",
                "--lang", "ru")  # the set-aside one is removed only now, by name
    assert run.returncode == 0 and "removed eu-risto:1:I/pre-1 «1. Перебросьте" in run.stdout
    kept = load(corpus_copy, RISTO_RU)
    assert kept.orphaned == [] and kept.entries["eu-risto:1:I/pre-1"].text.startswith("1. Событие")


# Property: whatever subset of entries a PO file keeps and whichever msgstr it blanks, an
# import loses no stored translation; only a non-empty msgstr that differs replaces one.

@pytest.fixture(scope="module")
def exported_once(tmp_path_factory):
    from conftest import copy_corpus

    root = copy_corpus(tmp_path_factory.mktemp("property"))
    corpus = load_corpus(root)[0]
    out = tmp_path_factory.mktemp("po")
    export(corpus, "ru", out)
    return root, corpus, (out / PO).read_bytes(), (root / RISTO_RU).read_bytes()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_import_loses_a_stored_translation(exported_once, tmp_path, data):
    root, corpus, po_bytes, store_bytes = exported_once
    (root / RISTO_RU).write_bytes(store_bytes)
    before = stored(root)
    po = tmp_path / "po"
    po.mkdir(exist_ok=True)
    (po / PO).write_bytes(po_bytes)
    cat = catalog(po / PO)
    contexts = sorted(m.context for m in cat if m.id)
    keep = data.draw(st.sets(st.sampled_from(contexts)), label="kept entries")
    blank = data.draw(st.sets(st.sampled_from(contexts)), label="blanked")
    edited = data.draw(st.dictionaries(st.sampled_from(contexts),
                                       st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]),
                                               min_size=1, max_size=30)), label="edited")
    for message in list(cat):
        if not message.id:
            continue
        if message.context not in keep:
            cat.delete(message.id, message.context)
        elif message.context in blank:
            message.string = ""
        elif message.context in edited:
            message.string = edited[message.context]
    save(po / PO, cat)
    import_po(corpus, root, po)
    after = stored(root)
    for unit, text in before.items():
        replaced = unit in keep and unit not in blank and unit in edited
        assert after.get(unit) == (edited[unit] if replaced else text)


def test_a_po_file_exported_before_the_source_was_renumbered_lands_on_the_sentence(
        corpus_copy, po_dir, folio):
    """The translator worked on an export while the source gained a precondition 2: their
    edit of the old 2 goes to the sentence, now 3, not to the new 2 that took its number."""
    cat = catalog(po_dir / PO)
    for message in cat:
        if message.context == "eu-risto:1:I/pre-2":
            message.string = message.string.replace("может произойти снова", "может произойти позже")
    save(po_dir / PO, cat)
    source = corpus_copy / "corpus/sources/eu-ristos-events-period-1.en.txt"
    text = source.read_text("utf-8")
    source.write_text(text.replace("\n2. Both SPA and POR", "\n2. ENG must not be at war with "
                                   "SPA.\n3. Both SPA and POR"), "utf-8")
    run = folio(corpus_copy, "po", "import", str(po_dir))
    assert run.returncode == 0, run.stderr
    assert "eu-risto:1:I/pre-2: msgid no longer matches the source" in run.stderr
    assert "  moved      eu-risto:1:I/pre-2 -> eu-risto:1:I/pre-3" in run.stdout
    # one move, though both the stored entry and the PO's are under the old id
    assert run.stdout.count("  moved      ") == 1 and "1 updated, 1 moved," in run.stdout
    after = load(corpus_copy, RISTO_RU).entries
    assert "eu-risto:1:I/pre-2" not in after
    assert after["eu-risto:1:I/pre-3"].text.startswith("3. Событие вступает в силу")
    assert "может произойти позже" in after["eu-risto:1:I/pre-3"].text
    corpus = load_corpus(corpus_copy)[0]
    assert "ru" not in corpus.units["eu-risto:1:I/pre-2"].sides
    assert "позже" in corpus.units["eu-risto:1:I/pre-3"].sides["ru"].text
