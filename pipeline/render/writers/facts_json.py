"""The rule facts in build/corpus.json: per unit, the facts bound to it, with their values.

A reader of the corpus (a designer's script, a translator's tool) sees what each unit decides
without loading corpus/rules/ and its schema: the value as data and as a person reads it, the
label players read, and the exact words the unit states it in, per language: a translated
side's as it says them now (pipeline/rules/rendering.py finds them again after a retranslation).
"""

from __future__ import annotations

from typing import Any

from ...core.model import LANGUAGES, Corpus
from ...rules.facts import VALUE_KEYS, Fact, Facts, Range


def fact_to_json(fact: Fact) -> dict[str, Any]:
    value: Any = fact.value
    if isinstance(value, Range):
        value = {"low": value.low, "high": value.high}
    elif isinstance(value, tuple):
        value = list(value)
    return {"id": fact.id, "type": fact.type, "value": value, "shown": fact.shown(),
            "measure": fact.measure, "label": _by_language(fact.label),
            "wording": {lang: list(words) for lang, words in _by_language(fact.wording).items()},
            "note": fact.note, "reading": _by_language(fact.readings) or None,
            "alternative": _by_language(fact.alternatives) or None,
            "prose_only": fact.prose_only, "path": fact.path, "line": fact.line}


def facts_by_unit(corpus: Corpus, facts: Facts | None) -> dict[str, list[dict[str, Any]]]:
    """Unit id -> its facts in file order; units in document order, then any unit the corpus
    lacks (``folio check`` reports those as rules-unit-missing) in the order of the files."""
    if facts is None:
        return {}
    bound = [unit_id for unit_id in corpus.units if facts.bound_to(unit_id)]
    bound += [unit_id for unit_id in facts.by_unit if unit_id not in corpus.units]
    return {unit_id: [fact_to_json(f) for f in facts.bound_to(unit_id)] for unit_id in bound}


def fact_schema() -> dict[str, Any]:
    text = {"type": "string", "minLength": 1}
    optional = {"type": ["string", "null"]}
    per_language = {"type": "object", "propertyNames": {"enum": list(LANGUAGES)}, "minProperties": 1}
    bound = {"type": ["integer", "null"]}
    reading = {"oneOf": [{"type": "null"}, {**per_language, "required": ["en"], "additionalProperties": text}]}
    values = {
        "number": {"type": "integer"},
        "range": {"type": "object", "required": ["low", "high"], "additionalProperties": False,
                  "properties": {"low": bound, "high": bound}},
        "period": {"type": "string", "pattern": "^[IVX]+$"},
        "text": text,
        "list": {"type": "array", "items": text, "minItems": 1},
    }
    return {
        "description": "A rule fact bound to this unit (corpus/rules/<rulebook>.yaml, at `path`:`line`): "
                       "its value (a range's `low`/`high` null at an open end), the value as a person "
                       "reads it (`shown`), the label players read and the exact words of the unit that "
                       "state it, per language (a translation's as it says them now: found again "
                       "when it was retranslated). Where the words read two ways, `reading` is the one "
                       "the rules take and `alternative` the other, per language (en always); "
                       "`prose_only` says why no "
                       "executable rule reads the fact.",
        "type": "object",
        "required": ["id", "type", "value", "shown", "measure", "label", "wording", "note", "reading",
                     "alternative", "prose_only", "path", "line"],
        "additionalProperties": False,
        "properties": {
            "id": text, "type": {"enum": list(VALUE_KEYS)}, "value": {}, "shown": {"type": "string"},
            "measure": optional, "label": {**per_language, "required": ["en"], "additionalProperties": text},
            "wording": {**per_language, "additionalProperties": {"type": "array", "items": text, "minItems": 1}},
            "note": optional, "reading": reading, "alternative": reading, "prose_only": optional,
            "path": text, "line": {"type": "integer", "minimum": 1},
        },
        "allOf": [{"if": {"properties": {"type": {"const": kind}}},
                   "then": {"properties": {"value": schema}}} for kind, schema in values.items()],
    }


def _by_language(values: dict[str, Any]) -> dict[str, Any]:
    return {lang: values[lang] for lang in (*LANGUAGES, *sorted(set(values) - set(LANGUAGES))) if lang in values}
