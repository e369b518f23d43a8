"""A small project for the `folio serve` tests: one real document (5.5 Military Actions, in
English, with its Russian translation), the termbase, the word lists and the website's
configuration, so that a build, and a rebuild after a save, takes seconds."""

from __future__ import annotations

import io
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from conftest import REPO
from pipeline.serve.loop import serve

KEY = "pop-military-actions"
SOURCE = "corpus/sources/pop-military-actions.en.txt"
TRANSLATION = "corpus/translations/pop-military-actions.ru.yaml"


def saved(root: Path, name: str, old: str, new: str) -> None:
    """An editor's save of ``name`` with ``old`` replaced by ``new``: written aside and renamed
    over the file, as editors save, so a watcher never reads it half-written."""
    path = root / name
    text = path.read_text("utf-8")
    assert old in text, (name, old)
    aside = path.with_name(f".{path.name}.saving")
    aside.write_text(text.replace(old, new, 1), "utf-8")
    os.replace(aside, path)


def removals_settled() -> None:
    """Wait for the threads that remove the trees a rebuild replaced (pipeline/util/atomic.py)."""
    for thread in threading.enumerate():
        if thread.name.startswith("remove ."):
            thread.join(120)


_BUILT: list[Path] = []


def built_small_project(tmp_path_factory) -> Path:
    """The small project, built once per session (whichever test module asks first): each test
    copies it before it edits, saves or serves, so one build serves every module."""
    if not _BUILT:
        from pipeline.build import build

        root = small_project(tmp_path_factory.mktemp("built"))
        assert build(root).site == root / "site"
        _BUILT.append(root)
    return _BUILT[0]


@pytest.fixture(name="project")
def edited_project(tmp_path_factory, tmp_path) -> Path:
    """A copy of the built small project, for one test to edit, save and serve (a test module
    imports this fixture to have it)."""
    return Path(shutil.copytree(built_small_project(tmp_path_factory), tmp_path / "project", symlinks=True))


def small_project(dest: Path) -> Path:
    corpus = dest / "corpus"
    (corpus / "sources").mkdir(parents=True)
    (corpus / "translations").mkdir()
    manifest = yaml.safe_load((REPO / "corpus" / "manifest.yaml").read_text("utf-8"))
    manifest["documents"] = [d for d in manifest["documents"] if d["key"] == KEY]
    manifest.pop("changes_since", None)  # no git history here to compare with
    (corpus / "manifest.yaml").write_text(yaml.safe_dump(manifest, allow_unicode=True), "utf-8")
    (corpus / "rules").mkdir()
    for name in (SOURCE, TRANSLATION, "corpus/glossary.yaml", "corpus/gazetteer.yaml", "corpus/rules/pop.yaml",
                 "mkdocs.yml"):
        shutil.copy(REPO / name, dest / name)
    shutil.copytree(REPO / "corpus" / "wordlists", corpus / "wordlists")
    shutil.copytree(REPO / "templates" / "mkdocs", dest / "templates" / "mkdocs")
    return dest


class Terminal(io.TextIOBase):
    """What `folio serve` prints, as it prints it, for a test to wait on from another thread."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self._grew = threading.Condition()

    def write(self, text: str) -> int:
        with self._grew:
            self.text += text
            self._grew.notify_all()
        return len(text)

    def mark(self) -> int:
        with self._grew:
            return len(self.text)

    def wait_for(self, words: str, since: int = 0, timeout: float = 120) -> str:
        """The output from ``since`` on, once ``words`` are printed there (`folio serve` prints
        each report in one write)."""
        with self._grew:
            if not self._grew.wait_for(lambda: words in self.text[since:], timeout):
                raise AssertionError(f"{words!r} not printed within {timeout} s:\n{self.text[since:]}")
            return self.text[since:]


@dataclass
class Served:
    url: str
    terminal: Terminal
    root: Path

    def save(self, name: str, old: str, new: str) -> int:
        """Save ``name`` with ``old`` replaced by ``new`` (once), as an editor does: written
        aside and renamed over the file. The terminal's mark before the save."""
        path = self.root / name
        text = path.read_text("utf-8")
        assert old in text, (name, old)
        mark = self.terminal.mark()
        aside = path.with_name(f".{path.name}.saving")
        aside.write_text(text.replace(old, new, 1), "utf-8")
        os.replace(aside, path)
        return mark


@contextmanager
def folio_serve(root: Path, **options) -> Iterator[Served]:
    """`folio serve` on the project at ``root`` in this process, on a free port, until the test
    is done; the first build done (the site in place was current: it is quick)."""
    terminal, stop = Terminal(), threading.Event()
    thread = threading.Thread(target=serve, args=(root, "127.0.0.1", 0),
                              kwargs={"out": terminal, "stop": stop, **options}, daemon=True)
    thread.start()
    try:
        line = terminal.wait_for("serving ")
        url = line.split(" at ")[1].split()[0]
        terminal.wait_for("built in ")
        yield Served(url, terminal, root)
    finally:
        stop.set()
        thread.join(60)
        assert not thread.is_alive(), "folio serve did not stop"



def whole_project(dest: Path) -> Path:
    """The real corpus with the website's configuration: several documents and rulebooks, so
    that a save leaves most of what a build reads unchanged."""
    shutil.copytree(REPO / "corpus", dest / "corpus")
    shutil.copy(REPO / "mkdocs.yml", dest / "mkdocs.yml")
    shutil.copytree(REPO / "templates" / "mkdocs", dest / "templates" / "mkdocs")
    return dest
