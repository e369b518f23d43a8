"""The one corpus model every stage shares.

A corpus is a flat, ordered table of units. Each unit has a language-independent id, a kind,
a parent, ordered children, language-independent facts (``attrs``) and one side per language
it exists in. A side carries the language-specific text and where it came from.

The kinds of unit and what each may hold are declared in :mod:`pipeline.core.kinds` (re-exported
here: ``Kind``, ``KINDS``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .kinds import KINDS, Kind, KindSpec  # noqa: F401  (part of the model's interface)

if TYPE_CHECKING:
    from .diagnostics import Text

class Lang(StrEnum):
    """The languages of the corpus. A member equals its code (``Lang.RU == "ru"``), so the data
    files, JSON and catalogs keep the plain codes while branches name the language."""

    EN = "en"
    RU = "ru"


#: plain codes, not members: they become keys of sides and labels that YAML and JSON write
LANGUAGES = tuple(lang.value for lang in Lang)


@dataclass(slots=True)
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
    #: the number or letter its text starts with as written ("3.", "b)"), None for none: what
    #: the parity checks compare between a source and its translation
    marker: str | None = None

    @property
    def own_line_count(self) -> int:
        return self.text.count("\n") + 1 if self.text else 0

    def __reduce__(self):
        # a kept document holds tens of thousands of these: pickled as the class and a tuple of
        # its fields, read back by one call, not a state set field by field
        return Side, (self.text, self.path, self.line_start, self.line_end, self.fields, self.marker)


@dataclass(slots=True)
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

    def __reduce__(self):  # as Side's
        return Unit, (self.id, self.kind, self.parent, self.document, self.attrs, self.sides, self.children)


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
    #: the title and the edition note for readers of one language; None: `title`, `edition`
    title_en: str | None = None
    title_ru: str | None = None
    edition_en: str | None = None
    edition_ru: str | None = None

    def title_in(self, lang: str) -> str:
        return getattr(self, f"title_{lang}", None) or self.title

    def edition_in(self, lang: str) -> str:
        return getattr(self, f"edition_{lang}", None) or self.edition


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


class RefProblem(StrEnum):
    MISSING = "missing"  # unresolved: no such target
    MISMATCH = "mismatch"  # unresolved: the target exists but is not what the text says it is
    DISTANT = "distant"  # resolved: a footnote marker whose footnote stands under another rule


class RowProblem(StrEnum):
    """Why a table row does not fit its table (a row's ``attrs.problem``); each page says it
    in its own language (pipeline/render/site/unit_html.py), so the model holds no sentence."""

    EMPTY = "empty"  # a lone `|`: no cells at all
    CELL_COUNT = "cell-count"  # more or fewer cells than the header (``attrs.header_cells``)


@dataclass(frozen=True, slots=True)
class Claims:
    """What the words around a reference claim of its target, each None when they say nothing.

    The names are the pattern groups that catch them (pipeline/link/references/mentions.py) and the
    keys corpus.json writes; a pattern catches one of the first five at most, so the order of
    the fields is the order the keys were always written in.
    """

    deck: str | None = None  # "Economic events 41": a card of a deck the corpus does not hold
    qual: str | None = None  # "political rule 53.26": a part of the basic rules
    dir: str | None = None  # "above", "ниже"
    proc: str | None = None  # "шаг 3 процедуры возвращения домой": the procedure of the step
    what: str | None = None  # "the following procedure": what a relative reference points at
    title: str | None = None  # "event 8:I (Reformation)": the target's title, as written
    occurrence: str | None = None  # "for the second time": the event's occurrence

    def to_json(self) -> dict[str, str]:
        return {name: value for name in _CLAIMS if (value := getattr(self, name)) is not None}

    def __reduce__(self):  # as Side's
        return Claims, tuple(getattr(self, name) for name in _CLAIMS)


_CLAIMS = tuple(f.name for f in fields(Claims))
#: what the words around most references claim: nothing (frozen, so one is shared by all of them)
NO_CLAIMS = Claims()


@dataclass(slots=True)
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
    claims: Claims = NO_CLAIMS
    status: RefStatus = RefStatus.UNRESOLVED
    target_id: str | None = None
    note: str | None = None
    problem: RefProblem | None = None
    #: ``note`` as a template and parameters, for a page in another language (an external
    #: target's note); not part of corpus.json, whose ``note`` is the English
    note_words: Text | None = None

    def __reduce__(self):  # as Side's
        return Reference, (self.source, self.lang, self.kind, self.text, self.target, self.path, self.line,
                           self.col, self.claims, self.status, self.target_id, self.note, self.problem,
                           self.note_words)


@dataclass(slots=True)
class Translation:
    """A translated side of one unit, as corpus/translations/ keeps it.

    ``source`` is the source side's text the translation was made from; when the source side
    changes (other than in white space) the translation is ``stale``. ``fuzzy`` is the
    translator's own "needs review" (a PO fuzzy flag), or a translation that followed its
    source sentence to a unit whose text is only similar; ``moved_from`` is the unit id it is
    kept under when it followed its sentence to another unit (a renumbered step, say).
    ``corrected``: the source changed since, but only its spelling, punctuation or quote marks
    (pipeline/editions/worddiff.py:correction): the translation is still current, not stale.
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
    fuzzy: bool = False
    moved_from: str | None = None
    #: how alike the recorded source and the unit's source are (1.0: the same sentence); for an
    #: orphan, with the unit whose source comes closest (``closest``)
    similarity: float = 1.0
    closest: str | None = None
    set_aside: bool = False  # an orphan an import moved into its file's ``orphaned`` list
    corrected: bool = False

    def __reduce__(self):  # as Side's
        return Translation, (self.unit, self.lang, self.text, self.source, self.fingerprint, self.path, self.line,
                             self.comment, self.stale, self.fuzzy, self.moved_from, self.similarity, self.closest,
                             self.set_aside, self.corrected)


class Status(StrEnum):
    SOURCE = "source"  # the unit was written in this language
    TRANSLATED = "translated"
    STALE = "stale"  # translated, but the source changed since
    FUZZY = "fuzzy"  # translated, and marked as needing a translator's review
    MISSING = "missing"


@dataclass
class Corpus:
    documents: list[Document] = field(default_factory=list)
    units: dict[str, Unit] = field(default_factory=dict)
    references: list[Reference] = field(default_factory=list)
    translations: dict[tuple[str, str], Translation] = field(default_factory=dict)
    #: stored translations whose source sentence no unit has any more: kept in their files,
    #: reported by `folio check`, shown to no reader
    orphaned: dict[str, list[Translation]] = field(default_factory=dict)  # by document key
    _lookup: Any = field(default=None, init=False, repr=False, compare=False)

    def lookup(self):
        """The indexes over the corpus as it stands (pipeline/core/lookup.py): built on first use,
        and again once documents, units or references were added (the link stage sets
        ``references`` whole, resolved)."""
        from .lookup import Lookup  # it indexes this model

        signature = (len(self.documents), len(self.units), id(self.references), len(self.references))
        if self._lookup is None or self._lookup[0] != signature:
            self._lookup = (signature, Lookup(self))
        return self._lookup[1]

    def status(self, unit: Unit, lang: str) -> Status:
        """Where the unit's side in ``lang`` stands."""
        if (unit.id, lang) in self.translations:
            translation = self.translations[(unit.id, lang)]
            if translation.stale:
                return Status.STALE
            return Status.FUZZY if translation.fuzzy else Status.TRANSLATED
        return Status.SOURCE if lang in unit.sides else Status.MISSING

    def backlinks(self, unit_id: str) -> list[Reference]:
        """The references that lead to ``unit_id``, in corpus order."""
        return self.lookup().backlinks(unit_id)

    def references_from(self, unit_id: str) -> list[Reference]:
        return self.lookup().references_from(unit_id)

    def document_of(self, unit: Unit) -> Document:
        return self.lookup().document_of(unit)

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
        """``unit`` and everything under it, parents before children, in document order; by a
        stack, not recursion, so that no depth of nesting runs out of Python's stack."""
        stack = [unit]
        while stack:
            current = stack.pop()
            yield current
            stack.extend(self.units[c] for c in reversed(current.children))

    def of_kind(self, kind: Kind) -> list[Unit]:
        return [u for u in self.units.values() if u.kind == kind]
