"""The check report in three shapes: lines for a terminal or editor, JSON, and SARIF 2.1.0."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
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
    from .families import all_codes

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
    """``json.dumps([d.to_json() for d in diagnostics], ensure_ascii=False, indent=1)`` and a
    newline, spliced from each finding's item (:func:`item`): a finding the checks took back
    from the build's store brings its item along (:func:`known`), and json's indenting encoder
    is Python, not C (most of writing the report at x100)."""
    return "".join(json_pieces([_items.text(d) for d in diagnostics]))


def json_pieces(items: list[str]) -> Iterator[str]:
    """The report's text, an item at a time: at x1000 the whole text would be some 180 MB."""
    if not items:
        yield "[]\n"
        return
    for n, text in enumerate(items):
        yield ("[\n" if n == 0 else ",\n") + text
    yield "\n]\n"


def item(diagnostic: Diagnostic) -> str:
    """The finding's item of checks.json, where it stands in the list (indented once): a JSON
    string holds no line break (it is escaped), so a finding dumped alone and indented one more
    step on every line is exactly its part of the list."""
    return " " + json.dumps(diagnostic.to_json(), ensure_ascii=False, indent=1).replace("\n", "\n ")


def known(findings: Iterable[Diagnostic], items: Iterable[str]) -> None:
    """Each finding's :func:`item`, made already (kept with a shard of the checks): the report
    splices it rather than encoding the finding again. Told by the findings themselves, not by
    their equality (the words and the advice are not part of it, and checks.json holds them)."""
    _items.made.update((id(d), (d, text)) for d, text in zip(findings, items, strict=True))


def write_check_report(diagnostics: list[Diagnostic], path: Path, *, keep: bool = True) -> Path:
    """checks.json: the findings as :func:`as_json` writes them, written item by item. With
    ``keep``, the items of the findings this process wrote last are kept: `folio serve` writes
    the report on every save, and most saves leave most findings as they were (an item follows
    from its finding, which is immutable); a build that writes it once lets them go (at x1000
    they are hundreds of megabytes, held through the site's stage)."""
    items = [_items.text(d) for d in diagnostics]
    _items.made = {id(d): (d, text) for d, text in zip(diagnostics, items, strict=True)} if keep else {}
    with path.open("w", encoding="utf-8", newline="\n") as out:
        out.writelines(json_pieces(items))
    return path


class _Items:
    """Findings whose item is made, by identity (each held, so that no other object takes its id)."""

    def __init__(self) -> None:
        self.made: dict[int, tuple[Diagnostic, str]] = {}

    def text(self, diagnostic: Diagnostic) -> str:
        found = self.made.get(id(diagnostic))
        return found[1] if found is not None and found[0] is diagnostic else item(diagnostic)


_items = _Items()


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
