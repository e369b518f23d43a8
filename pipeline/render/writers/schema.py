"""build/corpus.schema.json: a JSON Schema (draft 2020-12) for corpus.json, made from KINDS.

The schema is generated, never hand-written, so that a kind, attribute or field added to
:data:`pipeline.core.model.KINDS` is described (and enforced) the moment it exists.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from ...core.model import KINDS, LANGUAGES, Claims, Document, Kind, KindSpec, RefKind, RefProblem, RefStatus
from .corpus_json import SIDE_KEYS, dumps
from .facts_json import fact_schema

# No "$schema" keyword: its value would be a web address, and this project names no internet
# host in code. Validators are told the draft instead (jsonschema.Draft202012Validator).
DRAFT = "2020-12"


def corpus_schema() -> dict[str, Any]:
    defs: dict[str, Any] = {"document": _document(), "unit": _unit(), "reference": _reference(),
                            "translation": _translation(), "fact": fact_schema()}
    for kind, spec in KINDS.items():
        defs[f"kind-{kind}"] = _kind(kind, spec)
        defs[f"side-{kind}"] = _side(kind, spec)
    return {
        "title": "Folio corpus",
        "description": f"build/corpus.json as written by `folio build` (JSON Schema draft {DRAFT}, "
                       "generated from pipeline/core/model.py). Units are listed in document order.",
        "type": "object",
        "required": ["folio_version", "documents", "units", "references", "translations", "facts"],
        "additionalProperties": False,
        "properties": {
            "folio_version": {"type": "string"},
            "documents": {"type": "array", "items": {"$ref": "#/$defs/document"}},
            "units": {"type": "array", "items": {"$ref": "#/$defs/unit"}},
            "references": {"type": "array", "items": {"$ref": "#/$defs/reference"}},
            "translations": {"type": "array", "items": {"$ref": "#/$defs/translation"}},
            "facts": {"description": "unit id -> the rule facts bound to that unit, in the order of "
                                     "corpus/rules/<rulebook>.yaml; units in document order",
                      "type": "object", "additionalProperties": {
                          "type": "array", "minItems": 1, "items": {"$ref": "#/$defs/fact"}}},
        },
        "$defs": defs,
    }


def _document() -> dict[str, Any]:
    properties: dict[str, Any] = {}
    required = []
    for item in dataclasses.fields(Document):
        if item.default is dataclasses.MISSING:
            properties[item.name] = {"type": "string", "minLength": 1}
            required.append(item.name)
        else:
            properties[item.name] = {"type": ["string", "null"]}
    properties["language"] = {"enum": list(LANGUAGES)}
    return {"description": "A corpus/manifest.yaml entry; `source` is relative to the repository root.",
            "type": "object", "required": required, "additionalProperties": False,
            "properties": properties}


def _translation() -> dict[str, Any]:
    return {
        "description": "a stored translation: the unit it is placed on (a translation follows its "
                       "source sentence), how it stands, and where it is kept; `stored_under` is "
                       "the id it is stored under when that differs (the source was renumbered); "
                       "`source_corrected`: still current though its source was corrected since "
                       "(spelling, punctuation or quote marks only)",
        "type": "object", "required": ["unit", "lang", "status", "path", "line"],
        "additionalProperties": False,
        "properties": {"unit": {"type": "string"}, "lang": {"enum": list(LANGUAGES)},
                       "status": {"enum": ["translated", "stale", "fuzzy", "orphaned"]},
                       "path": {"type": "string"}, "line": {"type": "integer", "minimum": 1},
                       "stored_under": {"type": "string"}, "source_corrected": {"const": True}},
    }


def _reference() -> dict[str, Any]:
    text = {"type": "string"}
    optional = {"type": ["string", "null"]}
    line = {"type": "integer", "minimum": 1}
    properties = {
        "source": text, "lang": {"enum": list(LANGUAGES)}, "kind": {"enum": [str(k) for k in RefKind]},
        "text": text, "target": text, "path": text, "line": line, "col": line,
        "claims": _claims(),
        "status": {"enum": [str(s) for s in RefStatus]}, "target_id": optional, "note": optional,
        "problem": {"enum": [None, *(str(p) for p in RefProblem)]},
    }
    return {"description": "A cross-reference as written in the side `lang` of unit `source`, and "
                           "where it leads: `target_id` is a unit id when resolved; `note` says "
                           "which rulebook an external target is in, or why it is unresolved.",
            "type": "object", "required": list(properties), "additionalProperties": False,
            "properties": properties}


def _claims() -> dict[str, Any]:
    """What the words around a reference say of its target: one optional key per field of
    :class:`~pipeline.core.model.Claims`, each with the words as written."""
    return {"type": "object", "additionalProperties": False,
            "properties": {f.name: {"type": "string", "minLength": 1} for f in dataclasses.fields(Claims)}}


def _unit() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["id", "kind", "parent", "document", "children", "attrs", "sides"],
        "additionalProperties": False,
        "properties": {
            "id": {"type": "string", "minLength": 1},
            "kind": {"enum": [str(kind) for kind in Kind]},
            "parent": {"type": ["string", "null"]},
            "document": {"type": "string", "minLength": 1},
            "children": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
            "attrs": {"type": "object"},
            "sides": {"type": "object", "propertyNames": {"enum": list(LANGUAGES)}, "minProperties": 1},
        },
        # One if/then per kind rather than a oneOf: a unit that breaks its kind's rules is
        # then reported against that kind alone, not against every alternative.
        "allOf": [{"if": {"required": ["kind"], "properties": {"kind": {"const": str(kind)}}},
                   "then": {"$ref": f"#/$defs/kind-{kind}"}} for kind in KINDS],
    }


def _kind(kind: Kind, spec: KindSpec) -> dict[str, Any]:
    holds = ", ".join(sorted(str(child) for child in spec.children)) or "nothing"
    return {
        "description": f"{spec.doc} May hold: {holds}.",
        "properties": {
            "parent": {"type": "null"} if kind == Kind.DOCUMENT else {"type": "string"},
            "attrs": {"type": "object", "additionalProperties": False,
                      "properties": {name: {"type": type_} for name, type_ in spec.attrs.items()}},
            "sides": {"additionalProperties": {"$ref": f"#/$defs/side-{kind}"}},
        },
    }


def _side(kind: Kind, spec: KindSpec) -> dict[str, Any]:
    clash = set(spec.fields) & set(SIDE_KEYS)
    if clash:
        raise ValueError(f"{kind} declares side field(s) {sorted(clash)} that a side already has")
    line = {"type": "integer", "minimum": 1}
    properties: dict[str, Any] = {"text": {"type": "string"}, "path": {"type": "string", "minLength": 1},
                                  "line_start": line, "line_end": line}
    properties.update({name: {"type": type_} for name, type_ in spec.fields.items()})
    return {"description": f"One language version of a {kind}: its own source lines, where they "
                           "come from, and its parsed fields.",
            "type": "object", "required": list(SIDE_KEYS), "additionalProperties": False,
            "properties": properties}


def write_schema(path: Path) -> Path:
    path.write_text(dumps(corpus_schema()), encoding="utf-8", newline="\n")
    return path
