"""Read a source text into normalised lines, saying what had to be normalised.

Real files arrive as UTF-8 with or without a byte-order mark, as Windows-1251, with CRLF line
endings. Each is read correctly and noted (so a byte-exact copy can still be rebuilt); what
cannot be read is a :class:`FolioError` naming the file and line.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..core.characters import structural
from ..core.diagnostics import Code, Diagnostic, Severity, Text, _
from ..core.diagnostics import text as words  # decode_source names the decoded text `text`
from ..core.errors import FolioError
from ..core.model import Lang
from ..util import project_files

#: The legacy encoding, tried only for a file with no UTF-8 in it at all, and accepted only when
#: most of its letters are Cyrillic or ASCII, so that binary data is not read as gibberish.
_LEGACY_ENCODING = "cp1251"


READ_BOM = Code("read-bom", Severity.INFO, "a byte-order mark was removed from a source")
READ_ENCODING = Code("read-encoding", Severity.INFO, "a source is not UTF-8 and was read as "
                     "Windows-1251 or UTF-16")
READ_NEWLINE = Code("read-newline", Severity.INFO, "a source has CRLF, CR or mixed line endings, "
                    "read as LF")
CODES = [READ_BOM, READ_ENCODING, READ_NEWLINE]


@dataclass
class Source:
    path: str  # relative to the repository root, with forward slashes
    lines: list[str]  # without line terminators
    encoding: str = "utf-8"
    bom: bool = False
    newline: str = "\n"
    final_newline: bool = True
    notes: list[Diagnostic] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + ("\n" if self.final_newline else "")


def read_source(root: Path, rel_path: str, language: str | None = None) -> Source:
    """The source at ``rel_path`` in the project at ``root`` (a regular file inside it:
    pipeline/util/project_files.py)."""
    try:
        raw = project_files.read_bytes(root, rel_path, within="corpus")
    except FileNotFoundError:
        raise FolioError("source file does not exist", path=rel_path) from None
    except OSError as exc:
        raise FolioError(f"cannot read source file: {exc.strerror}", path=rel_path) from None
    return decode_source(raw, rel_path, language)


def decode_source(raw: bytes, rel_path: str, language: str | None = None) -> Source:
    """``language``, the manifest's, lets an English text that is not UTF-8 be refused rather
    than read as Windows-1251: its accented Latin letters would come out Cyrillic."""
    notes: list[Diagnostic] = []

    def note(code: Code, message: Text, line: int = 1) -> None:
        notes.append(Diagnostic.of(rel_path, line, code.code, message, code.severity))

    if not raw.strip():
        raise FolioError("the file is empty: there is nothing to parse", path=rel_path)

    text, encoding, bom = _decode(raw, rel_path, language)
    if not structural(text).strip():  # nothing but spaces and invisible characters
        raise FolioError("the file is empty: there is nothing to parse", path=rel_path)
    if bom:
        note(READ_BOM, words(_("byte-order mark removed")))
    if encoding != "utf-8":
        note(READ_ENCODING, words(_("not UTF-8: read as %(encoding)s"), encoding=encoding))
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise FolioError("the file contains NUL bytes: it is not a text file", path=rel_path, line=line)

    newline = "\n"
    if "\r" in text:
        crlf = text.count("\r\n")
        styles = {"CRLF": crlf, "CR": text.count("\r") - crlf, "LF": text.count("\n") - crlf}
        used = [name for name, count in styles.items() if count]
        newline = "\r\n" if used == ["CRLF"] else "\r" if used == ["CR"] else "mixed"
        first = text.count("\n", 0, text.index("\r")) + 1
        message = (words(_("mixed line endings (%(styles)s) read as LF"), styles=", ".join(used))
                   if newline == "mixed" else words(_("%(style)s line endings read as LF"), style=used[0]))
        note(READ_NEWLINE, message, first)
        text = text.replace("\r\n", "\n").replace("\r", "\n")

    final_newline = text.endswith("\n")
    if final_newline:
        text = text[:-1]
    return Source(rel_path, text.split("\n"), encoding, bom, newline, final_newline, notes)


def _decode(raw: bytes, rel_path: str, language: str | None) -> tuple[str, str, bool]:
    for mark, name in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
                       (codecs.BOM_UTF16_BE, "utf-16-be")):
        if raw.startswith(mark):
            try:
                return raw[len(mark):].decode(name), name, True
            except UnicodeDecodeError as exc:
                raise _undecodable(raw, exc, rel_path, name, len(mark), f", though the file "
                                   f"starts with a {name.upper()} byte-order mark") from None
    try:
        return raw.decode("utf-8"), "utf-8", False
    except UnicodeDecodeError as exc:
        utf8_error = exc
    utf8 = _UTF8_SEQUENCE.search(raw)
    if utf8 is not None:
        # Windows-1251 would read the whole file, its valid UTF-8 included, as other letters
        # (”America” as вЂќAmericaвЂќ): one bad byte in a UTF-8 file is that byte's error.
        line = raw.count(b"\n", 0, utf8.start()) + 1
        raise _undecodable(raw, utf8_error, rel_path, "utf-8", 0,
                           f", and the file is UTF-8 elsewhere (line {line} has "
                           f"«{utf8.group().decode()}»): so it is not read as Windows-1251")
    try:
        text = raw.decode(_LEGACY_ENCODING)
    except UnicodeDecodeError:
        raise _undecodable(raw, utf8_error, rel_path, "utf-8", 0) from None
    letters = [ch for ch in text if ch.isalpha()]
    plausible = sum(1 for ch in letters if ch.isascii() or "\u0400" <= ch <= "\u04ff")
    if not letters or plausible / len(letters) < 0.95:
        raise _undecodable(raw, utf8_error, rel_path, "utf-8", 0)
    cyrillic = next((n for n, ch in enumerate(text) if "\u0400" <= ch <= "\u04ff"), None)
    if language == Lang.EN and cyrillic is not None:
        line_start = text.rfind("\n", 0, cyrillic) + 1  # one byte is one character here
        raise FolioError(f"byte 0x{raw[cyrillic]:02x} is not UTF-8; read as Windows-1251 it "
                         f"would be «{text[cyrillic]}» in an English text, so the file is likely "
                         "Latin-1 or Windows-1252: save it as UTF-8", path=rel_path,
                         line=text.count("\n", 0, cyrillic) + 1, col=cyrillic - line_start + 1)
    return text, "windows-1251", False


#: a well-formed UTF-8 sequence of two to four bytes (RFC 3629: no overlong forms, no surrogates)
_UTF8_SEQUENCE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]"
                            rb"|[\xe1-\xec\xee\xef][\x80-\xbf]{2}|\xed[\x80-\x9f][\x80-\xbf]"
                            rb"|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}"
                            rb"|\xf4[\x80-\x8f][\x80-\xbf]{2}")


def _undecodable(raw: bytes, exc: UnicodeDecodeError, rel_path: str, name: str, offset: int,
                 why: str = "") -> FolioError:
    """The error at the first byte ``name`` cannot decode, by line and column (in characters)."""
    start = offset + exc.start
    line_start = raw.rfind(b"\n", offset, start) + 1 if b"\n" in raw[offset:start] else offset
    if name.startswith("utf-16"):
        line_text = raw[offset:start].decode(name, "replace")
        line = line_text.count("\n") + 1
        col = len(line_text) - (line_text.rfind("\n") + 1) + 1
    else:
        line = raw.count(b"\n", offset, start) + 1
        col = len(raw[line_start:start].decode(name, "replace")) + 1
    if exc.reason == "unexpected end of data":
        message = f"the file ends inside a character (byte 0x{raw[start]:02x} starts one): it was cut short"
    else:
        message = f"byte 0x{raw[start]:02x} is not {name.upper()}" + (
            why or (" (nor Windows-1251 text)" if name == "utf-8" else ""))
    return FolioError(message, path=rel_path, line=line, col=col)
