"""Units to HTML: one method per kind (pipeline/render/site/unit_html.py), chosen by the unit's kind.

``render`` looks the method up by the kind's name and refuses a kind it has no method for, so a
kind added to the model cannot silently vanish from the website. What a method gets is a :class:`UnitView`:
the side to show in the page's language (or the one
the unit has, marked as not translated), its fields with their links, its children rendered,
and what refers to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from ...core.errors import UnknownKind
from ...core.lookup import Lookup
from ...core.model import Corpus, Kind, Reference, Side, Status, Unit
from ...editions.worddiff import word_diff
from ...util.cached import cached
from . import event_summary
from .event_summary import Terms
from .glance import Glance, telling
from .inline import RefRenderer, SideText
from .lexicon import hidden_terms

#: kinds shown as headings: each is a section of the page, and a search sub-result
HEADINGS = frozenset({Kind.SECTION, Kind.EVENT, Kind.OCCURRENCE, Kind.PHASE, Kind.ACTION})
#: kinds whose consecutive siblings form one list (numbered steps, items, rows ...)
RUNS = frozenset({Kind.STEP, Kind.ITEM, Kind.ROW, Kind.MODIFIER, Kind.PRECONDITION, Kind.EFFECT})


@dataclass
class Context:
    """What every unit of one page is rendered with."""

    corpus: Corpus
    lang: str
    macros: Any  # the markup of every kind (unit_html.UnitHtml)
    render_ref: RefRenderer
    abbreviations: Callable[[Unit], dict]
    backlink_href: Callable[[str], str]
    lookup: Lookup  # the corpus's questions answered from indexes, not scans
    #: unit id -> the ids it had in the edition the site compares with, where this edition has
    #: no unit of that id: anchors too, so that an old permalink still lands on the unit
    aliases: dict[str, list[str]] = field(default_factory=dict)
    #: a unit's human name in the page's language (pipeline/core/labels.py): what links and
    #: tooltips show, since an id means nothing to a player
    label: Callable[[Unit], str] = str
    #: unit id -> the rule facts bound to it, and the decision tables (rule_words.TableWords)
    #: of the rules that implement it
    facts: Callable[[str], list] = lambda unit_id: []
    tables: Callable[[str], list] = lambda unit_id: []
    #: unit id -> "ask the rules" of the rules that implement it (ask_html.AskWords)
    asks: Callable[[str], list] = lambda unit_id: []
    #: the abbreviations the page has said in words already: each is, at its first use only
    expanded: set[str] = field(default_factory=set)
    #: the glossary's concepts by their English terms (event_summary.Terms): an event's summary
    #: names what its facts count by them; None: no glossary
    terms: Terms | None = None


def check_kinds(macros: Any) -> None:
    """Refuse to start when some kind of the model has no method in ``macros``."""
    missing = [kind.value for kind in Kind if not callable(getattr(macros, kind.value, None))]
    if missing:
        raise UnknownKind(f"the website has no template for unit kind(s) {', '.join(missing)} "
                          "(add a method of that name to pipeline/render/site/unit_html.py)")


def render(unit: Unit, ctx: Context) -> Markup:
    macro = getattr(ctx.macros, str(unit.kind), None) if isinstance(unit.kind, Kind) else None
    if not callable(macro):
        raise UnknownKind(f"{unit.id}: the website cannot render a unit of kind {unit.kind!r}")
    return Markup(macro(UnitView(unit, ctx)))


class UnitView:
    """A unit as one page shows it."""

    def __init__(self, unit: Unit, ctx: Context):
        self.unit, self.ctx = unit, ctx
        self.id, self.kind, self.attrs = unit.id, str(unit.kind), unit.attrs
        self.lang = ctx.lang
        self.source_lang = ctx.lookup.document_of(unit).language
        self.status = str(ctx.corpus.status(unit, ctx.lang))
        #: the side shown: the page's language, or else the source
        self.shown_lang = ctx.lang if ctx.lang in unit.sides else self.source_lang
        self.side: Side = unit.sides[self.shown_lang]
        self.missing = _missing(unit, ctx)

    @property
    def notice(self) -> bool:
        """Say "not translated yet" here: at the top of each untranslated stretch, where the
        nearest enclosing unit with text of its own is translated (or there is none)."""
        if not self.missing:
            return False
        for ancestor in self.ctx.corpus.ancestors(self.unit):
            if _has_text(ancestor, self.ctx):
                return not _missing(ancestor, self.ctx)
        return True

    @cached
    def text(self) -> SideText:
        refs = [r for r in self.ctx.lookup.references_from(self.id) if r.lang == self.shown_lang]
        return SideText(self.side, self.shown_lang, refs, self.ctx.render_ref,
                        self.ctx.abbreviations(self.unit),
                        self.ctx.expanded if self.shown_lang == self.lang else None)

    def field(self, name: str) -> Markup | None:
        return self.text.field(name)

    def cells(self, name: str) -> list[Markup]:
        return self.text.cells(name)

    def whole(self) -> Markup:
        return self.text.span()

    def unplaced(self) -> list[Markup]:
        return self.text.unplaced()

    @property
    def stale_diff(self) -> str | None:
        translation = self.ctx.corpus.translations.get((self.id, self.lang))
        if translation is None or self.ctx.corpus.status(self.unit, self.lang) != Status.STALE:
            return None
        return word_diff(translation.source, self.unit.sides[self.source_lang].text)

    @property
    def current_source(self) -> Markup | None:
        """A stale unit's source as it reads now, its references linked: shown beside the old
        translation, so that a reader is never handed the old rule as the current one."""
        if self.stale_diff is None:
            return None
        side = self.unit.sides[self.source_lang]
        refs = [r for r in self.ctx.lookup.references_from(self.id) if r.lang == self.source_lang]
        return SideText(side, self.source_lang, refs, self.ctx.render_ref, self.ctx.abbreviations(self.unit)).span()

    @cached
    def search_terms(self) -> str:
        """The dictionary forms of the unit's own words, for the index only (.lexicon)."""
        return hidden_terms(self.side.text, self.lang) if self.shown_lang == self.lang else ""

    @property
    def aliases(self) -> list[str]:
        return self.ctx.aliases.get(self.id, [])

    @property
    def heading(self) -> int:
        """h2 … h6: one deeper than the nearest heading above it (the page title is h1)."""
        above = sum(1 for u in self.ctx.corpus.ancestors(self.unit) if u.kind in HEADINGS)
        return min(6, 2 + above)

    def children(self) -> list[Markup]:
        return [render(child, self.ctx) for child in self.ctx.corpus.children(self.unit)]

    def groups(self) -> list[tuple[str, list[Markup]]]:
        """Children in order, consecutive steps (items, rows …) gathered into one run."""
        runs: list[tuple[str, list[Markup]]] = []
        for child in self.ctx.corpus.children(self.unit):
            kind = str(child.kind) if child.kind in RUNS else ""
            if not kind or not runs or runs[-1][0] != kind:
                runs.append((kind, []))
            runs[-1][1].append(render(child, self.ctx))
        return runs

    def count(self, kind: str) -> int:
        return len(self.ctx.corpus.children(self.unit, Kind(kind)))

    @cached
    def backlinks(self) -> list[tuple[str, str, str | None]]:
        """(href, the referring unit's label, the words it uses), one per referring unit."""
        seen: dict[str, Reference] = {}
        for ref in self.ctx.lookup.backlinks(self.id):
            if ref.source not in seen or ref.lang == self.lang:
                seen[ref.source] = ref
        # the words only where they are the page's language: an English "above" is no help here
        return [(self.ctx.backlink_href(source), self.ctx.label(self.ctx.corpus.units[source]),
                 ref.text if ref.lang == self.lang else None) for source, ref in seen.items()]

    @cached
    def label(self) -> str:
        return self.ctx.label(self.unit)

    @cached
    def glance(self) -> list[Glance]:
        """The rule facts bound to the unit that its "at a glance" box adds to its text."""
        return telling(self.ctx.facts(self.id), self.side.text, self.shown_lang, self.lang)

    @property
    def rows_glance(self) -> list[Glance]:
        """The facts bound to the rows of a table, which cannot hold a box of their own."""
        out = []
        for row in self.ctx.corpus.children(self.unit, Kind.ROW):
            said = self.lang if self.lang in row.sides else self.ctx.lookup.document_of(row).language
            out += telling(self.ctx.facts(row.id), row.sides[said].text, said, self.lang)
        return out

    @cached
    def summary(self) -> list[event_summary.Row]:
        """An event's facts in short (event_summary.py): the rows its sentences do not gather."""
        return event_summary.rows(self.unit, self.ctx.corpus, self.ctx.facts, self.lang,
                                  self.ctx.macros.gettext, self.ctx.terms, self.ctx.abbreviations(self.unit))

    @cached
    def decision_tables(self) -> list:
        return self.ctx.tables(self.id)

    @cached
    def asks(self) -> list:
        return self.ctx.asks(self.id)


def _has_text(unit: Unit, ctx: Context) -> bool:
    # Only a unit with text of its own has anything to translate; a bare list is structure.
    return bool(unit.sides[ctx.lookup.document_of(unit).language].text)


def _missing(unit: Unit, ctx: Context) -> bool:
    return _has_text(unit, ctx) and ctx.corpus.status(unit, ctx.lang) == Status.MISSING
