"""The data of the translators' pages: coverage per document and language, the units still to
translate or review, the check stage's diagnostics grouped by code, and how many clauses of each
document the executable rules account for. Computed by the stages that own them; this only
arranges them for a page."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ...check import all_codes
from ...core.diagnostics import Code, Diagnostic, Severity
from ...core.model import Corpus, Status
from ...link.translations.status import PENDING, Coverage, Pending, coverage, pending
from ...rules.coverage import Coverage as Clauses


class Translating:
    """The corpus's coverage and the units still to translate, each made once per build on first
    use, for the pages' keys and the pages of both languages (at x100 each pass over the
    corpus's statuses takes a third of a second, and the site made them five times)."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus

    @cached_property
    def rows(self) -> list[Coverage]:
        return coverage(self.corpus)

    @cached_property
    def by_document(self) -> dict[str, list[Coverage]]:
        """Document key -> its coverage rows."""
        rows: dict[str, list[Coverage]] = {}
        for row in self.rows:
            rows.setdefault(row.document, []).append(row)
        return rows

    @cached_property
    def pending(self) -> dict[str, list[PendingGroup]]:
        return pending_by_document(self.corpus)


@dataclass
class PendingGroup:
    """The units of one document whose side in ``lang`` has one status: stale, fuzzy or missing."""

    lang: str
    status: Status
    units: list[Pending]


def pending_by_document(corpus: Corpus) -> dict[str, list[PendingGroup]]:
    """Document key -> its groups, by language, then stale, fuzzy, missing; no empty group."""
    groups: dict[str, list[PendingGroup]] = {d.key: [] for d in corpus.documents}
    for (document, lang), units in pending(corpus).items():
        for status in PENDING:
            found = [p for p in units if p.status == status]
            if found:
                groups[document].append(PendingGroup(lang, status, found))
    return groups


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


def clause_rows(clauses: Clauses) -> dict[str, dict]:
    """Document key -> its row of `folio rules coverage` (sentences, executable, prose only, not
    a rule, the executable share), for the documents of a rulebook with executable rules."""
    return {d.document: d.row() for d in clauses.documents}

