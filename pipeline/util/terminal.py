"""What the `folio` command prints, made safe for a terminal: text of the corpus is untrusted.

A source, a translation or a PO file may hold control characters: an escape sequence (ESC [ …)
that a terminal obeys (clearing the screen, rewriting the title, hiding the lines before it), a
carriage return that overwrites what was printed, a bidi override that shows the characters
after it in another order. Printed raw by `folio show` or in a finding, they act instead of
being seen. So every line the command writes passes through :class:`Escaped`, which prints
each such character as a visible escape: ``\\x1b`` for a C0 control, ``\\u202e`` for the
rest (JSON reads ``\\uXXXX`` as the same character, so JSON output stays equivalent). Tabs and
line feeds pass as they are.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

#: C0 controls but tab and line feed, DEL and the C1 controls (U+0085 among them), the line and
#: paragraph separators, and the bidi marks, embeddings, overrides and isolates
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def escape(text: str) -> str:
    """``text`` with every character a terminal would act on written as a visible escape."""
    return UNSAFE.sub(_visible, text)


def _visible(found: re.Match) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x20 else f"\\u{code:04x}"


class Escaped:
    """A text stream that writes into ``stream`` with :func:`escape` applied; everything else
    (flush, isatty, fileno, encoding …) is the stream's."""

    def __init__(self, stream: TextIO):
        self.unescaped = stream

    def write(self, text: str) -> int:
        self.unescaped.write(escape(text))
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str):
        return getattr(self.unescaped, name)


def unescaped(stream: TextIO) -> TextIO:
    """The stream under an :class:`Escaped` one: for Folio's own control sequences (the
    progress line's carriage return and erase), which must act."""
    return stream.unescaped if isinstance(stream, Escaped) else stream


@contextmanager
def escaped_output() -> Iterator[None]:
    """sys.stdout and sys.stderr escaped (:class:`Escaped`) for as long as the block runs."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Escaped(sys.stdout), Escaped(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
