"""Time linear in the input, measured: a stage's CPU seconds at two sizes of one input shape, as
a ratio (tests/parse/test_parsers_linear.py, and the link-check-show line of
tests/parse/test_invisible_characters.py).

Measured in CPU seconds of this process, so that other work on the machine does not count, and
as a ratio, so that a slow machine does not either. A CPU budget stops a quadratic stage early
rather than after minutes. A linear stage measures about the ratio of the sizes (a little more:
the allocator and the caches grow with the heap), a quadratic one its square.
"""

from __future__ import annotations

import gc
import signal
import time

import pytest

from hostile_support import OverBudget


def cpu_seconds(work, budget: float):
    """(CPU seconds ``work()`` took, what it returned); OverBudget past ``budget`` seconds."""
    def over(signum, frame):
        raise OverBudget

    gc.collect()
    previous = signal.signal(signal.SIGPROF, over)
    signal.setitimer(signal.ITIMER_PROF, budget)
    start = time.process_time()
    try:
        done = work()
        elapsed = time.process_time() - start
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
    return elapsed, done


def ratio(name: str, measure, small: float, large: float, limit: float) -> float:
    """How much longer ``measure(large, budget)`` takes than ``measure(small, budget)`` (the
    better of two runs); a failed test when more than ``limit`` times (a linear stage takes
    about large/small times)."""
    first = min(measure(small, 60) for _ in range(2))
    try:
        second = measure(large, max(limit * first, 1.0))
    except OverBudget:
        pytest.fail(f"{name}: {large} took more than {limit} times the {first:.3f} s of {small}")
    assert second / first < limit, f"{name}: {small} {first:.3f} s, {large} {second:.3f} s"
    print(f"{name}: {small} {first:.3f} s, {large} {second:.3f} s of CPU: x{second / first:.1f}")
    return second / first
