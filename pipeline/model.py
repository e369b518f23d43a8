"""The one corpus model every stage shares.

A corpus is a flat, ordered table of units. Each unit has a language-independent id, a kind,
a parent, ordered children, language-independent facts (``attrs``) and one side per language
it exists in. A side carries the language-specific text and where it came from.

``KINDS`` declares, per kind, which children it may hold, which ``attrs`` it carries and which
language-specific ``fields`` its sides carry. The builder validates against it, the JSON
Schema is generated from it, and renderers dispatch on it, so a new kind cannot slip through
one stage unnoticed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Iterator

LANGUAGES = ("en", "ru")


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
        attrs={"number": "integer", "period": "string", "occurrences": "integer",
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
        "A game action with its cost expression in game-icon notation (`1c`, `1c + XD`).",
        frozenset({K.PROCEDURE, K.SECTION}) | _PROSE,
        attrs={"cost": "string"},
        fields={"title": "string"},
    ),
    K.TABLE: KindSpec(
        "A table; its own text is the header row.",
        frozenset({K.ROW, K.EXAMPLE}),
        attrs={"columns": "integer"},
        fields={"header": "array"},
    ),
    K.ROW: KindSpec(
        "A table row. A row whose cells do not fit the header is kept and marked `malformed`.",
        frozenset(),
        attrs={"malformed": "boolean", "problem": "string"},
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


@dataclass
class Side:
    """One language version of a unit.

    ``text`` is the unit's own source lines, verbatim, joined with ``\\n``; they start at
    ``line_start``. Lines of children belong to the children. ``line_start``/``line_end``
    span the whole unit, children included.
    """

    text: str
    path: str
    line_start: int
    line_end: int
    fields: dict[str, Any] = field(default_factory=dict)

    @property
    def own_line_count(self) -> int:
        return self.text.count("\n") + 1 if self.text else 0


@dataclass
class Unit:
    id: str
    kind: Kind
    parent: str | None
    document: str
    attrs: dict[str, Any] = field(default_factory=dict)
    sides: dict[str, Side] = field(default_factory=dict)
    children: list[str] = field(default_factory=list)

    def side(self, lang: str | None = None) -> Side:
        """The side in ``lang``, or the first side the unit has."""
        if lang is not None:
            return self.sides[lang]
        return next(iter(self.sides.values()))

    def field(self, name: str, lang: str | None = None) -> Any:
        return self.side(lang).fields.get(name)


@dataclass
class Document:
    """A manifest entry, resolved."""

    key: str
    game: str
    rulebook: str
    title: str
    edition: str
    language: str
    parser: str
    source: str  # path relative to the repository root
    continues: str | None = None


class RefKind(StrEnum):
    EVENT = "event"  # event 8:I, see 7:I, Economic event 41
    RULE = "rule"  # see 18.2, см. 23.5, разделе 11.1, political rule 53.26
    PAGE = "page"  # see p. 22, pp. 25–28
    RELATIVE = "relative"  # above, см. выше, described in 1 above, as in Events Phase above
    STEP = "step"  # см. шаг 3, в шагах 2 и 3 процедуры ...
    FOOTNOTE = "footnote"  # a trailing * or **


class RefStatus(StrEnum):
    RESOLVED = "resolved"  # the target is a unit of the corpus
    EXTERNAL = "external"  # the target lies outside the corpus; `note` says where
    UNRESOLVED = "unresolved"  # the corpus should hold the target and does not, or it does
    #                            not match what the reference says; `note` says which


@dataclass
class Reference:
    """One cross-reference as written in one side of a unit, and where it leads.

    The parser knows nothing of these: the link stage extracts them from the sides' text after
    every document is read, then resolves them against all units (Sphinx's pending_xref).
    """

    source: str  # id of the unit whose text holds the reference
    lang: str
    kind: RefKind
    text: str  # as written: "event 8:I", "см. 23.5"
    target: str  # normalised: "8:I", "23.5", "22", "above", "3", "**"
    path: str
    line: int
    col: int
    #: what the words around it claim of the target: a direction, a title, an occurrence ...
    claims: dict[str, str] = field(default_factory=dict)
    status: RefStatus = RefStatus.UNRESOLVED
    target_id: str | None = None
    note: str | None = None
    #: for an unresolved reference: "missing" (no such target) or "mismatch" (the target
    #: exists but is not what the text says it is); "distant" for a resolved footnote marker
    #: whose footnote stands under another rule
    problem: str | None = None


@dataclass
class Translation:
    """A translated side of one unit, as corpus/translations/ keeps it.

    ``source`` is the source side's text the translation was made from; when the source side
    changes (other than in white space) the translation is ``stale``.
    """

    unit: str
    lang: str
    text: str
    source: str
    fingerprint: str
    path: str
    line: int
    comment: str | None = None
    stale: bool = False


class Status(StrEnum):
    SOURCE = "source"  # the unit was written in this language
    TRANSLATED = "translated"
    STALE = "stale"  # translated, but the source changed since
    MISSING = "missing"


@dataclass
class Corpus:
    documents: list[Document] = field(default_factory=list)
    units: dict[str, Unit] = field(default_factory=dict)
    references: list[Reference] = field(default_factory=list)
    translations: dict[tuple[str, str], Translation] = field(default_factory=dict)

    def status(self, unit: Unit, lang: str) -> Status:
        """Where the unit's side in ``lang`` stands."""
        if (unit.id, lang) in self.translations:
            return Status.STALE if self.translations[(unit.id, lang)].stale else Status.TRANSLATED
        return Status.SOURCE if lang in unit.sides else Status.MISSING

    def backlinks(self, unit_id: str) -> list[Reference]:
        """The references that lead to ``unit_id``."""
        return [r for r in self.references if r.target_id == unit_id]

    def references_from(self, unit_id: str) -> list[Reference]:
        return [r for r in self.references if r.source == unit_id]

    def document_of(self, unit: Unit) -> Document:
        return next(d for d in self.documents if d.key == unit.document)

    def ancestors(self, unit: Unit) -> Iterator[Unit]:
        while unit.parent is not None:
            unit = self.units[unit.parent]
            yield unit

    def add_document_units(self, units: list[Unit]) -> None:
        from .errors import FolioError

        for unit in units:
            if unit.id in self.units:
                other = self.units[unit.id].side()
                side = unit.side()
                raise FolioError(
                    f"two units would get the id {unit.id!r} (the other is at "
                    f"{other.path}:{other.line_start})",
                    path=side.path, line=side.line_start)
            self.units[unit.id] = unit

    def children(self, unit: Unit, kind: Kind | None = None) -> list[Unit]:
        found = [self.units[c] for c in unit.children]
        return [u for u in found if kind is None or u.kind == kind]

    def walk(self, unit: Unit) -> Iterator[Unit]:
        yield unit
        for child in self.children(unit):
            yield from self.walk(child)

    def of_kind(self, kind: Kind) -> list[Unit]:
        return [u for u in self.units.values() if u.kind == kind]
