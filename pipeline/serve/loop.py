"""`folio serve`: build, serve, and on every save rebuild in this process and reload the pages.

The rebuild is ``folio build``'s own :func:`pipeline.build.build`, called again, in its page-first
order: the open pages reload as soon as the new site's pages stand, while the player aids are
printed and build/ is written (the PDFs on the aids page are the previous ones until then). The language
models and every module-level cache stay loaded, and the build's incremental cache (build/.cache/)
makes an edit re-read, re-check and re-render only what depends on it. A save Folio cannot use
(half-written YAML, a broken PO file, a source that no longer parses) prints the one line
``folio build`` would print, and the last good site stays served: a build swaps in build/ and
site/ only once all of it succeeded. The next good save recovers.

After each rebuild the terminal lists the findings that are new and those that are gone, as
``folio check`` prints them.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import sys
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from ..build import BuildResult, build
from ..core.diagnostics import Diagnostic
from ..core.errors import FolioError
from ..incremental.memory import Memory
from ..util import atomic
from ..util.spare import Spare
from .reload import Preview
from .watch import DELAY, Saves


def _same(d: Diagnostic) -> tuple:
    # a finding moved by an edit above it is the same finding: its line is not part of it
    return (d.path, d.code, d.message, d.unit, d.suppressed)


def changed_findings(before: list[Diagnostic], after: list[Diagnostic]) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(the findings new in ``after``, those of ``before`` gone from it), each in report order."""
    old, new = Counter(map(_same, before)), Counter(map(_same, after))
    added, gone = new - old, old - new
    return _taken(after, added), _taken(before, gone)


def _taken(found: list[Diagnostic], wanted: Counter) -> list[Diagnostic]:
    out, left = [], Counter(wanted)
    for d in sorted(found, key=Diagnostic.sort_key):
        if left[_same(d)] > 0:
            left[_same(d)] -= 1
            out.append(d)
    return out


class Loop:
    """The project at ``root`` built, and built again on demand, reporting to ``out``."""

    def __init__(self, root: Path, *, jobs: int | None = None, out: TextIO | None = None,
                 builder: Callable[..., BuildResult] = build) -> None:
        self.root = Path(root)
        self.jobs = jobs
        self.out = out or sys.stdout
        self.builder = builder
        self.findings: list[Diagnostic] | None = None  # of the last good build
        #: what the last builds read of build/.cache/, kept for the next (the documents as
        #: loaded, the references, the findings of each shard ...): a save reads its own part only
        self.memory = Memory()
        #: the site/ the last rebuild replaced, which the next brings up to date and swaps in
        #: again: an edit rewrites the files it changed, not a whole site (pipeline/util/spare.py)
        self.spare = Spare()

    def rebuild(self, saved: Sequence[str] = (),
                on_pages: Callable[[list[Diagnostic]], None] | None = None) -> BuildResult | None:
        """Build; the result, or None when the inputs were refused (the line printed).
        ``on_pages``: called with the findings as soon as the new site's pages stand, before the
        aids are printed and build/ is written (build()'s page-first order)."""
        started = time.perf_counter()
        try:
            # An update pauses the collector itself (build()); the cycles it left are collected
            # once it is over (:meth:`collect`). The trees the last builds replaced are removed
            # between rebuilds, not during one (pipeline/util/atomic.py: removals_held).
            with atomic.removals_held():
                result = self.builder(self.root, jobs=self.jobs, on_pages=on_pages, memory=self.memory,
                                      spare=self.spare)
        except (FolioError, OSError) as error:  # what `folio build` would print, in one line
            self.memory.settle(False)  # the last good build's cache still stands
            refused = error if isinstance(error, FolioError) else FolioError(
                error.strerror or str(error), path=error.filename and str(error.filename))
            self.say(" ".join(str(refused).split("\n")) + "\n"
                     "the last good site stays served; the next good save rebuilds it")
            return None
        except Exception:  # a bug of Folio's: worth its traceback, and the preview goes on
            self.memory.settle(False)
            self.say(traceback.format_exc().rstrip())
            self.say("error: the rebuild failed (a bug in Folio, please report it); "
                     "the last good site stays served")
            return None
        seconds = time.perf_counter() - started
        for note in result.notes:
            self.say(str(note))
        self.memory.settle(result.corpus is not None)  # a build with nothing to do read nothing
        saved = [path for path in saved if (self.root / path).exists()] or list(saved)  # not an editor's temporary file
        shown = ", ".join(saved[:3]) + (f" and {len(saved) - 3} more" if len(saved) > 3 else "")
        if self.findings is None:
            self.say(f"built in {seconds:.1f} s: {len(result.diagnostics)} findings "
                     "(`folio check` lists them)")
        else:
            added, gone = changed_findings(self.findings, result.diagnostics)
            state = "rebuilt" if result.corpus is not None else "unchanged"
            self.say("\n".join([f"{state} in {seconds:.2f} s after {shown or 'a save'}: "
                                 f"{len(added)} new findings, {len(gone)} gone",
                                 *(f"  new:  {d}" for d in added), *(f"  gone: {d}" for d in gone)]))
        self.findings = result.diagnostics
        return result

    @staticmethod
    def collect() -> None:
        """The cycles the last build left, collected while the preview waits for the next save
        (the pages and build/ are in place by then)."""
        gc.collect()

    def say(self, lines: str) -> None:
        self.out.write(lines + "\n")  # one write: a reader of the stream sees a report whole
        self.out.flush()


