"""A build cache entry that was tampered with is computed again, never run.

build/.cache/ keeps each loaded document and each parsed fact file as a pickle. A plain
unpickler calls whatever a pickle names; Folio's reader (pipeline/pickled.py) resolves only the
model's classes, so a planted entry costs a rebuild of that document and nothing else.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from pipeline import pickled
from pipeline.build import load_corpus
from pipeline.buildcache import BuildCache
from pipeline.checks.shards import fact_reader
from pipeline.diagnostics import Diagnostic, Severity
from pipeline.fingerprint import Fingerprint, fingerprint
from pipeline.loaded import LOADED, DocumentCache, Loaded
from pipeline.rules import load_facts

ROOT = Path(__file__).resolve().parents[1]


class _Planted:
    """What an attacker pickles: unpickling it calls os.system."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return os.system, (f"touch {self.marker}",)


def _cache(tmp_path: Path) -> tuple[BuildCache, Fingerprint]:
    previous, current = tmp_path / "previous", tmp_path / "current"
    previous.mkdir()
    return BuildCache(previous, current), fingerprint(ROOT)


@pytest.fixture(scope="module")
def loaded():
    return load_corpus(ROOT, references=False)


@pytest.fixture(scope="module")
def corpus(loaded):
    return loaded[0]


def _document(corpus, key: str):
    return next(d for d in corpus.documents if d.key == key)


def test_every_loaded_document_and_fact_file_comes_back_whole(loaded):
    # a class the reader does not allow would make every build read every document again
    corpus, _ = loaded
    for document in corpus.documents:
        units = [u for u in corpus.units.values() if u.document == document.key]
        entry = Loaded(units, [Diagnostic(document.source, 3, "read-encoding", "a note", Severity.INFO)], [t for t in corpus.translations.values()
                                   if corpus.units[t.unit].document == document.key],
                       corpus.orphaned.get(document.key, []), "offered")
        back = pickled.loads(pickled.dumps(entry))
        assert back == entry, document.key
    facts = load_facts(ROOT, missing_ok=True)
    assert len(facts) > 100 and pickled.loads(pickled.dumps(facts)) == facts


def test_a_planted_document_entry_is_loaded_again_and_runs_nothing(corpus, tmp_path):
    cache, fingerprint = _cache(tmp_path)
    document = _document(corpus, "vq-deployment-actions")
    documents = DocumentCache(cache, fingerprint)
    marker = tmp_path / "ran"
    (cache.previous / LOADED).mkdir()
    (cache.previous / LOADED / documents.key(document)).write_bytes(pickle.dumps(_Planted(marker)))
    assert documents.loaded(document) is None  # a miss: the build reads the document again
    assert not marker.exists()
    assert pickle.loads(pickle.dumps(_Planted(marker))) == 0 and marker.exists()  # what it would do


def test_a_planted_fact_entry_is_parsed_again_and_runs_nothing(tmp_path):
    cache, fingerprint = _cache(tmp_path)
    read = fact_reader(cache, fingerprint)
    rel = "corpus/rules/his.yaml"
    marker = tmp_path / "ran"
    calls: list[str] = []

    def load(root, path):
        calls.append(path)
        return load_facts(root, missing_ok=True)

    read(ROOT, rel, load)  # made and kept in the new cache
    kept = next((cache.current / "facts").iterdir())
    kept.write_bytes(pickle.dumps(_Planted(marker)))
    again = read(ROOT, rel, load)
    assert calls == [rel, rel] and len(again) > 0 and not marker.exists()


def test_names_outside_the_model_are_refused_even_when_a_model_module_imports_them():
    # pipeline.model imports dataclasses' field and others; a pickle may name them by that module
    for module, name in (("pipeline.model", "dataclass"), ("builtins", "eval"), ("os", "system"),
                         ("pipeline.loaded", "digest"), ("pipeline.model", "Corpus.walk")):
        assert pickled.loads(_global(module, name)) is None, (module, name)


def _global(module: str, name: str) -> bytes:
    """A protocol-4 pickle that only resolves ``module.name``."""
    return (b"\x80\x04" + b"\x8c" + bytes([len(module)]) + module.encode()
            + b"\x8c" + bytes([len(name)]) + name.encode() + b"\x93.")
