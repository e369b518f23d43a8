"""The memo a stage is handed: what the last build made, by key, and where to say what it did.

The driver (pipeline/build.py) makes one store per command and hands it to every stage; a stage
never asks whether it runs in a build. What is stale is decided in one place, as Sphinx's
``env.get_outdated_files`` decides it: by the fingerprint (pipeline/incremental/fingerprint.py),
whose digest of each document (:meth:`Store.document`), computed once per build by its
plan (pipeline/incremental/plan.py), names every entry made from it. A stage asks for the
entry of each piece of its work by that key; what the store lacks is the stage's work, and
what it makes it puts back under the same key.

A build's store (:class:`Store`) reads the build in place's cache and keeps what this build
made (pipeline/incremental/buildcache.py), counts what it reused and made, times each stage and
names what it did (the pages rendered, the check shards run ...). Any other command, a test, or
a stage called on its own, gets the null store (:data:`NULL`, :meth:`Store.null`): it finds
nothing, keeps nothing and records nothing, so every piece of work is made, by the very same
code, and the outputs are the same bytes.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from ..core.model import Document
from ..util.progress import Progress
from .buildcache import BuildCache
from .fingerprint import Fingerprint


class Store:
    """One build's memo over its :class:`BuildCache`, keyed by its :class:`Fingerprint`."""

    #: whether what a stage puts is kept for the next build: a stage may then make an entry it
    #: has no use for itself (the cards' measurements of an aid it did not lay out again)
    keeps = True

    def __init__(self, cache: BuildCache, fingerprint: Fingerprint, jobs: int = 1,
                 previous_site: Path | None = None, digests: dict[str, str] | None = None) -> None:
        self.cache, self.fingerprint, self.jobs = cache, fingerprint, jobs
        #: the site in place, when the build in place made it: its pages may be carried over
        self.previous_site = previous_site
        #: what the build did, counted: "pages rendered", "checks reused", "yaml made" ...
        self.stats: Counter = Counter()
        #: what it did, named: the pages rendered ("en/his/his-power-rules/"), the check shards
        #: run (their rulebooks) ... so that a test can say what an edit rebuilt
        self.touched: defaultdict[str, list[str]] = defaultdict(list)
        #: wall seconds per stage, in the order they ran
        self.timings: dict[str, float] = {}
        #: document key -> digest, as the build's plan made them (the others made on first use)
        self._documents: dict[str, str] = dict(digests or {})

    @classmethod
    def null(cls, jobs: int = 1) -> Store:
        """The store of a command that keeps nothing: every piece of work is made."""
        return NullStore(jobs)

    # the keys: decided once, here

    def document(self, document: Document) -> str:
        """The digest of everything ``document``'s units come from (:meth:`Fingerprint.document`),
        made once per build: every stage's entries of the document are named by it."""
        if document.key not in self._documents:
            self._documents[document.key] = self.fingerprint.document(document)
        return self._documents[document.key]

    def documents(self, documents: Iterable[Document]) -> dict[str, str]:
        """:meth:`document` of each, by the document's key."""
        return {document.key: self.document(document) for document in documents}

    # the memo (pipeline/incremental/buildcache.py says how entries are sealed and checked)

    def get(self, kind: str, key: str, decode: Callable[[bytes], Any] | None = None) -> Any:
        """The entry's value (its bytes, or what ``decode`` makes of them), or None: make it."""
        return self.cache.read(kind, key, decode)

    def get_json(self, kind: str, key: str, shape: Any = Any, *, kept: bool = True) -> Any:
        """The entry's JSON value, or None; not ``kept``: read without being carried into this
        build's cache (what an earlier build's entry was, not what this build comes from)."""
        return self.cache.get_json(kind, key, shape, kept=kept)

    def has(self, kind: str, key: str) -> bool:
        """Whether :meth:`get` may find the entry (asked without reading it)."""
        return self.cache.has(kind, key)

    def put(self, kind: str, key: str, data: bytes) -> None:
        self.cache.put(kind, key, data)

    def put_json(self, kind: str, key: str, value: Any) -> None:
        self.cache.put_json(kind, key, value)

    def keep(self, kind: str, key: str) -> bool:
        """Carry the entry into this build's cache unread, for a later build that may need it."""
        return self.cache.keep(kind, key)

    def directory(self, name: str) -> tuple[Path | None, Path | None]:
        """(the last build's, this build's) tree of a part a stage keeps as files of its own."""
        return self.cache.directory(name)

    @property
    def damaged(self) -> list[Path]:
        """The entries found damaged (computed again), of this cache and of the user's: a stage
        that reads a cache of its own notes its damaged entries here, for the build to say."""
        return self.cache.damaged

    # what the build did

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        """``with store.stage("check"):`` times a stage (and shows it on a terminal)."""
        start = time.perf_counter()
        try:
            with Progress(name, 0):
                yield
        finally:
            self.timings[name] = self.timings.get(name, 0.0) + time.perf_counter() - start

    def count(self, name: str, n: int = 1) -> None:
        self.stats[name] += n

    def touch(self, kind: str, names: Iterable[str]) -> None:
        self.touched[kind] += names

    def tally(self) -> None:
        """Count what the cache gave and what had to be made, per kind, into ``stats``."""
        self.stats.update({f"{kind} reused": n for kind, n in self.cache.hits.items()})
        self.stats.update({f"{kind} made": n for kind, n in self.cache.misses.items()})


class NullStore(Store):
    """Finds nothing, keeps nothing, records nothing: shared freely, as it holds no state."""

    keeps = False

    def __init__(self, jobs: int = 1) -> None:
        super().__init__(BuildCache.disabled(), Fingerprint({}, ""), jobs)

    def document(self, document: Document) -> str:
        return ""  # no entry is ever found or kept: the key names nothing

    def get(self, kind: str, key: str, decode: Callable[[bytes], Any] | None = None) -> Any:
        return None

    def get_json(self, kind: str, key: str, shape: Any = Any, *, kept: bool = True) -> Any:
        return None

    def has(self, kind: str, key: str) -> bool:
        return False

    def put(self, kind: str, key: str, data: bytes) -> None:
        pass

    def put_json(self, kind: str, key: str, value: Any) -> None:
        pass

    def keep(self, kind: str, key: str) -> bool:
        return False

    @property
    def damaged(self) -> list[Path]:
        return []  # nothing is read, so nothing is found damaged: a fresh list for each asker

    def stage(self, name: str):
        return nullcontext()

    def count(self, name: str, n: int = 1) -> None:
        pass

    def touch(self, kind: str, names: Iterable[str]) -> None:
        pass


#: the null store of one core: the default of every stage called on its own
NULL: Store = NullStore()
