"""Each document as the load stage left it, kept in build/.cache/ for the next build.

A document's units with their translated sides, its translations and orphans and the reader's
notes depend on its manifest entry, its source, its translation files and Folio's code, which
is what :meth:`~pipeline.incremental.fingerprint.Fingerprint.document` digests: an unchanged document is
neither read, parsed nor translated again. Its references are kept twice: as extracted from its
text (by the same digest) and as resolved, by that digest and the digest of what its rulebook
offers them (:func:`pipeline.link.references.offered`), so an edit that renumbers no rule, event or
step re-resolves the references of no other document.

A document's entry is pickled (it holds the model's own objects) and read back by
:mod:`pipeline.incremental.pickled`, which resolves nothing but the model's classes; references are JSON rows.
Each is checked for its shape as it is read (:func:`_loaded`, :func:`_references`): an entry
that is not what a build writes is a miss, and the document is loaded again.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from dataclasses import dataclass

from ..core.diagnostics import Diagnostic, Text
from ..core.model import (
    NO_CLAIMS,
    Claims,
    Corpus,
    Document,
    Reference,
    RefKind,
    RefProblem,
    RefStatus,
    Translation,
    Unit,
)
from ..link.references import offered
from ..util import collector
from . import pickled
from .entries import conforms
from .fingerprint import digest
from .store import Store

LOADED, FOUND, RESOLVED = "loaded", "refs-found", "refs-resolved"


@dataclass
class Loaded:
    units: list[Unit]  # with their translated sides
    notes: list[Diagnostic]  # what reading the source had to say
    translations: list[Translation]  # in the order attached
    orphaned: list[Translation]
    offered: str  # what the document offers other documents' references


class DocumentCache:
    """The store's entries of documents (a :class:`~pipeline.link.references.LinkCache`)."""

    def __init__(self, store: Store):
        self.cache = store
        self._offered: dict[str, str] = {}

    def key(self, document: Document) -> str:
        return self.cache.document(document)

    def loaded(self, document: Document) -> Loaded | None:
        found = self.cache.get(LOADED, self.key(document), _loaded)
        if found is None:
            return None
        self._offered[document.key] = found.offered
        return found

    def reused(self, documents: list[Document], outdated: Collection[str]) -> dict[str, Loaded | None]:
        """:meth:`loaded` of each document the build's plan does not read again (None for the
        others), by key, read with the collector paused (:func:`~pipeline.util.collector.paused`): their objects
        are plain data, freed by their reference counts, and each full collection the reading would
        otherwise set off walks every object read so far again (half the CPU of reading them at x100)."""
        with collector.paused():
            return {d.key: None if d.key in outdated else self.loaded(d) for d in documents}

    def outdated(self, documents: list[Document]) -> None:
        """The documents the build's plan reads again: never asked for, counted as made."""
        self.cache.count(f"{LOADED} made", len(documents))

    def keep(self, corpus: Corpus, fresh: list[Document], notes: dict[str, list[Diagnostic]]) -> None:
        """Put the documents just read, parsed and translated into the cache."""
        if not self.cache.keeps or not fresh:
            return
        keys = {d.key for d in fresh}
        units: dict[str, list[Unit]] = {key: [] for key in keys}
        for unit in corpus.units.values():
            if unit.document in keys:
                units[unit.document].append(unit)
        translations: dict[str, list[Translation]] = {key: [] for key in keys}
        for translation in corpus.translations.values():
            owner = corpus.units[translation.unit].document
            if owner in keys:
                translations[owner].append(translation)
        for document in fresh:
            _share_strings(units[document.key], [*translations[document.key], *corpus.orphaned.get(document.key, [])])
            entry = Loaded(units[document.key], notes.get(document.key, []), translations[document.key],
                           corpus.orphaned.get(document.key, []), offered(units[document.key], corpus))
            self._offered[document.key] = entry.offered
            self.cache.put(LOADED, self.key(document), pickled.dumps(entry))

    # the link stage's questions (pipeline/link/references/__init__.py)

    def offered(self, document: Document, units: list[Unit], corpus: Corpus) -> str:
        if not self.cache.keeps:  # nothing is kept to be resolved again: no digest to make
            return ""
        if document.key not in self._offered:
            self._offered[document.key] = offered(units, corpus)
        return self._offered[document.key]

    def resolved(self, document: Document, scope: str) -> list[Reference] | None:
        found = self.cache.get(RESOLVED, digest(self.key(document), scope), _references)
        if found is None:
            return None
        self.cache.keep(FOUND, self.key(document))  # for a build whose rulebook's targets change
        return found

    def found(self, document: Document) -> list[Reference] | None:
        return self.cache.get(FOUND, self.key(document), _references)

    def keep_found(self, document: Document, references: list[Reference]) -> None:
        self.cache.put_json(FOUND, self.key(document), [_row(ref) for ref in references])

    def keep_resolved(self, document: Document, scope: str, references: list[Reference]) -> None:
        self.cache.put_json(RESOLVED, digest(self.key(document), scope), [_row(ref) for ref in references])


