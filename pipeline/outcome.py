"""What a build hands back to its caller (`folio build`, `folio serve`, a test): its outputs,
findings and notes, what it planned and what it did."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .core.diagnostics import Diagnostic
from .core.model import Corpus, Kind
from .incremental.plan import Plan

if TYPE_CHECKING:
    from .render.aids import Printed


@dataclass
class BuildResult:
    corpus: Corpus | None  # None: the build in place was current, and nothing was loaded
    out_dir: Path
    outputs: list[Path] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: what reading the sources had to say (an encoding, line endings): shown on every build
    notes: list[Diagnostic] = field(default_factory=list)
    #: the website's directory, when the project has one (a top-level mkdocs.yml)
    site: Path | None = None
    #: the printed player aids (build/aids/), when the corpus has documents for any
    aids: Printed | None = None
    #: documents, units by kind and references: what the CLI reports of a build
    summary: dict = field(default_factory=dict)
    #: what the build did (pipeline/incremental/session.py): counted, and named per stage; a build with
    #: nothing to do leaves both empty and ``corpus`` None
    stats: Counter = field(default_factory=Counter)
    touched: dict = field(default_factory=dict)
    timings: dict = field(default_factory=dict)  # wall seconds per stage
    #: what the build set out to redo, decided once at its start (pipeline/incremental/plan.py)
    plan: Plan | None = None


def summary(corpus: Corpus) -> dict:
    kinds = Counter(str(unit.kind) for unit in corpus.units.values())
    return {"documents": len(corpus.documents), "units": len(corpus.units),
            "references": len(corpus.references), "kinds": {str(k): kinds[str(k)] for k in Kind if kinds[str(k)]}}
