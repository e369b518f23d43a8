"""`folio serve`'s second site/: each rebuild brings it up to date and swaps it with the one served.

A build writes the site into a fresh directory, which replaces site/ whole: at x100 that is ~3,500
files and ~1,900 directories made again on every save, almost all of them hard links to the
pages in place (pipeline/incremental/buildcache.py: ``carry``), and as many removed with the
tree replaced, though an edit changes a handful of pages. `folio serve` keeps the tree it
replaced instead, as its spare, and on the next save:

- the site is rendered into a fresh directory as before, but a file the renderer carries from
  elsewhere (the page in place, a bundle of the search index, a printed aid) is only noted,
  not linked (:func:`noted`): the directory holds the files written anew alone;
- the spare is then made that site (:meth:`Spare.writing`): what the renderer wrote is renamed
  into it, a noted file it does not hold as that very file (a hard link) is linked into it,
  and what the new site does not have is removed from it. Only the names change: a file the
  spare shares with the site served or the build cache is never written to;
- and the spare and site/ swap (one rename(2) exchanging the two, where the system has it:
  pipeline/util/atomic.py, ``exchange_dirs``).

So a reader of site/ sees the last site or the new one, whole; a build that fails leaves site/
as it was (the spare is not served, and the next save makes it whole whatever state it was
left in); and an edit costs a walk of the spare and a stat per file, not a tree made and one
removed. `folio build` keeps replacing site/ whole (pipeline/util/atomic.py): a spare between
two commands would be a second copy of the site left in the project.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from ..core.errors import FolioError
from . import atomic

#: the sites being written (one per `folio serve` in the process), each (its directory, as a
#: string ending in "/", the process noting, the files noted: target -> source); none: every carry links
_NOTING: list[tuple[str, int, dict[str, str]]] = []


def noted(source: Path, target: Path) -> bool:
    """Whether the carry of ``source`` to ``target`` is noted for the spare rather than made: a
    target in the directory :meth:`Spare.writing` hands out, carried by the process that made
    it (a forked worker's carry is made: its notes would be lost with it)."""
    if not _NOTING:
        return False
    where = os.fspath(target)
    for top, pid, files in _NOTING:
        if where.startswith(top) and os.getpid() == pid:
            files.setdefault(where, os.fspath(source))  # the first carry stands, as a link would
            return True
    return False


class Spare:
    """The second site/ of one `folio serve`, held (flock) while it lives so that another
    build's clean-up leaves it be (pipeline/util/atomic.py: ``clear_stale``)."""

    def __init__(self) -> None:
        self.tree: Path | None = None
        self._held = ExitStack()

    @contextmanager
    def writing(self, target: Path) -> Iterator[Path]:
        """A fresh directory to render ``target``'s new site into; when the block ends without
        an error, the spare is made that site and swapped with ``target``; on an error, nothing
        is. A page-first build ends the block as soon as its pages are written
        (pipeline/incremental/session.py: ``publish_site``)."""
        target = Path(target)
        atomic.check_target(target)
        with ExitStack() as held:
            made = atomic.claim_sibling(target, "tmp", held)
            held.callback(shutil.rmtree, made, True)
            files: dict[str, str] = {}
            noting = (os.fspath(made) + os.sep, os.getpid(), files)
            _NOTING.append(noting)
            try:
                yield made
            finally:  # what is carried from now on links
                _NOTING[:] = [other for other in _NOTING if other is not noting]
            self._publish(made, files, target)

    def close(self) -> None:
        """Let the spare go, removed by a thread (the process waits for it before it exits)."""
        tree, self.tree = self.tree, None
        self._held.close()
        if tree is not None:
            atomic.remove_in_background(tree)

    def _publish(self, made: Path, files: dict[str, str], target: Path) -> None:
        spare = self._spare(target)
        # the lock held is on the tree about to be served: the one replaced is held in its stead
        again = ExitStack()
        try:
            _sync(made, files, spare)
            replaced = atomic.exchange_dirs(spare, target, again)
        except OSError as exc:
            again.close()
            raise FolioError(f"cannot replace it: {exc.strerror} (nothing was replaced)", path=str(target)) from None
        except BaseException:
            again.close()
            raise
        # None: no site/ to exchange with (the spare became it), or another build's clean-up
        # took the tree replaced in the instant; a new spare is claimed next time
        self._held.close()
        self._held, self.tree = again, replaced

    def _spare(self, target: Path) -> Path:
        """The spare, held; an empty one claimed when there is none (or it went away)."""
        if self.tree is not None and self.tree.is_dir() and not self.tree.is_symlink():
            return self.tree
        self._held.close()
        self._held = ExitStack()
        self.tree = atomic.claim_sibling(target, "old", self._held)
        return self.tree


def _sync(made: Path, noted_files: dict[str, str], spare: Path) -> None:
    """Make ``spare`` the site of ``made`` (the files written) and ``noted_files`` (target in
    ``made`` -> the file it is to be), by links, renames and removals only. The spare is served
    by no one meanwhile, so a file is removed before its new one takes its name, never renamed
    over it: ext4 writes a file's data out before it replaces another by rename (auto_da_alloc),
    milliseconds each on a busy disk."""
    top = os.fspath(made) + os.sep
    written: dict[str, str] = {}  # relative path -> its file in ``made``
    dirs: set[str] = set()
    for here, subdirs, names in os.walk(made):
        rel = here[len(top):] + os.sep if here != os.fspath(made) else ""
        for name in subdirs:
            if os.path.islink(os.path.join(here, name)):  # a link to a directory: renamed in as a file is
                written[rel + name] = os.path.join(here, name)
            else:
                dirs.add(rel + name)
        for name in names:
            written[rel + name] = os.path.join(here, name)
    carried = {target[len(top):]: source for target, source in noted_files.items() if target[len(top):] not in written}
    for rel in (*written, *carried):
        parent = os.path.dirname(rel)
        while parent and parent not in dirs:
            dirs.add(parent)
            parent = os.path.dirname(parent)
    # what the new site does not have, removed (bottom-up: a directory once emptied)
    base = os.fspath(spare)
    for here, subdirs, names in os.walk(base, topdown=False):
        rel = here[len(base) + 1:] + os.sep if here != base else ""
        for name in names:
            if rel + name not in written and rel + name not in carried:
                os.unlink(os.path.join(here, name))
        for name in subdirs:
            path = os.path.join(here, name)
            if os.path.islink(path):  # a link to a directory is listed as one: never followed
                if rel + name not in written and rel + name not in carried:
                    os.unlink(path)
            elif rel + name not in dirs:
                shutil.rmtree(path)  # emptied already, unless a file stands where it is wanted
    for rel in sorted(dirs):
        path = os.path.join(base, rel)
        if not os.path.isdir(path) or os.path.islink(path):
            if os.path.lexists(path):
                os.unlink(path)
            os.mkdir(path)
    for rel, source in carried.items():
        path = os.path.join(base, rel)
        try:
            there = os.lstat(path)
        except FileNotFoundError:
            there = None
        if there is not None:
            found = os.stat(source)
            if (there.st_ino, there.st_dev) == (found.st_ino, found.st_dev):
                continue  # the very file already
            _clear(path)
        try:
            os.link(source, path)
        except OSError:  # another file system, or links not allowed
            shutil.copy2(source, path)
    for rel, file in written.items():
        path = os.path.join(base, rel)
        if os.path.lexists(path):
            _clear(path)
        os.rename(file, path)


def _clear(path: str) -> None:
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    else:
        os.unlink(path)
