"""Issue 23, items 6-11 and 13: the PO files careless translators and gettext's own tools write.

Measured before: `msgcat --escape` replaced every Russian translation with literal octal escapes,
exit 0; a msgctxt wrapped over lines (`msgcat --width=10`) was refused as a duplicate; `msgcat
--strict` stored every location as a translator's comment; a byte-order mark was refused as a
broken file; a msgstr of spaces replaced a translation; BEL and ESC were stored and published;
two swapped msgctxt orphaned both translations; a killed import left `.NAME.yaml.tmp-*` files
no later run removed. Each case runs `folio` on a copy of the real corpus.
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from translate.storage import pypo

from conftest import REPO, copy_corpus, mark_fuzzy, tree_bytes
from hostile_support import folio
from pipeline.link.translations.store import load
from pipeline.util.atomic import clear_stale_files

RISTO = "corpus/sources/eu-ristos-events-period-1.en.txt"
RISTO_RU = "corpus/translations/eu-risto-period-1.ru.yaml"
POP_RU = "corpus/translations/pop-military-actions.ru.yaml"
TRANSLATIONS = "corpus/translations"
PO = "eu-risto-period-1.ru.po"
PRE_1 = "eu-risto:1:I/pre-1"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """The real corpus with a stale translation (a long sentence changed: a `#| msgid` over
    lines), one marked for review, and one orphaned (an obsolete `#~` entry)."""
    root = copy_corpus(tmp_path_factory.mktemp("project"))
    source = root / RISTO
    text = source.read_text("utf-8")
    text = text.replace("by loosing 3 Stab", "by giving up 3 Stab")
    text = text.replace("\n2. SPA and POR receive 50d.", "\n2. Every player draws one card from the deck.")
    source.write_text(text, "utf-8")
    mark_fuzzy(root, RISTO_RU, "eu-risto:2:I/events-phase/1")
    return root


@pytest.fixture
def root(project, tmp_path) -> Path:
    return Path(shutil.copytree(project, tmp_path / "root"))


@pytest.fixture
def exported(root, tmp_path) -> Path:
    out = tmp_path / "po"
    for lang in ("ru", "en"):
        assert folio(root, "po", "export", "--lang", lang, "--out", str(out)).returncode == 0
    text = (out / PO).read_text("utf-8")
    assert "#| msgid" in text and "#~ msgid" in text and "#, fuzzy" in text
    return out


def rewritten(exported: Path, *command: str) -> Path:
    """Every exported file as one of gettext's tools writes it."""
    if shutil.which(command[0]) is None:
        pytest.fail(f"{command[0]} is missing: scripts/install installs gettext")
    out = exported.parent / "rewritten"
    out.mkdir(exist_ok=True)
    for path in exported.glob("*.po"):
        subprocess.run([*command, str(path), "-o", str(out / path.name)], check=True)
    return out


def retranslated(path: Path, changes: dict[str, str]) -> None:
    """The msgstr of the entries ``changes`` names replaced, as a translator's tool saves it."""
    store = pypo.pofile(io.BytesIO(path.read_bytes()))
    for unit in store.units:
        if unit.getcontext() in changes and not unit.isobsolete():
            unit.target = changes[unit.getcontext()]
    path.write_bytes(bytes(store))


def line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text("utf-8").split("\n"), 1) if needle in line)


VARIANTS = {
    **{f"msgcat --width={width}": ("msgcat", f"--width={width}") for width in (10, 40, 120, 200)},
    "msgcat --no-wrap": ("msgcat", "--no-wrap"),
    "msgcat --escape": ("msgcat", "--escape"),
    "msgcat --strict": ("msgcat", "--strict"),
    "msgcat --sort-output": ("msgcat", "--sort-output"),
    "msgcat --sort-by-file": ("msgcat", "--sort-by-file"),
    "msgcat --no-location": ("msgcat", "--no-location"),
    "msgcat --indent": ("msgcat", "--indent"),
    "msguniq": ("msguniq",),
    "msgattrib --no-obsolete": ("msgattrib", "--no-obsolete"),
    "msgconv -t UTF-8": ("msgconv", "-t", "UTF-8"),
}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variant_gettext_writes_of_an_export_imports_as_no_change(root, exported, variant):
    out = rewritten(exported, *VARIANTS[variant])
    assert (out / PO).read_bytes() != (exported / PO).read_bytes() or variant in (
        "msguniq", "msgconv -t UTF-8", "msgcat --sort-by-file")
    before = tree_bytes(root / TRANSLATIONS)
    run = folio(root, "po", "import", str(out))
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert "(written" not in run.stdout
    assert tree_bytes(root / TRANSLATIONS) == before


def test_octal_escapes_import_the_russian_they_spell(root, exported):
    retranslated(exported / PO, {PRE_1: "1. Перебросьте кости; не вычёркивайте событие, если «Америка» "
                                        "ещё не открыта."})
    out = rewritten(exported, "msgcat", "--escape")
    assert "\\320\\237\\320\\265" in (out / PO).read_text("utf-8")  # «Пе», as octal escapes
    run = folio(root, "po", "import", str(out))
    assert run.returncode == 0, run.stderr
    assert load(root, RISTO_RU).entries[PRE_1].text.startswith("1. Перебросьте кости; не вычёркивайте")


