"""The data of the translators' pages: coverage per document and language, stale units, and the
check stage's diagnostics grouped by code. Computed by the stages that own them; this only
arranges them for a page."""

from __future__ import annotations

from dataclasses import dataclass

from ..checks import all_codes
from ..diagnostics import Code, Diagnostic, Severity
from ..model import Corpus, Status, Unit
from ..translations.status import Coverage, coverage


def coverage_by_document(corpus: Corpus) -> dict[str, list[Coverage]]:
    rows: dict[str, list[Coverage]] = {}
    for row in coverage(corpus):
        rows.setdefault(row.document, []).append(row)
    return rows


def stale_units(corpus: Corpus) -> list[tuple[Unit, str]]:
    """(unit, language) of every translation made from a source text that changed since."""
    return [(corpus.units[unit_id], lang) for (unit_id, lang) in corpus.translations
            if corpus.status(corpus.units[unit_id], lang) == Status.STALE]


@dataclass
class CodeGroup:
    code: str
    summary: str
    severity: Severity  # the worst of the group's findings
    diagnostics: list[Diagnostic]


def checks_by_code(diagnostics: list[Diagnostic]) -> list[CodeGroup]:
    """One group per code, worst severity first, then by code."""
    declared: dict[str, Code] = {code.code: code for code in all_codes()}
    groups: dict[str, list[Diagnostic]] = {}
    for diagnostic in diagnostics:
        groups.setdefault(diagnostic.code, []).append(diagnostic)
    result = [CodeGroup(code, declared[code].summary if code in declared else "",
                        max(d.severity for d in found), found) for code, found in groups.items()]
    return sorted(result, key=lambda g: (-g.severity, g.code))
