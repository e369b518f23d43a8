"""Independent work on every core: documents parsed, checked and rendered in forked processes.

Processes, because the work is pure Python (parsers, checks, Jinja2) and threads would take
turns on one core. Forked, because a worker then starts with everything the parent holds (the
corpus, the spaCy pipelines, the templates): nothing goes to it but the index of its task, and
whatever it loads it loads once for all the tasks it runs. Results come back in task order, so
a parallel build writes exactly the bytes of a serial one (tests/incremental/test_incremental.py checks it).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable, Sequence
from typing import TypeVar

from .progress import Progress

T = TypeVar("T")
R = TypeVar("R")

#: the work of the running :func:`run`, inherited by the forked workers
_TASK: tuple[Callable, Sequence] | None = None


def available() -> int:
    """The cores this process may use: FOLIO_JOBS if set (1 forces a serial build)."""
    wanted = os.environ.get("FOLIO_JOBS", "")
    if wanted.strip().isdigit() and int(wanted) > 0:
        return int(wanted)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def run(function: Callable[[T], R], items: Sequence[T], *, jobs: int, stage: str) -> list[R]:
    """``[function(item) for item in items]`` on up to ``jobs`` processes, with a progress line.

    ``function`` may be a closure: it is not pickled, the workers inherit it. Its results must
    pickle (plain data: strings, lists, dataclasses of them)."""
    global _TASK  # noqa: PLW0603 -- the forked workers read the task from the module, not a pickle
    items = list(items)
    with Progress(stage, len(items)) as bar:
        if jobs <= 1 or len(items) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
            # The same freeze in one process: the corpus made before the stage outlives it, and
            # each full collection the stage's own objects trigger would walk all of it again
            # (a quarter of the parity and terminology families' CPU at x10).
            gc.freeze()
            try:
                done = []
                for item in items:
                    done.append(function(item))
                    bar.advance()
                return done
            finally:
                gc.unfreeze()
        _TASK = (function, items)
        # Objects the parent made before the fork are never collected in the workers: frozen,
        # the collector does not touch (and so copy) their memory pages.
        gc.freeze()
        try:
            # The start method is named, not taken from the platform's default: the workers
            # rely on inheriting _TASK and the loaded resources.
            with multiprocessing.get_context("fork").Pool(min(jobs, len(items))) as pool:
                results: list = [None] * len(items)
                for index, result in pool.imap_unordered(_call, range(len(items))):
                    results[index] = result
                    bar.advance()
            return results
        finally:
            _TASK = None
            gc.unfreeze()


def _call(index: int):
    assert _TASK is not None, "a worker runs only inside run(), which sets the task"
    function, items = _TASK
    return index, function(items[index])
