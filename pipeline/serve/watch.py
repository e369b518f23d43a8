"""What `folio serve` watches, and when a burst of saves has settled into one rebuild.

The watched files are the build's own inputs (:func:`pipeline.incremental.fingerprint.inputs`:
corpus/, mkdocs.yml and the theme's overrides it names), so that what the build reads and what
the preview watches cannot drift apart. Whether a save changed anything is the build's to
decide: it hashes its inputs and does nothing when they are what the site was built from.

As in MkDocs' ``LiveReloadServer._build_loop``: a first event wakes the loop, which then waits
until no event came for ``delay`` seconds, so that an editor's write-rename-chmod, or a
translator's "save all", makes one rebuild.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import ObservedWatch

from ..incremental.fingerprint import inputs

#: seconds without a save before a rebuild starts (MkDocs waits 0.1 s too)
DELAY = 0.1


class Saves(FileSystemEventHandler):
    """The saves under the project's inputs since the last rebuild, and a wait for them."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root).resolve()
        self._changed = threading.Condition()
        self._pending: set[str] = set()
        self._stopped = False
        self._observer = Observer()
        self._scheduled: dict[str, ObservedWatch] = {}
        self.names: tuple[str, ...] = ()

    # -- what is watched --------------------------------------------------------------------

    def watch(self) -> None:
        """Watch the inputs the build reads now (mkdocs.yml may name another theme directory
        after an edit: called again after each build, it follows)."""
        names = inputs(self.root)
        if self._stopped or (names == self.names and self._observer.is_alive()):
            return  # stopped while a rebuild ran (Ctrl-C, a test's stop): an observer starts once
        self.names = names
        # a directory is watched whole; a file (mkdocs.yml) through its directory, since an
        # editor saves by writing a new file and renaming it over the old one
        wanted = {str(self.root / name) if (self.root / name).is_dir() else str((self.root / name).parent)
                  for name in names}
        for path in set(self._scheduled) - wanted:
            self._observer.unschedule(self._scheduled.pop(path))
        for path in sorted(wanted - set(self._scheduled)):
            if os.path.isdir(path):
                self._scheduled[path] = self._observer.schedule(self, path, recursive=path != str(self.root))
        with self._changed:  # stop() sets the flag under the same lock: started once, never after it
            if not self._stopped and not self._observer.is_alive():
                self._observer.start()

    def watched(self, path: str) -> str | None:
        """``path`` relative to the root when the build reads it, else None."""
        try:
            rel = Path(path).resolve().relative_to(self.root).as_posix()
        except (ValueError, OSError):
            return None
        return rel if any(rel == name or rel.startswith(name + "/") for name in self.names) else None

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or event.event_type in ("opened", "closed_no_write"):  # read, not written
            return
        found = [rel for path in (event.src_path, getattr(event, "dest_path", ""))
                 if path and (rel := self.watched(os.fsdecode(path))) is not None]
        if found:
            with self._changed:
                self._pending.update(found)
                self._changed.notify_all()

    # -- waiting for them -------------------------------------------------------------------

    def wait(self, delay: float = DELAY) -> list[str]:
        """Block until something was saved and then ``delay`` seconds passed without a save;
        the paths saved, relative to the root ([] once :meth:`stop` was called)."""
        with self._changed:
            while not self._pending and not self._stopped:
                self._changed.wait(0.5)  # woken by a save; the timeout lets Ctrl-C through
            while not self._stopped and self._changed.wait(delay):
                pass  # another save within ``delay``: the burst goes on
            found, self._pending = self._pending, set()
            if self._stopped:
                return []
            return sorted(found)

    def stop(self) -> None:
        with self._changed:
            self._stopped = True
            self._changed.notify_all()
        if self._observer.is_alive():
            self._observer.stop()
            self._observer.join()
