"""The PO files a translator opens: a header that says when the source and the translation last
changed and who translated (msgfmt --check has nothing to say about it), and beside each text
where in the rules it stands."""

from __future__ import annotations

import os
import shutil
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.messages.pofile import denormalize, read_po

from conftest import mark_fuzzy
from hostile_support import folio_in_process  # noqa: F401 - this module's `folio` runs in this process

SOURCED = "2026-03-04T05:06:07+00:00"  # the corpus as first committed
TRANSLATED = "2026-05-06T07:08:09+00:00"  # the commit of a translator's review marks
TRANSLATOR = "Anna Translator <anna@example.org>"
POP_RU = "corpus/translations/pop-military-actions.ru.yaml"


def commit(root: Path, message: str, date: str, author: str) -> None:
    name, email = author[:-1].split(" <")
    env = {**os.environ, "GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": email,
           "GIT_COMMITTER_NAME": name, "GIT_COMMITTER_EMAIL": email,
           "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    for args in (["add", "-A"], ["-c", "commit.gpgsign=false", "commit", "-q", "-m", message]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


@pytest.fixture(scope="module")
def checkout(tmp_path_factory, copy_corpus) -> Path:
    """The corpus as a git checkout: committed, then a translator's commit; the English
    edition of the HIS winter rules not begun (no translation file)."""
    root = copy_corpus(tmp_path_factory.mktemp("checkout"))
    (root / "corpus/translations/his-winter-new-world.en.yaml").unlink()
    subprocess.run(["git", "init", "-q", str(root)], check=True, capture_output=True)
    commit(root, "the corpus", SOURCED, "Source Keeper <keeper@example.org>")
    mark_fuzzy(root, POP_RU, "pop:5.5/action-1/proc-1/step-2")
    commit(root, "a step to review", TRANSLATED, TRANSLATOR)
    return root


def export(folio, root: Path, out: Path) -> dict[str, Path]:
    for lang in ("en", "ru"):
        run = folio(root, "po", "export", "--lang", lang, "--out", str(out))
        assert run.returncode == 0, run.stderr
    return {path.name: path for path in sorted(out.glob("*.po"))}


@pytest.fixture(scope="module")
def exported(checkout, folio, tmp_path_factory) -> dict[str, Path]:
    return export(folio, checkout, tmp_path_factory.mktemp("po"))


def header(path: Path) -> dict[str, str]:
    """The header entry's fields as the file spells them (Babel's reader would fill in its own
    placeholders for the missing ones)."""
    entry = path.read_text("utf-8").split("\n\n", 1)[0]
    text = "".join(denormalize(line) for line in entry.split("\n") if line.startswith('"'))
    return dict(field.split(": ", 1) if ": " in field else (field.rstrip(":"), "")
                for field in text.split("\n") if field)


def messages(path: Path) -> dict:
    with path.open("rb") as handle:
        return {m.context: m for m in read_po(handle) if m.id}


def test_msgfmt_finds_nothing_to_warn_about(exported):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.fail("msgfmt is missing: scripts/install installs gettext")
    assert sorted(exported) == ["eu-risto-period-1.ru.po", "his-power-rules.en.po",
                                "his-winter-new-world.en.po", "pop-military-actions.ru.po",
                                "vq-deployment-actions.en.po"]
    for path in exported.values():
        done = subprocess.run([msgfmt, "--check", "-o", os.devnull, str(path)],
                              capture_output=True, text=True)
        assert done.returncode == 0 and done.stderr == "", done.stderr


def test_the_header_dates_and_translator_come_from_the_history(exported):
    pop = header(exported["pop-military-actions.ru.po"])
    assert pop["POT-Creation-Date"] == "2026-03-04 05:06+0000"  # the source's commit
    assert pop["PO-Revision-Date"] == "2026-05-06 07:08+0000"  # the translation's
    assert pop["Last-Translator"] == TRANSLATOR
    assert "Report-Msgid-Bugs-To" not in pop
    # no translation file yet: revised when created, by nobody
    winter = header(exported["his-winter-new-world.en.po"])
    assert winter["PO-Revision-Date"] == winter["POT-Creation-Date"] == "2026-03-04 05:06+0000"
    assert winter["Last-Translator"] == ""


def test_two_exports_give_the_same_bytes(checkout, exported, folio, tmp_path):
    again = export(folio, checkout, tmp_path / "again")
    assert {name: p.read_bytes() for name, p in again.items()} == \
        {name: p.read_bytes() for name, p in exported.items()}


def test_an_edit_not_committed_yet_is_dated_by_the_file(checkout, folio, tmp_path):
    root = Path(shutil.copytree(checkout, tmp_path / "edited", symlinks=True))
    mark_fuzzy(root, POP_RU, "pop:5.5/action-1/proc-1/step-1")
    when = datetime(2026, 7, 8, 9, 10, tzinfo=UTC).timestamp()
    os.utime(root / POP_RU, (when, when))
    pop = header(export(folio, root, tmp_path / "po")["pop-military-actions.ru.po"])
    assert pop["PO-Revision-Date"] == "2026-07-08 09:10+0000"
    assert pop["Last-Translator"] == ""  # whoever edited it has not said so in a commit yet


def test_outside_a_checkout_the_files_own_dates_are_used(corpus_copy, folio, tmp_path):
    source = corpus_copy / "corpus/sources/pop-military-actions.en.txt"
    when = datetime(2025, 1, 2, 3, 4, tzinfo=UTC).timestamp()
    os.utime(source, (when, when))
    pop = header(export(folio, corpus_copy, tmp_path / "po")["pop-military-actions.ru.po"])
    assert pop["POT-Creation-Date"] == "2025-01-02 03:04+0000"
    assert pop["Last-Translator"] == ""


def test_each_text_says_where_it_stands_in_the_language_of_the_source(exported):
    winter = messages(exported["his-winter-new-world.en.po"])
    assert winter["his:19.3/proc-1/step-2"].auto_comments == [
        "Правило 19.3, процедура, шаг 2", "Процедура возвращения домой сухопутных войск", "step"]
    risto = messages(exported["eu-risto-period-1.ru.po"])
    assert risto["eu-risto:1:I/events-phase/2"].auto_comments == [
        "Event 1:I, Events phase, effect 2", "TREATY OF TORDESILLAS", "effect"]
    pop = messages(exported["pop-military-actions.ru.po"])
    assert pop["pop:5.5/action-1/proc-1/step-3/a"].auto_comments == [
        "Declare War, step 3a", "Calls to Arms (in listed order)", "step"]


def test_a_translation_marked_for_review_is_fuzzy_with_no_previous_source(exported):
    pop = messages(exported["pop-military-actions.ru.po"])
    step = pop["pop:5.5/action-1/proc-1/step-2"]
    assert step.fuzzy and step.string.startswith("2. Потеряйте 2s") and not step.previous_id
    assert not pop["pop:5.5/action-1/proc-1/step-1"].fuzzy
