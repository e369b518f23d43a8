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
from .incremental.session import Session

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
    #: what the build set out to redo (pipeline/incremental/plan.py); None: it was handed the null store
    plan: Plan | None = None


def summary(corpus: Corpus) -> dict:
    kinds = Counter(str(unit.kind) for unit in corpus.units.values())
    return {"documents": len(corpus.documents), "units": len(corpus.units),
            "references": len(corpus.references), "kinds": {str(k): kinds[str(k)] for k in Kind if kinds[str(k)]}}


def unchanged(session: Session) -> BuildResult:
    """The result of the build in place, as its manifest and checks.json record it."""
    manifest = session.unchanged or {}  # asked only of a session that found its build current
    diagnostics = session.report or []  # read back whole by the session, or there would be work to do
    notes = [Diagnostic.from_json(d) for d in manifest.get("notes", [])]
    return BuildResult(None, session.out_dir, [session.out_dir / p for p in manifest.get("outputs", [])],
                       diagnostics, notes, session.site_dir, None, manifest.get("summary", {}), plan=session.plan)
