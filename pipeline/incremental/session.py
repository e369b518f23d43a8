"""One build: what it starts from, what it may reuse, where it writes, and what it did.

A build first fingerprints its inputs (pipeline/incremental/fingerprint.py). When they are what the build
in place was made from, and that build's outputs are all there, there is nothing to do. Else
every output is written aside, into fresh sibling directories of build/ and site/, reusing what
the build in place computed (its build/.cache/), and both directories are swapped in together
once everything has succeeded, or neither is: a failed build leaves the previous build/ and
site/ as they were.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Document
from ..util import workers
from ..util.atomic import atomic_dirs, clear_stale, write_files_atomic
from ..util.spare import Spare
from .buildcache import CACHE, MANIFEST, BuildCache, read_manifest
from .entries import CACHE_DAMAGED, Damaged, is_finding
from .fingerprint import Fingerprint, fingerprint
from .memory import Memory
from .plan import Plan, outdated, record
from .store import Store

#: in site/: the id of the build that made it, so that a site left behind by a build that
#: failed halfway (or by an older Folio) is never taken for up to date
STAMP = ".folio-build"
#: in build/: the findings, which a build with nothing to do reports from it
REPORT = "checks.json"


@dataclass
class Session:
    root: Path
    out_dir: Path  # build/ as the finished build has it
    site_dir: Path | None  # site/ likewise; None: the project has no website
    fingerprint: Fingerprint
    jobs: int
    #: what this build must redo, decided once from the fingerprint (pipeline/incremental/plan.py)
    plan: Plan | None = None
    cache: BuildCache = field(default_factory=BuildCache.disabled)
    build_dir: Path | None = None  # where this build writes build/'s files
    site_tmp: Path | None = None  # where it writes the site
    #: the manifest of the build in place when nothing changed since it: the build is done
    unchanged: dict | None = None
    #: what the stages are handed (pipeline/incremental/store.py): made once the build has work to do
    store: Store = field(default_factory=Store.null)
    #: what the manifest keeps of this build for the next one (its outputs, its summary ...)
    record: dict = field(default_factory=dict)
    #: the findings of the build in place (its checks.json), when there is nothing to do
    report: list[Diagnostic] | None = None
    #: swaps the new site/ in now, before build/ (a session started ``site_first``); else nothing
    publish_site: Callable[[], None] = lambda: None

    @property
    def previous_site(self) -> Path | None:
        """The site in place, to reuse from, when it was made by the build in place."""
        if self.site_dir is None or self.cache.previous is None:
            return None
        manifest = self.cache.manifest() or {}
        stamp = self.site_dir / STAMP
        if stamp.is_file() and stamp.read_text("utf-8", "replace").strip() == manifest.get("build"):
            return self.site_dir
        return None

    def damaged(self) -> list[Diagnostic]:
        """One info line per cache in which this build found damaged entries (computed again)."""
        groups: dict[Path, list[Path]] = {}
        caches = [(base, self.out_dir / CACHE) for base in (self.cache.current, self.cache.previous)
                  if base is not None]
        for path in dict.fromkeys(self.cache.damaged):
            shown = next((kept / path.relative_to(base) for base, kept in caches if path.is_relative_to(base)),
                         path)
            in_build = shown.is_relative_to(self.out_dir / CACHE)
            groups.setdefault(self.out_dir / CACHE if in_build else shown.parent, []).append(shown)
        notes = []
        for where, paths in groups.items():
            # the build cache's kinds are its folders; the user's cache's, its files' suffixes
            kinds = sorted({path.relative_to(where).parts[0] if where == self.out_dir / CACHE
                            else f"{where.name}/*{path.suffix}" for path in paths})
            entries = f"{len(paths)} entries" if len(paths) > 1 else "an entry"
            # the terminal's line only: never in checks.json nor on the site, so no catalog's
            notes.append(Diagnostic(_shown(paths[0], self.root), 1, CACHE_DAMAGED.code,
                                    f"{entries} of the cache did not read back whole and well-formed "
                                    f"({', '.join(kinds)}): computed again", Severity.INFO))
        return notes


@contextmanager
def start(root: Path, out_dir: Path, site_dir: Path | None, documents: list[Document], *,
          jobs: int | None = None, clean: bool = False, baseline: str = "", remove_later: bool = False,
          detach: bool = False, site_first: bool = False, memory: Memory | None = None,
          spare: Spare | None = None) -> Iterator[Session]:
    """The session of one build of the manifest's ``documents``, with its plan; the build fills
    ``session.record`` for the manifest. ``site_first``: site/ may be swapped in before build/
    (:meth:`Session.publish_site`). ``remove_later``: the build/ and site/ replaced are removed
    by a thread once the new ones stand (pipeline/util/atomic.py), not before the build returns;
    ``detach``: by a process that outlives this one (`folio build`: the user waits for neither).
    ``memory``: the entries' values a process that builds again keeps (pipeline/incremental/memory.py);
    ``spare``: the second site/ it keeps, which a ``site_first`` build brings up to date and swaps
    in, instead of a new site/ made whole (pipeline/util/spare.py)."""
    outputs = [Path(out_dir)] if site_dir is None else [Path(site_dir), Path(out_dir)]
    clear_stale(*outputs)  # what killed builds left, even when this one has nothing to do
    session = Session(Path(root), Path(out_dir), site_dir, fingerprint(root, baseline),
                      jobs if jobs is not None else workers.available())
    previous, manifest, damaged = _previous(Path(out_dir), clean)
    done = manifest is not None and _done(session, manifest)
    session.plan = outdated(session.fingerprint, documents, manifest, current=done)
    if done:
        session.unchanged = manifest
        yield session
        return
    if site_first and site_dir is not None:
        yield from _site_first(session, previous, damaged, remove_later, memory, spare)
        return
    # site/ first: in the instant between the renames a build/ whose manifest says "done" never
    # stands beside the previous site (the stamp would catch it anyway)
    with atomic_dirs(*outputs, remove_later=remove_later, detach=detach) as made:
        session.build_dir, session.site_tmp = made[-1], (made[0] if site_dir is not None else None)
        _open(session, previous, damaged, memory)
        yield session
        _close(session)
        if session.site_tmp is not None:
            (session.site_tmp / STAMP).write_text(session.fingerprint.build_id + "\n", "utf-8")


def planned(root: Path, out_dir: Path, site_dir: Path | None, documents: list[Document], *,
            clean: bool = False, baseline: str = "") -> Plan:
    """The plan :func:`start` would make, reading the build in place and writing nothing (not
    even the removal of what a killed build left): `folio build --dry-run`."""
    session = Session(Path(root), Path(out_dir), site_dir, fingerprint(root, baseline), 1)
    _, manifest, _ = _previous(Path(out_dir), clean)
    return outdated(session.fingerprint, documents, manifest,
                    current=manifest is not None and _done(session, manifest))


def _previous(out_dir: Path, clean: bool) -> tuple[Path | None, dict | None, list[Path]]:
    """The cache of the build in place, its manifest, and the manifest when it was found damaged;
    no cache when there is none, an older Folio's, a damaged one, or the build is ``clean``."""
    previous = None if clean else out_dir / CACHE
    try:
        manifest = read_manifest(previous) if previous is not None else None
    except Damaged:
        return None, None, [out_dir / CACHE / MANIFEST]  # `previous`, read and refused
    return (previous if manifest is not None else None), manifest, []


