"""PO exchange: translators work in Poedit, OmegaT or Weblate, not in YAML.

One PO file per document and language. ``msgctxt`` is the unit id (stable, unlike line
numbers), ``msgid`` the source side's text, ``msgstr`` the translation; a stale translation is
``fuzzy`` with the source it was made from as ``#| msgid``. Import checks every file before it
writes anything, and writes the translation files in their canonical form, so that an export
followed by an import without edits changes no byte.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import write_po

from . import memory, po_reader
from ..atomic import write_files_atomic
from ..errors import FolioError
from ..labels import context_title, label
from ..lookup import Lookup
from ..model import Corpus, Document
from ..revisions import Revision, revision
from .merge import Changes, merge
from .realign import place
from .store import Entry, TranslationFile, dump, fingerprint, load, path_for

#: the date of a header when the project's files are not at hand: fixed, so that two exports
#: of the same corpus stay identical
_EPOCH = datetime(2000, 1, 1, tzinfo=timezone.utc)
_PROJECT = po_reader.PROJECT


@dataclass
class ImportResult:
    written: list[str] = field(default_factory=list)  # translation files rewritten
    changes: dict[str, Changes] = field(default_factory=dict)  # per translation file
    sources: dict[str, str] = field(default_factory=dict)  # the PO file each came from
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
    suggested = memory.suggestions(corpus, document, lang)  # for units nobody translated yet
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
        if unit.id in suggested:  # offered, never stored: fuzzy until a translator takes it
            message.string = suggested[unit.id].text
            message.flags.add("fuzzy")
            message.auto_comments.append(suggested[unit.id].comment)
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


def import_po(corpus: Corpus, root: Path, po_dir: Path, *, prune: bool = False) -> ImportResult:
    """Merge every PO file in ``po_dir`` into corpus/translations/: each file is read and
    checked first, then all are written at once (pipeline/translations/merge.py)."""
    result = ImportResult()
    files: dict[Path, str] = {}
    order = list(corpus.units)
    lookup = Lookup(corpus)
    documents = lookup.documents
    paths = sorted(Path(po_dir).glob("*.po"))
    if not paths:
        raise FolioError("no .po files here", str(po_dir))
    for path in paths:
        po = po_reader.read(corpus, documents, path)
        result.warnings += po.warnings
        rel = path_for(po.document.key, po.lang)
        if rel in result.changes:
            raise FolioError(f"a second PO file for {po.document.key} in {po.lang} (the first "
                             f"is {result.sources[rel]})", str(path))
        target = Path(root) / rel
        stored = load(root, rel) if target.exists() else TranslationFile(po.document.key, po.lang, rel)
        units = lookup.units_of(po.document.key)
        placed = place(stored, units, po.document.language)
        offered = memory.untouched(corpus, po.document, po.lang, po.entries)  # not translations
        incoming = TranslationFile(po.document.key, po.lang, rel, {
            item.unit: Entry(item.unit, item.text, item.source, fingerprint(item.source),
                             item.comment, item.line, item.fuzzy) for item in po.entries
            if item.unit not in offered})
        corrected = frozenset(t.unit for t in corpus.translations.values() if t.lang == po.lang and t.corrected)
        merged, changes = merge(stored, placed, place(incoming, units, po.document.language),
                                po.empty, prune=prune, corrected=corrected)
        result.changes[rel], result.sources[rel] = changes, str(path)
        if not merged.entries and not merged.orphaned and not target.exists():
            continue  # nothing translated yet: no empty file to keep around
        text = dump(merged, order, po.document.title)
        if not (target.exists() and target.read_text("utf-8") == text):
            files[target] = text
            result.written.append(rel)
    write_files_atomic(files)
    return result
