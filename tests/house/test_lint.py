"""The code is linted by ruff and type-checked by mypy with zero findings, by the rule sets and
settings in pyproject.toml: a finding fails the suite with the tools' own report."""

from __future__ import annotations

import subprocess
import sys

from conftest import REPO


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=900, check=False)


def test_ruff_finds_nothing():
    done = _run("ruff", "check", "--no-cache", "--output-format", "concise",
                "pipeline", "tests", "benchmarks", "docs")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing():
    done = _run("mypy", "pipeline")
    assert done.returncode == 0, done.stdout + done.stderr