def _site_first(session: Session, previous: Path | None, damaged: list[Path],
                remove_later: bool, memory: Memory | None, spare: Spare | None = None) -> Iterator[Session]:
    """A build whose site/ may be swapped in on its own before build/ is written (the preview's
    page-first order): :meth:`Session.publish_site` swaps it in, or the end of the build does.
    The site's stamp is written last, once build/ stands: a build stopped in between leaves a
    whole site without a stamp, which the next build does not take for up to date. With a
    ``spare``, the site is written into it and swapped with site/ (pipeline/util/spare.py)."""
    assert session.site_dir is not None
    with atomic_dirs(session.out_dir, remove_later=remove_later) as (made,), ExitStack() as site:
        if spare is not None:
            session.site_tmp = site.enter_context(spare.writing(session.site_dir))
        else:
            (session.site_tmp,) = site.enter_context(atomic_dirs(session.site_dir, remove_later=remove_later))
        session.build_dir, session.publish_site = made, site.close
        _open(session, previous, damaged, memory)
        yield session
        site.close()  # now, unless the build published it already
        _close(session)
    write_files_atomic({session.site_dir / STAMP: session.fingerprint.build_id + "\n"})


def _open(session: Session, previous: Path | None, damaged: list[Path], memory: Memory | None) -> None:
    assert session.build_dir is not None
    session.cache = BuildCache(previous, session.build_dir / CACHE)
    session.cache.damaged += damaged
    session.cache.memory = memory if previous is not None else None  # a clean build reads nothing back
    if session.cache.memory is not None:
        session.cache.later()  # `folio serve`: the entries carried once the pages are published
    digests = session.plan.digests if session.plan is not None else {}
    session.store = Store(session.cache, session.fingerprint, session.jobs, session.previous_site, digests)


def _close(session: Session) -> None:
    session.cache.flush()
    session.cache.write_manifest({"build": session.fingerprint.build_id,
                                  "inputs": session.fingerprint.files,
                                  "code": session.fingerprint.code,
                                  "site": session.site_dir is not None,
                                  "documents": record(session.plan) if session.plan is not None else {},
                                  **session.record})


def _done(session: Session, manifest: dict) -> bool:
    """The build in place is of these very inputs, and everything it wrote is still there."""
    if manifest.get("build") != session.fingerprint.build_id:
        return False
    if manifest.get("site") != (session.site_dir is not None):
        return False
    if not all((session.out_dir / path).exists() for path in manifest.get("outputs", [])):
        return False
    if session.site_dir is not None:
        stamp = session.site_dir / STAMP
        if not stamp.is_file() or stamp.read_text("utf-8", "replace").strip() != session.fingerprint.build_id:
            return False
    session.report = _report(session.out_dir / REPORT)
    return session.report is not None


def _report(path: Path) -> list[Diagnostic] | None:
    """The findings of the build in place as it wrote them, or None when the file does not read
    back whole and well-formed (the build then runs, and writes it again)."""
    try:
        found = [Diagnostic.from_json(data) for data in json.loads(path.read_bytes())]
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
    return found if all(map(is_finding, found)) else None


def _shown(path: Path, root: Path) -> str:
    """A path as a note names it: relative to the project when it is inside it."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)
