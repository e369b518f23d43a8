"""`folio serve` keeps what its builds read of build/.cache/ in memory between saves
(pipeline/incremental/memory.py): a rebuild that takes the documents, references, findings and
clauses of the unchanged documents from memory leaves the very bytes a clean build of the same
sources leaves, however many saves came before: no build changes what the next one is handed."""

from __future__ import annotations

import copy
import io
import pickle
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from pipeline.build import build
from pipeline.incremental import buildcache
from pipeline.incremental.buildcache import CACHE, BuildCache
from pipeline.incremental.memory import Memory
from pipeline.incremental.session import STAMP
from pipeline.serve.loop import Loop
from serve_support import SOURCE, TRANSLATION, removals_settled, saved, whole_project

#: one save after another: an English source, its Russian translation, another rulebook's
#: Russian source, and the first file again
SAVES = [(SOURCE, "into adjacent non-Hostile", "into neighbouring non-Hostile"),
         (TRANSLATION, "в соседние морские", "в смежные морские"),
         ("corpus/sources/vq-spring-deployment-action-phase.ru.txt", "В виде исключения", "В виде исключенья"),
         (SOURCE, "into neighbouring non-Hostile", "into bordering non-Hostile")]


def _document(name: str) -> str:
    """The manifest's key of the document a source or translation file is of."""
    return Path(name).name.split(".")[0]


def _outputs(root: Path, tree_bytes) -> dict[str, bytes]:
    return {f"{name}/{path}": data for name in ("build", "site") for path, data in tree_bytes(root / name).items()
            if not (path.startswith(f"{CACHE}/") or path == STAMP)}


def _entries(root: Path) -> set[str]:
    """The build cache's files, by path (an entry is named by its kind and key)."""
    cache = root / "build" / CACHE
    return {path.relative_to(cache).as_posix() for path in cache.rglob("*") if path.is_file()}


def _reads_logged(monkeypatch, log: Path) -> Callable[[], Counter[str]]:
    """Log the kind of every entry a build reads from its file, in each of its processes (its
    forked workers too); the function returned gives the kinds read since it was last called."""
    real = buildcache.opened

    def opened(blob: bytes, name: tuple[str, ...], *args):
        with log.open("a", encoding="utf-8") as out:  # one short line appended: whole, from any process
            out.write(name[0] + "\n")
        return real(blob, name, *args)

    monkeypatch.setattr(buildcache, "opened", opened)
    log.touch()

    def since() -> Counter[str]:
        found = Counter(log.read_text("utf-8").split())
        log.write_text("", "utf-8")
        return found

    return since


def test_rebuilds_from_memory_after_saves_leave_what_a_clean_build_of_the_saves_leaves(tmp_path, tree_bytes,
                                                                                         monkeypatch):
    root = whole_project(tmp_path / "served")
    loop = Loop(root, jobs=2, out=io.StringIO())  # the pages rendered in a forked worker too
    assert loop.rebuild() is not None
    reads_since = _reads_logged(monkeypatch, tmp_path / "reads")
    reads, edited, files = [], [], []
    for name, old, new in SAVES:
        saved(root, name, old, new)
        published = []
        result = loop.rebuild([name], on_pages=published.append)
        assert result is not None and result.corpus is not None and published, loop.out.getvalue()
        reads.append(reads_since())
        files.append({d.path for d in result.diagnostics})
        edited.append(_document(name))
        removals_settled()
    documents = len(result.corpus.documents)
    # the first rebuild read the entries of the documents it did not make again from their files,
    # the next from memory: each kind on its own, the entries of every document neither this save
    # nor the one before changed (the last save's document was made again, not read: its new
    # entries are read back from their files once)
    for kind in ("loaded", "refs-resolved", "yaml"):
        assert reads[0][kind] >= documents - 1, (kind, reads[0])
    for before, now, read in zip(edited, edited[1:], reads[1:], strict=False):
        touched = len({before, now})
        for kind in ("loaded", "refs-resolved", "yaml"):
            assert read[kind] <= touched, (now, kind, read)
        assert read["json"] <= 2 * touched, (now, read)  # each document's units and its other parts
        # the check shards of the rulebooks not edited, the clauses of their documents, the rules' files
        assert all(read[kind] < reads[0][kind] for kind in ("checks", "clauses", "facts", "coverage")), (now, read)
    # the report's items of each file, used in whichever process rendered the report's pages (a
    # forked worker's were lost): the first rebuild read those of every file with findings from
    # their files, in each language; each rebuild after it reads again those of the files whose
    # findings the save before changed (made again, not kept as values: read back from their
    # entries once), at most the file saved and its counterpart
    assert reads[0]["report-items"] >= 2 * (len(files[0]) - 2), (reads[0], len(files[0]))
    assert all(read["report-items"] <= 2 * 2 for read in reads[1:]), [read["report-items"] for read in reads]

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
    # the cache, too: the entries a rebuild used of the last build's, carried once its pages are
    # published (BuildCache.later, flush), are the entries a clean build of the saves leaves
    served_cache, built_cache = _entries(root), _entries(clean)
    assert served_cache == built_cache


def test_a_reason_changed_in_checks_yaml_shows_on_the_russian_report_after_thesaved(tmp_path):
    # the site keeps the suppressions' reasons between builds of one process, by the file's bytes
    root = whole_project(tmp_path / "served")
    loop = Loop(root, out=io.StringIO())
    assert loop.rebuild() is not None
    report = root / "site" / "ru" / "checks" / "index.html"
    old, new = "переводчика к этому фрагменту", "переводчика к этому месту"
    assert old in report.read_text("utf-8")
    saved(root, "corpus/checks.yaml", old, new)
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


def test_an_entry_is_kept_in_the_one_form_its_reader_asks_for(tmp_path):
    # corpus.json's pieces of a document: its units read as bytes, its other parts, written as
    # JSON, read back as values only: never kept as the bytes they were written as too
    memory = Memory()
    first = BuildCache(None, tmp_path / "1")
    first.memory = memory
    first.put("json", "units", b'{"units": []}')
    first.put_json("json", "parts", {"references": []})
    memory.settle(True)
    assert len(memory) == 1 and memory.recall("json", "units", None) == b'{"units": []}'
    second = BuildCache(tmp_path / "1", tmp_path / "2")
    second.memory = memory
    assert second.get_json("json", "parts", dict[str, list]) == {"references": []}
    assert second.get("json", "units") == b'{"units": []}'
    memory.settle(True)
    assert len(memory) == 2
    assert memory.recall("json", "parts", ("json", dict[str, list])) == {"references": []}
    assert memory.recall("json", "parts", None) is None
