"""The memory a build really holds, all its processes together: the peak over time of the sum
of every process's proportional set size (PSS), sampled while the build runs.

A forked worker shares its parent's pages copy-on-write, so adding up resident sizes (RSS)
counts the shared corpus once per worker; PSS splits each shared page among the processes that
map it, and the sum over the tree is what the machine must have. The kernel's high-water marks
(VmHWM, ru_maxrss) are per process and say nothing of the total.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path


def _children(pid: int) -> list[int]:
    found = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").glob("*/children"))
    except OSError:
        return found  # the process ended between being listed and being read
    for task in tasks:
        try:
            found += [int(c) for c in task.read_text().split()]
        except OSError:
            continue  # the thread or process ended while it was read
    return found


def tree(pid: int) -> list[int]:
    """``pid`` and every process under it."""
    todo, seen = [pid], []
    while todo:
        current = todo.pop()
        seen.append(current)
        todo += _children(current)
    return seen


def pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass  # ended, or a kernel without smaps_rollup
    return 0


class PeakMemory:
    """``with PeakMemory() as peak: ...`` then ``peak.mb``: the largest total PSS of this
    process and its descendants seen during the block, sampled every ``interval`` seconds, and
    ``peak.processes``: how many processes the tree held at that moment."""

    def __init__(self, interval: float = 0.1):
        self.interval, self.mb, self.processes = interval, 0.0, 0
        self._stop = threading.Event()

    def sample(self) -> None:
        pids = tree(os.getpid())
        total = sum(pss_kb(pid) for pid in pids) / 1024
        if total > self.mb:
            self.mb, self.processes = total, len(pids)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self.sample()

    def __enter__(self) -> PeakMemory:
        self.sample()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self.sample()
