"""`folio serve` keeps what its builds read of build/.cache/ in memory between saves
(pipeline/incremental/memory.py): a rebuild that takes the documents, references, findings and
clauses of the unchanged documents from memory leaves the very bytes a clean build of the same
sources leaves, however many saves came before: no build changes what the next one is handed."""

from __future__ import annotations

import io
import os
import shutil
import threading
from pathlib import Path

from pipeline.build import build
from pipeline.incremental.buildcache import CACHE
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


def _settled() -> None:
    for thread in threading.enumerate():
        if thread.name.startswith("remove ."):
            thread.join(120)


def _outputs(root: Path, tree_bytes) -> dict[str, bytes]:
    return {f"{name}/{path}": data for name in ("build", "site") for path, data in tree_bytes(root / name).items()
            if not (path.startswith(f"{CACHE}/") or path == STAMP)}


def test_rebuilds_from_memory_after_saves_leave_what_a_clean_build_of_the_saves_leaves(tmp_path, tree_bytes):
    root = whole_project(tmp_path / "served")
    loop = Loop(root, out=io.StringIO())
    assert loop.rebuild() is not None
    taken = []
    for name, old, new in SAVES:
        _save(root, name, old, new)
        published = []
        result = loop.rebuild([name], on_pages=published.append)
        assert result is not None and result.corpus is not None and published, loop.out.getvalue()
        taken.append(loop.memory.taken)
        _settled()
    # the first rebuild read the cache, the next from memory: at least each unchanged document as
    # loaded and its references as resolved
    unchanged = len(result.corpus.documents) - 1
    assert taken[0] == 0 and all(t >= 2 * unchanged for t in taken[1:]), taken

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
