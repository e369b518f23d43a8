"""Reading a translator's PO file: parsed by translate-toolkit's PO parser (the choice is
explained in pipeline/link/translations/po_writer.py), checked the way `msgfmt --check` checks it,
then turned into incoming translations. Nothing here writes; a file Folio cannot trust is
refused whole, with its line, before any file of the import is written.

Every variant gettext's own tools write of an export reads as the export does: wrapped at any
width or not at all (a msgctxt over several lines), octal escapes (``msgcat --escape``),
Uniforum ``# File:`` locations (``--strict``), sorted, indented, without locations or obsolete
entries (tests/link/translations/test_hostile_po.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from babel.messages.plurals import get_plural
from translate.storage import poheader, pypo
from translate.storage.poparser import PoParseError

from ...core.errors import FolioError
from ...core.model import LANGUAGES, Corpus, Document, Unit
from .po_text import PoString, decode, invisible, refuse_controls
from .store import fingerprint

PROJECT = "folio"
_BOM = b"\xef\xbb\xbf"
#: `# File: path, line: 12`: a location as Solaris gettext and `msgcat --strict` write it,
#: read as one by gettext, never a translator's comment
_UNIFORUM_LOCATION = re.compile(r"File: .*, line: \d+")


@dataclass(frozen=True)
class Incoming:
    """One PO entry with a translation: what the translator says unit ``unit`` reads in ``lang``."""

    unit: str  # msgctxt, or the unit whose source the msgid is (a swapped msgctxt)
    text: str  # msgstr
    source: str  # the source text it is a translation of (msgid, or `#| msgid` when fuzzy)
    msgid: str
    fuzzy: bool  # the translator's own "needs review", not a stale export
    comment: str | None
    line: int
    flagged: bool = False  # the entry's fuzzy flag, as written
    previous: str | None = None  # its `#| msgid`


@dataclass
class PoFile:
    path: str
    document: Document
    lang: str
    entries: list[Incoming] = field(default_factory=list)
    empty: list[str] = field(default_factory=list)  # unit ids with no msgstr: nothing to take
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Entry:
    """A PO entry as the file spells it, its strings decoded, each with its line."""

    context: PoString
    msgid: PoString
    msgstr: PoString
    previous: PoString | None  # `#| msgid`
    comment: PoString | None  # the translator's, Uniforum locations left out
    flagged: bool  # `#, fuzzy`

    def strings(self, unit: str) -> list[tuple[PoString, str]]:
        found = [(self.msgstr, f"the translation of {unit}"), (self.msgid, f"the msgid of {unit}"),
                 (self.previous, f"the previous msgid of {unit}"), (self.comment, f"the comment on {unit}")]
        return [(string, what) for string, what in found if string is not None]


def read(corpus: Corpus, documents: dict[str, Document], path: Path) -> PoFile:
    where = str(path)
    raw, bom = _raw(path)
    store, encoding = _parse(raw, where)
    lines = [line.decode(encoding).rstrip("\r\n") for line in pypo.splitlines(raw)[0]] if raw else []
    header = _header(store, lines, encoding, where)
    document = _document(header, documents, where)
    lang = language(header, where)
    if lang == document.language:
        raise FolioError(f"Language {lang!r} cannot be a translation of {document.key}: it is "
                         "written in it", where)
    _check_plurals(header, lang, where)
    found = PoFile(where, document, lang)
    if bom:
        found.warnings.append(f"{where}:1: warning: the file starts with a UTF-8 byte-order mark "
                              "(as Notepad saves it): read without it")
    taken: list[tuple[Unit, _Entry]] = []
    seen: dict[str, int] = {}
    for unit in store.units:
        if unit.isheader() or unit.isobsolete():
            continue  # gettext's tools ignore obsolete entries; Folio exports orphans as them
        entry = _entry(unit, lines, encoding, where)
        if entry is None:
            continue
        context, line = entry.context.text, entry.context.line
        if context in seen:
            raise FolioError(f"duplicate message definition: msgctxt {context!r} is already "
                             f"defined at line {seen[context]}", where, line)
        seen[context] = line
        own = corpus.units.get(context)
        if own is None:
            raise FolioError(f"unknown unit id {context!r}", where, line)
        if own.document != document.key:
            raise FolioError(f"{context} belongs to {own.document}, not to {document.key}", where, line)
        for string, what in entry.strings(own.id):
            refuse_controls(string, what, encoding, where)
        for at, name in invisible(entry.msgstr, encoding):
            found.warnings.append(f"{where}:{at}: warning: the translation of {own.id} holds "
                                  f"{name}, invisible or a line break only to some programs; "
                                  "stored as written: remove it unless it is meant")
        if not entry.msgstr.text.strip():  # nothing, or only spaces: nothing to take
            found.empty.append(own.id)
            continue
        taken.append((own, entry))
    units = [unit for unit in corpus.units.values() if unit.document == document.key
             and unit.sides.get(document.language) and unit.sides[document.language].text]
    _take(taken, units, document.language, found)
    return found


def _take(entries: list[tuple[Unit, _Entry]], units: list[Unit], source_lang: str, found: PoFile) -> None:
    """Each entry goes to its msgctxt's unit, unless its msgid is not that unit's source but
    exactly one other unit's: a msgctxt swapped, or a PO file exported before the source was
    renumbered. Then it goes to that unit, unless the file has an entry of that unit's own."""
    sources = {unit.id: fingerprint(unit.sides[source_lang].text) for unit in units}
    by_source: dict[str, list[str]] = {}
    for unit_id, digest in sources.items():
        by_source.setdefault(digest, []).append(unit_id)
    claimed = {unit.id for unit, entry in entries if fingerprint(entry.msgid.text) == sources.get(unit.id)}
    where = found.path
    for unit, entry in entries:
        target, line = unit.id, entry.context.line
        matches = by_source.get(fingerprint(entry.msgid.text), [])
        if target not in matches and len(matches) == 1:
            other = matches[0]
            if other in claimed:
                found.warnings.append(f"{where}:{line}: warning: {unit.id}: its msgid is the source "
                                      f"of {other}, which has another entry in the file: not taken")
                continue
            found.warnings.append(f"{where}:{line}: warning: {unit.id}: its msgid is the source of "
                                  f"{other}, not of {unit.id} (the msgctxt swapped, or the source "
                                  f"renumbered since the export): taken as the translation of {other}")
            target = other
            claimed.add(other)
        elif target not in matches:
            found.warnings.append(f"{where}:{line}: warning: {unit.id}: msgid no longer matches "
                                  "the source; kept as made from the old text (it will show as "
                                  "stale, or follow its sentence if that moved)")
        old = entry.previous.text if entry.previous is not None else None
        # Folio exports a stale translation as fuzzy with the old source as `#| msgid`: still
        # a translation of that old source, not a translator's "needs review"
        stale_export = entry.flagged and old is not None
        found.entries.append(Incoming(
            target, entry.msgstr.text, old if stale_export and old is not None else entry.msgid.text,
            entry.msgid.text,
            entry.flagged and not stale_export, entry.comment.text if entry.comment else None, line,
            entry.flagged, old))


