"""Every parser reads a text in time linear in its size (issue 13, case 4): a 20 MB source costs
about ten times what a 2 MB one does, never a hundred (the pop parser once copied the rest of
the file for every line: 2 MB took 1.7 s, 50 MB did not finish in 900 s). So do the shapes of
issue 23, case 5: a line of blanks before a word (the Risto block pattern backtracked cubically:
4,000 blanks took 12.7 s), thousands of footnote markers whose footnote stands under another
action (each walked the whole document: 8,000 took 90 s), and a thousand short lines in a row
(each nested one level deeper, and the ids grew with the depth).

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
from pipeline.core.model import Corpus
from pipeline.link.references import link
from pipeline.parse import PARSERS
from pipeline.read.manifest import load_manifest
from pipeline.read.reader import decode_source

REPO = Path(__file__).resolve().parents[2]
#: one document per parser; a linear parser measures 10 to 15 here (the allocator and the caches
#: grow with the heap), a quadratic one about 100
FORMATS = {d.parser: d for d in load_manifest(REPO, PARSERS)}
LIMIT = 30


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


def cpu_seconds_to_parse(document, data: bytes, budget: float, least_units: int = 1000) -> float:
    elapsed, units = cpu_seconds(lambda: parse(document, decode_source(data, document.source, document.language)),
                                 budget)
    assert len(units) > least_units
    return elapsed


def ratio(name: str, measure, small: int, large: int, limit: float) -> float:
    """How much longer ``measure(large)`` takes than ``measure(small)``; a failed test when
    more than ``limit`` times (a linear stage takes about large/small times)."""
    first = min(measure(small, 60) for _ in range(2))
    try:
        second = measure(large, max(limit * first, 1.0))
    except OverBudget:
        pytest.fail(f"{name}: {large} took more than {limit} times the {first:.3f} s of {small}")
    assert second / first < limit, f"{name}: {small} {first:.3f} s, {large} {second:.3f} s"
    print(f"{name}: {small} {first:.3f} s, {large} {second:.3f} s of CPU: x{second / first:.1f}")
    return second / first


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


#: issue 23, case 5: a line of blanks before a word, and blanks between words before a colon;
#: a text of the format leads, so that the parser has its structure to find
BLANK_LINES = {
    "blanks before a word": lambda n: " " * n + "word",
    "blanks between words": lambda n: "WORD" + " \t" * (n // 2) + "word:" + " " * n + "x",
}


@pytest.mark.parametrize("shape", sorted(BLANK_LINES))
@pytest.mark.parametrize("parser", sorted(FORMATS))
def test_a_line_of_blanks_costs_time_linear_in_its_length(parser, shape):
    document = FORMATS[parser]
    head = (REPO / document.source).read_text("utf-8")

    def measure(blanks: int, budget: float) -> float:
        data = (head + "\n" + BLANK_LINES[shape](blanks) + "\n").encode()
        return cpu_seconds_to_parse(document, data, budget, least_units=10)

    # x8 the blanks: about x8 the time when linear, x64 when quadratic, x512 when cubic
    ratio(f"{parser}, {shape}", measure, 1_000_000, 8_000_000, 24)


def footnoted(lines: int) -> str:
    """A pop-rulebook text: ``lines`` paragraphs with a `**` marker under one action, their
    footnote under the next one; each also says `see above`."""
    out = ["5.5 Military Actions #", "", "Recruit Units (1c) #", ""]
    for n in range(lines):
        out += [f"Units may be recruited in province {n} (see above).**", ""]
    return "\n".join([*out, "Declare War (1c) #", "", "** Only in peace.", ""])


def test_footnote_markers_far_from_their_footnote_resolve_in_linear_time():
    document = FORMATS["pop-rulebook"]

    def measure(lines: int, budget: float) -> float:
        def work():
            corpus = Corpus(documents=[document])
            corpus.add_document_units(parse(document, decode_source(footnoted(lines).encode(), document.source)))
            return link(corpus)

        elapsed, references = cpu_seconds(work, budget)
        markers = [r for r in references if r.kind == "footnote"]
        assert len(markers) == lines and all(r.problem == "distant" for r in markers)
        return elapsed

    ratio("pop-rulebook, footnote markers", measure, 2_000, 16_000, 24)


#: a short line without final punctuation names what follows it; a thousand of them in a row
#: are siblings, each its own caption or heading, never nested one in the other
SHORT_LINES = {"risto-events": "Notes on the period {n}", "gmt-rulebook": "Подраздел номер {n}",
               "pop-rulebook": "Caption number {n}"}


@pytest.mark.parametrize("parser", sorted(FORMATS))
def test_short_lines_in_a_row_nest_no_deeper_and_parse_in_linear_time(parser):
    document = FORMATS[parser]
    head = (REPO / document.source).read_text("utf-8")
    deepest = {}

    def measure(lines: int, budget: float) -> float:
        text = head + "\n" + "\n".join(SHORT_LINES[parser].format(n=n) for n in range(lines)) + "\n"
        elapsed, units = cpu_seconds(lambda: parse(document, decode_source(text.encode(), document.source)),
                                     budget)
        parents = {u.id: u.parent for u in units}
        deepest[lines] = max(_depth(uid, parents) for uid in parents)
        return elapsed

    ratio(f"{parser}, short lines in a row", measure, 5_000, 40_000, 24)
    real = parse(document, decode_source((REPO / document.source).read_bytes(), document.source))
    real_depth = max(_depth(u.id, {v.id: v.parent for v in real}) for u in real)
    assert max(deepest.values()) <= real_depth + 1, deepest


def _depth(unit_id: str, parents: dict[str, str | None]) -> int:
    depth = 0
    while parents[unit_id] is not None:
        unit_id, depth = parents[unit_id], depth + 1
    return depth
