"""PO exchange: translators work in Poedit, OmegaT or Weblate, not in YAML.

One PO file per document and language. ``msgctxt`` is the unit id (stable, unlike line
numbers), ``msgid`` the source side's text, ``msgstr`` the translation; a stale translation is
``fuzzy`` with the source it was made from as ``#| msgid``; a translation placed on no unit
(orphaned) is an obsolete ``#~`` entry, as msgmerge keeps one. Import checks every file before
it writes anything, takes an entry left as it was exported as no change at all, and writes a
translation file only when it takes something from its PO file: an export followed by an
import without edits changes no byte, whatever happened to the sources in between.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from ...core.errors import FolioError
from ...core.labels import context_title, label
from ...core.lookup import Lookup
from ...core.model import Corpus, Document, Translation
from ...util.atomic import clear_stale_files, write_files_atomic
from ...util.git import Revision, revision
from . import memory, po_reader
from .merge import Changes, merge
from .po_writer import po_bytes
from .realign import place
from .store import DIRECTORY, Entry, TranslationFile, dump, fingerprint, load, path_for

#: the date of a header when the project's files are not at hand: fixed, so that two exports
#: of the same corpus stay identical
_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
_PROJECT = po_reader.PROJECT


@dataclass
class ImportResult:
    written: list[str] = field(default_factory=list)  # translation files rewritten
    changes: dict[str, Changes] = field(default_factory=dict)  # per translation file
    sources: dict[str, str] = field(default_factory=dict)  # the PO file each came from
    warnings: list[str] = field(default_factory=list)
    #: the temporary files an earlier import left when it was interrupted (now removed)
    interrupted: list[str] = field(default_factory=list)


def export(corpus: Corpus, lang: str, out_dir: Path, root: Path | None = None) -> list[Path]:
    """One PO file per document not written in ``lang``. ``root``, the project, dates the
    headers from its files' revisions (without it, a fixed date)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for document in corpus.documents:
        if document.language == lang:
            continue
        path = out_dir / f"{document.key}.{lang}.po"
        path.write_bytes(po_bytes(catalog_for(corpus, document, lang, root)))
        written.append(path)
    return written


class _Catalog(Catalog):
    """A catalog whose header says nothing rather than Babel's placeholders: msgfmt --check
    warns about `Last-Translator: FULL NAME <EMAIL@ADDRESS>`, and Folio has no address to
    report a msgid's bugs to."""

    translator = ""  # "Name <email>", or empty: nobody known

    def _get_mime_headers(self) -> list[tuple[str, str]]:
        return [(name, self.translator if name == "Last-Translator" else value)
                for name, value in super()._get_mime_headers()
                if name not in ("Report-Msgid-Bugs-To", "Generated-By")]

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
        text, fuzzy, previous, comment = _exported(translation)
        message = Message(source.text, text, locations=[(source.path, source.line_start)],
                          auto_comments=[line for line in about if line],
                          user_comments=comment.split("\n") if comment else [],
                          context=unit.id)
        message.flags.discard("python-format")  # "50% (rounded up)" is prose, not a format
        if fuzzy:
            message.flags.add("fuzzy")
        if previous is not None:
            message.previous_id = [previous]
        if unit.id in suggested:  # offered, never stored: fuzzy until a translator takes it
            message.string = suggested[unit.id].text
            message.flags.add("fuzzy")
            message.auto_comments.append(suggested[unit.id].comment)
        catalog[source.text] = message
    _add_orphans(catalog, corpus.orphaned.get(document.key, []), lang)
    return catalog


def _exported(translation: Translation | None) -> tuple[str, bool, str | None, str | None]:
    """What the export shows of a unit's translation: msgstr, fuzzy, previous msgid (the source
    a stale one was made from), translator's comment."""
    if translation is None:
        return "", False, None, None
    return (translation.text, translation.stale or translation.fuzzy,
            translation.source if translation.stale else None, translation.comment)


def _add_orphans(catalog: Catalog, orphans: list[Translation], lang: str) -> None:
    """A translation placed on no unit is kept in its file and shown to the translator as an
    obsolete entry (`#~`), as msgmerge keeps a message that left the template: there to copy
    from, ignored by the import (the stored one stays either way)."""
    for orphan in orphans:
        key = (orphan.source, orphan.unit)
        if orphan.lang != lang or key in catalog.obsolete or catalog.get(*key) is not None:
            continue
        message = Message(orphan.source, orphan.text, context=orphan.unit,
                          user_comments=orphan.comment.split("\n") if orphan.comment else [])
        message.flags.discard("python-format")
        if orphan.fuzzy:
            message.flags.add("fuzzy")
        catalog.obsolete[key] = message


def _revisions(root: Path | None, document: Document, lang: str) -> tuple[Revision | None, Revision | None]:
    """The revisions of the document's source and of its translation file (None: no file)."""
    if root is None:
        return None, None
    return revision(root, document.source), revision(root, path_for(document.key, lang))


def _catalog_words(lang: str):
    """The gettext of Folio's catalogs in ``lang``: the words of the units' labels."""
    from ...i18n import catalogs as i18n  # the catalogs live with the website's; loaded for an export only

    return i18n.committed(lang).gettext


def import_po(corpus: Corpus, root: Path, po_dir: Path, *, prune: bool = False) -> ImportResult:
    """Merge every PO file in ``po_dir`` into corpus/translations/: each file is read and
    checked first, then all are written at once (pipeline/link/translations/merge.py)."""
    result = ImportResult()
    files: dict[Path, str] = {}
    order = list(corpus.units)
    lookup = Lookup(corpus)
    documents = lookup.documents
    paths = sorted(Path(po_dir).glob("*.po"))
    if not paths:
        raise FolioError("no .po files here", str(po_dir))
    result.interrupted = clear_stale_files(Path(root) / DIRECTORY)
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
        shown = {message.context: message for message in catalog_for(corpus, po.document, po.lang)
                 if message.id}
        untouched = [item.unit for item in po.entries if _untouched(item, shown.get(item.unit))]
        incoming = TranslationFile(po.document.key, po.lang, rel, {
            item.unit: Entry(item.unit, item.text, item.source, fingerprint(item.source),
                             item.comment, item.line, item.fuzzy)
            for item in po.entries if item.unit not in untouched})
        merged, changes = merge(stored, placed, place(incoming, units, po.document.language),
                                po.empty, prune=prune, untouched=untouched)
        result.changes[rel], result.sources[rel] = changes, str(path)
        if not changes.taken:
            # nothing of the translator's: the file stays as it is, byte for byte; where its
            # translations are placed now is the build's to work out
            changes.unrecorded, changes.moved, changes.set_aside = changes.moved, [], []
            continue
        if not merged.entries and not merged.orphaned and not target.exists():
            continue  # nothing translated yet: no empty file to keep around
        text = dump(merged, order, po.document.title)
        if not (target.exists() and target.read_text("utf-8") == text):
            files[target] = text
            result.written.append(rel)
    write_files_atomic(files)
    return result


def _untouched(item: po_reader.Incoming, shown: Message | None) -> bool:
    """The entry is as the export of the corpus writes it now: no change (a suggestion the
    export offers, say, is not taken until the translator takes it)."""
    if shown is None:
        return False
    previous = shown.previous_id[0] if shown.previous_id else None
    return (item.msgid, item.text, item.flagged, item.previous, item.comment) == \
        (shown.id, shown.string, "fuzzy" in shown.flags, previous,
         po_reader.trimmed("\n".join(shown.user_comments)))
