"""The commands a person types to look around start at once: `folio --help`, `show`, `status` and
`codes` load no spaCy, pymorphy3, MkDocs or WeasyPrint (a build, a check or a print loads what it
needs when it runs). Read from `python -X importtime`, which names every module a process imports."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HEAVY = {"spacy", "pymorphy3", "mkdocs", "material", "weasyprint"}


def imported(*args: str) -> set[str]:
    """The top-level packages ``python -X importtime ARGS`` imports (the process must succeed)."""
    done = subprocess.run([sys.executable, "-X", "importtime", *args], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=REPO)
    assert done.returncode == 0, done.stderr[-2000:]
    # each line: "import time: self [us] | cumulative | <indent>module.name"
    return {line.rsplit("|", 1)[1].strip().split(".")[0] for line in done.stderr.splitlines()
            if line.startswith("import time:") and line.count("|") == 2}


@pytest.mark.parametrize("command", [["--help"], ["show", "eu-risto-period-1"], ["status"], ["codes"]])
def test_looking_around_loads_no_language_model_site_generator_or_printer(command):
    found = imported("-m", "pipeline", "--root", str(REPO), *command)
    assert "pipeline" in found  # the reading sees Folio's own modules
    assert sorted(found & HEAVY) == []


def test_what_a_stage_needs_is_loaded_when_it_runs():
    # the Russian analyzer, asked for by the checks and the link stage, loads pymorphy3 then
    assert "pymorphy3" not in imported("-c", "import pipeline.language.morph")
    assert "pymorphy3" in imported("-c", "import pipeline.language.morph as m; m.analyzer()")


def test_the_language_pipelines_load_without_spacys_command_line():
    # spaCy's __init__ imports its CLI (typer, requests, httpx, weasel) for spacy.info alone:
    # a third of its import time, paid by every build
    found = imported("-c", "from pipeline.language import pipelines as p; p.nlp('ru'); p.nlp('en')")
    assert "spacy" in found and sorted(found & {"typer", "weasel", "requests", "httpx"}) == []
    # nor when a sentence is split before any text is tokenised (an edit's clauses are)
    found = imported("-c", "from pipeline.language.sentences import sentences; "
                           "assert len(sentences('One. Two.', 'en')) == 2")
    assert "spacy" in found and sorted(found & {"typer", "weasel", "requests", "httpx"}) == []
    # and spacy.info, should anything call it, is spaCy's own
    found = imported("-c", "from pipeline.language import pipelines as p; p.nlp('ru'); import spacy; "
                           "assert spacy.info(silent=True)['spacy_version']")
    assert "typer" in found
