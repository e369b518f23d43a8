"""build/.cache/: what one build computed, by key, for the next build to reuse.

An entry is named by a digest of everything that went into it (the input files it came from,
Folio's code and tools), so an entry is never stale: it is the answer for those inputs or it is
not asked for. The cache lives inside build/ and is swapped in with the outputs it produced, so
a failed build leaves the last good one in place. Each build starts an empty cache and carries
into it, by hard link, only the entries it used: the cache holds exactly what the current
outputs came from, and two builds of the same inputs leave the same bytes under build/.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.diagnostics import Diagnostic
from ..util import spare
from .entries import Damaged, conforms, is_finding, opened, seal
from .memory import Memory

CACHE = ".cache"
MANIFEST = "manifest.json"
#: bump when the layout of entries changes: an older cache is then ignored, never misread
FORMAT = 4  # 2: findings carry their template and parameters; 3: and their advice's; 4: sealed
#: the key of the build cache's seals: public, since they guard against damage, not against
#: someone who can write build/ (pipeline/incremental/entries.py)
KEY = b"folio build cache"


class BuildCache:
    def __init__(self, previous: Path | None, current: Path | None):
        #: the cache of the build in place (read only), or None for a clean build
        self.previous = previous if previous is not None and previous.is_dir() else None
        #: the cache being written, inside the new build directory (None: keep nothing)
        self.current = current
        self.hits: Counter[str] = Counter()
        self.misses: Counter[str] = Counter()
        #: the entries found damaged, of this cache and of the user's (pipeline/render/aids/cache.py ...)
        self.damaged: list[Path] = []
        #: the values of the last build's entries, when this process keeps them (`folio serve`)
        self.memory: Memory | None = None
        #: the entries of the last build to carry into this one once its pages are published
        #: (:meth:`later`), and the process that notes them; None: each is carried as it is used
        self._later: dict[tuple[str, str], None] | None = None
        self._owner = os.getpid()

    @classmethod
    def disabled(cls) -> BuildCache:
        """No reuse and nothing kept: what a stage gets when it is called on its own."""
        return cls(None, None)

    def read(self, kind: str, key: str, decode: Callable[[bytes], Any] | None = None, *, kept: bool = True,
             kept_as: Any = None) -> Any:
        """The entry's value (its bytes, or what ``decode`` makes of them), carried into the new
        cache (unless not ``kept``: an entry read for what it was, which this build's outputs no
        longer come from); None if no build made it, or if it does not read back whole and well-formed
        (:func:`pipeline.incremental.entries.opened`): then it is counted as made, and noted in ``damaged``.
        ``kept_as``: what names ``decode`` in memory (pipeline/incremental/memory.py), when it is
        made for each call."""
        as_kept = kept_as if kept_as is not None else decode
        if self.memory is not None and kept:
            value = self.memory.recall(kind, key, as_kept)
            if value is not None and self.keep(kind, key):  # used only where its file stands, as a read leaves it
                self.hits[kind] += 1
                return value
        for base in (self.current, self.previous):
            path = base / kind / key if base is not None else None
            if path is None or not os.path.lexists(path):
                continue
            try:
                if not _regular(path):
                    raise Damaged("not a file of its own")
                value = opened(path.read_bytes(), (kind, key), KEY, decode)
            except (OSError, Damaged):
                self.damaged.append(path)
                if base == self.current:
                    path.unlink(missing_ok=True)  # a put() rewrites it: never a file linked elsewhere
                break
            self.hits[kind] += 1
            if base == self.previous and self.current is not None and kept:
                self._carry(kind, key)
            if self.memory is not None and kept:
                self.memory.remember(kind, key, as_kept, value)
            return value
        self.misses[kind] += 1
        return None

    def get(self, kind: str, key: str) -> bytes | None:
        """The entry's bytes (:meth:`read`)."""
        return self.read(kind, key)

    def has(self, kind: str, key: str) -> bool:
        """Whether :meth:`get` may find the entry (asked without reading it)."""
        return any(base is not None and (base / kind / key).is_file() for base in (self.current, self.previous))

    def keep(self, kind: str, key: str) -> bool:
        """Carry the entry into the new cache unread, for a later build that may need it (and
        that checks it when it reads it); False when no build made it (counted as neither hit
        nor miss)."""
        if self.current is None or (self._later is not None and (kind, key) in self._later) \
                or (self.current / kind / key).is_file():
            return self.current is not None
        if self.previous is None or not _regular(self.previous / kind / key):
            return False
        self._carry(kind, key)
        return True

    def later(self) -> None:
        """Carry the entries this build uses of the last one's at its end (:meth:`flush`), not as
        each is used: `folio serve`'s rebuild publishes its pages before that, and at x100 an
        edit carries ~5,800 entries (their links and directories ~0.5 s of CPU) that no page
        waits for. The entries are read from the last build's cache meanwhile, the same bytes."""
        self._later = {}

    def flush(self) -> None:
        """Carry the entries noted by :meth:`later` (one this build wrote meanwhile stays)."""
        later, self._later = self._later, None
        assert self.current is not None or not later
        for kind, key in later or ():
            assert self.previous is not None and self.current is not None
            target = self.current / kind / key
            if not os.path.lexists(target):
                carry(self.previous / kind / key, target)

    def _carry(self, kind: str, key: str) -> None:
        assert self.previous is not None and self.current is not None
        if self._later is not None and os.getpid() == self._owner:  # a forked worker's notes would be lost
            self._later[kind, key] = None
        else:
            carry(self.previous / kind / key, self.current / kind / key)

    def put(self, kind: str, key: str, data: bytes, *, as_bytes: bool = True) -> None:
        """Write the entry; ``as_bytes``: its reader asks for these bytes (kept in memory as
        they are), not for a value decoded from them (:meth:`put_json`)."""
        if self.current is None:
            return
        target = self.current / kind / key
        target.parent.mkdir(parents=True, exist_ok=True)
        target.unlink(missing_ok=True)  # a carried entry is a hard link into the last build
        target.write_bytes(seal(data, (kind, key), KEY))
        if self.memory is not None and as_bytes:
            self.memory.remember(kind, key, None, data)

    def get_json(self, kind: str, key: str, shape: Any = Any, *, kept: bool = True) -> Any:
        """The entry's JSON value, or None when it is missing or not of the type ``shape``
        (:func:`pipeline.incremental.entries.conforms`); ``kept``: as :meth:`read`."""
        def decode(data: bytes) -> Any:
            value = json.loads(data)
            return value if conforms(value, shape) and value is not None else None

        return self.read(kind, key, decode, kept=kept, kept_as=("json", shape))

    def put_json(self, kind: str, key: str, value: Any) -> None:
        # read back by get_json() alone: kept in memory as the values the next build reads, never as bytes
        self.put(kind, key, json.dumps(value, ensure_ascii=False, sort_keys=True).encode("utf-8"), as_bytes=False)

    def directory(self, name: str) -> tuple[Path | None, Path | None]:
        """(previous, current) of a part of the cache a stage keeps as a tree of its own."""
        return (self.previous / name if self.previous is not None else None,
                self.current / name if self.current is not None else None)

    def manifest(self) -> dict | None:
        """The previous build's manifest, if it was written by this format of cache."""
        if self.previous is None:
            return None
        try:
            return read_manifest(self.previous)
        except Damaged:  # the session found it so, and did not take this cache
            return None

    def write_manifest(self, data: dict) -> None:
        if self.current is not None:
            self.current.mkdir(parents=True, exist_ok=True)
            text = json.dumps({"format": FORMAT, **data}, ensure_ascii=False, indent=1, sort_keys=True)
            (self.current / MANIFEST).write_text(text + "\n", encoding="utf-8")


