"""Characters that structure reads past: Unicode spaces and invisible format characters.

Text pasted from a word processor brings no-break and thin spaces, zero-width spaces and
joiners, bidi marks and soft hyphens. None of them changes what a reader sees, so none may
change what Folio recognises: a rule number, a list marker, a cross-reference. The parsers and
the reference extractor read the *structural* form of a text (:func:`structural`: every space
a plain space, every invisible character gone) and take what they keep (a title, a body, a
reference's words) back from the text as written (:class:`Shaped`), so that the stored text
and the fields the site shows keep every original character. The script check family reports
each invisible character where it stands (pipeline/check/invisible.py).
"""

from __future__ import annotations

import re
from typing import Any

#: what ``str.isspace`` calls a space, but for the four the patterns already name (space, tab,
#: LF, CR): read as a plain space, one for one, so offsets do not move
SPACES = ("\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
          "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
#: zero-width and bidi control characters, the soft hyphen and the Mongolian vowel separator
#: (once a space, now invisible): dropped. A reader cannot see one; a machine reads `21.​5` as
#: two numbers
INVISIBLE = ("\xad\u061c\u180e\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
             "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff")
INVISIBLE_CHAR = re.compile(f"[{INVISIBLE}]")
_UNUSUAL = re.compile(f"[{SPACES}{INVISIBLE}]")
_READ_AS = str.maketrans({**dict.fromkeys(SPACES, " "), **dict.fromkeys(INVISIBLE)})


def unusual(text: str) -> bool:
    """Whether ``text`` holds a character :func:`structural` changes: one search over a whole
    source spares nearly every source a look at each of its lines."""
    return _UNUSUAL.search(text) is not None


def structural(text: str) -> str:
    """``text`` as structure reads it: each Unicode space a plain space, each invisible
    character dropped (newlines and tabs kept). The text itself when it holds neither, as
    nearly every line does."""
    return text.translate(_READ_AS) if _UNUSUAL.search(text) else text


class Shaped:
    """A text and its structural form, with the way back from one to the other."""

    def __init__(self, original: str):
        self.original = original
        self.text = structural(original)
        #: the offset in the original of each character of the structural form; None when
        #: the two are the same text
        self._at: list[int] | None = None
        if self.text is not original:
            self._at = [n for n, ch in enumerate(original) if ch not in INVISIBLE] + [len(original)]

    def offset(self, index: int) -> int:
        """The original offset of the structural form's character ``index`` (its length: the
        original's)."""
        return index if self._at is None else self._at[index]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of the structural span ``start..end``: from its first character
        to just after its last, so an invisible character inside it stays inside."""
        if self._at is None:
            return start, end
        if start >= end:
            return self._at[start], self._at[start]
        return self._at[start], self._at[end - 1] + 1

    def written(self, value: str, *, tail: bool = False) -> str:
        """``value``, a substring of the structural form, as the original writes it: the text's
        tail when ``tail`` (a body) and it ends the text, else its first occurrence (where the
        website looks a field up). A value that is no substring (made of several) is kept."""
        return self._written(value, tail, 0)[0]

    def _written(self, value: str, tail: bool, after: int) -> tuple[str, int]:
        if self._at is None or not value:
            return value, after
        start = (len(self.text) - len(value) if tail and self.text.endswith(value)
                 else self.text.find(value, after))
        if start < 0:
            return value, after
        first, end = self.span(start, start + len(value))
        return self.original[first:end], start + len(value)

    def written_fields(self, fields: dict[str, Any]) -> dict[str, Any]:
        """A unit's fields read from the structural form, each text as the original writes it."""
        if self._at is None:
            return fields
        out: dict[str, Any] = {}
        for name, value in fields.items():
            if isinstance(value, str):
                value = self.written(value, tail=name == "body")
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                cells, at = [], 0  # a row's cells: each looked for after the one before
                for cell in value:
                    cell, at = self._written(cell, False, at)
                    cells.append(cell)
                value = cells
            out[name] = value
        return out
