"""The consistency checks, family by family, in the order they run.

``FAMILIES`` is the explicit list: a test or a user can run one family alone
(``folio check --only typography``).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Iterable

from ..diagnostics import Diagnostic
from .. import reader
from ..model import Corpus
from .base import CheckContext, Code
from .config import CheckConfig, load_config
from . import (numbering, parity, references, rules_drift, script, spelling, tables,
               terminology, typography)

FAMILIES: dict[str, ModuleType] = {
    "references": references,  # cross-references the link stage could not resolve
    "numbering": numbering,
    "terminology": terminology,  # against corpus/glossary.yaml, by lemma
    "script": script,  # Latin/Cyrillic look-alikes
    "typography": typography,
    "spelling": spelling,  # Hunspell plus corpus/wordlists/
    "tables": tables,
    "parity": parity,  # a unit's two language sides, and stale translations
    "rules": rules_drift,  # corpus/rules facts and worked examples against the text
}


def all_codes() -> list[Code]:
    """Every code Folio can report: the reader's notes, then each family's, in order."""
    return [*reader.CODES, *(code for family in FAMILIES.values() for code in family.CODES)]


def run_checks(corpus: Corpus, root: Path, *, only: Iterable[str] | None = None,
               config: CheckConfig | None = None,
               context: CheckContext | None = None) -> list[Diagnostic]:
    """Every finding, severities and suppressions from corpus/checks.yaml applied, sorted."""
    codes = {code.code for code in all_codes()}
    config = config or load_config(root, codes)
    ctx = context or CheckContext(corpus, Path(root))
    selected = list(only) if only else list(FAMILIES)
    found: list[Diagnostic] = []
    for name in selected:
        for diagnostic in FAMILIES[name].check(ctx):
            if diagnostic.code not in codes:
                raise AssertionError(f"{name} emitted undeclared code {diagnostic.code}")
            found.append(config.apply(diagnostic))
    return sorted(set(found), key=Diagnostic.sort_key)
