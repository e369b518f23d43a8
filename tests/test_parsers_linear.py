"""Every parser reads a text in time linear in its size (issue 13, case 4): a 20 MB source costs
about ten times what a 2 MB one does, never a hundred (the pop parser once copied the rest of
the file for every line: 2 MB took 1.7 s, 50 MB did not finish in 900 s).

Measured in CPU seconds of this process, so that other work on the machine does not count, and
as a ratio, so that a slow machine does not either. The sources are the real texts repeated and
renumbered (tests/hostile_support.py). A CPU budget stops a quadratic parse early rather than
after minutes.
"""

from __future__ import annotations

import gc
import signal
import time
from pathlib import Path

import pytest

from hostile_support import OverBudget, scaled_source
from pipeline.build import parse
from pipeline.manifest import load_manifest
from pipeline.reader import decode_source

REPO = Path(__file__).resolve().parents[1]
#: one document per parser; a linear parser measures 10 to 15 here (the allocator and the caches
#: grow with the heap), a quadratic one about 100
FORMATS = {d.parser: d for d in load_manifest(REPO)}
LIMIT = 30


def cpu_seconds_to_parse(document, data: bytes, budget: float) -> float:
    def over(signum, frame):
        raise OverBudget

    gc.collect()
    previous = signal.signal(signal.SIGPROF, over)
    signal.setitimer(signal.ITIMER_PROF, budget)
    start = time.process_time()
    try:
        units = parse(document, decode_source(data, document.source, document.language))
        elapsed = time.process_time() - start
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
    assert len(units) > 1000
    return elapsed


@pytest.mark.parametrize("parser", sorted(FORMATS))
def test_a_20_mb_source_parses_in_about_ten_times_the_time_of_a_2_mb_one(parser):
    document = FORMATS[parser]
    small = min(cpu_seconds_to_parse(document, scaled_source(document, 2), 60) for _ in range(2))
    large_source = scaled_source(document, 20)
    assert len(large_source) >= 20 * 2**20
    try:
        large = cpu_seconds_to_parse(document, large_source, LIMIT * small)
    except OverBudget:
        pytest.fail(f"{parser}: 20 MB took more than {LIMIT} times the {small:.2f} s of 2 MB")
    assert large / small < LIMIT, f"{parser}: 2 MB {small:.2f} s, 20 MB {large:.2f} s"
    print(f"{parser}: 2 MB {small:.2f} s, 20 MB {large:.2f} s of CPU: x{large / small:.1f}")
