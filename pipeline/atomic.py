"""Replace an output directory all at once, or not at all.

A reader of build/ (or site/) must never see half of one build and half of the next, and a
failed build must leave the last good output where it was. So everything is written into a
fresh sibling directory, which is then swapped in with two renames; renames within one
directory are atomic on POSIX file systems, copying is not.
"""

from __future__ import annotations

import os
import secrets
import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from .errors import FolioError


@contextmanager
def atomic_dir(target: Path) -> Iterator[Path]:
    """Yield an empty directory; on a clean exit it becomes ``target``, else it is removed."""
    target = Path(target)
    if target.exists() and not target.is_dir():
        raise FolioError("exists and is not a directory: refusing to replace it", path=str(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = _fresh_sibling(target)
    try:
        yield tmp
        _swap(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _fresh_sibling(target: Path) -> Path:
    # A sibling, not a child: the new tree must sit on the same file system as the target
    # for rename to be atomic, and must not be inside the directory it replaces.
    while True:
        candidate = target.parent / f".{target.name}.tmp-{secrets.token_hex(4)}"
        try:
            candidate.mkdir()  # honours the umask, unlike tempfile.mkdtemp's 0700
            return candidate
        except FileExistsError:
            continue


def _swap(new: Path, target: Path) -> None:
    old: Path | None = None
    if target.exists():
        old = target.parent / f".{target.name}.old-{secrets.token_hex(4)}"
        os.rename(target, old)
    try:
        os.rename(new, target)
    except BaseException:
        if old is not None:
            os.rename(old, target)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def write_files_atomic(files: dict[Path, str]) -> None:
    """Write several text files so that a failure leaves every one of them as it was.

    All new contents go to temporary siblings first; only when all are on disk are they
    renamed over their targets (each rename atomic), so a reader never sees a half file.
    """
    staged: list[tuple[Path, Path]] = []
    try:
        for target, text in files.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.parent / f".{target.name}.tmp-{secrets.token_hex(4)}"
            tmp.write_text(text, encoding="utf-8", newline="\n")
            staged.append((tmp, target))
        for tmp, target in staged:
            os.replace(tmp, target)
    finally:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)


def write_text_atomic(target: Path, text: str) -> None:
    write_files_atomic({Path(target): text})
