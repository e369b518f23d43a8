"""The user's cache directory, shared by every project Folio builds, and the key that seals it.

Printed aids and the theme's compiled templates are kept outside the project
(``$FOLIO_CACHE_DIR``, else ``$XDG_CACHE_HOME/folio`` or ``~/.cache/folio``; an empty
``FOLIO_CACHE_DIR`` keeps nothing), because builds of fresh checkouts and test copies make the
same ones over and over. Anything that can write a file there could otherwise hand a build a
PDF to publish or a compiled template to run, so every entry is sealed (:mod:`pipeline.incremental.entries`)
with a secret key kept beside them: 32 random bytes, readable by the user alone. The key is used
only when the user owns it and the directory that holds it, and no one else may write either;
otherwise nothing is kept or taken (the build is slower, never wrong).
"""

from __future__ import annotations

import os
import secrets
import stat
from functools import cache
from pathlib import Path

KEY = "key"


def directory(part: str | None = None) -> Path | None:
    """The user's cache directory (``part`` of it), or None when it is turned off."""
    configured = os.environ.get("FOLIO_CACHE_DIR")
    if configured is not None:
        if not configured:
            return None
        base = Path(configured)
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "folio"
    return base / part if part else base


def key() -> bytes | None:
    """The key that seals the user's cache, made on first use; None when there is no cache or
    its key cannot be trusted (owned by another user, writable by others) or made."""
    base = directory()
    return None if base is None else _key(str(base))


@cache
def _key(base: str) -> bytes | None:
    where = Path(base)
    try:
        where.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not _private(os.lstat(where), writable_only=True):
            return None
        path = where / KEY
        if not path.exists():
            tmp = where / f".{KEY}.{secrets.token_hex(4)}.tmp"
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as out:
                out.write(secrets.token_bytes(32))
            try:
                os.link(tmp, path)  # made whole, or another build's taken: never half a key
            except FileExistsError:
                pass
            finally:
                tmp.unlink(missing_ok=True)
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as file:
            if not _private(os.fstat(file.fileno())) or not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return None
            data = file.read(33)
    except OSError:
        return None
    return data if len(data) == 32 else None


def _private(status: os.stat_result, writable_only: bool = False) -> bool:
    """Owned by this user, and writable (or, for a key, readable) by no one else."""
    others = stat.S_IWGRP | stat.S_IWOTH | (0 if writable_only else stat.S_IRGRP | stat.S_IROTH)
    return status.st_uid == os.getuid() and not status.st_mode & others
