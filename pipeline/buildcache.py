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
from collections import Counter
from pathlib import Path
from typing import Any

CACHE = ".cache"
MANIFEST = "manifest.json"
#: bump when the layout of entries changes: an older cache is then ignored, never misread
FORMAT = 3  # 2: findings carry their template and parameters; 3: and their advice's


class BuildCache:
    def __init__(self, previous: Path | None, current: Path | None):
        #: the cache of the build in place (read only), or None for a clean build
        self.previous = previous if previous is not None and previous.is_dir() else None
        #: the cache being written, inside the new build directory (None: keep nothing)
        self.current = current
        self.hits: Counter[str] = Counter()
        self.misses: Counter[str] = Counter()

    @classmethod
    def disabled(cls) -> "BuildCache":
        """No reuse and nothing kept: what a stage gets when it is called on its own."""
        return cls(None, None)

    def get(self, kind: str, key: str) -> bytes | None:
        """The entry's bytes, carried into the new cache; None if no build made it."""
        if self.current is not None and (self.current / kind / key).is_file():
            self.hits[kind] += 1
            return (self.current / kind / key).read_bytes()
        if self.previous is None or not (self.previous / kind / key).is_file():
            self.misses[kind] += 1
            return None
        self.hits[kind] += 1
        if self.current is not None:
            carry(self.previous / kind / key, self.current / kind / key)
        return (self.previous / kind / key).read_bytes()

    def has(self, kind: str, key: str) -> bool:
        """Whether :meth:`get` would find the entry (asked without counting it)."""
        return any(base is not None and (base / kind / key).is_file() for base in (self.current, self.previous))

    def keep(self, kind: str, key: str) -> bool:
        """Carry the entry into the new cache unread, for a later build that may need it; False
        when no build made it (counted as neither hit nor miss)."""
        if self.current is None or (self.current / kind / key).is_file():
            return self.current is not None
        if self.previous is None or not (self.previous / kind / key).is_file():
            return False
        carry(self.previous / kind / key, self.current / kind / key)
        return True

    def put(self, kind: str, key: str, data: bytes) -> None:
        if self.current is None:
            return
        target = self.current / kind / key
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)

    def get_json(self, kind: str, key: str) -> Any:
        data = self.get(kind, key)
        return None if data is None else json.loads(data)

    def put_json(self, kind: str, key: str, value: Any) -> None:
        self.put(kind, key, json.dumps(value, ensure_ascii=False, sort_keys=True).encode("utf-8"))

    def directory(self, name: str) -> tuple[Path | None, Path | None]:
        """(previous, current) of a part of the cache a stage keeps as a tree of its own."""
        return (self.previous / name if self.previous is not None else None,
                self.current / name if self.current is not None else None)

    def manifest(self) -> dict | None:
        """The previous build's manifest, if it was written by this format of cache."""
        if self.previous is None:
            return None
        return read_manifest(self.previous)

    def write_manifest(self, data: dict) -> None:
        if self.current is not None:
            self.current.mkdir(parents=True, exist_ok=True)
            text = json.dumps({"format": FORMAT, **data}, ensure_ascii=False, indent=1, sort_keys=True)
            (self.current / MANIFEST).write_text(text + "\n", encoding="utf-8")


def read_manifest(cache_dir: Path) -> dict | None:
    try:
        data = json.loads((cache_dir / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def carry(source: Path, target: Path) -> None:
    """Put an existing file at ``target`` without copying its bytes when the file system allows.

    A hard link shares the file, so neither copy may ever be written in place: cache entries
    and finished outputs are only ever replaced whole, never modified."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:  # another file system, or links not allowed: copy
        shutil.copy2(source, target)
