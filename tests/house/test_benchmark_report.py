"""The manual's performance figures (docs/manual/architecture/performance.md) are the latest
benchmark's, and the report reads them right."""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))
from report import END, START, growth, readme_block  # noqa: E402

LATEST = REPO / "benchmarks" / "results" / "latest.json"
PAGE = "docs/manual/architecture/performance.md"


def test_the_manual_shows_the_latest_benchmark_and_its_machine():
    page = (REPO / PAGE).read_text("utf-8")
    start, end = page.index(START) + len(START), page.index(END)
    data = json.loads(LATEST.read_text("utf-8"))
    assert page[start:end] == readme_block(data), \
        f"run: .venv/bin/python benchmarks/report.py --page {PAGE}"
    assert f"{data['machine']['cores']} cores" in page[start:end]
    assert {r["scale"] for r in data["results"]} >= {10, 100, 1000}


def test_growth_reads_a_cost_that_doubles_with_the_words_as_linear():
    def result(scale: int, words: int, seconds: float, mkdocs: float) -> dict:
        stage = {"wall": seconds, "cpu": seconds, "peak_mb": 100.0}
        return {"scale": scale, "words": words, "stages": {"check": stage},
                "cold": {"wall": seconds, "timings": {"aids": 0.0}}, "bare mkdocs": mkdocs}

    table = growth([result(10, 1000, 2.0, 1.0), result(20, 2000, 4.0, 4.0)])
    assert "| check (CPU) | 1.00 |" in table
    assert "| bare `mkdocs build` (wall) | 2.00 |" in table  # four times the cost: the square


def test_the_targets_table_says_which_targets_hold_at_the_scales_they_are_set_for():
    from report import targets

    def result(scale: int, cold: float, edit: float) -> dict:
        return {"scale": scale, "words": 1_000_000, "stages": {"check": {"cpu": 8.0}},
                "cold": {"wall": cold, "timings": {"aids": 1.0}, "tree_peak_mb": 1500.0},
                "edit": {"wall": edit}, "bare mkdocs": 10.0}

    table = targets([result(10, 20.0, 1.0), result(100, 40.0, 8.0)])
    edit = next(line for line in table.splitlines() if line.startswith("| one-word edit"))
    assert "| 5 % | 20 % |" in edit and edit.endswith("| no |")  # x100 edits a fifth of a cold build
    words = next(line for line in table.splitlines() if line.startswith("| all check families"))
    assert "125,000" in words and words.endswith("| yes |")
    memory = next(line for line in table.splitlines() if line.startswith("| peak memory"))
    assert memory.endswith("| – |")  # set for x1000, which was not measured


def test_a_scale_built_whole_but_not_staged_is_judged_on_its_measured_builds_only():
    """x1000 built whole (scale.py --builds 1000): its cold build and its memory are measured,
    so the memory target is judged; its bare `mkdocs build` is fitted, so the ratio is not."""
    from report import builds, targets
    from scale import extrapolate

    def full(scale: int) -> dict:
        return {"scale": scale, "words": 1000 * scale, "stages": {"check": {"wall": 1.0, "cpu": 1.0, "peak_mb": 1.0}},
                "cold": {"wall": 10.0 * scale, "cpu": 10.0 * scale, "timings": {"aids": 1.0}, "tree_peak_mb": 100.0},
                "edit": {"wall": 1.0 * scale, "timings": {}}, "no-op": 0.1, "bare mkdocs": 5.0 * scale}

    measured = {"scale": 1000, "partial": True,
                "cold": {"wall": 9000.0, "cpu": 9000.0, "timings": {"aids": 1.0}, "tree_peak_mb": 1800.0},
                "edit": {"wall": 300.0, "timings": {}}, "no-op": 2.0}
    x1000 = extrapolate([full(10), full(100)], 1000, measured)
    assert x1000["cold"]["wall"] == 9000.0 and x1000["no-op"] == 2.0  # kept, not fitted over
    assert x1000["words"] == 1_000_000 and x1000["fitted"] == ["bare mkdocs"]
    table = targets([full(10), full(100), x1000])
    memory = next(line for line in table.splitlines() if line.startswith("| peak memory"))
    assert "| 1.76 GB |" in memory and memory.endswith("| yes |")
    row = builds([x1000]).splitlines()[-1]
    assert "| 9000.0 s |" in row and "| 300.0 s (3 %) |" in row  # measured: no ≈
    assert "| ≈ 5000.0 s |" in row  # the bare build fitted


def test_the_build_without_aids_leaves_out_their_planned_pages_and_the_ratio_reads_the_printing():
    """Since the aids' pages are planned in a stage of their own ("aid pages", one process) and
    printed in another ("aids", every core), the build without the aids leaves out both, and the
    parallel ratio of issue 16 is the printing's."""
    from report import targets

    def result(scale: int, pages: float, printing: float, serial_printing: float) -> dict:
        return {"scale": scale, "words": 1_000_000, "stages": {"check": {"cpu": 8.0}},
                "cold": {"wall": 30.0, "timings": {"aids": printing, "aid pages": pages}},
                "cold serial": {"wall": 40.0, "timings": {"aids": serial_printing, "aid pages": pages}},
                "edit": {"wall": 1.0}, "bare mkdocs": 10.0}

    table = targets([result(10, 5.0, 5.0, 10.0), result(100, 10.0, 3.0, 6.0)]).splitlines()
    without = next(line for line in table if line.startswith("| build without aids"))
    assert "| 1.70 |" in without  # x100: (30 - 10 - 3) / 10
    printing = next(line for line in table if line.startswith("| printing the aids"))
    assert "| 0.50 | 0.50 |" in printing and printing.endswith("| yes |")