def test_a_msgctxt_wrapped_over_lines_is_read_whole(root, exported):
    retranslated(exported / PO, {PRE_1: "1. Перебросьте кости заново."})
    out = rewritten(exported, "msgcat", "--width=10")
    assert 'msgctxt ""\n"eu-risto:1:I/pre-1"' in (out / PO).read_text("utf-8") or \
        'msgctxt "eu-risto:"' in (out / PO).read_text("utf-8")
    run = folio(root, "po", "import", str(out))
    assert run.returncode == 0, run.stderr
    assert load(root, RISTO_RU).entries[PRE_1].text == "1. Перебросьте кости заново."


def test_uniforum_locations_are_not_stored_as_comments(root, exported):
    unit = "pop:5.5/action-1/para-1"
    comment = load(root, POP_RU).entries[unit].comment
    retranslated(exported / "pop-military-actions.ru.po", {unit: "Вы можете объявить войну."})
    out = rewritten(exported, "msgcat", "--strict")
    assert "# File: corpus/sources/pop-military-actions.en.txt, line: 5" in \
        (out / "pop-military-actions.ru.po").read_text("utf-8")
    run = folio(root, "po", "import", str(out))
    assert run.returncode == 0, run.stderr
    stored = load(root, POP_RU).entries
    assert stored[unit].text == "Вы можете объявить войну." and stored[unit].comment == comment
    assert "File:" not in (root / POP_RU).read_text("utf-8")


def test_a_byte_order_mark_is_read_past_and_said(root, exported):
    retranslated(exported / PO, {PRE_1: "1. Перебросьте кости заново."})
    (exported / PO).write_bytes(b"\xef\xbb\xbf" + (exported / PO).read_bytes())
    run = folio(root, "po", "import", str(exported))
    assert run.returncode == 0, run.stderr
    assert run.stderr == f"{exported / PO}:1: warning: the file starts with a UTF-8 byte-order mark " \
                         "(as Notepad saves it): read without it\n"
    assert load(root, RISTO_RU).entries[PRE_1].text == "1. Перебросьте кости заново."


def test_a_msgstr_of_spaces_keeps_the_stored_translation(root, exported):
    before = (root / RISTO_RU).read_bytes()
    retranslated(exported / PO, {PRE_1: "   "})
    assert 'msgstr "   "' in (exported / PO).read_text("utf-8")
    run = folio(root, "po", "import", str(exported))
    assert run.returncode == 0, run.stderr
    assert "1 ignored (empty msgstr: the stored one stays)" in run.stdout, run.stdout
    assert (root / RISTO_RU).read_bytes() == before


@pytest.mark.parametrize("written, name", [("\x07", "U+0007 (BEL)"), ("\x1b[31m", "U+001B (ESC)"),
                                           ("\\a", "U+0007 (BEL)"), ("\\033[2J", "U+001B (ESC)"),
                                           ("\x9b", "U+009B (a control character)")])
def test_a_control_character_is_refused_at_its_line(root, exported, written, name):
    path = exported / PO
    text = path.read_text("utf-8")
    path.write_text(text.replace('"открыта."', f'"открыта.{written}"', 1), "utf-8")
    before = tree_bytes(root / TRANSLATIONS)
    run = folio(root, "po", "import", str(exported))
    line = line_of(path, "открыта.")
    assert run.returncode == 2 and run.stderr_lines == [
        f"{path}:{line}: error: the translation of {PRE_1} holds the control character {name}: it "
        "would reach the website and the terminal as it is; remove it"]
    assert tree_bytes(root / TRANSLATIONS) == before


