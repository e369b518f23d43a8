"""Each document's corpus.json fragment and YAML file, made ahead on every core.

Serialising a large corpus is seconds of pure Python, one document at a time: the documents
the ``store`` lacks are serialised on its cores, and the writers (corpus_json.py,
yaml_docs.py) take what was made here instead of making it again. Each worker writes what it
made to a file of a scratch directory and sends nothing back: held in the parent until written,
the fragments and files of every document would be the size of corpus.json and build/corpus/
together (about 1.5 GB at x1000); read back one document at a time, they are one document's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from ...core.model import Corpus, Unit
from ...incremental.store import Store
from ...util import workers
from .corpus_json import units_fragment
from .yaml_docs import document_yaml


class Prepared(Mapping[str, bytes]):
    """What the workers wrote, by document key: a document's bytes are read when asked for."""

    def __init__(self, files: dict[str, Path] | None = None):
        self.files = files or {}

    def __getitem__(self, key: str) -> bytes:
        return self.files[key].read_bytes()

    def __iter__(self) -> Iterator[str]:
        return iter(self.files)

    def __len__(self) -> int:
        return len(self.files)


def prepare_documents(corpus: Corpus, store: Store, scratch: Path) -> tuple[Prepared, Prepared]:
    """(each document's corpus.json fragment, each document's YAML file) of every document the
    store lacks, written under ``scratch`` (an empty directory the caller removes); nothing
    when fewer than two are, or the store has one core (the writers then make them as they go)."""
    keys = store.documents(corpus.documents)
    todo = [d for d in corpus.documents
            if not store.has("json", f"{keys[d.key]}-units") or not store.has("yaml", f"{keys[d.key]}-yaml")]
    if len(todo) < 2 or store.jobs < 2:
        return Prepared(), Prepared()
    units: dict[str, list[Unit]] = {d.key: [] for d in todo}
    for unit in corpus.units.values():
        if unit.document in units:
            units[unit.document].append(unit)
    fragments = {d.key: scratch / f"{n}.json" for n, d in enumerate(todo)}
    files = {d.key: scratch / f"{n}.yaml" for n, d in enumerate(todo)}

    def prepare(document) -> None:
        fragments[document.key].write_bytes(units_fragment(units[document.key]))
        files[document.key].write_bytes(document_yaml(corpus, document))

    workers.run(prepare, todo, jobs=store.jobs, stage="corpus")
    return Prepared(fragments), Prepared(files)
