"""The check report in three shapes: lines for a terminal or editor, JSON, and SARIF 2.1.0."""

from __future__ import annotations

import json
import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from ..core.diagnostics import Diagnostic, Severity, Text
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
    return "".join(json_pieces(diagnostics))


def json_pieces(diagnostics: list[Diagnostic]) -> Iterator[str]:
    """The text of ``json.dumps([d.to_json() ...], ensure_ascii=False, indent=1)`` and a line
    break, a finding at a time. A JSON string holds no line break (it is escaped), so a finding
    dumped alone and indented one more step on every line is exactly its part of the list."""
    if not diagnostics:
        yield "[]\n"
        return
    for n, diagnostic in enumerate(diagnostics):
        text = json.dumps(diagnostic.to_json(), ensure_ascii=False, indent=1).replace("\n", "\n ")
        yield ("[\n " if n == 0 else ",\n ") + text
    yield "\n]\n"


def write_check_report(diagnostics: list[Diagnostic], path: Path) -> Path:
    """checks.json: the findings as :func:`as_json` writes them, written finding by finding (at
    x1000 the whole text would be some 180 MB, with a dict per finding beside it). The text of
    the findings this process wrote last is kept compressed: `folio serve` writes the report on
    every save, and most saves leave the findings as they were (the text follows from the
    findings, which are immutable)."""
    # the words and the advice are not part of a finding's equality, but checks.json holds them
    found = tuple((d, d.words, d.advice) for d in diagnostics)
    if _written.findings == found:
        path.write_bytes(zlib.decompress(_written.packed))
        return path
    packer = zlib.compressobj(1)
    packed = []
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for piece in json_pieces(diagnostics):
            out.write(piece)
            packed.append(packer.compress(piece.encode("utf-8")))
    packed.append(packer.flush())
    _written.findings, _written.packed = found, b"".join(packed)
    return path


class _Written:
    """The findings :func:`write_check_report` wrote last in this process, and their text,
    compressed."""

    findings: tuple[tuple[Diagnostic, Text | None, Text | None], ...] | None = None
    packed = b""


_written = _Written()


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
