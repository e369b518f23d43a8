"""One piece of work in a forked process while this one goes on with the build.

Much of a build runs in this process alone (linking, loading the rule facts, classifying the
clauses, the checks' corpus-wide work) while a second core idles. Work that needs only what is
made by then (build/corpus.json and build/corpus/ need the linked corpus and the rule facts,
never the findings) can run there, in a process forked when its inputs are ready: it inherits
them, as pipeline/util/workers.py's workers do, and sends back only its (picklable) result. A
core that is busy anyway only shares its time, so the build's CPU is the same; the time the
second core would have idled is what it saves.

On one core, or where processes cannot be forked, the work is done when its result is asked
for, in this process: the order of a serial build.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
from collections.abc import Callable
from typing import Generic, TypeVar

from .workers import outcome

R = TypeVar("R")


class Background(Generic[R]):
    """``function()``, started now in a forked process (``fork``) or done on :meth:`result`."""

    def __init__(self, function: Callable[[], R], *, fork: bool = True):
        self._function: Callable[[], R] | None = function
        self._process = None
        self._reader = None
        #: whether the work runs in a forked process (else it is done here, on :meth:`result`)
        self.forked = False
        if not fork or "fork" not in multiprocessing.get_all_start_methods():
            return
        context = multiprocessing.get_context("fork")
        self._reader, writer = context.Pipe(duplex=False)
        # Frozen, the objects made so far are not walked by the child's collections (which
        # would copy their pages into it) while it makes its own
        gc.freeze()
        try:
            self._process = context.Process(target=_serve, args=(function, writer), daemon=True)
            self._process.start()
        finally:
            gc.unfreeze()
            writer.close()  # the child's end: a child that dies leaves the parent reading EOF
        self._function = None
        self.forked = True


    def result(self) -> R:
        """The work's value, once it is done; its error raised here, as if it ran here."""
        if self._process is None:
            function, self._function = self._function, None
            assert function is not None, "a result is asked for once"
            return function()
        assert self._reader is not None
        try:
            ok, payload = self._reader.recv()
        except EOFError:
            self._process.join()
            raise RuntimeError(f"the work done aside ended without a result "
                               f"(exit code {self._process.exitcode})") from None
        finally:
            self._reader.close()
        self._process.join()
        self._process = None
        value = pickle.loads(payload)
        if not ok:
            raise value
        return value

    def stop(self) -> None:
        """End the work (the build failed meanwhile): nothing it does is wanted, and it must not
        go on writing into the directories the failed build removes."""
        self._function = None
        if self._process is not None:
            if self._process.is_alive():
                self._process.terminate()
            self._process.join()
            self._process = None
        if self._reader is not None:
            self._reader.close()
            self._reader = None


def _serve(function: Callable, writer) -> None:
    # the build's own process draws the progress line: two rewriting one line would garble it
    os.environ["FOLIO_QUIET"] = "1"
    writer.send(outcome(function))
    writer.close()
