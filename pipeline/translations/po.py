"""PO exchange: translators work in Poedit, OmegaT or Weblate, not in YAML.

One PO file per document and language. ``msgctxt`` is the unit id (stable, unlike line
numbers), ``msgid`` the source side's text, ``msgstr`` the translation; a stale translation is
``fuzzy`` with the source it was made from as ``#| msgid``. Import checks every file before it
writes anything, and writes the translation files in their canonical form, so that an export
followed by an import without edits changes no byte.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import PoFileError, denormalize, read_po, write_po

from ..atomic import write_files_atomic
from ..errors import FolioError
from ..labels import context_title, label
from ..model import Corpus, Document
from ..revisions import Revision, revision
from .store import Entry, TranslationFile, dump, fingerprint, path_for

#: the date of a header when the project's files are not at hand: fixed, so that two exports
#: of the same corpus stay identical
_EPOCH = datetime(2000, 1, 1, tzinfo=timezone.utc)
_PROJECT = "folio"


@dataclass
class ImportResult:
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def export(corpus: Corpus, lang: str, out_dir: Path, root: Path | None = None) -> list[Path]:
    """One PO file per document not written in ``lang``. ``root``, the project, dates the
    headers from its files' revisions (without it, a fixed date)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for document in corpus.documents:
        if document.language == lang:
            continue
        path = out_dir / f"{document.key}.{lang}.po"
        buffer = io.BytesIO()
        write_po(buffer, catalog_for(corpus, document, lang, root), width=76, include_previous=True)
        path.write_bytes(buffer.getvalue())
        written.append(path)
    return written


class _Catalog(Catalog):
    """A catalog whose header says nothing rather than Babel's placeholders: msgfmt --check
    warns about `Last-Translator: FULL NAME <EMAIL@ADDRESS>`, and Folio has no address to
    report a msgid's bugs to."""

    translator = ""  # "Name <email>", or empty: nobody known

    def _get_mime_headers(self) -> list[tuple[str, str]]:
        return [(name, self.translator if name == "Last-Translator" else value)
                for name, value in super()._get_mime_headers() if name != "Report-Msgid-Bugs-To"]

    mime_headers = property(_get_mime_headers, Catalog._set_mime_headers)


def catalog_for(corpus: Corpus, document: Document, lang: str, root: Path | None = None) -> Catalog:
    source_revision, translated = _revisions(root, document, lang)
    created = source_revision.date if source_revision else _EPOCH
    # Project-Id-Version names the document ("folio <key>"): the standard header for "what
    # is this a translation of", and one every PO tool keeps when it saves the file.
    catalog = _Catalog(locale=lang, project=_PROJECT, version=document.key, creation_date=created,
                       revision_date=translated.date if translated else created, fuzzy=False,
                       language_team=f"Folio {lang}",
                       header_comment=f"# {document.title}: translation into {lang}.\n"
                                      f"# Exported by `folio po export`; msgctxt is the unit id.")
    catalog.translator = translated.author if translated and translated.author else ""
    gettext = _catalog_words(document.language)
    for unit in corpus.units.values():
        source = unit.sides.get(document.language)
        if unit.document != document.key or source is None or not source.text:
            continue
        translation = corpus.translations.get((unit.id, lang))
        # what the translator's tool shows beside the text: where in the rules it stands,
        # in the words of the text being translated
        about = [label(corpus, unit, document.language, gettext),
                 context_title(corpus, unit, document.language, gettext), str(unit.kind)]
        message = Message(source.text, translation.text if translation else "",
                          locations=[(source.path, source.line_start)],
                          auto_comments=[line for line in about if line],
                          user_comments=translation.comment.split("\n")
                          if translation and translation.comment else [],
                          context=unit.id)
        message.flags.discard("python-format")  # "50% (rounded up)" is prose, not a format
        if translation and (translation.stale or translation.fuzzy):
            message.flags.add("fuzzy")
        if translation and translation.stale:
            message.previous_id = [translation.source]
        catalog[source.text] = message
    return catalog


