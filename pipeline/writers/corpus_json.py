"""build/corpus.json: the corpus as one flat table of units, in document order.

The file is meant to be diffed between builds, so its bytes depend on the corpus alone: keys
in a fixed order, no timestamps, no absolute paths.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, Iterator

from ..model import LANGUAGES, Corpus, Document, Reference, Side, Translation, Unit
from ..rules.facts import Facts
from ..version import folio_version
from . import json_text
from .facts_json import facts_by_unit

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
                      prepared: dict[str, bytes] | None = None, facts: Facts | None = None) -> Path:
    """Write corpus.json. With a build's ``cache`` and ``keys`` (document key -> digest of what
    its units come from), a document whose digest did not change keeps the text the last build
    serialised its units to: the file is assembled, its bytes those of :func:`dumps`.
    ``prepared`` holds documents' :func:`units_fragment`, made beforehand (on other cores);
    ``facts`` are the rule facts, listed per unit they are bound to."""
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for piece in _pieces(corpus, cache, keys, prepared or {}, facts):  # written piece by piece: a
            out.write(piece)  # large corpus's file would be held in memory two or three times over
    return path


def units_fragment(units: list[Unit]) -> bytes:
    """One document's units as they stand in corpus.json's list of units."""
    return ",\n".join(_item(unit_to_json(unit)) for unit in units).encode("utf-8")


def _assembled(corpus: Corpus, cache, keys: dict[str, str] | None, facts: Facts | None = None) -> str:
    return "".join(_pieces(corpus, cache, keys, {}, facts))


def _pieces(corpus: Corpus, cache, keys: dict[str, str] | None, prepared: dict[str, bytes],
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
        key = f"{keys[document]}-units" if keys and document in keys and cache is not None else None
        text = cache.get("json", key) if key else None
        if text is None:
            text = prepared.get(document) or units_fragment(units)
            if key:
                cache.put("json", key, text)
        yield (",\n" if number else "") + text.decode("utf-8")
    yield ("\n ]" if groups else "") + f',\n {json.dumps("references")}: '
    yield _array([_item(reference_to_json(ref)) for ref in corpus.references])
    yield f',\n {json.dumps("translations")}: ' + _array([_item(t) for t in translations_to_json(corpus)])
    yield f',\n {json.dumps("facts")}: ' + _object(facts_by_unit(corpus, facts)) + "\n}\n"


def _item(value: Any) -> str:
    """``value`` as :func:`dumps` writes it as an item of a top-level list: two levels deep.
    A JSON string holds no line break (it is escaped), so indenting every line is exact."""
    return "  " + json_text.dumps(value, 2)


def _object(value: dict[str, Any]) -> str:
    """``value`` as :func:`dumps` writes it as a top-level member: indented one level."""
    return json_text.dumps(value, 1)


def _array(items: list[str]) -> str:
    return "[\n" + ",\n".join(items) + "\n ]" if items else "[]"
