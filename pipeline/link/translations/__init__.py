"""Translations as corpus data: attached to units as extra language sides, stale-aware.

A side's fields are read by the parser of its document's format, which the driver hands over
as ``read_side`` (pipeline.parse.translated_side): the format is known to its parser only.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from pathlib import Path

from ...core.errors import FolioError
from ...core.lookup import Lookup
from ...core.model import Corpus, Document, Side, Translation, Unit
from ...editions.align import How, without_marker
from ...editions.worddiff import Misspellings, correction
from .realign import Placement, place, renumbered
from .store import document_of, fingerprint, load_all

#: (document, unit, text, path, line_start, line_end) -> the unit's side in a translation
SideReader = Callable[[Document, Unit, str, str, int, int], Side]


def attach(corpus: Corpus, root: Path, read_side: SideReader, done: frozenset[str] = frozenset(),
           misspellings: Misspellings | None = None, *, jobs: int = 1) -> None:
    """Give every translated unit its side in the translation's language, each stored
    translation placed on the unit whose source is the sentence it translates
    (pipeline/link/translations/realign.py); the ones with no such unit go to ``corpus.orphaned``.
    A translation whose source was only corrected since (``misspellings`` tells a slip from a
    real word, pipeline/editions/worddiff.py:correction) stays current, marked ``corrected``.

    ``done``: documents whose translations a build kept (pipeline/incremental/loaded.py): their units have
    their sides and ``corpus`` their translations and orphans already; their files are not read.
    ``jobs``: the processes the files are read on."""
    lookup = Lookup(corpus)
    documents = lookup.documents
    for translation in load_all(root, done, jobs=jobs):
        document = documents.get(translation.document)
        if document is None:
            close = difflib.get_close_matches(translation.document, list(documents), n=1)
            raise FolioError(f"no document {translation.document!r} in the manifest"
                             + (f"; did you mean {close[0]}?" if close else ""), translation.path)
        if translation.lang == document.language:
            raise FolioError(f"{document.key} is written in {document.language}: it cannot be "
                             "translated into its own language", translation.path)
        for placement in place(translation, lookup.units_of(document.key), document.language):
            _attach_one(corpus, placement, translation.lang, translation.path, document, read_side,
                        misspellings=misspellings)
        for entry in translation.orphaned:  # set aside by an import: placed nowhere
            _attach_one(corpus, Placement(entry, None), translation.lang, translation.path,
                        document, read_side, set_aside=True)
    if done:
        _in_file_order(corpus)


def _in_file_order(corpus: Corpus) -> None:
    """Translations and orphans in the order of their files, within a file in the order placed,
    as attaching every file in turn leaves them: the order corpus.json lists them in."""
    translations = sorted(corpus.translations.items(), key=lambda item: item[1].path)  # stable
    corpus.translations = dict(translations)
    orphans = sorted((t for found in corpus.orphaned.values() for t in found), key=lambda t: t.path)
    corpus.orphaned = {}
    for orphan in orphans:
        corpus.orphaned.setdefault(_document_key(orphan.path), []).append(orphan)


def _document_key(path: str) -> str:
    return document_of(path.rsplit("/", 1)[-1]) or ""  # store.load() refused any other name


def _attach_one(corpus: Corpus, placement: Placement, lang: str, path: str, document: Document,
                read_side: SideReader, *, set_aside: bool = False,
                misspellings: Misspellings | None = None) -> None:
    entry = placement.entry
    if placement.unit is None:
        corpus.orphaned.setdefault(document.key, []).append(Translation(
            entry.unit, lang, entry.text, entry.source, entry.fingerprint, path, entry.line,
            entry.comment, fuzzy=entry.fuzzy, closest=placement.closest,
            similarity=placement.similarity, set_aside=set_aside))
        return
    unit = corpus.units[placement.unit]
    source = unit.sides[document.language]
    text = entry.text
    if placement.moved:
        text = renumbered(text, entry.source, source.text)
    end = entry.line + entry.text.count("\n")
    unit.sides[lang] = read_side(document, unit, text, path, entry.line, end)
    # a sentence that only changed its number is still the sentence that was translated, and
    # so is one whose spelling or punctuation was corrected
    edited = placement.how != How.MOVED and fingerprint(source.text) != entry.fingerprint
    bare = without_marker if placement.moved else str  # a renumbered marker is no correction
    corrected = edited and correction(bare(entry.source), bare(source.text), document.language, misspellings)
    corpus.translations[(unit.id, lang)] = Translation(
        unit.id, lang, text, entry.source, entry.fingerprint, path, entry.line, entry.comment,
        stale=edited and not corrected,
        fuzzy=entry.fuzzy or (placement.how == How.MOVED_CHANGED and not corrected),
        moved_from=entry.unit if placement.moved else None, similarity=placement.similarity,
        corrected=corrected)
