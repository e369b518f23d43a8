"""A clean checkout of this one: every file git would commit, as it is in the working tree now,
committed afresh in a directory of its own; so that a test can build Folio, or build with it,
and see what that wrote without touching the repository. And git as every test runs it."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


#: an editor of its own and none of the machine's configuration, so that a commit made by a
#: test is the same wherever the suite runs
EDITOR = {"GIT_AUTHOR_NAME": "Editor", "GIT_AUTHOR_EMAIL": "editor@example.org",
          "GIT_COMMITTER_NAME": "Editor", "GIT_COMMITTER_EMAIL": "editor@example.org",
          "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


def git(cwd: Path, *args: str) -> str:
    """git run as the tests' editor in ``cwd``, a repository a test made; its output (a failure
    raises)."""
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True,
                          env={**os.environ, **EDITOR}).stdout


def clean_checkout(dest: Path) -> Path:
    # the user's own repository is read with the user's configuration (safe.directory may be in it)
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                            check=True, capture_output=True, text=True).stdout
    for name in listed.split("\0"):
        if name and (REPO / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, dest / name)
    git(dest, "init", "-q")
    git(dest, "add", "-A")
    git(dest, "commit", "-q", "-m", "clean")
    return dest
