"""build/corpus.json: the corpus as one flat table of units, in document order.

The file is meant to be diffed between builds, so its bytes depend on the corpus alone: keys
in a fixed order, no timestamps, no absolute paths.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Iterable, Iterator, Mapping
from json.encoder import encode_basestring
from pathlib import Path
from typing import Any

from ...core.model import LANGUAGES, Corpus, Document, Reference, Side, Translation, Unit
from ...core.version import folio_version
from ...incremental.fingerprint import digest
from ...incremental.store import NULL, Store
from ...rules.facts import Facts
from . import json_text
from .facts_json import fact_to_json, facts_by_unit

#: Keys every side has; a side's parsed fields sit beside them, so no field may reuse them.
SIDE_KEYS = ("text", "path", "line_start", "line_end")


def document_entry(document: Document) -> dict[str, Any]:
    return dataclasses.asdict(document)


def present_attrs(unit: Unit) -> dict[str, Any]:
    # A parser may record an attribute it could not fill as None; absent and None mean the
    # same, and leaving None out keeps every attribute's declared type simple.
    return {name: value for name, value in unit.attrs.items() if value is not None}


def ordered_sides(unit: Unit) -> list[tuple[str, Side]]:
    known = [(lang, unit.sides[lang]) for lang in LANGUAGES if lang in unit.sides]
    return known + [(lang, side) for lang, side in unit.sides.items() if lang not in LANGUAGES]


def side_to_json(side: Side) -> dict[str, Any]:
    data: dict[str, Any] = {"text": side.text, "path": side.path,
                            "line_start": side.line_start, "line_end": side.line_end}
    for name, value in side.fields.items():
        if name in SIDE_KEYS:
            raise ValueError(f"side field {name!r} would overwrite the side's own {name!r}")
        data[name] = value
    return data


def unit_to_json(unit: Unit) -> dict[str, Any]:
    return {
        "id": unit.id,
        "kind": str(unit.kind),
        "parent": unit.parent,
        "document": unit.document,
        "children": list(unit.children),
        "attrs": present_attrs(unit),
        "sides": {lang: side_to_json(side) for lang, side in ordered_sides(unit)},
    }


_REFERENCE_FIELDS = tuple(f.name for f in dataclasses.fields(Reference) if f.name != "note_words")


def reference_to_json(ref: Reference) -> dict[str, Any]:
    # asdict's order and values, without its deep copy: the one nested dataclass (claims) is
    # replaced below anyway
    data = {name: getattr(ref, name) for name in _REFERENCE_FIELDS}
    data["kind"], data["status"] = str(ref.kind), str(ref.status)
    data["claims"] = ref.claims.to_json()
    data["problem"] = None if ref.problem is None else str(ref.problem)
    return data


def translation_to_json(corpus: Corpus, translation: Translation, *, orphaned: bool = False) -> dict[str, Any]:
    """Where a stored translation stands: a programmer sees which sides are finished."""
    status = "orphaned" if orphaned else str(corpus.status(corpus.units[translation.unit], translation.lang))
    data: dict[str, Any] = {"unit": translation.unit, "lang": translation.lang, "status": status,
                            "path": translation.path, "line": translation.line}
    if translation.moved_from is not None:  # it followed its renumbered source sentence
        data["stored_under"] = translation.moved_from
    if translation.corrected:  # current, though its source's spelling was corrected since
        data["source_corrected"] = True
    return data


def translations_to_json(corpus: Corpus) -> list[dict[str, Any]]:
    found = [translation_to_json(corpus, t) for t in corpus.translations.values()]
    return found + [translation_to_json(corpus, t, orphaned=True)
                    for orphans in corpus.orphaned.values() for t in orphans]


def corpus_to_json(corpus: Corpus, facts: Facts | None = None) -> dict[str, Any]:
    return {
        "folio_version": folio_version(),
        "documents": [document_entry(document) for document in corpus.documents],
        "units": [unit_to_json(unit) for unit in corpus.units.values()],
        # Backlinks are these read the other way (target_id), so they are not stored twice.
        "references": [reference_to_json(ref) for ref in corpus.references],
        "translations": translations_to_json(corpus),
        # Beside the units, not inside them: a fact edited leaves every unit's text as it was
        # (and a build's cached fragments of unchanged documents with it).
        "facts": facts_by_unit(corpus, facts),
    }


def dumps(data: Any) -> str:
    return json_text.dumps(data) + "\n"


def write_corpus_json(corpus: Corpus, path: Path, *, store: Store = NULL,
                      prepared: Mapping[str, bytes] | None = None, facts: Facts | None = None) -> Path:
    """Write corpus.json. A document whose inputs did not change keeps the text the last build
    serialised its units, references, translations and facts to, when the ``store`` holds it
    (each named by the document's key and the digests of the files its facts come from): the
    file is assembled, its bytes those of :func:`dumps`. ``prepared`` holds documents'
    :func:`units_fragment`, made beforehand (on other cores); ``facts`` are the rule facts,
    listed per unit they are bound to."""
    kept = _Kept(store, corpus)
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for piece in _pieces(corpus, kept, prepared or {}, facts):  # written piece by piece: a
            out.write(piece)  # large corpus's file would be held in memory two or three times over
    return path


def units_fragment(units: list[Unit]) -> bytes:
    """One document's units as they stand in corpus.json's list of units."""
    return ",\n".join(_item(unit_to_json(unit)) for unit in units).encode("utf-8")


def _assembled(corpus: Corpus, store: Store, facts: Facts | None = None) -> str:
    return "".join(_pieces(corpus, _Kept(store, corpus), {}, facts))


#: a document's parts after the units (:meth:`_Rest.serialised`), as its kept entry must be
REST = tuple[str, list[tuple[str, str]], str, str]


class _Kept:
    """The fragments of corpus.json the last build serialised, by document, each named by the
    digest of what it follows from, so an edit serialises only what it changed."""

    def __init__(self, store: Store, corpus: Corpus):
        self.store = store
        self.keys, self.files = store.documents(corpus.documents), store.fingerprint.files

    def units(self, document: str, make) -> bytes:
        if document not in self.keys:  # units of a document the manifest does not list
            return make()
        key = f"{self.keys[document]}-units"
        text = self.store.get("json", key)
        if text is None:
            text = make()
            self.store.put("json", key, text)
        return text

    def rest(self, document: str, make, *also: str) -> list:
        """``make()`` (plain JSON data), or what it made for the same document and ``also``: one
        entry per document, not one per part, since every entry is a file to open."""
        if document not in self.keys:
            return make()
        key = digest("rest", self.keys[document], *also)
        kept = self.store.get_json("json", key, REST)
        if kept is None:
            kept = make()
            self.store.put_json("json", key, kept)
        return kept

    def of_files(self, paths: set[str]) -> list[str]:
        return [f"{path}={self.files.get(path, '-')}" for path in sorted(paths)]


def _pieces(corpus: Corpus, kept: _Kept, prepared: Mapping[str, bytes],
            facts: Facts | None = None) -> Iterator[str]:
    groups: dict[str, list[Unit]] = {}
    for unit in corpus.units.values():
        if unit.document not in groups:
            groups[unit.document] = []
        elif next(reversed(groups)) != unit.document:  # a document's units not together
            yield dumps(corpus_to_json(corpus, facts))
            return
        groups[unit.document].append(unit)
    rest = _Rest(corpus, groups, facts)
    if rest.scattered:
        yield dumps(corpus_to_json(corpus, facts))
        return
    yield "{\n" + f' {json.dumps("folio_version")}: {json.dumps(folio_version(), ensure_ascii=False)},\n'
    yield f' {json.dumps("documents")}: ' + _array([_item(document_entry(d)) for d in corpus.documents])
    yield f',\n {json.dumps("units")}: ' + ("[\n" if groups else "[]")
    for number, (document, units) in enumerate(groups.items()):
        text = kept.units(document, lambda d=document, u=units: prepared.get(d) or units_fragment(u))
        yield (",\n" if number else "") + text.decode("utf-8")
    # each entry a list of its own: its parts are let go below, and the value read may be the one
    # `folio serve` keeps in memory for the next build (pipeline/incremental/memory.py)
    made = {document: list(kept.rest(document, lambda d=document: rest.serialised(d), *rest.inputs(document, kept)))
            for document in rest.documents()}
    # Each part is written as it is taken, and let go: joined into one string per section, the
    # references, translations and facts of every document would be in memory twice at once.
    yield ("\n ]" if groups else "") + f',\n {json.dumps("references")}: '
    yield from _streamed(_taken(made, 0, rest.references))
    yield f',\n {json.dumps("translations")}: '
    yield from _streamed(itertools.chain(
        (dict(made[document][1])[path] for path, document in rest.files.items()),
        _taken(made, 2, rest.orphans)))
    facts_members = _taken(made, 3, rest.facts)
    if rest.missing and facts is not None:
        facts_members = itertools.chain(facts_members, [_members(facts, rest.missing)])
    yield f',\n {json.dumps("facts")}: '
    opened = False
    for member in facts_members:
        yield (",\n  " if opened else "{\n  ") + member
        opened = True
    yield ("\n }" if opened else "{}") + "\n}\n"


def _taken(made: dict[str, list], part: int, documents: Iterable[str]) -> Iterator[str]:
    """Part ``part`` of each document's entry of ``made``, in the order of ``documents``, each
    dropped from ``made`` once taken (the entry is this writer's own list)."""
    for document in documents:
        entry = made[document]
        yield entry[part]
        entry[part] = ""


def _streamed(fragments: Iterable[str]) -> Iterator[str]:
    """The top-level list of ``fragments``' items (an empty fragment: no items), in pieces."""
    opened = False
    for fragment in fragments:
        if fragment:
            yield ("[\n" if not opened else ",\n") + fragment
            opened = True
    yield "\n ]" if opened else "[]"


class _Rest:
    """A document's references, translations (by file), orphaned translations and facts: the
    parts of corpus.json after the units, each in the corpus's order."""

    def __init__(self, corpus: Corpus, groups: dict[str, list[Unit]], facts: Facts | None):
        self.corpus, self.facts_of = corpus, facts
        references = _grouped(corpus.references, lambda ref: corpus.units[ref.source].document)
        translations = _grouped(corpus.translations.values(), lambda t: t.path)
        #: a document's references or a file's translations not together: no fragments
        self.scattered = references is None or translations is None
        self.references: dict[str, list[Reference]] = references or {}
        self.translations: dict[str, list[Translation]] = translations or {}
        if self.scattered:
            return
        #: translation file -> its document, in the corpus's order of the files
        self.files = {path: corpus.units[found[0].unit].document for path, found in self.translations.items()}
        self.files_of: dict[str, list[str]] = {}
        for path, document in self.files.items():
            self.files_of.setdefault(document, []).append(path)
        self.orphans = {document: found for document, found in corpus.orphaned.items() if found}
        self.facts: dict[str, list[str]] = {}
        self.missing: list[str] = []
        if facts is not None:
            for document, units in groups.items():
                bound = [unit.id for unit in units if facts.bound_to(unit.id)]
                if bound:
                    self.facts[document] = bound
            self.missing = [unit_id for unit_id in facts.by_unit if unit_id not in corpus.units]

    def documents(self) -> list[str]:
        return list(dict.fromkeys([*self.references, *self.files.values(), *self.orphans, *self.facts]))

    def inputs(self, document: str, kept: _Kept) -> list[str]:
        """What the document's parts follow from besides its own inputs: what resolving its
        references set (other documents of its rulebook decide it) and its facts' files."""
        resolved = "\x1f".join(f"{ref.status}\x1e{ref.target_id}\x1e{ref.note}\x1e{ref.problem}"
                                for ref in self.references.get(document, ()))
        facts = self.facts_of
        paths = {fact.path for unit_id in self.facts.get(document, ()) if facts for fact in facts.bound_to(unit_id)}
        return [resolved, *kept.of_files(paths)]

    def serialised(self, document: str) -> list:
        """[references, [[file, translations] ...], orphaned translations, facts' members]."""
        corpus = self.corpus
        return [",\n".join(_item(reference_to_json(ref)) for ref in self.references.get(document, ())),
                [[path, ",\n".join(_item(translation_to_json(corpus, t)) for t in self.translations[path])]
                 for path in self.files_of.get(document, ())],
                ",\n".join(_item(translation_to_json(corpus, t, orphaned=True))
                            for t in self.orphans.get(document, ())),
                _members(self.facts_of, self.facts[document]) if self.facts_of and document in self.facts else ""]


def _grouped(items, group) -> dict[str, list] | None:
    """``items`` by ``group(item)``, or None when one group's items are not together."""
    found: dict[str, list] = {}
    last = None
    for item in items:
        name = group(item)
        if name != last:
            if name in found:
                return None
            found[name], last = [], name
        found[name].append(item)
    return found


def _members(facts: Facts, unit_ids: list[str]) -> str:
    return ",\n  ".join(encode_basestring(unit_id) + ": "
                         + json_text.dumps([fact_to_json(f) for f in facts.bound_to(unit_id)], 2)
                         for unit_id in unit_ids)


def _item(value: Any) -> str:
    """``value`` as :func:`dumps` writes it as an item of a top-level list: two levels deep.
    A JSON string holds no line break (it is escaped), so indenting every line is exact."""
    return "  " + json_text.dumps(value, 2)


def _array(items: list[str]) -> str:
    return "[\n" + ",\n".join(items) + "\n ]" if items else "[]"