#: what a manifest holds that a build reads back (pipeline/incremental/session.py, pipeline/build.py)
MANIFEST_SHAPE = {"build": str, "site": bool, "outputs": list[str], "notes": list[dict], "summary": dict}


def read_manifest(cache_dir: Path) -> dict | None:
    """The manifest of the build whose cache is ``cache_dir``; None when there is none or it is
    of another format (an older Folio's). Raises :class:`~pipeline.incremental.entries.Damaged` when it is
    not whole and well-formed."""
    try:
        text = (cache_dir / MANIFEST).read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise Damaged(str(exc)) from exc
    try:
        data = json.loads(text)
        if isinstance(data, dict) and "format" in data and data["format"] != FORMAT:
            return None
        if not isinstance(data, dict) or not all(conforms(data.get(name), shape)
                                                 for name, shape in MANIFEST_SHAPE.items()):
            raise Damaged("not of a manifest's shape")
        if not all(is_finding(Diagnostic.from_json(note)) for note in data["notes"]):
            raise Damaged("a note is not of a finding's shape")
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise Damaged(f"{type(exc).__name__}: {exc}") from exc
    return data


def _regular(path: Path) -> bool:
    """A file of its own: never a symbolic link out of the cache (to a device that reads
    forever, or to a file the build has no business reading)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def carry(source: Path, target: Path) -> None:
    """Put an existing file at ``target`` without copying its bytes when the file system allows.

    A hard link shares the file, so neither copy may ever be written in place: cache entries
    and finished outputs are only ever replaced whole, never modified. Into the site `folio
    serve` is writing, noted instead (pipeline/util/spare.py)."""
    if spare.noted(source, target):
        return
    try:
        os.link(source, target)
        return
    except FileNotFoundError:  # its directory first (asked only then: a build carries thousands)
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError:  # another file system, or links not allowed: copy
        shutil.copy2(source, target)
        return
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
