"""The one exception Folio raises for bad input: it names the file and, where known, the line."""

from __future__ import annotations


class FolioError(Exception):
    """Input Folio cannot read. The CLI prints it on one line and exits with status 2."""

    exit_status = 2

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 col: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.col = col  # 1-based, in characters; where a line alone would leave one searching

    def __str__(self) -> str:
        where = self.path or ""
        if where and self.line is not None:
            where = f"{where}:{self.line}" + (f":{self.col}" if self.col is not None else "")
        return f"{where}: error: {self.message}" if where else f"error: {self.message}"


class UnknownKind(FolioError):
    """A unit kind a renderer (the website, the player aids) has no way to show: a kind added to
    the model stops the build until each renderer says how it shows it."""
