"""Each document's corpus.json fragment and YAML file, made ahead on every core.

Serialising a large corpus is seconds of pure Python, one document at a time: the documents
the ``store`` lacks are serialised on its cores, and the writers (corpus_json.py,
yaml_docs.py) take what was made here instead of making it again.
"""

from __future__ import annotations

from ...core.model import Corpus, Unit
from ...incremental.store import Store
from ...util import workers
from .corpus_json import units_fragment
from .yaml_docs import document_yaml


def prepare_documents(corpus: Corpus, store: Store) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """(document key -> its corpus.json fragment, document key -> its YAML file) of every
    document the store lacks; nothing when fewer than two are, or the store has one core (the
    writers then make them as they go)."""
    keys = store.documents(corpus.documents)
    todo = [d for d in corpus.documents
            if not store.has("json", f"{keys[d.key]}-units") or not store.has("yaml", f"{keys[d.key]}-yaml")]
    if len(todo) < 2 or store.jobs < 2:
        return {}, {}
    units: dict[str, list[Unit]] = {d.key: [] for d in todo}
    for unit in corpus.units.values():
        if unit.document in units:
            units[unit.document].append(unit)
    made = workers.run(lambda d: (units_fragment(units[d.key]), document_yaml(corpus, d)), todo,
                       jobs=store.jobs, stage="corpus")
    return ({d.key: fragment for d, (fragment, _) in zip(todo, made, strict=True)},
            {d.key: data for d, (_, data) in zip(todo, made, strict=True)})
