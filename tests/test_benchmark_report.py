"""The README's performance figures are the latest benchmark's, and the report reads them right."""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
from report import END, START, growth, readme_block  # noqa: E402

LATEST = REPO / "benchmarks" / "results" / "latest.json"


def test_the_readme_shows_the_latest_benchmark_and_its_machine():
    readme = (REPO / "README.md").read_text("utf-8")
    start, end = readme.index(START) + len(START), readme.index(END)
    data = json.loads(LATEST.read_text("utf-8"))
    assert readme[start:end] == readme_block(data), \
        "run: .venv/bin/python benchmarks/report.py --readme README.md"
    assert f"{data['machine']['cores']} cores" in readme[start:end]
    assert {r["scale"] for r in data["results"]} >= {10, 100, 1000}


def test_growth_reads_a_cost_that_doubles_with_the_words_as_linear():
    def result(scale: int, words: int, seconds: float, mkdocs: float) -> dict:
        stage = {"wall": seconds, "cpu": seconds, "peak_mb": 100.0}
        return {"scale": scale, "words": words, "stages": {"check": stage},
                "cold": {"wall": seconds, "timings": {"aids": 0.0}}, "bare mkdocs": mkdocs}

    table = growth([result(10, 1000, 2.0, 1.0), result(20, 2000, 4.0, 4.0)])
    assert "| check (CPU) | 1.00 |" in table
    assert "| bare `mkdocs build` (wall) | 2.00 |" in table  # four times the cost: the square
