"""An edition of the project as a maintainer names one: a directory, the working tree, a git revision.

A revision (``HEAD~1``, a tag, a hash) is exported from the project's git repository into a
temporary directory (its corpus/ only: nothing else decides the units) and read from there like
any project. What goes wrong says so in one line: a name that is neither a directory nor a
revision, a revision without a corpus, and errors in the old edition's own files, named the way
git names them (``v1:corpus/manifest.yaml:12: error: ...``).
"""

from __future__ import annotations

import io
import os
import posixpath
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..core.errors import FolioError
from ..util.git import run as _git

#: the names of the working tree, as `folio diff` takes them
WORKTREE = ("WORKTREE", ".")


@dataclass(frozen=True)
class Edition:
    root: Path  # a project directory holding corpus/manifest.yaml
    label: str  # how reports name it: "v1 (3f2a1b7)", "working tree", "../old"
    #: for a revision: what it was called, its commit and that commit's date
    revision: str | None = None
    commit: str | None = None
    date: datetime | None = None
    #: put before the paths of errors in its files (a revision, a directory other than the project)
    prefix: str = ""


@contextmanager
def opened(name: str, project: Path) -> Iterator[Edition]:
    """The edition called ``name``, for as long as the block runs (a revision's files are gone
    after it)."""
    if name in WORKTREE:
        yield Edition(project, "working tree")
        return
    path = Path(name)
    if path.is_dir():
        if not (path / "corpus" / "manifest.yaml").is_file():
            raise FolioError(f"{name}: a directory, but not a project (it has no corpus/manifest.yaml)")
        same = path.resolve() == Path(project).resolve()
        yield Edition(path, "working tree" if same else name, prefix="" if same else f"{name.rstrip('/')}/")
        return
    with exported(project, name, what="neither a directory nor a git revision of the project") as edition:
        yield edition


@contextmanager
def exported(project: Path, revision: str, what: str = "not a git revision of the project"
             ) -> Iterator[Edition]:
    """The project as the revision has it, in a temporary directory for as long as the block runs."""
    commit = resolve(project, revision, what)
    with tempfile.TemporaryDirectory(prefix="folio-edition-") as tmp:
        export(project, commit, Path(tmp), revision)
        yield Edition(Path(tmp), f"{revision} ({commit[:7]})", revision, commit,
                      commit_date(project, commit), prefix=f"{revision}:")


def resolve(project: Path, revision: str, what: str = "not a git revision of the project") -> str:
    """The commit a revision names, in the git repository the project is in."""
    if not revision or revision.startswith("-"):  # never an option of git's
        raise FolioError(f"{revision!r}: {what}")
    found = _git(project, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}")
    if found.returncode == 0:
        return found.stdout.decode().strip()
    if _git(project, "rev-parse", "--git-dir").returncode != 0:
        raise FolioError(f"{revision}: {what} ({Path(project).resolve()} is not in a git repository)")
    raise FolioError(f"{revision}: {what}")


def export(project: Path, commit: str, target: Path, name: str) -> None:
    """The revision's corpus/ into ``target``/corpus."""
    # `<commit>:./corpus` is the corpus beside the project, wherever the project sits in its
    # repository; its files come out relative to it
    found = _git(project, "archive", "--format=tar", f"{commit}:./corpus")
    if found.returncode != 0:
        raise FolioError(f"{name}: the revision has no corpus/ in {Path(project).resolve()}")
    # the "data" filter refuses paths that leave the directory; a Python without it (before
    # 3.11.4) extracts what git wrote, from the project's own history
    safe: dict[str, Any] = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
    corpus = target / "corpus"
    with tarfile.open(fileobj=io.BytesIO(found.stdout)) as archive:
        members = archive.getmembers()
        archive.extractall(corpus, [m for m in members if m.isfile() or m.isdir()], **safe)
    # A symlink the revision holds is made as it was, once every file is written (so that no
    # file is written through it), wherever it leads: it is read, or refused for leading out
    # of the edition, as the working tree's are (pipeline/util/project_files.py); one no file of
    # the edition names is never opened.
    for link in members:
        name = posixpath.normpath(link.name)
        if link.issym() and not name.startswith(("/", "../")) and name not in (".", ".."):
            path = corpus / name
            if path.parent.resolve().is_relative_to(corpus.resolve()) and not os.path.lexists(path):
                path.parent.mkdir(parents=True, exist_ok=True)
                os.symlink(link.linkname, path)


def commit_date(project: Path, commit: str) -> datetime | None:
    found = _git(project, "show", "-s", "--format=%cI", commit)
    try:
        return datetime.fromisoformat(found.stdout.decode().strip())
    except ValueError:
        return None


