"""A one-line progress display for long builds: on a terminal only, on stderr, never in tests or CI.

A build that takes seconds says nothing; one that takes minutes shows which stage it is in and
how far it got, rewriting one line in place. Anything that is not an interactive terminal (a
pipe, a log file, pytest's capture, a CI runner) gets no display at all, so outputs and logs
stay exactly as they were.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO

from .terminal import unescaped

#: seconds between two redraws: a terminal need not be written to on every unit of work
_INTERVAL = 0.1


def wanted(stream: TextIO | None = None) -> bool:
    stream = stream or sys.stderr
    if os.environ.get("CI") or os.environ.get("PYTEST_CURRENT_TEST") or os.environ.get("FOLIO_QUIET"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """``with Progress("check", total) as bar: bar.advance()`` draws ``check  37/120``."""

    def __init__(self, stage: str, total: int, stream: TextIO | None = None):
        self.stage, self.total, self.done = stage, total, 0
        self.stream = unescaped(stream or sys.stderr)  # its own control sequences must act
        self.active = wanted(self.stream)
        self._drawn = 0.0
        self._started = time.monotonic()

    def __enter__(self) -> Progress:
        self._draw(force=True)
        return self

    def advance(self, count: int = 1) -> None:
        self.done += count
        self._draw()

    def __exit__(self, *exc) -> None:
        if self.active:
            self.stream.write("\r\033[K")  # leave the line as it was before the build
            self.stream.flush()

    def _draw(self, force: bool = False) -> None:
        now = time.monotonic()
        if not self.active or (not force and now - self._drawn < _INTERVAL):
            return
        self._drawn = now
        elapsed = now - self._started
        count = f"  {self.done}/{self.total}" if self.total else " …"  # no count: a stage's name
        self.stream.write(f"\r\033[K{self.stage}{count}  {elapsed:.0f}s")
        self.stream.flush()