def _entry(unit: pypo.pounit, lines: list[str], encoding: str, where: str) -> _Entry | None:
    """The entry translate-toolkit parsed, its strings decoded; None for one with no msgid."""
    start = unit.line_number or 1
    if unit.hasplural() or isinstance(unit.msgstr, dict):
        raise FolioError(f"{_quick(unit.msgctxt)}: plural forms are not allowed in a rule text",
                         where, start)

    def string(pieces: list[str], at: int) -> PoString:
        return decode(pieces, _pieces(lines, at, len(pieces)), encoding, where)

    msgid_at = _keyword(lines, start, "msgid")
    msgid = string(unit.msgidcomments + unit.msgid, msgid_at)  # a `_:` start is a KDE comment
    if not msgid.text:
        return None
    context = PoString("", msgid_at)
    if unit.msgctxt:
        context = string(unit.msgctxt, _keyword(lines, start, "msgctxt", before=msgid_at))
    msgstr = string(unit.msgstr, _keyword(lines, msgid_at, "msgstr"))
    previous = None
    if unit.prev_msgid:
        previous = string(unit.prev_msgid, _keyword(lines, start, "msgid", before=msgid_at, prefix="#|"))
    notes = [line.removeprefix("#").removeprefix(" ").rstrip("\r\n") for line in unit.othercomments]
    note = trimmed("\n".join(note for note in notes if not _UNIFORUM_LOCATION.fullmatch(note)))
    return _Entry(context, msgid, msgstr, previous, PoString(note, start) if note else None,
                  unit.hastypecomment("fuzzy"))


def trimmed(comment: str | None) -> str | None:
    """A translator's comment without blank lines before or after it: `msgcat --strict` begins
    each entry with a bare `#`."""
    lines = (comment or "").split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines) or None