def _share_strings(units: list[Unit], translations: list[Translation]) -> None:
    """Make the equal strings of one document's units and translations one object each: a
    field that repeats its side's text, the source text a translation was made from, the paths
    and ids written on every unit. The entry pickles each text once and reads back as many
    objects fewer (a quarter of a kept document's memory); and its bytes follow from its value,
    whichever strings the parser happened to share."""
    table: dict[str, str] = {}
    one = table.setdefault
    for unit in units:
        unit.id, unit.document = one(unit.id, unit.id), one(unit.document, unit.document)
        if unit.parent is not None:
            unit.parent = one(unit.parent, unit.parent)
        unit.children[:] = [one(child, child) for child in unit.children]
        for side in unit.sides.values():
            side.text, side.path = one(side.text, side.text), one(side.path, side.path)
            for name, value in side.fields.items():
                if type(value) is str:
                    side.fields[name] = one(value, value)
    for t in translations:
        t.unit, t.lang, t.path = one(t.unit, t.unit), one(t.lang, t.lang), one(t.path, t.path)
        t.text, t.source = one(t.text, t.text), one(t.source, t.source)
        t.fingerprint = one(t.fingerprint, t.fingerprint)


# References are kept as JSON rows, not pickled: a pickle's bytes depend on which equal strings
# are one object, and references re-resolved from kept ones must leave the bytes a clean build
# leaves (two builds of the same inputs write the same build/).

def _row(ref: Reference) -> list:
    return [ref.source, ref.lang, str(ref.kind), ref.text, ref.target, ref.path, ref.line, ref.col,
            ref.claims.to_json(), str(ref.status), ref.target_id, ref.note,
            None if ref.problem is None else str(ref.problem),
            None if ref.note_words is None else ref.note_words.to_json()]


def _loaded(data: bytes) -> Loaded | None:
    """A document's entry, when it is one: a pickle of other classes, or of the model's in
    other places, is not (the document is loaded again)."""
    found = pickled.loads(data)
    if not isinstance(found, Loaded) or not isinstance(found.offered, str):
        return None
    for items, kind in ((found.units, Unit), (found.notes, Diagnostic), (found.translations, Translation),
                        (found.orphaned, Translation)):
        if not isinstance(items, list) or not all(isinstance(item, kind) for item in items):
            return None
    return found


def _references(data: bytes) -> list[Reference]:
    shared: dict[str, str] = {}  # the path, lang and source repeated row after row: one object each
    return [_reference(row, shared.setdefault) for row in json.loads(data)]


def _reference(row: list, one: Callable[[str, str], str]) -> Reference:
    """A reference from its row, refusing a row of other types (ValueError): the enums refuse
    their own, the rest is checked here, written out, since a warm build at x100 reads tens of
    thousands of rows (:func:`~pipeline.incremental.entries.conforms` would triple the cost)."""
    source, lang, kind, text, target, path, line, col, claims, status, target_id, note, problem, words = row
    if words is not None:
        words = Text.from_json(words)
    if not (type(line) is int and type(col) is int and all(type(v) is str for v in (source, lang, text, target, path))
            and all(v is None or type(v) is str for v in (target_id, note)) and type(claims) is dict
            and all(v is None or type(v) is str for v in claims.values())
            and (words is None or conforms(words, Text))):
        raise ValueError("a reference row of other types")
    return Reference(one(source, source), one(lang, lang), RefKind(kind), text, target, one(path, path), line, col,
                     Claims(**claims) if claims else NO_CLAIMS, RefStatus(status), target_id, note,
                     None if problem is None else RefProblem(problem), words)