def warm() -> None:
    """Load now what a rebuild after an edit needs, so that the first edit costs what the next
    ones do: the spaCy pipelines and the Russian analyser, MkDocs, WeasyPrint."""
    from .. import language
    from ..render import aids, site  # noqa: F401 - MkDocs, Jinja2 and the aids' templates

    language.load()
    importlib.import_module("weasyprint")


def serve(root: Path, host: str = "127.0.0.1", port: int = 8000, *, findings: bool = False,
          jobs: int | None = None, delay: float = DELAY, out: TextIO | None = None,
          stop: threading.Event | None = None, builder: Callable[..., BuildResult] = build) -> None:
    """Serve site/ at ``host:port``, build, and rebuild and reload on every save until Ctrl-C (or
    until ``stop`` is set). An address that cannot be listened on is refused before anything
    else; the site in place is served while the first build runs. ``builder``: build() itself,
    or a benchmark's wrapper round it."""
    loop = Loop(root, jobs=jobs, out=out, builder=builder)
    saves = Saves(root)
    try:
        server = Preview(Path(root).resolve() / "site", host, port, findings=findings)
    except OSError as exc:
        raise FolioError(f"cannot listen on {host}:{port}: {exc.strerror or exc} "
                         "(another `folio serve`? --port picks another port)") from None
    with server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        saves.watch()  # before the first build: a save during it is not missed
        loop.say(f"serving {server.site_dir} at {server.url} (Ctrl-C stops); "
                 f"watching {', '.join(saves.names)}")
        if stop is not None:
            threading.Thread(target=_stop_on, args=(stop, saves), daemon=True).start()
        try:
            with contextlib.suppress(KeyboardInterrupt):
                result = loop.rebuild()
                if result is not None:
                    server.publish(result.diagnostics)
                if result is None or result.corpus is None:
                    warm()  # the site in place was current: nothing the first edit needs is loaded yet
                loop.collect()
                while saved := saves.wait(delay):
                    epoch = server.epoch
                    # the open pages reload as soon as the new pages stand, before the aids
                    result = loop.rebuild(saved, on_pages=server.publish)
                    saves.watch()  # mkdocs.yml may name another theme directory now
                    if result is not None and result.corpus is not None and server.epoch == epoch:
                        server.publish(result.diagnostics)  # a new site is in place
                    loop.collect()
        finally:
            saves.stop()
            server.shutdown()
            loop.spare.close()


def _stop_on(stop: threading.Event, saves: Saves) -> None:
    stop.wait()
    saves.stop()  # the loop's wait returns no saves: it ends