def _keyword(lines: list[str], start: int, keyword: str, before: int | None = None,
             prefix: str = "") -> int:
    """The first line from ``start`` on (and before ``before``) that starts with ``keyword``
    (after ``prefix``); ``start`` when there is none."""
    for number in range(start - 1, min((before or len(lines) + 1) - 1, len(lines))):
        text = lines[number].lstrip()
        if prefix:
            if not text.startswith(prefix):
                continue
            text = text[len(prefix):].lstrip()
        if text.startswith(keyword) and text[len(keyword):len(keyword) + 1] in (" ", "\t", '"'):
            return number + 1
    return start


def _pieces(lines: list[str], first: int, count: int) -> list[int]:
    """The lines of a string's ``count`` pieces, the first on line ``first``: one a line, blank
    lines between them skipped, as the parser skips them."""
    found = list(islice((n + 1 for n in range(first - 1, len(lines)) if lines[n].strip()), count))
    return found + [first] * (count - len(found))


def _raw(path: Path) -> tuple[bytes, bool]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise FolioError(f"cannot read the PO file: {exc.strerror}", str(path)) from None
    bom = raw.startswith(_BOM)
    raw = raw[len(_BOM):] if bom else raw
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise FolioError(f"broken PO file: not UTF-8 (byte 0x{raw[exc.start]:02x}); save it as "
                         "UTF-8 (Poedit, OmegaT and Weblate do)", str(path), line) from None
    return raw, bom


def _parse(raw: bytes, where: str) -> tuple[pypo.pofile, str]:
    """The file parsed, and the charset its strings are in: UTF-8, or the one the header
    names for a file all in ASCII (its escapes spell bytes of that charset)."""
    store = pypo.pofile()
    try:
        store.parse(raw)
    except PoParseError as exc:
        what = str(exc).split(" on line ")[0]
        raise FolioError(f"broken PO file: {what[:1].lower() + what[1:]}", where,
                         exc.parse_state.lineno or None) from None
    except (ValueError, LookupError, IndexError, UnicodeError) as exc:
        raise FolioError(f"broken PO file: {exc}", where) from None
    charset = (store.encoding or "utf-8").lower().replace("_", "-")
    if charset in ("utf-8", "utf8"):
        return store, "utf-8"
    if not raw.isascii():
        raise FolioError(f"the file says its charset is {store.encoding}: Folio reads UTF-8 "
                         "(convert it with `msgconv -t UTF-8`)", where)
    return store, store.encoding


def _header(store: pypo.pofile, lines: list[str], encoding: str, where: str) -> dict[str, str]:
    header = store.header()
    if header is None:
        return {}
    start = header.line_number or 1
    text = decode(header.msgstr, _pieces(lines, _keyword(lines, start, "msgstr"), len(header.msgstr)),
                  encoding, where).text
    return poheader.parseheaderstring(text)


def _check_plurals(header: dict[str, str], lang: str, where: str) -> None:
    forms = header.get("Plural-Forms")
    if forms is None:
        return
    said = re.search(r"nplurals\s*=\s*(\d+)", forms)
    expected = get_plural(lang).num_plurals
    if said is None or int(said[1]) != expected:
        raise FolioError(f"broken Plural-Forms header: it says {said[1] if said else 'no number of'} "
                         f"forms, {lang} has {expected}", where)


def language(header: dict[str, str], where: str) -> str:
    """The Language header as Folio's language code: `ru_RU`, `ru-RU` and `RU` are `ru`."""
    value = header.get("Language", "").strip()
    code = value.replace("-", "_").split("_")[0].split("@")[0].lower()
    if code not in LANGUAGES:
        shown = value or "(none)"
        raise FolioError(f"Language {shown!r}: Folio translates into " + ", ".join(LANGUAGES)
                         + " only", where)
    return code


def _document(header: dict[str, str], documents: dict[str, Document], where: str) -> Document:
    said = header.get("Project-Id-Version", "")
    project, _, key = said.strip().partition(" ")
    if project != PROJECT or key not in documents:
        raise FolioError("the file does not say which document it belongs to (its "
                         f"Project-Id-Version should read `{PROJECT} <document key>`, it reads "
                         f"{said or 'nothing'})", where)
    return documents[key]


def _quick(pieces: list[str]) -> str:
    return "".join(piece.strip()[1:-1] for piece in pieces) or "an entry"
