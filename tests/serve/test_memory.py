"""`folio serve` keeps what its builds read of build/.cache/ in memory between saves
(pipeline/incremental/memory.py): a rebuild that takes the documents, references, findings and
clauses of the unchanged documents from memory leaves the very bytes a clean build of the same
sources leaves, however many saves came before: no build changes what the next one is handed."""

from __future__ import annotations

import copy
import io
import os
import pickle
import shutil
import threading
from pathlib import Path

from pipeline.build import build
from pipeline.incremental.buildcache import CACHE
from pipeline.incremental.memory import Memory
from pipeline.incremental.session import STAMP
from pipeline.serve.loop import Loop
from serve_support import SOURCE, TRANSLATION, whole_project

#: one save after another: an English source, its Russian translation, another rulebook's
#: Russian source, and the first file again
SAVES = [(SOURCE, "into adjacent non-Hostile", "into neighbouring non-Hostile"),
         (TRANSLATION, "в соседние морские", "в смежные морские"),
         ("corpus/sources/vq-spring-deployment-action-phase.ru.txt", "В виде исключения", "В виде исключенья"),
         (SOURCE, "into neighbouring non-Hostile", "into bordering non-Hostile")]


def _save(root: Path, name: str, old: str, new: str) -> None:
    path = root / name
    text = path.read_text("utf-8")
    assert old in text, (name, old)
    aside = path.with_name(f".{path.name}.saving")
    aside.write_text(text.replace(old, new, 1), "utf-8")
    os.replace(aside, path)


def _document(name: str) -> str:
    """The manifest's key of the document a source or translation file is of."""
    return Path(name).name.split(".")[0]


def _settled() -> None:
    for thread in threading.enumerate():
        if thread.name.startswith("remove ."):
            thread.join(120)


def _outputs(root: Path, tree_bytes) -> dict[str, bytes]:
    return {f"{name}/{path}": data for name in ("build", "site") for path, data in tree_bytes(root / name).items()
            if not (path.startswith(f"{CACHE}/") or path == STAMP)}


def test_rebuilds_from_memory_after_saves_leave_what_a_clean_build_of_the_saves_leaves(tmp_path, tree_bytes):
    root = whole_project(tmp_path / "served")
    loop = Loop(root, jobs=2, out=io.StringIO())  # the pages rendered in a forked worker too
    assert loop.rebuild() is not None
    taken, held, edited, files = [], [], [], []
    for name, old, new in SAVES:
        _save(root, name, old, new)
        published = []
        result = loop.rebuild([name], on_pages=published.append)
        assert result is not None and result.corpus is not None and published, loop.out.getvalue()
        taken.append(loop.memory.taken)
        held.append(loop.memory.held())
        files.append({d.path for d in result.diagnostics})
        edited.append(_document(name))
        _settled()
    documents = len(result.corpus.documents)
    # the first rebuild read the cache, the next from memory: each kind on its own, the entries of
    # every document neither this save nor the one before changed (the last save's document was
    # made again, not read: its new entries are read back from their files once)
    assert sum(taken[0].values()) == 0, taken[0]
    for before, now, took in zip(edited, edited[1:], taken[1:], strict=False):
        stable = documents - len({before, now})
        for kind in ("loaded", "refs-resolved", "yaml"):
            assert took[kind] >= stable, (now, kind, took)
        assert took["json"] >= 2 * stable, (now, took)  # each document's units and its other parts
        # the check shards of the rulebooks not edited, the clauses of their documents, the rules' files
        assert all(took[kind] >= 1 for kind in ("checks", "clauses", "facts", "coverage")), (now, took)
    # the report's items of each file, used in whichever process rendered the report's pages (a
    # forked worker's were lost): each rebuild leaves in memory those of every file with findings,
    # in each language, but the files whose findings the save changed (made again, not kept as
    # values: read back from their entries once), at most the file saved and its counterpart
    assert all(kept["report-items", "json"] >= 2 * (len(found) - 2) for kept, found in zip(held, files, strict=True)), \
        ([kept["report-items", "json"] for kept in held], [len(found) for found in files])
    # each entry is kept in the one form its reader asks for: corpus.json's units of each document as
    # bytes, and not the bytes of the entries written as JSON (read back as values, never as bytes)
    assert all(kept["json", "bytes"] == kept["yaml", "bytes"] == documents for kept in held), held

    clean = tmp_path / "clean"
    for name in ("corpus", "templates"):
        shutil.copytree(root / name, clean / name)
    shutil.copy(root / "mkdocs.yml", clean / "mkdocs.yml")
    expected = build(clean, clean=True)

    assert [d.to_json() for d in result.diagnostics] == [d.to_json() for d in expected.diagnostics]
    # what the build was handed, too: a change to a kept unit that no output shows yet (the
    # outputs of an unchanged document are carried) is a leak all the same
    served_corpus, clean_corpus = result.corpus, expected.corpus
    assert served_corpus is not None and clean_corpus is not None
    assert served_corpus.units == clean_corpus.units
    assert served_corpus.translations == clean_corpus.translations
    assert served_corpus.orphaned == clean_corpus.orphaned
    assert served_corpus.references == clean_corpus.references
    served, built = _outputs(root, tree_bytes), _outputs(clean, tree_bytes)
    assert served.keys() == built.keys()
    assert [path for path in served if served[path] != built[path]] == []


def test_a_reason_changed_in_checks_yaml_shows_on_the_russian_report_after_the_save(tmp_path):
    # the site keeps the suppressions' reasons between builds of one process, by the file's bytes
    root = whole_project(tmp_path / "served")
    loop = Loop(root, out=io.StringIO())
    assert loop.rebuild() is not None
    report = root / "site" / "ru" / "checks" / "index.html"
    old, new = "переводчика к этому фрагменту", "переводчика к этому месту"
    assert old in report.read_text("utf-8")
    _save(root, "corpus/checks.yaml", old, new)
    result = loop.rebuild(["corpus/checks.yaml"], on_pages=lambda _diagnostics: None)
    assert result is not None and result.corpus is not None, loop.out.getvalue()
    page = report.read_text("utf-8")
    assert new in page and old not in page


def test_what_a_forked_worker_used_reaches_the_serving_process_whatever_its_value_and_held_values_are_not_copied():
    items = ("json", "report items")  # how the report's items are read: a JSON value of one shape
    serving = Memory()
    held = [{"finding": "kept from the last build"}]
    serving.remember("report-items", "held", items, held)
    serving.settle(True)
    worker = copy.deepcopy(serving)  # what a fork copies
    mark = worker.mark()
    assert worker.recall("report-items", "held", items) is not None
    worker.remember("report-items", "empty", items, [])  # a file without findings: a value all the same
    worker.remember("report-items", "none", items, None)  # nothing read: nothing to keep
    worker.remember("report-items", "new", items, [{"finding": "read in the worker"}])
    serving.adopt(pickle.loads(pickle.dumps(worker.since(mark))))  # as the worker hands it back
    serving.settle(True)
    assert serving.recall("report-items", "held", items) is held  # named, not sent: the serving process's own
    assert serving.recall("report-items", "empty", items) == []
    assert serving.recall("report-items", "none", items) is None
    assert serving.recall("report-items", "new", items) == [{"finding": "read in the worker"}]
    assert len(serving) == 3
