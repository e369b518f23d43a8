"""The strings of a PO file as gettext spells them, and the characters a rule text cannot hold.

translate-toolkit's parser (pipeline/link/translations/po_reader.py) gives each string as the
quoted pieces the file wrote, one a line. Its own unescaping knows ``\\n \\t \\r \\" \\\\``
only, so the octal escapes ``msgcat --escape`` writes for every non-ASCII byte would come
through as the literal ``\\320\\236``; the pieces are unescaped here with C's rules, which are
gettext's (the standard library's ``escape_decode``), then decoded in the file's charset, so
an escape can even split one Cyrillic letter over two lines, as msgcat does.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass

from ...core.errors import FolioError

#: a piece as gettext reads it: quoted, with C's escapes (po-lex.c's control_sequence)
_PIECE = re.compile(r'"(?:[^"\\]|\\(?:[\\"abfnrtv]|[0-7]{1,3}|x[0-9A-Fa-f]{2}))*"')

#: C0 controls but tab and line feed, DEL, and C1 controls but NEL: a terminal acts on them
#: (an ESC sequence recolours it, BEL rings), a page shows them as nothing
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\x80-\x84\x86-\x9f]")
#: read by some programs as a line break and by others as nothing, or invisible: stored as
#: written, but the translator is told (U+0085 NEL, U+2028, U+2029, U+FEFF)
_INVISIBLE = re.compile("[\x85\u2028\u2029\ufeff]")


@dataclass(frozen=True)
class PoString:
    text: str
    line: int  # of its first piece
    #: (line, text) of each piece, to name the line a character is on
    pieces: tuple[tuple[int, bytes], ...] = ()

    def line_of(self, char: str, encoding: str) -> int:
        encoded = char.encode(encoding, "replace")
        return next((line for line, data in self.pieces if encoded in data), self.line)


def decode(pieces: list[str], lines: list[int], encoding: str, where: str) -> PoString:
    """The text that the quoted ``pieces`` (on ``lines``) spell."""
    data: list[bytes] = []
    for piece, line in zip(pieces, lines, strict=False):
        piece = piece.strip()
        if not _PIECE.fullmatch(piece):
            raise FolioError(f"broken PO file: cannot read {piece[:40]!r} (a string is one "
                             'line in double quotes; \\" is a quote, \\\\ a backslash)', where, line)
        try:
            # typeshed says str; escape_decode returns the bytes the escapes spell
            data.append(codecs.escape_decode(piece[1:-1].encode(encoding))[0])  # type: ignore[arg-type]
        except (UnicodeEncodeError, ValueError):
            raise FolioError(f"broken PO file: cannot read {piece[:40]!r}", where, line) from None
    try:
        text = b"".join(data).decode(encoding)
    except UnicodeDecodeError:
        raise FolioError(f"broken PO file: the escaped bytes of this string are not {encoding}",
                         where, lines[0] if lines else None) from None
    return PoString(text, lines[0] if lines else 0, tuple(zip(lines, data, strict=False)))


def refuse_controls(string: PoString, what: str, encoding: str, where: str) -> None:
    """A control character in a text a translator sent is refused at its line."""
    found = _CONTROL.search(string.text)
    if found:
        char = found.group()
        raise FolioError(f"{what} holds the control character {_named(char)}: it would reach "
                         "the website and the terminal as it is; remove it", where,
                         string.line_of(char, encoding))


def invisible(string: PoString, encoding: str) -> list[tuple[int, str]]:
    """(line, name) of each invisible or line-breaking character the text holds, once each."""
    seen: dict[str, int] = {}
    for found in _INVISIBLE.finditer(string.text):
        seen.setdefault(found.group(), string.line_of(found.group(), encoding))
    return [(line, _named(char)) for char, line in seen.items()]


def _named(char: str) -> str:
    name = unicodedata.name(char, None) or _C_NAMES.get(char, "a control character")
    return f"U+{ord(char):04X} ({name})"


#: Unicode gives control characters no names; these are the ones people meet
_C_NAMES = {"\x00": "NUL", "\x07": "BEL", "\x08": "BACKSPACE", "\x0d": "CARRIAGE RETURN",
            "\x1b": "ESC", "\x7f": "DEL", "\x85": "NEXT LINE"}
