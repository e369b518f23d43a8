"""The unit kinds and what each may hold: the declarations every stage is checked against.

``KINDS`` declares, per kind, which children it may hold, which ``attrs`` it carries and which
language-specific ``fields`` its sides carry. The tree builder validates against it, the JSON
Schema is generated from it, and renderers dispatch on it, so a new kind cannot slip through
one stage unnoticed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    DOCUMENT = "document"
    SECTION = "section"
    EVENT = "event"
    OCCURRENCE = "occurrence"
    PHASE = "phase"
    PRECONDITION = "precondition"
    EFFECT = "effect"
    MODIFIERS = "modifiers"
    MODIFIER = "modifier"
    PROCEDURE = "procedure"
    STEP = "step"
    ACTION = "action"
    TABLE = "table"
    ROW = "row"
    LIST = "list"
    ITEM = "item"
    EXAMPLE = "example"
    NOTE = "note"
    FOOTNOTE = "footnote"
    PARAGRAPH = "paragraph"


@dataclass(frozen=True)
class KindSpec:
    """What a unit of one kind may hold."""

    doc: str
    children: frozenset[Kind]
    #: language-independent facts: name -> JSON type name ("string", "integer", "boolean", ...)
    attrs: dict[str, str] = field(default_factory=dict)
    #: language-specific parsed fields of a side: name -> JSON type name
    fields: dict[str, str] = field(default_factory=dict)


K = Kind
_PROSE = frozenset({K.PARAGRAPH, K.LIST, K.NOTE, K.EXAMPLE, K.FOOTNOTE, K.TABLE})
_BLOCKS = _PROSE | {K.SECTION, K.PROCEDURE, K.ACTION, K.MODIFIERS, K.EVENT}

KINDS: dict[Kind, KindSpec] = {
    K.DOCUMENT: KindSpec(
        "One source text as listed in corpus/manifest.yaml. `attrs.title` is the manifest's title; "
        "the side's own text is the title line of the text itself, if it has one.",
        _BLOCKS,
        attrs={"title": "string", "game": "string", "rulebook": "string", "edition": "string", "language": "string",
               "parser": "string", "encoding": "string", "newline": "string", "bom": "boolean",
               "final_newline": "boolean"},
        fields={"title": "string"},
    ),
    K.SECTION: KindSpec(
        "A heading and what follows it up to the next heading of the same or a higher level. "
        "Numbered rules (`21.4.`, `10.`) and unnumbered sub-headings alike; `continued` marks a "
        "rule the document opens inside of, whose heading is not in the text.",
        _BLOCKS,
        attrs={"number": "string", "level": "integer", "heading_style": "string",
               "period": "string", "years": "string", "continued": "boolean"},
        fields={"title": "string"},
    ),
    K.EVENT: KindSpec(
        "A numbered event of an event period (Risto's Events): header, duration, "
        "preconditions, phase blocks or occurrences.",
        frozenset({K.PRECONDITION, K.OCCURRENCE, K.PHASE}) | _PROSE,
        attrs={"number": "string", "period": "string", "occurrences": "integer",
               "occurrence_marker": "string", "heading_style": "string"},
        fields={"title": "string", "historical_date": "string", "date_note": "string",
                "duration": "string"},
    ),
    K.OCCURRENCE: KindSpec(
        "One occurrence of a multi-occurrence event (`FIRST EVENT:`, `SECOND EVENT:` ...).",
        frozenset({K.PHASE, K.PRECONDITION}) | _PROSE,
        attrs={"ordinal": "integer"},
        fields={"title": "string"},
    ),
    K.PHASE: KindSpec(
        "A phase block of an event (`EVENTS PHASE:`, `LASTING EFFECTS:` ...) or a sub-block "
        "inside one (`FRANCE:`).",
        frozenset({K.EFFECT, K.PHASE}) | _PROSE,
        attrs={"key": "string"},
        fields={"title": "string", "qualifier": "string"},
    ),
    K.PRECONDITION: KindSpec(
        "A numbered condition of an event, stated before its phase blocks.",
        frozenset({K.EFFECT}) | _PROSE,
        attrs={"number": "string"},
        fields={"body": "string"},
    ),
    K.EFFECT: KindSpec(
        "A numbered effect in a phase block, or a lettered sub-effect of one.",
        frozenset({K.EFFECT}) | _PROSE,
        attrs={"number": "string"},
        fields={"title": "string", "body": "string"},
    ),
    K.MODIFIERS: KindSpec(
        "A list of die-roll modifiers; its own text is the sentence that introduces them.",
        frozenset({K.MODIFIER, K.PARAGRAPH, K.NOTE}),
        fields={"body": "string"},
    ),
    K.MODIFIER: KindSpec(
        "One die-roll modifier: a signed value and the condition under which it applies.",
        frozenset(),
        attrs={"value": "integer"},
        fields={"body": "string"},
    ),
    K.PROCEDURE: KindSpec(
        "A sequence of numbered steps, with its title (or the sentence that introduces it) and "
        "any lists of exceptions.",
        frozenset({K.STEP}) | _PROSE,
        fields={"title": "string", "body": "string"},
    ),
    K.STEP: KindSpec(
        "A numbered step of a procedure (`3.`), or a lettered sub-step (`a.`); `title` is the short "
        "title before the colon, where the step has one.",
        frozenset({K.STEP}) | _PROSE,
        attrs={"number": "string"},
        fields={"title": "string", "body": "string"},
    ),
    K.ACTION: KindSpec(
        "A game action with its cost expression in game-icon notation (`1c`, `1c + XD`); the "
        "`cost` field is the same as each side writes it (`1c per Province`, `1c за провинцию`).",
        frozenset({K.PROCEDURE, K.SECTION}) | _PROSE,
        attrs={"cost": "string"},
        fields={"title": "string", "cost": "string"},
    ),
    K.TABLE: KindSpec(
        "A table; its own text is the header row.",
        frozenset({K.ROW, K.EXAMPLE}),
        attrs={"columns": "integer"},
        fields={"header": "array"},
    ),
    K.ROW: KindSpec(
        "A table row. A row whose cells do not fit the header is kept and marked `malformed`, "
        "with its `problem`: `empty` (no cells) or `cell-count` (other than the header's "
        "`header_cells`).",
        frozenset(),
        attrs={"malformed": "boolean", "problem": "string", "header_cells": "integer"},
        fields={"cells": "array"},
    ),
    K.LIST: KindSpec(
        "A bulleted or numbered list. Its own text, if any, is a label line (`Ограничения:`, kept "
        "as `title`) or the sentence that introduces the list (kept as `body`).",
        frozenset({K.ITEM}),
        attrs={"marker": "string", "role": "string"},
        fields={"title": "string", "body": "string"},
    ),
    K.ITEM: KindSpec(
        "One list item, with continuation paragraphs and nested lists as children.",
        frozenset({K.LIST, K.ITEM}) | _PROSE,
        attrs={"number": "string", "marker": "string"},
        fields={"title": "string", "body": "string"},
    ),
    K.EXAMPLE: KindSpec(
        "A worked example (`ПРИМЕР:`, `Пример …`). `embedded_in` names where the text put it when "
        "that is not where an example belongs (a table cell).",
        frozenset({K.PARAGRAPH}),
        attrs={"embedded_in": "string"},
        fields={"title": "string", "body": "string"},
    ),
    K.NOTE: KindSpec(
        "A note, an exception, an important remark or an optional rule.",
        frozenset({K.PARAGRAPH, K.LIST}),
        attrs={"role": "string", "number": "string"},
        fields={"title": "string", "body": "string"},
    ),
    K.FOOTNOTE: KindSpec(
        "A footnote; `marker` is the sign the text uses to point at it (`*`, `**`).",
        frozenset(),
        attrs={"marker": "string"},
        fields={"body": "string"},
    ),
    K.PARAGRAPH: KindSpec(
        "Running text. `title` holds a run-in heading (`Пас:` …) where the paragraph opens with one.",
        frozenset(),
        fields={"title": "string", "body": "string"},
    ),
}
