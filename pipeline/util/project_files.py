"""The one way a build opens a file of the project: a regular file inside the project's root.

A project arrives as a pull request, and a symlink in it may lead anywhere: to a secret of the
machine that builds it (which the site would then publish) or to /dev/zero (read until memory
runs out). So every file Folio reads or copies from the project (the manifest and the sources,
translations, rule facts, the glossary, the word lists, checks.yaml, mkdocs.yml and the theme's
overrides) is resolved first, symlinks and all, and refused, naming it, unless it is a regular
file inside the root. A symlink that stays inside the project is followed as any path is.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

from ..core.errors import FolioError

#: what a path that is not a regular file is, for the message that refuses it
_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a named pipe"),
          (stat.S_ISSOCK, "a socket"))
_OPEN = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) \
    | getattr(os, "O_CLOEXEC", 0)  # a named pipe put there between the check and the open: no wait
WHY = "a symlink may not lead out of it, or a build could publish a file of the machine that builds it"


def refusal(root: Path, rel_path: str, within: str = "") -> str | None:
    """Why ``rel_path`` (relative to ``root``) may not be read: it resolves outside the root
    (or outside ``within``, a directory of it), or to something that is not a regular file.
    None for a regular file inside, and for a path where nothing is (the caller says what is
    missing)."""
    real = (Path(root) / rel_path).resolve()
    outside = _outside(root, real, within)
    return f"{outside}: {WHY}" if outside else _not_regular(real)


def present(root: Path, rel_path: str) -> bool:
    """Something is at ``rel_path``: a file, or a symlink even to nothing (reading it says
    what is wrong with it, where a test of the target would pass it over in silence)."""
    return os.path.lexists(Path(root) / rel_path)


def resolved(root: Path, rel_path: str, within: str = "") -> Path:
    """The real path of a regular file inside the project; FileNotFoundError when nothing is
    there; otherwise a :class:`FolioError` naming ``rel_path``."""
    reason = refusal(root, rel_path, within)
    if reason is not None:
        raise FolioError(reason, rel_path)
    real = (Path(root) / rel_path).resolve()
    if not real.exists():
        raise FileNotFoundError(2, "No such file or directory", rel_path)
    return real


def directory(root: Path, rel_path: str) -> str:
    """The directory ``rel_path`` resolves to, relative to the root; a :class:`FolioError`
    naming ``rel_path`` when that is outside the project (the caller says why it may not be)."""
    real = (Path(root) / rel_path).resolve()
    reason = _outside(root, real)
    if reason is not None:
        raise FolioError(reason, rel_path)
    return real.relative_to(Path(root).resolve()).as_posix()


def _outside(root: Path, real: Path, within: str = "") -> str | None:
    top = Path(root).resolve()
    if real.is_relative_to(top) and (not within or real.is_relative_to((top / within).resolve())):
        return None
    return f"resolves outside {within.rstrip('/') + '/' if within else 'the project'} (to {real})"


def _not_regular(real: Path) -> str | None:
    try:
        mode = real.stat().st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot be read: {exc.strerror}"
    if stat.S_ISREG(mode):
        return None
    return f"is not a regular file but {next((name for test, name in _KINDS if test(mode)), 'not a file')}"


def read_bytes(root: Path, rel_path: str, within: str = "") -> bytes:
    """The bytes of a project file (:func:`resolved`), read from the file that was checked:
    a file swapped for a symlink or a pipe in between is refused, not followed."""
    return _read(resolved(root, rel_path, within), rel_path)


def files_under(root: Path, rel_dir: str) -> list[str]:
    """Every file under a directory of the project, by path relative to ``root``, each checked
    as :func:`resolved` checks it: for a directory whose files are copied or hashed whole (the
    theme's overrides, corpus/). Directories symlinked inside the project are walked too, as
    Jinja finds a template through them; one that leads outside is refused."""
    return [rel for rel, _ in _walk(root, rel_dir)]


def read_under(root: Path, rel_dir: str) -> Iterator[tuple[str, bytes]]:
    """Each file of :func:`files_under` with its bytes, one at a time: a walk that resolves
    only the symlinks it meets (resolving every path of corpus/ tripled the cost of hashing
    it at x100)."""
    for rel, real in _walk(root, rel_dir):
        yield rel, _read(real, rel)


def walk_under(root: Path, rel_dir: str) -> list[tuple[str, Path]]:
    """(path relative to the root, real path) of each file of :func:`files_under`, for a reader
    that decides by the file's status whether to read it (the fingerprint, within one process)."""
    return _walk(root, rel_dir)


def read_real(real: Path, rel_path: str) -> bytes:
    """The bytes of a file :func:`walk_under` listed, refused as :func:`read_under` refuses it."""
    return _read(real, rel_path)


def _read(real: Path, rel_path: str) -> bytes:
    try:
        fd = os.open(real, _OPEN)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise FolioError(f"cannot be read: {exc.strerror}", rel_path) from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise FolioError("is not a regular file", rel_path)
        return handle.read()


def _walk(root: Path, rel_dir: str) -> list[tuple[str, Path]]:
    """(path relative to the root, real path) of every file under ``rel_dir``. Directories are
    listed by their real paths, so an entry that is no symlink is where its name says."""
    start = Path(root) / rel_dir
    if not start.is_dir():
        return []
    real_start = start.resolve()
    outside = _outside(root, real_start)
    if outside is not None:
        raise FolioError(f"{outside}: {WHY}", rel_dir)
    found: list[tuple[str, Path]] = []
    seen: set[Path] = set()
    pending = [(rel_dir.rstrip("/"), real_start)]
    while pending:
        rel, real = pending.pop()
        if real in seen:  # a symlink back up the tree, or two to one directory: walked once
            continue
        seen.add(real)
        with os.scandir(real) as entries:
            listed = sorted(entries, key=lambda entry: entry.name)
        for entry in listed:
            child, where = f"{rel}/{entry.name}", real / entry.name
            if entry.is_symlink():
                where = where.resolve()
                outside = _outside(root, where)
                if outside is not None:
                    raise FolioError(f"{outside}: {WHY}", child)
                if not where.exists():  # a symlink inside the project to nothing holds nothing
                    continue
                directory, regular = where.is_dir(), where.is_file()
            else:  # what the listing says already: no system call per file
                directory, regular = entry.is_dir(follow_symlinks=False), entry.is_file(follow_symlinks=False)
            if directory:
                pending.append((child, where))
            elif regular:
                found.append((child, where))
            else:
                raise FolioError(_not_regular(where) or "is not a regular file", child)
    return sorted(found)
