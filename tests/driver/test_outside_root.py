"""Nothing from outside the project is read or published (issue 23: 3, 12 and 14).

A pull request may add a symlink: to a secret of the machine that builds it, which the site
would publish, or to /dev/zero, read until memory runs out. Every file a build reads or copies
must resolve to a regular file inside the project, else one line naming it and exit 2, with
build/ and site/ as they were. Revisions holding such symlinks are compared without a
traceback; a full disk names the file written; the terminal sees the corpus's control
characters, never obeys them. Each case runs on a copy of the real project, built once.
"""

from __future__ import annotations

import errno
import json
import os
import re
import resource
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkout_support import git
from conftest import tree_bytes
from hostile_support import copy_of, folio, shared_built_project, snapshot
from pipeline.util.terminal import UNSAFE, escape

SECRET = "FOLIO-OUTSIDE-SECRET-7c41"
MANIFEST = "corpus/manifest.yaml"
TRANSLATION = "corpus/translations/pop-military-actions.ru.yaml"
HIS_WINTER = "corpus/sources/his-winter-phase-new-world.ru.txt"


def _translation_with_secret(text: str) -> str:
    # in a translated text: read, it would be on the Russian page of 5.5 Military Actions
    return text.replace("    text: В рамках этого действия", f"    text: {SECRET} В рамках этого действия", 1)


#: every kind of file a build reads from the project, and the same file carrying the secret
#: where reading it would put the secret in an output (else in a comment: read all the same)
KINDS = {
    "translation": (TRANSLATION, _translation_with_secret),
    "rule facts": ("corpus/rules/vq.yaml", lambda text: text + f"# {SECRET}\n"),
    "rule example": ("corpus/rules/examples/vq-morisco-revolt.yaml", lambda text: text + f"# {SECRET}\n"),
    "glossary": ("corpus/glossary.yaml", lambda text: text + f"# {SECRET}\n"),
    "word list": ("corpus/wordlists/en.txt", lambda text: text + f"{SECRET}\n"),
    "confusables": ("corpus/wordlists/confusables.yaml", lambda text: text + f"# {SECRET}\n"),
    "checks.yaml": ("corpus/checks.yaml", lambda text: text + f"# {SECRET}\n"),
    "manifest": (MANIFEST, lambda text: text + f"# {SECRET}\n"),
    "source": (HIS_WINTER, lambda text: text.replace("Колонии", f"Колонии {SECRET}", 1)),
    "mkdocs.yml": ("mkdocs.yml", lambda text: text.replace("site_name: Folio", f"site_name: Folio {SECRET}")),
    "theme override": ("templates/mkdocs/partials/nav.html", lambda text: f"<!-- {SECRET} -->\n{text}"),
}
#: the commands that read each kind without a build (a build's fingerprint reads them all first)
READ_BY_CHECK = {"translation", "rule facts", "glossary", "word list", "confusables", "checks.yaml",
                 "manifest", "source"}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return shared_built_project(tmp_path_factory)[0]  # one build per session: cases copy it


@pytest.fixture
def project(built, tmp_path) -> Path:
    return copy_of(built, tmp_path)


@pytest.fixture
def outside(tmp_path) -> Path:
    directory = tmp_path / "elsewhere"  # beside the project, not in it
    directory.mkdir()
    return directory


def refused(root: Path, before: dict, run, path: str, *words: str) -> None:
    """Exit 2, one line naming ``path``, the outputs as they were, the secret nowhere."""
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode == 2, (run.returncode, run.stderr)
    assert len(run.stderr.splitlines()) == 1, run.stderr
    assert run.stderr.startswith(f"{path}:"), (path, run.stderr)
    for word in words:
        assert word in run.stderr, (word, run.stderr)
    assert SECRET not in run.stdout
    after = snapshot(root)
    assert {name: after[name] for name in ("build", "site")} == \
        {name: before[name] for name in ("build", "site")}
    published = [rel for name in ("build", "site") for rel, data in tree_bytes(root / name).items()
                 if SECRET.encode() in data]
    assert not published, published


