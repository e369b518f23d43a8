"""When a file of the project last changed, and who changed it, for headers such as a PO file's
`POT-Creation-Date`: the newest commit that touched the file when the project is a git checkout
and the file is committed as it is, else the file's modification time. Either way the answer is
the same until the file changes, so two exports of one corpus give the same bytes.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..core.errors import FolioError


@dataclass(frozen=True)
class Revision:
    date: datetime  # in UTC, to the second
    author: str | None  # "Name <email>" of the commit; None when the date is the file's mtime


def revision(root: Path, rel_path: str) -> Revision | None:
    """The file's revision, or None when there is no such file."""
    path = Path(root) / rel_path
    if not path.is_file():
        return None
    committed = _git(root, "log", "-1", "--format=%cI%x00%an <%ae>", "--", rel_path)
    # an edit not committed yet is newer than the last commit: its date is the file's own
    if committed and not _git(root, "status", "--porcelain", "--", rel_path):
        date, author = committed.split("\0", 1)
        return Revision(datetime.fromisoformat(date).astimezone(UTC), author)
    mtime = datetime.fromtimestamp(int(path.stat().st_mtime), UTC)
    return Revision(mtime, None)


def run(project: Path, *args: str) -> subprocess.CompletedProcess:
    """git run in ``project``: Folio's one way of calling git (bytes out, never raising on
    git's own failure; a machine without git is a :class:`FolioError`)."""
    try:
        return subprocess.run(["git", "-C", str(project), *args], capture_output=True, check=False)
    except OSError as exc:  # no git at all
        raise FolioError(f"cannot run git: {exc.strerror}") from None


def _git(root: Path, *args: str) -> str:
    """git's output, or "" when git is missing or ``root`` is not a checkout."""
    try:
        done = run(root, *args)
    except FolioError:
        return ""
    return done.stdout.decode("utf-8", "replace").strip() if done.returncode == 0 else ""
