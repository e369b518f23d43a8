"""What a process that builds again and again (`folio serve`) keeps of the build cache's entries
in memory: the values its last build read, so that the next build takes them back without
reading, checking and unpickling their files again (at x100, seconds on every save).

An entry is named by a digest of everything it follows from, so a value kept under its name is
never stale; what must hold is that no build changes a value it was handed, or the next build
would be handed the change. Only the kinds whose values no stage changes are kept
(:data:`KEPT`), and the bytes of any entry: the documents as loaded (whose units the link stage
gives translated sides to only when the document is read again), the references as resolved
(those found and not yet resolved are resolved in place: never kept), each shard's findings,
each document's classified clauses, the parsed rule facts and coverage files, and the JSON
of the kinds whose readers only read it (:data:`JSON`). Each entry is kept in the one form its
reader asks for: an entry written as JSON (:meth:`BuildCache.put_json`) is not kept as the bytes
it was written as, which its reader never asks for; the next build reads its file once and
keeps the values it reads. A build's result
is the same whichever way its entries came (tests/serve/test_memory.py compares a rebuild in
memory with a clean build, byte for byte).

Only what the last build used is kept: an edit's old entries go with the build after it.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from itertools import islice
from typing import Any

#: the kinds whose decoded values are kept, with the one reader each is decoded by
KEPT = frozenset({"loaded", "refs-resolved", "checks", "clauses", "facts", "coverage"})
#: the kinds whose bytes are kept (their readers decode nothing): each document's pieces of
#: corpus.json and of its YAML, read on every save at x100
BYTES = frozenset({"json", "yaml"})
#: the kinds whose JSON values are kept (read by :meth:`BuildCache.get_json`, named by their
#: shape), which their readers only read: corpus.json's other parts of each document, the
#: items each file's findings make on the report pages, and each document's share of the
#: corpus-wide values the checks read (check/shards.py WHOLE: 1,000 entries at x100, read from
#: their files on every save, 0.1 to 0.2 s of CPU)
JSON = frozenset({"json", "report-items", "whole"})


class _Missing(Enum):
    #: no value: not kept, or (:meth:`Memory.since`) held by the build's process already; an
    #: Enum's member is pickled by name, so a forked worker's _MISSING is the parent's
    MISSING = "missing"


_MISSING = _Missing.MISSING


class Memory:
    """The entries' values of the last build that succeeded (and of the builds since, refused)."""

    def __init__(self) -> None:
        self._values: dict[tuple[str, str, Any], Any] = {}
        self._used: dict[tuple[str, str, Any], Any] = {}

    @staticmethod
    def _holds(kind: str, decode: Callable[[bytes], Any] | tuple | None) -> bool:
        if decode is None:
            return kind in BYTES
        if isinstance(decode, tuple):  # ("json", its shape)
            return kind in JSON and _hashable(decode)
        return kind in KEPT

    def recall(self, kind: str, key: str, decode: Callable[[bytes], Any] | tuple | None) -> Any:
        """The value kept of the entry as ``decode`` makes it, or None."""
        if not self._holds(kind, decode):
            return None
        name = (kind, key, decode)
        value = self._used.get(name, _MISSING)
        if value is _MISSING:
            value = self._values.get(name)
            if value is not None:
                self._used[name] = value
        return value

    def remember(self, kind: str, key: str, decode: Callable[[bytes], Any] | tuple | None, value: Any) -> None:
        """Keep what the entry read as (or, for bytes, was written as)."""
        if value is not None and self._holds(kind, decode):
            self._used[(kind, key, decode)] = value

    def mark(self) -> int:
        """Where the entries used from now on begin (:meth:`since`)."""
        return len(self._used)

    def since(self, mark: int) -> dict[tuple[str, str, Any], Any]:
        """The entries used since ``mark`` (a worker forked from this build, which hands them to
        the build's process: :meth:`adopt`). Each entry is added once, at the end, and the
        entries only grow during a build, so those past ``mark`` are the ones used since. An
        entry recalled from what the build's process holds already is named, its value
        ``_MISSING``: sent back whole, every rebuild pickled the report's items twice over."""
        return {name: _MISSING if self._values.get(name, _MISSING) is value else value
                for name, value in islice(self._used.items(), mark, None)}

    def adopt(self, used: dict[tuple[str, str, Any], Any]) -> None:
        """Entries a forked worker of this build used (:meth:`since`): kept as if used here. Else
        the report's items, made and read in the workers that render its pages, were lost to
        `folio serve` with each worker, and every edit read them from disk again (at x100,
        ~1,000 entries a language)."""
        for name, value in used.items():
            value = self._values.get(name, _MISSING) if value is _MISSING else value
            if value is not _MISSING:
                self._used[name] = value

    def settle(self, succeeded: bool) -> None:
        """The build is over: keep what it used when it succeeded (its build/.cache/ stands now,
        holding those entries); else, the last good build's too (its cache still stands)."""
        if succeeded:
            self._values = self._used
        else:
            self._values.update(self._used)
        self._used = {}

    def __len__(self) -> int:
        return len(self._values)


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True