@contextmanager
def memory_budget(extra: int = 1 << 30):
    """No more than ``extra`` bytes of address space beyond what this process holds: reading
    /dev/zero would end in a MemoryError (a failed test), not in a machine that swaps."""
    status = Path("/proc/self/status").read_text()
    size = int(re.search(r"VmSize:\s+(\d+) kB", status)[1]) * 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (size + extra, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def link(root: Path, rel: str, target: Path | str) -> None:
    path = root / rel
    path.unlink()
    path.symlink_to(target)


# -- 3. a symlink out of the project: to a secret, to /dev/zero --------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_a_file_symlinked_to_a_secret_outside_the_project_is_refused_and_never_published(
        project, outside, kind):
    rel, with_secret = KINDS[kind]
    secret = outside / Path(rel).name
    secret.write_text(with_secret((project / rel).read_text("utf-8")), "utf-8")
    assert SECRET in secret.read_text("utf-8")
    before = snapshot(project)
    link(project, rel, secret)
    where = MANIFEST if kind == "source" else rel  # a source is refused at its manifest entry
    refused(project, before, folio(project, "build"), where, "resolves outside", str(secret.resolve()))
    if kind in READ_BY_CHECK:  # the reader itself refuses it, not only the build's fingerprint
        refused(project, before, folio(project, "check"), where, "resolves outside")


@pytest.mark.parametrize("kind", KINDS)
def test_a_file_symlinked_to_dev_zero_is_refused_unread(project, kind):
    rel, _ = KINDS[kind]
    before = snapshot(project)
    link(project, rel, "/dev/zero")
    where = MANIFEST if kind == "source" else rel
    with memory_budget():
        refused(project, before, folio(project, "build"), where, "(to /dev/zero)")
        if kind in READ_BY_CHECK:
            refused(project, before, folio(project, "check"), where, "(to /dev/zero)")


def test_a_source_symlinked_to_a_named_pipe_inside_the_project_is_refused_without_waiting(project):
    os.mkfifo(project / "corpus/sources/pipe")
    before = snapshot(project)
    link(project, HIS_WINTER, "pipe")
    line = next(n for n, text in enumerate((project / MANIFEST).read_text("utf-8").split("\n"), 1)
                if text.strip() == f"source: {HIS_WINTER.removeprefix('corpus/')}")
    refused(project, before, folio(project, "check"), f"{MANIFEST}:{line}", "not a regular file but a named pipe")


def test_a_symlink_inside_the_project_is_followed_as_any_path(project):
    (project / "corpus/glossary.real.yaml").write_bytes((project / "corpus/glossary.yaml").read_bytes())
    link(project, "corpus/glossary.yaml", "glossary.real.yaml")
    run = folio(project, "build")
    assert run.returncode == 0, run.stderr


def test_a_theme_custom_dir_outside_the_project_is_refused_at_its_line(project, outside):
    theme = outside / "theme"
    shutil.copytree(project / "templates/mkdocs", theme)
    (theme / "secret.txt").write_text(SECRET, "utf-8")  # a static file MkDocs would copy into site/
    config = (project / "mkdocs.yml").read_text("utf-8")
    line = config.split("\n").index("  custom_dir: templates/mkdocs") + 1
    before = snapshot(project)
    (project / "mkdocs.yml").write_text(config.replace("custom_dir: templates/mkdocs", f"custom_dir: {theme}"))
    refused(project, before, folio(project, "build"), f"mkdocs.yml:{line}",
            f"theme.custom_dir '{theme}' resolves outside the project")
    relative = os.path.relpath(theme, project)  # ../elsewhere/theme: the same, written relative
    (project / "mkdocs.yml").write_text(config.replace("custom_dir: templates/mkdocs", f"custom_dir: {relative}"))
    refused(project, before, folio(project, "build"), f"mkdocs.yml:{line}", "resolves outside the project")


def test_a_directory_of_the_theme_overrides_symlinked_outside_is_refused(project, outside):
    (outside / "secret.txt").write_text(SECRET, "utf-8")
    before = snapshot(project)
    (project / "templates/mkdocs/assets").symlink_to(outside, target_is_directory=True)
    refused(project, before, folio(project, "build"), "templates/mkdocs/assets", "resolves outside the project")


# -- 12. a revision holding symlinks under corpus/ ---------------------------------------------

def commit(root: Path, message: str) -> None:
    git(root, "add", "-A")
    git(root, "-c", "user.name=test", "-c", "user.email=test@localhost", "commit", "-q", "-m", message)


@pytest.fixture
def history(project, outside) -> Path:
    """The project in git: `base`, then `links` adding symlinks out of corpus/ that no file
    names (a secret, /dev/zero), then the working tree without them."""
    secret = outside / "secret.txt"
    secret.write_text(SECRET, "utf-8")
    git(project, "init", "-q")
    (project / ".gitignore").write_text("build/\nsite/\n")
    commit(project, "base")
    git(project, "tag", "base")
    (project / "corpus/notes.txt").symlink_to(secret)
    (project / "corpus/sources/zero.txt").symlink_to("/dev/zero")
    (project / "corpus/rules/inside.yaml.txt").symlink_to("../glossary.yaml")  # stays inside
    commit(project, "links")
    git(project, "tag", "links")
    for rel in ("corpus/notes.txt", "corpus/sources/zero.txt", "corpus/rules/inside.yaml.txt"):
        (project / rel).unlink()
    commit(project, "no links")
    return project


