"""Linking on several processes: the references resolved on the workers, those a build kept and
those extracted again, come out as one process links them; and the translation files read on
several processes refuse the first bad file in the files' order, as one process does."""

from __future__ import annotations

import os
import pickle
import shutil
import time
from pathlib import Path

import pytest

from pipeline.core.errors import FolioError
from pipeline.core.model import Corpus, Document, Reference, Unit
from pipeline.link import references
from pipeline.link.references import link, offered
from pipeline.link.translations import attach
from pipeline.link.translations.store import DIRECTORY, document_of, load_all
from pipeline.parse import PARSERS, translated_side
from pipeline.parse.document import parse, read
from pipeline.read.manifest import load_manifest

ROOT = Path(__file__).resolve().parents[3]


def _unlinked() -> Corpus:
    """The real corpus, read, parsed and its translations attached, its references not linked."""
    corpus = Corpus(documents=load_manifest(ROOT, PARSERS))
    for document in corpus.documents:
        corpus.add_document_units(parse(document, read(ROOT, document)))
    attach(corpus, ROOT, translated_side)
    return corpus


def _seen(references: list[Reference]) -> list[tuple]:
    return [(r.source, r.lang, r.kind, r.text, r.target, r.path, r.line, r.col, r.claims, r.status,
             r.target_id, r.note, r.problem, r.note_words) for r in references]


class Kept:
    """A build's cache of references, in memory: pickled as the build's store keeps them."""

    def __init__(self) -> None:
        self.found_by: dict[str, bytes] = {}
        self.resolved_by: dict[tuple[str, str], bytes] = {}

    def offered(self, document: Document, units: list[Unit], corpus: Corpus) -> str:
        return offered(units, corpus)

    def resolved(self, document: Document, scope: str) -> list[Reference] | None:
        kept = self.resolved_by.get((document.key, scope))
        return None if kept is None else pickle.loads(kept)

    def found(self, document: Document) -> list[Reference] | None:
        kept = self.found_by.get(document.key)
        return None if kept is None else pickle.loads(kept)

    def keep_found(self, document: Document, references: list[Reference]) -> None:
        self.found_by[document.key] = pickle.dumps(references)

    def keep_resolved(self, document: Document, scope: str, references: list[Reference]) -> None:
        self.resolved_by[document.key, scope] = pickle.dumps(references)


@pytest.fixture(scope="module")
def serial() -> list[tuple]:
    return _seen(link(_unlinked(), jobs=1))


def test_references_linked_on_two_processes_are_those_linked_on_one(serial):
    assert len(serial) > 100 and any(r[9] != serial[0][9] for r in serial)  # resolved, and not all alike
    assert _seen(link(_unlinked(), jobs=2)) == serial


def test_documents_linked_on_two_processes_are_linked_in_a_worker_too(tmp_path, monkeypatch):
    # the parent takes documents from the counter the worker takes them from: its first waits
    # for the worker's first, so the one document each links cannot both fall to the parent
    log, parent = tmp_path / "linked", os.getpid()
    real = references.extracted

    def logged(units: list[Unit]) -> list[Reference]:
        with log.open("a") as out:
            out.write(f"{os.getpid()}\n")
        deadline = time.monotonic() + 120  # a bound on a worker that never comes, not a measure
        while os.getpid() == parent and _pids(log) <= {parent} and time.monotonic() < deadline:
            time.sleep(0.01)
        return real(units)

    monkeypatch.setattr(references, "extracted", logged)
    corpus = _unlinked()
    link(corpus, jobs=2)
    linked = log.read_text().split()
    assert len(linked) == len(corpus.documents)  # each document extracted once, by one process
    assert _pids(log) - {parent}, linked  # ... some of them in a forked worker


def _pids(log: Path) -> set[int]:
    return {int(pid) for pid in log.read_text().split()} if log.exists() else set()


@pytest.mark.parametrize("jobs", [1, 2])
def test_kept_and_new_references_linked_on_two_processes_are_those_linked_on_one(serial, jobs):
    # a build that kept every document's references: its next build resolves nothing again
    kept = Kept()
    link(_unlinked(), kept, jobs=jobs)
    assert len(kept.found_by) == len(kept.resolved_by) > 2
    assert _seen(link(_unlinked(), kept, jobs=jobs)) == serial

    # what a rulebook offers changed: some documents' references are resolved again from those
    # kept as the text says them, others are extracted again, the rest taken as resolved
    keys = sorted(kept.found_by)
    for key in keys[::2]:
        for scoped in [scoped for scoped in kept.resolved_by if scoped[0] == key]:
            del kept.resolved_by[scoped]
    for key in keys[::4]:
        del kept.found_by[key]
    assert _seen(link(_unlinked(), kept, jobs=jobs)) == serial
    assert set(kept.found_by) == set(keys)  # those extracted again are kept again


def test_the_first_bad_translation_file_in_order_is_refused_when_read_on_two_processes(tmp_path):
    shutil.copytree(ROOT / DIRECTORY, tmp_path / DIRECTORY)
    files = sorted((tmp_path / DIRECTORY).glob("*.yaml"))
    assert len(files) >= 3
    # the later bad file is the smaller: a worker may well finish it first
    files[1].write_text(files[1].read_text("utf-8") + "stray: 1\n", "utf-8")
    files[2].write_text("stray: 1\n", "utf-8")
    for jobs in (1, 2):
        with pytest.raises(FolioError) as refused:
            load_all(tmp_path, jobs=jobs)
        assert refused.value.path == files[1].relative_to(tmp_path).as_posix()
    with pytest.raises(FolioError) as refused:  # the first bad file skipped: the next is refused
        load_all(tmp_path, frozenset({document_of(files[1].name)}), jobs=2)
    assert refused.value.path == files[2].relative_to(tmp_path).as_posix()
