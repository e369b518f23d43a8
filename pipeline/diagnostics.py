"""Diagnostics: what any stage has to say about the input, with a stable code and a location."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from enum import IntEnum


class Severity(IntEnum):
    INFO = 1
    WARNING = 2
    ERROR = 3

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, name: str) -> "Severity":
        return cls[name.upper()]


@dataclass(frozen=True)
class Code:
    """A kind of finding, declared once where it is emitted, documented from here."""

    code: str  # stable, kebab-case, prefixed by family: "term-forbidden"
    severity: Severity
    summary: str  # one line: what the finding means


@dataclass(frozen=True)
class Diagnostic:
    path: str
    line: int
    code: str
    message: str
    severity: Severity = Severity.WARNING
    col: int = 1
    unit: str | None = None
    suggestion: str | None = None
    #: why a finding is accepted (from corpus/checks.yaml); a suppressed finding is still reported
    suppressed: str | None = None

    def __str__(self) -> str:
        text = f"{self.path}:{self.line}:{self.col}: {self.severity} {self.code}: {self.message}"
        if self.suggestion:
            text += f" (suggestion: {self.suggestion})"
        return text

    def sort_key(self) -> tuple:
        return (self.path, self.line, self.col, self.code, self.message)

    def with_(self, **changes) -> "Diagnostic":
        return replace(self, **changes)

    def to_json(self) -> dict:
        data = asdict(self)
        data["severity"] = str(self.severity)
        return data