def test_diff_with_a_revision_holding_symlinks_no_file_names_is_clean(history):
    with memory_budget():
        for old, new in (("base", "links"), ("links", "WORKTREE")):
            run = folio(history, "diff", old, new)
            assert run.returncode == 0, run.stderr
            assert "Traceback" not in run.stderr
            assert "0 changed, 0 added, 0 removed" in run.stdout, run.stdout
            assert SECRET not in run.stdout


def test_changes_since_a_revision_holding_symlinks_builds(history):
    manifest = history / MANIFEST
    manifest.write_text('changes_since: "links"\n' + manifest.read_text("utf-8"), "utf-8")
    run = folio(history, "build")
    assert run.returncode == 0, run.stderr
    published = [rel for name in ("build", "site") for rel, data in tree_bytes(history / name).items()
                 if SECRET.encode() in data]
    assert not published


def test_a_revision_whose_translation_is_a_symlink_out_is_one_line_naming_it(history, outside):
    secret = outside / "translation.yaml"
    secret.write_text(_translation_with_secret((history / TRANSLATION).read_text("utf-8")), "utf-8")
    link(history, TRANSLATION, secret)
    commit(history, "a translation out of the project")
    git(history, "tag", "leaky")
    git(history, "checkout", "-q", "base", "--", TRANSLATION)  # the working tree as it was
    run = folio(history, "diff", "leaky", "WORKTREE")
    assert run.returncode == 2, run.stderr
    assert len(run.stderr.splitlines()) == 1 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.startswith(f"leaky:{TRANSLATION}: error: resolves outside the project"), run.stderr
    assert SECRET not in run.stdout


# -- 14. a full disk; control characters ------------------------------------------------------

def test_a_full_disk_while_the_theme_is_copied_names_the_file_written(project, monkeypatch):
    """shutil copies with sendfile(2) on Linux: the disk fills while a file of Material's is
    copied into the new site."""
    import material

    theme = Path(material.__file__).resolve().parent
    sendfile = os.sendfile

    def full(out_fd, in_fd, offset, count):
        if os.readlink(f"/proc/self/fd/{in_fd}").startswith(str(theme)):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return sendfile(out_fd, in_fd, offset, count)

    monkeypatch.setattr(os, "sendfile", full)
    before = snapshot(project)
    run = folio(project, "build", "--clean")
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    assert len(run.stderr.splitlines()) == 1, run.stderr
    named, message = run.stderr.split(": error: ")
    assert Path(named).is_relative_to(project) and "/assets/" in named, run.stderr
    assert message.startswith("No space left on device (writing a copy of "), run.stderr
    assert snapshot(project) == before  # neither build/ nor site/ replaced, nothing left beside


CONTROLS = "\x1b]0;owned\x07\x1b[2J\u202e"  # a title, a clear screen, a right-to-left override


def test_control_characters_of_a_text_are_shown_escaped_never_sent_to_the_terminal(project, built):
    text = (project / HIS_WINTER).read_text("utf-8")
    (project / HIS_WINTER).write_text(text.replace("20.1. Колонии", f"20.1. Колонии{CONTROLS}", 1), "utf-8")
    run = folio(project, "show", "his:20.1")
    assert run.returncode == 0, run.stderr
    assert "    20.1. Колонии\\x1b]0;owned\\x07\\x1b[2J\\u202e" in run.stdout, run.stdout
    for command in (("show", "his:20.1"), ("check",), ("diff", str(built), "WORKTREE")):
        run = folio(project, *command)
        shown = run.stdout + run.stderr
        assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]", shown), (command, shown[:300])


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8")))
def test_escaped_text_holds_no_character_a_terminal_acts_on_and_json_reads_the_same(text):
    shown = escape(text)
    assert not UNSAFE.search(shown)
    assert escape(shown) == shown  # what is shown is plain text already
    if not UNSAFE.search(text):
        assert shown == text  # Russian, English, tabs and line feeds pass as they are
    # `folio ... --format json` printed through the escaping: the same data
    assert json.loads(escape(json.dumps(text, ensure_ascii=False))) == text


def test_a_full_disk_while_a_file_is_written_names_where_it_was_written(project, monkeypatch):
    """A write(2) that fails names no file: the error names the directories being written."""
    import pipeline.build

    def full(path):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(pipeline.build, "write_schema", full)
    before = snapshot(project)
    run = folio(project, "build", "--clean")
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr == (f"{project}: error: No space left on device while writing site/ and "
                          "build/ here: nothing was replaced\n")
    assert snapshot(project) == before
