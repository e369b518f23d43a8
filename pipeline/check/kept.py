"""What the checks keep in the build's store besides their shards: parsed input files by their
digest (rule facts, coverage files) and each document's classified clauses by everything they
follow from, so that an edit parses and classifies what it changed and takes the rest back,
and the tokenizer's table of pieces (here, not beside pipeline/language/pieces.py: the language
layer may not import the store, docs/ARCHITECTURE.md).

Each entry is a pickle of the model's (or the coverage's) plain data, read back by
:mod:`pipeline.incremental.pickled` and checked for its classes before the build uses it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.model import Corpus, Document
from ..incremental import pickled
from ..incremental.entries import conforms
from ..incremental.fingerprint import digest
from ..incremental.store import Store
from ..language import pieces
from ..rules.coverage import Classified, Entry


def file_reader(store: Store, kind: str, decode: Callable[[bytes], Any | None]):
    """A reader ``read(root, rel, load, held=None)`` of input files that keeps what ``load`` made
    of each in the ``store``, by the file's digest (``decode``: the kept pickle's value checked,
    or None); ``held``: what this process made of the file already, returned unread."""
    fingerprint = store.fingerprint

    def read(root: Path, rel: str, load, held=None):
        if rel not in fingerprint.files:  # written since the build began: not what it fingerprinted
            return held if held is not None else load(root, rel)
        key = digest(kind, fingerprint.code, fingerprint.files[rel])
        if held is not None:  # the next build's cache must carry it: made again if this one lacks it
            if not store.keep(kind, key) and store.keeps:
                store.put(kind, key, pickled.dumps(held))
            return held
        found = store.get(kind, key, decode)
        if found is not None:
            return found
        found = load(root, rel)
        if store.keeps:
            store.put(kind, key, pickled.dumps(found))
        return found

    return read


class ClausesKept:
    """The coverage's :class:`~pipeline.rules.coverage.Memo` over a build's store."""

    def __init__(self, store: Store, root: Path) -> None:
        self.store, self.root = store, Path(root)
        self.read = file_reader(store, "coverage", _entries)

    def classified(self, document: Document, inputs: list[str], make: Callable[[], Classified]) -> Classified:
        files = self.store.fingerprint.files
        if any(path not in files and (self.root / path).exists() for path in inputs):
            self.store.touch("clauses", [document.key])
            return make()  # written since the build began: not what it fingerprinted
        key = digest("clauses", self.store.document(document), self.store.fingerprint.of(*inputs))
        found = self.store.get("clauses", key, _classified)
        if found is None:  # the build shows the clauses' tally only: the clauses are not kept
            found = dataclasses.replace(make(), clauses=())
            self.store.touch("clauses", [document.key])
            if self.store.keeps:
                self.store.put("clauses", key, pickled.dumps_unshared(found))  # its bytes follow from its value
        return found


def _entries(data: bytes) -> tuple[Entry, ...] | None:
    """A coverage file's kept entries, when the pickle is a tuple of entries."""
    found = pickled.loads(data)
    ok = isinstance(found, tuple) and all(type(entry) is Entry for entry in found)
    return found if ok else None


def _classified(data: bytes) -> Classified | None:
    """A document's kept classification (its clauses' tally, not the clauses), checked for its
    shape."""
    found = pickled.loads(data)
    ok = type(found) is Classified and type(found.sentences) is int and found.clauses == () \
        and conforms(found.tally, tuple[int, int, int, int]) \
        and conforms(found.unclassified, tuple[tuple[str, int, int, int, str], ...]) \
        and conforms(found.stale, tuple[tuple[str, int, str, str | None], ...])
    return found if ok else None


def pieces_read(store: Store) -> pieces.Kept | None:
    """What the last build's tokenizer made of each piece of text (pipeline/language/pieces.py),
    taken back before anything is tokenized: an edit then asks spaCy for none of the pieces a
    build saw, and imports it only for a new one it may split. Returned for :func:`pieces_kept`."""
    if not store.keeps:
        return None
    found = store.get("pieces", _pieces_key(store), _pieces)
    if found is not None:
        pieces.adopt(found)
    return found


def pieces_kept(store: Store, corpus: Corpus, read: pieces.Kept | None) -> None:
    """The table for the next build, of the corpus's texts: written when it is not the one read
    back (``read``, from :func:`pieces_read`, then carried already), so an edit's cache is the
    same bytes as a clean build's; the process keeps that table alone, the corpus's pieces."""
    if not store.keeps:  # nothing kept for a next build: nor in this process (pieces.trim)
        pieces.trim(None)
        return
    made = pieces.table((lang, side.text) for unit in corpus.units.values() for lang, side in unit.sides.items())
    pieces.trim(made)
    if made is not None and made != read:
        store.put("pieces", _pieces_key(store), pickled.dumps_unshared(made))


def _pieces_key(store: Store) -> str:
    # the pieces' tokens follow from the tokenizer alone, whose version the code's digest holds
    return digest("pieces", store.fingerprint.code)


def _pieces(data: bytes):
    found = pickled.loads(data)
    return found if pieces.kept_shape(found) else None
