"""What one aid prints in one language, gathered from the corpus units and the rule facts.

An aid's builder asks a :class:`Sheet` for texts (a unit's fields, in the aid's language or,
where the unit has no side in it, in the original, marked), for facts (the same ``Facts`` the
rules module decides with) and for interface strings (the website's Babel catalogs). The sheet
remembers every unit and fact it handed out, so the aid can name its sources, and it refuses a
missing unit or fact with a :class:`FolioError` before anything is written.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field, replace
from typing import cast

from ...core.errors import FolioError
from ...core.lookup import Lookup
from ...core.model import Corpus, Kind, Status, Unit
from ...rules import Fact, Facts, MissingFactError, Range
from ...rules.wording import find, numbers
from .cards import DEFAULT, SIZES, CardSize


@dataclass(frozen=True)
class Text:
    """A piece of rule text as printed: its words, their language, and how it stands."""

    value: str
    lang: str
    unit: str
    fallback: bool = False  # the unit has no side in the aid's language: this is the original
    stale: bool = False  # a translation made from a source text that has changed since
    unreviewed: bool = False  # a translation marked as needing a translator's review
    #: spans of ``value`` (start, end) that state a rule fact the aid shows: printed in bold
    facts: tuple[tuple[int, int], ...] = ()

    def stating(self, fact: Fact) -> Text | None:
        """This text with the fact's words (its wording in this text's language) marked, or
        None where the text does not hold them all, or they do not state the fact's numbers
        (a fact changed and its words not: the aid prints the fact's own sentence then, and
        ``folio check`` reports the words)."""
        stated = {abs(n) for n in numbers(" ".join(fact.wording.get(self.lang, ())))}
        if not {abs(n) for n in fact.numbers()} <= stated:
            return None
        spans = []
        for words in fact.wording.get(self.lang, ()):
            found = find(words, self.value)
            if found is None:
                return None
            spans.append((found.start, found.end))
        return replace(self, facts=tuple(sorted({*self.facts, *spans}))) if spans else None

    def parts(self) -> list[tuple[str, bool]]:
        """The value in runs, each with whether it states a fact."""
        runs, at = [], 0
        for start, end in self.facts:
            start = max(start, at)
            if end > start:
                runs += [(self.value[at:start], False), (self.value[start:end], True)]
                at = end
        return [run for run in [*runs, (self.value[at:], False)] if run[0]]


def stating(text: Text | None, *facts: Fact) -> tuple[Text | None, list[Fact]]:
    """The text with the words of each fact it states marked, and the facts it does not state."""
    missing = []
    for fact in facts:
        marked = text.stating(fact) if text is not None else None
        if marked is None:
            missing.append(fact)
        text = marked or text
    return text, missing


@dataclass(frozen=True)
class Callout:
    """A number, limit or cost from a rule fact, printed as a sentence of the catalogs."""

    text: str
    fact: str


@dataclass
class Line:
    """One unit of a printed block: a step, an item, an effect, a paragraph ..."""

    id: str
    kind: str
    marker: str = ""
    title: Text | None = None
    body: Text | None = None
    children: list[Line] = field(default_factory=list)
    callouts: list[Callout] = field(default_factory=list)
    keep: bool = False  # printed whole on one page


class Sheet:
    """The corpus, the facts and the catalogs, seen from one aid in one language."""

    def __init__(self, aid_key: str, corpus: Corpus, facts: Facts, lang: str, translations,
                 lookup: Lookup | None = None, card: CardSize = SIZES[DEFAULT]):
        self.aid_key, self.corpus, self.facts, self.lang = aid_key, corpus, facts, lang
        self.card = card  # the size a card aid prints its cards at
        self.lookup = lookup or corpus.lookup()  # it indexes the whole corpus: the corpus keeps it
        self.gettext = translations.gettext
        self._ngettext = translations.ngettext
        self.units_used: dict[str, None] = {}  # in the order first used
        self.facts_used: dict[str, None] = {}
        #: units and facts read, then left out as saying again what the aid says (repeats.py):
        #: not in the PDF's keywords unless the aid prints them elsewhere
        self.left_out: set[str] = set()
        self.kept: set[str] = set()  # the same, of the lines it prints
        self.fallbacks: dict[str, None] = {}  # the languages printed in place of this one
        self.untranslated: dict[str, None] = {}  # the units printed in their original, in order

    # -- catalogs -----------------------------------------------------------------------------

    def ngettext(self, singular: str, plural: str, num: int, **values) -> str:
        """The plural form for ``num`` (three in Russian), formatted as the templates do."""
        return self._ngettext(singular, plural, num) % {"num": num, **values}

    # -- units --------------------------------------------------------------------------------

    def unit(self, unit_id: str) -> Unit:
        unit = self.corpus.units.get(unit_id)
        if unit is None:
            raise FolioError(f"the player aid {self.aid_key} prints unit {unit_id}, which the "
                             "corpus does not have (`folio show` finds units by id)",
                             path="corpus/manifest.yaml")
        self.units_used.setdefault(unit_id, None)
        return unit

    def children(self, unit_id: str, kind: Kind | None = None) -> builtins.list[Unit]:  # `list` is the method below
        return self.corpus.children(self.unit(unit_id), kind)

    def text(self, unit_id: str, name: str = "body") -> Text | None:
        """A text field of the unit in this language, else in its original language (marked)."""
        unit, lang = self._side(unit_id)
        value = unit.sides[lang].fields.get(name)
        if not isinstance(value, str) or not value.strip():
            return None
        status = self.corpus.status(unit, lang) if lang != self.lookup.document_of(unit).language else None
        return self._text(value, lang, unit.id, status == Status.STALE, status == Status.FUZZY)

    def cells(self, unit_id: str, name: str = "cells") -> Text | None:
        """A table's header or a row's cells, joined, in this language or the original's."""
        unit, lang = self._side(unit_id)
        cells = [cell for cell in unit.sides[lang].fields.get(name) or [] if cell.strip()]
        return self._text(" · ".join(cells), lang, unit.id) if cells else None

    def cell(self, unit_id: str, index: int) -> Text | None:
        """One cell of a table row."""
        unit, lang = self._side(unit_id)
        cells = unit.sides[lang].fields.get("cells") or []
        return self._text(cells[index], lang, unit.id) if index < len(cells) else None

    def _side(self, unit_id: str) -> tuple[Unit, str]:
        unit = self.unit(unit_id)
        return unit, self.lang if self.lang in unit.sides else self.lookup.document_of(unit).language

    def _text(self, value: str, lang: str, unit_id: str, stale: bool = False,
              unreviewed: bool = False) -> Text:
        if lang != self.lang:
            self.fallbacks.setdefault(lang, None)
            self.untranslated.setdefault(unit_id, None)
        return Text(value, lang, unit_id, fallback=lang != self.lang, stale=stale,
                    unreviewed=unreviewed)

    # -- facts --------------------------------------------------------------------------------

    def fact(self, fact_id: str) -> Fact:
        fact = self.require(fact_id)
        self.facts_used.setdefault(fact.id, None)
        self.units_used.setdefault(fact.unit, None)
        return fact

    def require(self, fact_id: str) -> Fact:
        """The fact, which this aid prints where its unit is printed: it must exist."""
        try:
            return self.facts[fact_id]
        except MissingFactError as exc:
            raise FolioError(f"the player aid {self.aid_key} prints {fact_id}: {exc}",
                             path=self._rules_file(fact_id)) from None

    def group(self, prefix: str) -> builtins.list[Fact]:
        try:
            found = self.facts.group(prefix)
        except MissingFactError as exc:
            raise FolioError(f"the player aid {self.aid_key}: {exc}", path=self._rules_file(prefix)) from None
        return [self.fact(f.id) for f in found]

    # _typed() has checked the fact's type, and a fact's type fixes the type of its value
    def number(self, fact_id: str) -> int:
        return cast(int, self._typed(fact_id, "number").value)

    def range(self, fact_id: str) -> Range:
        return cast(Range, self._typed(fact_id, "range").value)

    def list(self, fact_id: str) -> tuple[str, ...]:
        return cast(tuple[str, ...], self._typed(fact_id, "list").value)

    def _typed(self, fact_id: str, kind: str) -> Fact:
        fact = self.fact(fact_id)
        if fact.type != kind:
            raise FolioError(f"the player aid {self.aid_key} prints {fact_id} as a {kind}, but it "
                             f"is a {fact.type}", path=fact.path, line=fact.line)
        return fact

    def label(self, fact: Fact) -> Text:
        """A fact's label (a name, such as an event's) in this language, else in English, marked."""
        lang = self.lang if self.lang in fact.label else "en"
        return self._text(fact.label[lang], lang, fact.unit)

    def _rules_file(self, fact_id: str) -> str:
        rulebook = fact_id.split(".", 1)[0]
        return self.facts.files.get(rulebook, f"corpus/rules/{rulebook}.yaml")

    # -- numbers as printed ---------------------------------------------------------------------

    def shown_range(self, value: Range) -> str:
        """``1–3``, ``3``, ``4 or more``, ``4 or less``, in this language."""
        if value.high is None:
            return self.gettext("%(low)d or more") % {"low": value.low}
        if value.low is None:
            return self.gettext("%(high)d or less") % {"high": value.high}
        return str(value.low) if value.low == value.high else f"{value.low}–{value.high}"

    def join(self, items: builtins.list[str]) -> str:
        """``a, b and c`` in this language."""
        if len(items) < 2:
            return "".join(items)
        return self.gettext("%(items)s and %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}

    @staticmethod
    def signed(number: int) -> str:
        """A modifier as typeset: −1 with a minus sign, +2, 0."""
        return f"−{-number}" if number < 0 else f"+{number}" if number > 0 else "0"
