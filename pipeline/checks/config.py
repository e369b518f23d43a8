"""corpus/checks.yaml: severity per code and suppressions, each with its reason.

There is deliberately no way to switch a code off: a finding is either fixed in the source,
given another severity for the whole corpus, or suppressed at one place with a reason, and a
suppressed finding still shows in the JSON and SARIF reports.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..diagnostics import Diagnostic, Severity
from ..errors import FolioError

CONFIG = "corpus/checks.yaml"


@dataclass(frozen=True)
class Suppression:
    code: str
    reason: str
    unit: str | None = None  # a unit id; `*` globs allowed: "eu-risto:8:I/*"
    path: str | None = None
    line: int | None = None
    match: str | None = None  # the finding's message must contain this text

    def covers(self, diagnostic: Diagnostic) -> bool:
        if not fnmatch.fnmatchcase(diagnostic.code, self.code):
            return False
        if self.unit is not None and not fnmatch.fnmatchcase(diagnostic.unit or "", self.unit):
            return False
        if self.path is not None and diagnostic.path != self.path:
            return False
        if self.line is not None and diagnostic.line != self.line:
            return False
        return self.match is None or self.match in diagnostic.message


@dataclass
class CheckConfig:
    severity: dict[str, Severity] = field(default_factory=dict)
    suppressions: list[Suppression] = field(default_factory=list)

    def apply(self, diagnostic: Diagnostic) -> Diagnostic:
        if diagnostic.code in self.severity:
            diagnostic = diagnostic.with_(severity=self.severity[diagnostic.code])
        for suppression in self._candidates(diagnostic.code):
            if suppression.covers(diagnostic):
                return diagnostic.with_(suppressed=suppression.reason)
        return diagnostic

    def _candidates(self, code: str) -> list[Suppression]:
        """The suppressions that may cover a finding of ``code``, in the file's order (the first
        that covers it gives the reason): asked for every finding, so indexed by code once."""
        index = self.__dict__.get("_index")
        if index is None or index[0] != len(self.suppressions):
            by_code: dict[str, list[tuple[int, Suppression]]] = {}
            patterns = []
            for n, suppression in enumerate(self.suppressions):
                if any(ch in suppression.code for ch in "*?["):
                    patterns.append((n, suppression))
                else:
                    by_code.setdefault(suppression.code, []).append((n, suppression))
            index = self.__dict__["_index"] = (len(self.suppressions), by_code, patterns)
        _, by_code, patterns = index
        found = by_code.get(code, [])
        if patterns:
            found = sorted(found + patterns, key=lambda pair: pair[0])
        return [suppression for _, suppression in found]


def load_config(root: Path, known_codes: set[str]) -> CheckConfig:
    path = Path(root) / CONFIG
    if not path.exists():
        return CheckConfig()
    try:
        data = yaml.safe_load(path.read_text("utf-8")) or {}
    except yaml.YAMLError as exc:
        line = getattr(getattr(exc, "problem_mark", None), "line", None)
        raise FolioError(f"invalid YAML: {getattr(exc, 'problem', exc)}", CONFIG,
                         None if line is None else line + 1) from None
    if not isinstance(data, dict) or set(data) - {"severity", "suppress"}:
        raise FolioError("expected a mapping with `severity` and `suppress`", CONFIG)
    config = CheckConfig()
    for code, level in (data.get("severity") or {}).items():
        _known(code, known_codes)
        try:
            config.severity[code] = Severity.parse(str(level))
        except KeyError:
            raise FolioError(f"severity of {code} must be error, warning or info, not {level!r}",
                             CONFIG) from None
    for number, entry in enumerate(data.get("suppress") or [], 1):
        if not isinstance(entry, dict) or not str(entry.get("reason") or "").strip():
            raise FolioError(f"suppression #{number} needs a `code` and a `reason`", CONFIG)
        unknown = set(entry) - {"code", "reason", "unit", "path", "line", "match"}
        if unknown or "code" not in entry:
            raise FolioError(f"suppression #{number}: unknown fields {sorted(unknown)} or no code",
                             CONFIG)
        if not any(ch in entry["code"] for ch in "*?["):
            _known(entry["code"], known_codes)
        config.suppressions.append(Suppression(**{k: entry[k] for k in entry}))
    return config


def _known(code: str, known_codes: set[str]) -> None:
    if code not in known_codes:
        raise FolioError(f"unknown check code {code!r}", CONFIG)
