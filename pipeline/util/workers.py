"""Independent work on every core: documents parsed, checked and rendered in forked processes.

Processes, because the work is pure Python (parsers, checks, Jinja2) and threads would take
turns on one core. Forked, because a worker then starts with everything the parent holds (the
corpus, the spaCy pipelines, the templates): nothing goes to it but the index of its task, and
whatever it loads it loads once for all the tasks it runs. Results come back in task order, so
a parallel build writes exactly the bytes of a serial one (tests/incremental/test_incremental.py checks it).

The parent is one of the ``jobs``: it takes tasks from the same counter as the ``jobs - 1``
workers it forks. A forked worker shares the parent's pages only until it touches them (a
reference count written copies its page), so each worker ends up holding a copy of whatever of
the corpus its tasks read, up to all of it; the parent works on its own pages, at no such cost.
One worker fewer is one such copy fewer at the build's peak, with every core still busy.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import queue as queues
from collections.abc import Callable, Sequence
from typing import TypeVar

from ..core.errors import FolioError
from .progress import Progress

T = TypeVar("T")
R = TypeVar("R")

#: the work of the running :func:`run`, inherited by the forked workers
_TASK: tuple[Callable, Sequence] | None = None

#: seconds the parent waits for a worker's result before it looks whether the workers still run
_PATIENCE = 1.0


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
    """``[function(item) for item in items]`` on up to ``jobs`` processes (this one and
    ``jobs - 1`` forked), with a progress line.

    ``function`` may be a closure: it is not pickled, the workers inherit it. Its results must
    pickle (plain data: strings, lists, dataclasses of them)."""
    items = list(items)
    with Progress(stage, len(items)) as bar:
        # Objects made before the stage outlive it. Frozen, the collector neither walks them
        # again on each full collection the stage's own objects trigger (a quarter of the parity
        # and terminology families' CPU at x10) nor, in a forked worker, writes to (and so
        # copies) their pages.
        # A caller that froze them already (pipeline/util/background.py's forked child) keeps
        # them frozen: unfrozen here, the child's collections would walk and copy the corpus.
        outer = gc.get_freeze_count()
        gc.freeze()
        try:
            if jobs <= 1 or len(items) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
                done = []
                for item in items:
                    done.append(function(item))
                    bar.advance()
                return done
            return _shared(function, items, min(jobs, len(items)), bar)
        finally:
            if not outer:
                gc.unfreeze()


def refusals_returned(function: Callable[[T], R]) -> Callable[[T], R | FolioError]:
    """``function`` giving a refusal (:class:`FolioError`) back instead of raising it: its caller
    raises it where a serial run would have met it, not as the first worker to fail sends it."""
    def given(item: T) -> R | FolioError:
        try:
            return function(item)
        except FolioError as error:
            return error

    return given


def _shared(function: Callable[[T], R], items: list[T], jobs: int, bar: Progress) -> list[R]:
    global _TASK  # noqa: PLW0603 -- the forked workers read the task from the module, not a pickle
    # The start method is named, not taken from the platform's default: the workers rely on
    # inheriting _TASK and the loaded resources.
    context = multiprocessing.get_context("fork")
    counter = context.Value("q", 0)  # the index of the next task, whoever takes it
    results_queue = context.Queue()  # a worker's results leave it as they are made
    results: list = [None] * len(items)
    pending = len(items)
    _TASK = (function, items)
    forked = [context.Process(target=_serve, args=(counter, results_queue), daemon=True)
              for _ in range(jobs - 1)]
    try:
        for process in forked:
            process.start()

        def received(block: bool) -> bool:
            nonlocal pending
            try:
                index, ok, payload = results_queue.get(block, _PATIENCE)
            except queues.Empty:
                return False
            value = pickle.loads(payload)
            if not ok:
                raise value
            results[index] = value
            pending -= 1
            bar.advance()
            return True

        while (index := _take(counter, len(items))) is not None:
            results[index] = function(items[index])
            pending -= 1
            bar.advance()
            while received(block=False):  # a result waiting is a worker's memory: taken now
                pass
        while pending:
            if not received(block=True) and not any(p.is_alive() for p in forked) and results_queue.empty():
                raise RuntimeError(f"a worker ended with {pending} task(s) of the stage undone: "
                                   f"exit codes {[p.exitcode for p in forked]}")
        return results
    finally:
        _TASK = None
        for process in forked:
            if process.is_alive() and pending:
                process.terminate()  # the stage failed: what remains of it is not wanted
            process.join()
        results_queue.close()


def _take(counter, total: int) -> int | None:
    with counter.get_lock():
        index = counter.value
        if index >= total:
            return None
        counter.value = index + 1
        return index


def _serve(counter, results_queue) -> None:
    """A forked worker: the stage's tasks, one after another, until none is left."""
    assert _TASK is not None, "a worker runs only inside run(), which sets the task"
    function, items = _TASK
    while (index := _take(counter, len(items))) is not None:
        ok, payload = outcome(lambda: function(items[index]))
        results_queue.put((index, ok, payload))
        if not ok:
            return


def outcome(call: Callable[[], R]) -> tuple[bool, bytes]:
    """``call()``'s value pickled, or the error it raised (raised again by whoever unpickles it,
    as if the work had run there): (whether it succeeded, the pickle)."""
    try:
        return True, pickle.dumps(call(), pickle.HIGHEST_PROTOCOL)
    except BaseException as error:
        try:
            return False, pickle.dumps(error, pickle.HIGHEST_PROTOCOL)
        except Exception:  # an error that does not pickle is told by its text
            return False, pickle.dumps(RuntimeError(f"{type(error).__name__}: {error}"))