@pytest.mark.parametrize("char, name", [("\u2028", "U+2028 (LINE SEPARATOR)"),
                                        ("\x85", "U+0085 (NEXT LINE)"),
                                        ("\ufeff", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)")])
def test_an_invisible_character_is_reported_at_its_line(root, exported, char, name):
    path = exported / PO
    text = path.read_text("utf-8")
    path.write_text(text.replace('"открыта."', f'"откры{char}та."', 1), "utf-8")
    run = folio(root, "po", "import", str(exported))
    assert run.returncode == 0
    assert run.stderr_lines == [
        f"{path}:{line_of(path, 'та.')}: warning: the translation of {PRE_1} holds {name}, invisible "
        "or a line break only to some programs; stored as written: remove it unless it is meant"]
    assert char in load(root, RISTO_RU).entries[PRE_1].text


def test_swapped_msgctxt_are_each_taken_by_the_unit_of_their_msgid(root, exported):
    """A translator swapped the msgctxt of two entries (and edited both): each translation goes
    to the unit whose source its msgid is, and the import says so."""
    path = exported / PO
    retranslated(path, {PRE_1: "1. Перебросьте кости.", "eu-risto:1:I/pre-2": "2. Обе страны согласны."})
    text = path.read_text("utf-8")
    text = text.replace('msgctxt "eu-risto:1:I/pre-1"', "msgctxt SWAP").replace(
        'msgctxt "eu-risto:1:I/pre-2"', 'msgctxt "eu-risto:1:I/pre-1"').replace(
        "msgctxt SWAP", 'msgctxt "eu-risto:1:I/pre-2"')
    path.write_text(text, "utf-8")
    run = folio(root, "po", "import", str(exported))
    assert run.returncode == 0, run.stderr
    assert f"{PRE_1}: its msgid is the source of eu-risto:1:I/pre-2, not of {PRE_1} (the msgctxt " \
           "swapped, or the source renumbered since the export): taken as the translation of " \
           "eu-risto:1:I/pre-2" in run.stderr
    stored = load(root, RISTO_RU)
    assert stored.entries[PRE_1].text == "1. Перебросьте кости."
    assert stored.entries["eu-risto:1:I/pre-2"].text == "2. Обе страны согласны."
    assert stored.entries[PRE_1].source.startswith("1. Re-roll")
    assert "2 updated" in run.stdout and "set aside" not in run.stdout
    notes = folio(root, "check", "--only", "parity").stdout
    assert "tr-orphaned: eu-risto:1:I/pre" not in notes


_STALLED_IMPORT = """
import os, sys, time
def stall(*args):
    print("staged", flush=True)
    time.sleep(600)
os.replace = stall  # killed here: every new file written beside its target, none renamed yet
from pipeline.cli import main
main(["--root", sys.argv[1], "po", "import", sys.argv[2]])
"""


def test_an_import_killed_midway_is_cleared_and_said_by_the_next(root, exported):
    retranslated(exported / PO, {PRE_1: "1. Перебросьте кости заново."})
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    child = subprocess.Popen([sys.executable, "-c", _STALLED_IMPORT, str(root), str(exported)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout.readline() == "staged\n", child.stderr.read()
        left = sorted(p.name for p in (root / TRANSLATIONS).iterdir() if p.name.startswith("."))
        assert len(left) == 1 and left[0].startswith(".eu-risto-period-1.ru.yaml.tmp-")
        assert clear_stale_files(root / TRANSLATIONS) == []  # a live import's file is its own
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    assert (root / TRANSLATIONS / left[0]).exists()
    run = folio(root, "po", "import", str(exported))
    assert run.returncode == 0, run.stderr
    assert run.stderr.startswith(f"an earlier import was interrupted: removed the 1 temporary file(s) "
                                 f"it left in corpus/translations/ ({left[0]})")
    assert not [p for p in (root / TRANSLATIONS).iterdir() if p.name.startswith(".")]
    assert load(root, RISTO_RU).entries[PRE_1].text == "1. Перебросьте кости заново."


# -- property: any text a translator writes reads back the same, however gettext rewrote it ----

@pytest.fixture(scope="module")
def one_file(project, tmp_path_factory):
    from pipeline.build import load_corpus
    from pipeline.link.translations.po import export

    corpus = load_corpus(project)[0]
    out = tmp_path_factory.mktemp("one")
    export(corpus, "ru", out)
    return corpus, {d.key: d for d in corpus.documents}, (out / PO).read_bytes(), out


_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]) | st.sampled_from('"\\\t\n'),
                min_size=1, max_size=40).filter(lambda text: text.strip())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_TEXT, command=st.sampled_from([("msgcat", "--escape"), ("msgcat", "--width=10"),
                                            ("msgcat", "--no-wrap"), ("msgcat", "--strict", "--indent")]))
def test_any_translation_reads_back_as_written_from_any_variant(one_file, text, command):
    from pipeline.link.translations.po_reader import read

    corpus, documents, po_bytes, out = one_file
    path = out / "edited" / PO
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(po_bytes)
    retranslated(path, {PRE_1: text})
    variant = out / "variant" / PO
    variant.parent.mkdir(exist_ok=True)
    subprocess.run([*command, str(path), "-o", str(variant)], check=True)
    [entry] = [e for e in read(corpus, documents, variant).entries if e.unit == PRE_1]
    assert entry.text == text


def test_a_full_disk_during_an_import_leaves_every_file_as_it_was(root, exported, monkeypatch):
    retranslated(exported / PO, {PRE_1: "1. Перебросьте кости заново."})
    before = tree_bytes(root / TRANSLATIONS)
    opened = Path.open

    class Full(io.StringIO):
        def flush(self):
            raise OSError(28, "No space left on device")

    def open_(path, mode="r", *args, **kwargs):
        if ".tmp-" in path.name:
            opened(path, mode, *args, **kwargs).close()  # the sibling is made, its bytes never land
            return Full()
        return opened(path, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "open", open_)
    run = folio(root, "po", "import", str(exported))
    monkeypatch.undo()
    assert run.returncode == 2 and run.stderr_lines == [
        f"{root / RISTO_RU}: error: cannot write it: No space left on device (no file was replaced)"]
    assert tree_bytes(root / TRANSLATIONS) == before  # no `.tmp-` sibling left either
