"""The check report in three shapes: lines for a terminal or editor, JSON, and SARIF 2.1.0."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from ..core.diagnostics import Diagnostic, Severity
from ..core.version import folio_version
from .base import Code

_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def exit_status(diagnostics: list[Diagnostic]) -> int:
    """1 when an unsuppressed error remains, else 0."""
    return int(any(d.severity == Severity.ERROR and not d.suppressed for d in diagnostics))


def codes_table() -> str:
    """Every code as a Markdown table: `folio codes` prints it, and the manual's codes page is
    generated from it (docs/reference_pages.py)."""
    from . import all_codes

    rows = ["| code | default severity | what it finds |", "| --- | --- | --- |"]
    rows += [f"| `{code.code}` | {code.severity} | {code.summary} |" for code in all_codes()]
    return "\n".join(rows) + "\n"


def as_text(diagnostics: list[Diagnostic]) -> str:
    shown = [d for d in diagnostics if not d.suppressed]
    lines = [str(d) for d in shown]
    counts = Counter(d.severity for d in shown)
    suppressed = len(diagnostics) - len(shown)
    summary = ", ".join(f"{counts[s]} {s}{'s' if counts[s] != 1 and s != Severity.INFO else ''}"
                        for s in (Severity.ERROR, Severity.WARNING, Severity.INFO))
    lines.append(f"{summary}; {suppressed} suppressed")
    return "\n".join(lines) + "\n"


def as_json(diagnostics: list[Diagnostic]) -> str:
    return json.dumps([d.to_json() for d in diagnostics], ensure_ascii=False, indent=1) + "\n"


def write_check_report(diagnostics: list[Diagnostic], path: Path) -> Path:
    path.write_text(as_json(diagnostics), encoding="utf-8", newline="\n")
    return path


def as_sarif(diagnostics: list[Diagnostic], codes: list[Code]) -> str:
    index = {code.code: n for n, code in enumerate(codes)}
    rules = [{"id": code.code, "name": code.code,
              "shortDescription": {"text": code.summary},
              "defaultConfiguration": {"level": _SARIF_LEVEL[code.severity]}} for code in codes]
    results = []
    for d in diagnostics:
        result = {
            "ruleId": d.code, "ruleIndex": index[d.code], "level": _SARIF_LEVEL[d.severity],
            "message": {"text": d.message + (f" Suggestion: {d.suggestion}" if d.suggestion else "")},
            "locations": [{
                "physicalLocation": {"artifactLocation": {"uri": d.path, "uriBaseId": "SRCROOT"},
                                     "region": {"startLine": d.line, "startColumn": d.col}},
                **({"logicalLocations": [{"fullyQualifiedName": d.unit, "kind": "member"}]}
                   if d.unit else {}),
            }],
        }
        if d.suggestion:
            result["properties"] = {"suggestion": d.suggestion}
        if d.suppressed:
            result["suppressions"] = [{"kind": "external", "justification": d.suppressed}]
        results.append(result)
    sarif = {"version": "2.1.0", "runs": [{
        "tool": {"driver": {"name": "Folio", "version": folio_version(), "rules": rules}},
        "originalUriBaseIds": {"SRCROOT": {"uri": "./"}},
        "results": results}]}
    return json.dumps(sarif, ensure_ascii=False, indent=1) + "\n"
