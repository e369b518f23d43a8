"""A clean checkout of this one: every file git would commit, as it is in the working tree now,
committed afresh in a directory of its own; so that a test can build Folio, or build with it,
and see what that wrote without touching the repository."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def clean_checkout(dest: Path) -> Path:
    for name in git(REPO, "ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0"):
        if name and (REPO / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, dest / name)
    git(dest, "init", "-q")
    git(dest, "add", "-A")
    git(dest, "-c", "user.name=test", "-c", "user.email=test@localhost", "commit", "-q", "-m", "clean")
    return dest
