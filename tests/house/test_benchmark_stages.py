"""The benchmark that measures each stage still runs the pipeline's stages: a refactor that
moves a stage must not leave the performance figures unmeasurable (it once did, unnoticed for a
session, when reading and parsing moved to pipeline/parse/document.py)."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import REPO
from projects_support import small_project

STAGES = ("read", "parse", "link", "check", "render corpus", "render site", "search index", "aids")


def test_every_stage_of_the_small_project_is_measured(tmp_path):
    root = small_project("four-games", tmp_path / "project")
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "stages.py"), str(root),
                           "--stages"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(report["stages"]) == set(STAGES)
    assert report["documents"] == 5 and report["words"] > 5000
    assert all(seconds >= 0 for seconds in report["families_cpu"].values())
    assert report["families_cpu"]["terminology"] > 0  # the families ran on real text
