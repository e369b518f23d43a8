"""Reading a translator's PO file: checked the way `msgfmt --check` checks it, then turned into
incoming translations. Nothing here writes; a file Folio cannot trust is refused whole, with
its line, before any file of the import is written."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import PoFileError, denormalize, read_po

from ..errors import FolioError
from ..model import LANGUAGES, Corpus, Document

PROJECT = "folio"


@dataclass(frozen=True)
class Incoming:
    """One PO entry with a translation: what the translator says unit ``unit`` reads in ``lang``."""

    unit: str  # msgctxt
    text: str  # msgstr
    source: str  # the source text it is a translation of (msgid, or `#| msgid` when fuzzy)
    msgid: str
    fuzzy: bool  # the translator's own "needs review", not a stale export
    comment: str | None
    line: int


@dataclass
class PoFile:
    path: str
    document: Document
    lang: str
    entries: list[Incoming] = field(default_factory=list)
    empty: list[str] = field(default_factory=list)  # unit ids with no msgstr: nothing to take
    warnings: list[str] = field(default_factory=list)


def read(corpus: Corpus, documents: dict[str, Document], path: Path) -> PoFile:
    where = str(path)
    lines = _lines(path)  # read once, checked twice
    _check_syntax(path, lines)
    _check_duplicates(path, lines)
    try:
        with path.open("rb") as handle:
            catalog = read_po(handle, abort_invalid=True)
    except (PoFileError, UnicodeDecodeError, ValueError) as exc:
        raise FolioError(f"broken PO file: {exc}", where) from None
    document = _document(catalog, documents, where)
    lang = language(catalog, where)
    if lang == document.language:
        raise FolioError(f"Language {lang!r} cannot be a translation of {document.key}: it is "
                         "written in it", where)
    expected = get_plural(lang).num_plurals
    if catalog.num_plurals != expected:
        raise FolioError(f"broken Plural-Forms header: it says {catalog.num_plurals} forms, "
                         f"{lang} has {expected}", where)
    found = PoFile(where, document, lang)
    for message in catalog:
        if not message.id:
            continue  # the header
        unit = corpus.units.get(message.context or "")
        line = message.lineno
        if unit is None:
            raise FolioError(f"unknown unit id {message.context!r}", where, line)
        if unit.document != document.key:
            raise FolioError(f"{message.context} belongs to {unit.document}, not to "
                             f"{document.key}", where, line)
        if message.pluralizable or isinstance(message.string, (list, tuple)):
            raise FolioError(f"{message.context}: plural forms are not allowed in a rule text",
                             where, line)
        if not message.string:
            found.empty.append(unit.id)
            continue
        comments, previous = _split_previous(message.user_comments)
        source = unit.sides[document.language].text
        if message.id != source:
            found.warnings.append(f"{where}:{line}: {message.context}: msgid no longer matches "
                                  "the source; kept as made from the old text (it will show as "
                                  "stale, or follow its sentence if that moved)")
        # Folio exports a stale translation as fuzzy with the old source as `#| msgid`: still
        # a translation of that old source, not a translator's "needs review"
        stale_export = message.fuzzy and previous is not None
        found.entries.append(Incoming(unit.id, message.string,
                                      previous if stale_export else message.id, message.id,
                                      message.fuzzy and not stale_export,
                                      "\n".join(comments) or None, line))
    return found


def language(catalog: Catalog, where: str) -> str:
    """The Language header as Folio's language code: `ru_RU`, `ru-RU` and `RU` are `ru`."""
    header = dict(catalog.mime_headers).get("Language", "").strip()
    code = catalog.locale.language if catalog.locale else header.replace("-", "_").split("_")[0].lower()
    if code not in LANGUAGES:
        shown = header or "(none)"
        raise FolioError(f"Language {shown!r}: Folio translates into " + ", ".join(LANGUAGES)
                         + " only", where)
    return code


def _document(catalog: Catalog, documents: dict[str, Document], where: str) -> Document:
    key = catalog.version if catalog.project == PROJECT else None
    if key not in documents:
        raise FolioError("the file does not say which document it belongs to (its "
                         f"Project-Id-Version should read `{PROJECT} <document key>`, it reads "
                         f"{catalog.project} {catalog.version})", where)
    return documents[key]


_PO_LINE = re.compile(r'^(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"(?:[^"\\]|\\.)*"$')
_KEYWORD = re.compile(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+(".*")$')


def _check_syntax(path: Path, lines: list[tuple[int, str]]) -> None:
    # Babel's reader shrugs at an unterminated string and reads on; a translator's tool
    # should be told the line instead.
    for number, line in lines:
        if line and not line.startswith("#") and not _PO_LINE.match(line):
            raise FolioError(f"broken PO file: cannot read {line[:40]!r}", str(path), number)


def _check_duplicates(path: Path, lines: list[tuple[int, str]]) -> None:
    """Two entries for one unit: `msgfmt --check` refuses the same msgctxt+msgid twice, and as
    msgctxt is the unit id, two msgids under one msgctxt are two translations of one unit."""
    seen: dict[str, int] = {}
    keyword, context, start = None, None, 0
    for number, line in lines:
        match = _KEYWORD.match(line)
        if match:
            keyword = match[1]
            if keyword == "msgctxt":
                context, start = denormalize(match[2]), number
            elif keyword == "msgid" and context is None:
                start = number
            elif keyword.startswith("msgstr"):
                if context is not None and keyword in ("msgstr", "msgstr[0]"):
                    if context in seen:
                        raise FolioError(f"duplicate message definition: msgctxt {context!r} "
                                         f"is already defined at line {seen[context]}",
                                         str(path), start)
                    seen[context] = start
                context = None


def _lines(path: Path) -> list[tuple[int, str]]:
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError:
        raise FolioError("broken PO file: not UTF-8", str(path)) from None
    return [(number, line.strip()) for number, line in enumerate(text.split("\n"), 1)]


def _split_previous(comments: list[str]) -> tuple[list[str], str | None]:
    """Babel writes `#| msgid` lines but reads them back as translator comments starting
    with `|`; take them out again and return the previous msgid they spell."""
    kept, quoted = [], []
    for comment in comments:
        if comment.startswith("| msgid "):
            quoted = [comment[len("| msgid "):]]
        elif comment.startswith('| "') and quoted:
            quoted.append(comment[2:])
        elif not comment.startswith("|"):
            kept.append(comment)
    return kept, denormalize("\n".join(quoted)) if quoted else None
