"""build/corpus.json: the corpus as one flat table of units, in document order.

The file is meant to be diffed between builds, so its bytes depend on the corpus alone: keys
in a fixed order, no timestamps, no absolute paths.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from ..model import LANGUAGES, Corpus, Document, Reference, Side, Unit
from ..version import folio_version

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


def reference_to_json(ref: Reference) -> dict[str, Any]:
    data = dataclasses.asdict(ref)
    data["kind"], data["status"] = str(ref.kind), str(ref.status)
    return data


def corpus_to_json(corpus: Corpus) -> dict[str, Any]:
    return {
        "folio_version": folio_version(),
        "documents": [document_entry(document) for document in corpus.documents],
        "units": [unit_to_json(unit) for unit in corpus.units.values()],
        # Backlinks are these read the other way (target_id), so they are not stored twice.
        "references": [reference_to_json(ref) for ref in corpus.references],
    }


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def write_corpus_json(corpus: Corpus, path: Path) -> Path:
    path.write_text(dumps(corpus_to_json(corpus)), encoding="utf-8", newline="\n")
    return path