def _revisions(root: Path | None, document: Document, lang: str) -> tuple[Revision | None, Revision | None]:
    """The revisions of the document's source and of its translation file (None: no file)."""
    if root is None:
        return None, None
    return revision(root, document.source), revision(root, path_for(document.key, lang))


def _catalog_words(lang: str):
    """The gettext of Folio's catalogs in ``lang``: the words of the units' labels."""
    from ..site import i18n  # the catalogs live with the website's; loaded for an export only

    return i18n.committed(lang).gettext


def import_po(corpus: Corpus, root: Path, po_dir: Path) -> ImportResult:
    result = ImportResult()
    files: dict[Path, str] = {}
    order = list(corpus.units)
    documents = {d.key: d for d in corpus.documents}
    paths = sorted(Path(po_dir).glob("*.po"))
    if not paths:
        raise FolioError("no .po files here", str(po_dir))
    for path in paths:
        translation, warnings = _read(corpus, documents, path)
        result.warnings += warnings
        target = Path(root) / translation.path
        if not translation.entries and not target.exists():
            continue  # nothing translated yet: no empty file to keep around
        text = dump(translation, order, documents[translation.document].title)
        if target.exists() and target.read_text("utf-8") == text:
            result.unchanged.append(translation.path)
        else:
            files[target] = text
            result.written.append(translation.path)
    write_files_atomic(files)
    return result


_PO_LINE = re.compile(r'^(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"(?:[^"\\]|\\.)*"$')


def _check_syntax(path: Path) -> None:
    # Babel's reader shrugs at an unterminated string and reads on; a translator's tool
    # should be told the line instead.
    try:
        lines = path.read_text("utf-8").split("\n")
    except UnicodeDecodeError:
        raise FolioError("broken PO file: not UTF-8", str(path)) from None
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if line and not line.startswith("#") and not _PO_LINE.match(line):
            raise FolioError(f"broken PO file: cannot read {line[:40]!r}", str(path), number)


def _read(corpus: Corpus, documents: dict[str, Document], path: Path) -> tuple[TranslationFile, list[str]]:
    where = str(path)
    _check_syntax(path)
    try:
        with path.open("rb") as handle:
            catalog = read_po(handle, abort_invalid=True)
    except PoFileError as exc:
        raise FolioError(f"broken PO file: {exc}", where) from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise FolioError(f"broken PO file: {exc}", where) from None
    key = catalog.version if catalog.project == _PROJECT else None
    if key not in documents:
        raise FolioError("the file does not say which document it belongs to (its "
                         f"Project-Id-Version should read `{_PROJECT} <document key>`, it reads "
                         f"{catalog.project} {catalog.version})", where)
    document = documents[key]
    lang = str(catalog.locale) if catalog.locale else None
    if lang is None or lang == document.language:
        raise FolioError(f"Language {lang!r} cannot be a translation of {key}", where)
    expected = get_plural(lang).num_plurals
    if catalog.num_plurals != expected:
        raise FolioError(f"broken Plural-Forms header: it says {catalog.num_plurals} forms, "
                         f"{lang} has {expected}", where)
    translation = TranslationFile(key, lang, path_for(key, lang))
    warnings: list[str] = []
    for message in catalog:
        if not message.id:
            continue  # the header
        unit = corpus.units.get(message.context or "")
        line = message.lineno
        if unit is None:
            raise FolioError(f"unknown unit id {message.context!r}", where, line)
        if unit.document != key:
            raise FolioError(f"{message.context} belongs to {unit.document}, not to {key}", where, line)
        if message.pluralizable or isinstance(message.string, (list, tuple)):
            raise FolioError(f"{message.context}: plural forms are not allowed in a rule text", where, line)
        if not message.string:
            continue
        comments, previous = _split_previous(message.user_comments)
        source = unit.sides[document.language].text
        if message.id != source:
            warnings.append(f"{where}:{line}: {message.context}: msgid no longer matches the "
                            "source; kept as made from the old text (it will show as stale)")
        made_from = message.id
        if message.fuzzy and previous is not None:
            made_from = previous  # still a translation of the old source
        translation.entries[unit.id] = Entry(unit.id, message.string, made_from,
                                             fingerprint(made_from), "\n".join(comments) or None)
    return translation, warnings


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
