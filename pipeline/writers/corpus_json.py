"""build/corpus.json: the corpus as one flat table of units, in document order.

The file is meant to be diffed between builds, so its bytes depend on the corpus alone: keys
in a fixed order, no timestamps, no absolute paths.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from json.encoder import encode_basestring
from typing import Any, Iterator

from ..fingerprint import digest
from ..model import LANGUAGES, Corpus, Document, Reference, Side, Translation, Unit
from ..rules.facts import Facts
from ..version import folio_version
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


_REFERENCE_FIELDS = tuple(f.name for f in dataclasses.fields(Reference))


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
    if orphaned:
        status = "orphaned"
    else:
        status = str(corpus.status(corpus.units[translation.unit], translation.lang))
    data: dict[str, Any] = {"unit": translation.unit, "lang": translation.lang, "status": status,
                            "path": translation.path, "line": translation.line}
    if translation.moved_from is not None:  # it followed its renumbered source sentence
        data["stored_under"] = translation.moved_from
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


def write_corpus_json(corpus: Corpus, path: Path, *, cache=None, keys: dict[str, str] | None = None,
                      prepared: dict[str, bytes] | None = None, facts: Facts | None = None,
                      files: dict[str, str] | None = None) -> Path:
    """Write corpus.json. With a build's ``cache`` and ``keys`` (document key -> digest of what
    its units come from), a document whose digest did not change keeps the text the last build
    serialised its units, references, translations and facts to: the file is assembled, its
    bytes those of :func:`dumps`. ``prepared`` holds documents' :func:`units_fragment`, made
    beforehand (on other cores); ``facts`` are the rule facts, listed per unit they are bound
    to; ``files`` the digests of the input files (the facts' files among them)."""
    kept = _Kept(cache, keys, files)
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for piece in _pieces(corpus, kept, prepared or {}, facts):  # written piece by piece: a
            out.write(piece)  # large corpus's file would be held in memory two or three times over
    return path


def units_fragment(units: list[Unit]) -> bytes:
    """One document's units as they stand in corpus.json's list of units."""
    return ",\n".join(_item(unit_to_json(unit)) for unit in units).encode("utf-8")


def _assembled(corpus: Corpus, cache, keys: dict[str, str] | None, facts: Facts | None = None,
               files: dict[str, str] | None = None) -> str:
    return "".join(_pieces(corpus, _Kept(cache, keys, files), {}, facts))


class _Kept:
    """The fragments of corpus.json the last build serialised, by document: each named by the
    digest of what it follows from, so an edit serialises only what it changed."""

    def __init__(self, cache, keys: dict[str, str] | None, files: dict[str, str] | None):
        self.cache = cache if keys else None
        self.keys, self.files = keys or {}, files or {}

    def fragment(self, part: str, document: str, make, *also: str) -> str:
        """``make()``, or the text it made for the same document, ``part`` and ``also``."""
        if self.cache is None or document not in self.keys:
            return make()
        key = digest(part, self.keys[document], *also)
        text = self.cache.get("json", key)
        if text is not None:
            return text.decode("utf-8")
        made = make()
        self.cache.put("json", key, made.encode("utf-8"))
        return made

    def units(self, document: str, make) -> bytes:
        key = f"{self.keys[document]}-units" if self.cache is not None and document in self.keys else None
        text = self.cache.get("json", key) if key else None
        if text is None:
            text = make()
            if key:
                self.cache.put("json", key, text)
        return text

    def of_files(self, paths: set[str]) -> list[str]:
        return [f"{path}={self.files.get(path, '-')}" for path in sorted(paths)]


def _pieces(corpus: Corpus, kept: _Kept, prepared: dict[str, bytes],
            facts: Facts | None = None) -> Iterator[str]:
    groups: dict[str, list[Unit]] = {}
    for unit in corpus.units.values():
        if unit.document not in groups:
            groups[unit.document] = []
        elif next(reversed(groups)) != unit.document:  # a document's units not together
            yield dumps(corpus_to_json(corpus, facts))
            return
        groups[unit.document].append(unit)
    yield "{\n" + f' {json.dumps("folio_version")}: {json.dumps(folio_version(), ensure_ascii=False)},\n'
    yield f' {json.dumps("documents")}: ' + _array([_item(document_entry(d)) for d in corpus.documents])
    yield f',\n {json.dumps("units")}: ' + ("[\n" if groups else "[]")
    for number, (document, units) in enumerate(groups.items()):
        text = kept.units(document, lambda: prepared.get(document) or units_fragment(units))
        yield (",\n" if number else "") + text.decode("utf-8")
    yield ("\n ]" if groups else "") + f',\n {json.dumps("references")}: '
    yield _joined(_references(corpus, kept))
    yield f',\n {json.dumps("translations")}: ' + _joined(_translations(corpus, kept))
    yield f',\n {json.dumps("facts")}: ' + _facts(corpus, kept, groups, facts) + "\n}\n"


def _references(corpus: Corpus, kept: _Kept) -> list[str]:
    """The list's items, a fragment per document. What resolving a reference sets depends on
    other documents of its rulebook, so those fields name the fragment beside the document."""
    by_document: dict[str, list[Reference]] = {}
    for ref in corpus.references:
        by_document.setdefault(corpus.units[ref.source].document, []).append(ref)
    fragments = []
    for document, refs in by_document.items():
        resolved = "\x1f".join(f"{ref.status}\x1e{ref.target_id}\x1e{ref.note}\x1e{ref.problem}" for ref in refs)
        fragments.append(kept.fragment("references", document,
                                       lambda: ",\n".join(_item(reference_to_json(ref)) for ref in refs),
                                       resolved))
    return fragments


def _translations(corpus: Corpus, kept: _Kept) -> list[str]:
    """The list's items, a fragment per translation file (then per document's orphans): where a
    translation stands follows from its document's inputs alone."""
    by_file: dict[str, list[Translation]] = {}
    for translation in corpus.translations.values():
        by_file.setdefault(translation.path, []).append(translation)
    fragments = [kept.fragment("translations", corpus.units[found[0].unit].document,
                               lambda: ",\n".join(_item(translation_to_json(corpus, t)) for t in found), path)
                 for path, found in by_file.items()]
    fragments += [kept.fragment("orphaned", document,
                                lambda: ",\n".join(_item(translation_to_json(corpus, t, orphaned=True))
                                                    for t in orphans))
                  for document, orphans in corpus.orphaned.items() if orphans]
    return fragments


def _facts(corpus: Corpus, kept: _Kept, groups: dict[str, list[Unit]], facts: Facts | None) -> str:
    """The object's members, a fragment per document: its units' facts follow from the
    document and the files those facts are read from."""
    if facts is None:
        return "{}"
    fragments = []
    for document, units in groups.items():
        bound = [unit.id for unit in units if facts.bound_to(unit.id)]
        if bound:
            paths = {fact.path for unit_id in bound for fact in facts.bound_to(unit_id)}
            fragments.append(kept.fragment("facts", document, lambda: _members(facts, bound),
                                           *kept.of_files(paths)))
    missing = [unit_id for unit_id in facts.by_unit if unit_id not in corpus.units]
    if missing:
        fragments.append(_members(facts, missing))
    return "{\n  " + ",\n  ".join(fragments) + "\n }" if fragments else "{}"


def _members(facts: Facts, unit_ids: list[str]) -> str:
    return ",\n  ".join(encode_basestring(unit_id) + ": "
                         + json_text.dumps([fact_to_json(f) for f in facts.bound_to(unit_id)], 2)
                         for unit_id in unit_ids)


def _joined(fragments: list[str]) -> str:
    """Fragments of a top-level list's items as the list (an empty fragment: no items)."""
    return _array([fragment for fragment in fragments if fragment])


def _item(value: Any) -> str:
    """``value`` as :func:`dumps` writes it as an item of a top-level list: two levels deep.
    A JSON string holds no line break (it is escaped), so indenting every line is exact."""
    return "  " + json_text.dumps(value, 2)


def _object(value: dict[str, Any]) -> str:
    """``value`` as :func:`dumps` writes it as a top-level member: indented one level."""
    return json_text.dumps(value, 1)


def _array(items: list[str]) -> str:
    return "[\n" + ",\n".join(items) + "\n ]" if items else "[]"
