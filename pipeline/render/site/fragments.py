"""Every page of the website in one language, as HTML fragments: the generator-neutral half.

The fragments carry the page's content only; the chrome (navigation, header, the language
switch) is the static generator's, added by its adapter. Templates live in templates/site/, with
autoescaping on everywhere, and read their interface strings from the Babel catalogs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from babel import Locale
from babel.dates import format_date
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from ...core.diagnostics import Diagnostic, Severity
from ...core.labels import _sentence, label
from ...core.model import LANGUAGES, Corpus, Kind, Lang, Reference, RefKind, RefStatus, Unit
from ...editions.diff import ADDED
from ...i18n import catalogs as i18n
from ...language.abbreviations import explained, of_rulebook
from ...language.termbase import Abbreviation, Termbase
from ...util import resources
from ..compiled import kept
from . import search
from .ask_html import AskWords
from .changes import rows as change_rows
from .contents import contents_line
from .event_summary import Terms
from .findings import SEVERITIES, Findings, quoted
from .inline import Abbreviations
from .report_items import KeptItems, finding_items
from .report_items import Shown as _Shown
from .reports import Translating, checks_by_code
from .rule_words import TableWords
from .structure import Page, Site, relative
from .unit_html import UnitHtml
from .units import HEADINGS, Context, check_kinds, render

TEMPLATES = resources.templates() / "site"
#: a status page's list of units shows open up to this many; a longer one is folded, so that
#: the 154 untranslated units of one document do not bury the next document's three
OPEN_UP_TO = 12


@dataclass
class RenderedPage:
    path: str
    title: str
    html: str
    #: (level, anchor, text) of the page's sections, for the generator's table of contents
    toc: list[tuple[int, str, str]] = field(default_factory=list)


def environment(translations) -> Environment:
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True,
                      undefined=StrictUndefined, extensions=["jinja2.ext.i18n"],
                      trim_blocks=False, lstrip_blocks=False)
    env.install_gettext_translations(translations, newstyle=True)  # type: ignore[attr-defined]  # added by jinja2.ext.i18n
    return kept(env, "site")  # compiled once per process: `folio serve` renders pages on every save


class Renderer:
    """Renders the pages of one language."""

    def __init__(self, corpus: Corpus, site: Site, lang: str, translations,
                 termbase: Termbase | None, diagnostics: list[Diagnostic], aids=None, changes=None,
                 facts=None, tables=None, reasons: dict[str, str] | None = None,
                 clauses: dict[str, dict] | None = None, asks=None, kept_items: KeptItems | None = None,
                 translating: Translating | None = None):
        self.corpus, self.site, self.lang = corpus, site, lang
        #: the coverage and the units to translate, shared with the other language's renderer
        self.translating = translating if translating is not None else Translating(corpus)
        #: the report's findings as list items, kept by source file in the build's store
        self.kept_items = kept_items
        #: the suppressions' reasons in the page's language, by the reason as written
        #: (corpus/checks.yaml's `reason_ru`; pipeline.check.config.CheckConfig.reasons_in)
        self.reasons = reasons or {}
        #: pipeline.rules.Facts (None: the project has no rules), and the decision tables
        #: (pipeline.rules.decision_tables.decision_tables) by the unit their rule implements
        self.facts, self._tables = facts, tables or {}
        #: per document, its clauses as the executable rules account for them (reports.clause_rows)
        self.clauses = clauses or {}
        self._asks = asks or {}  # pipeline.rules.ask.every_answer: "ask the rules", by unit
        self.termbase, self.diagnostics = termbase, diagnostics
        self.aids = aids  # pipeline.render.aids.Printed, or None: no aid was printed
        #: pipeline.editions.baseline.ChangesSince, or None: the project names no baseline
        self.changes = changes
        self._aliases: dict[str, list[str]] = {}
        for diff in changes.diff.documents if changes else ():
            self._aliases.update(diff.aliases(corpus.units))
        self.lookup = corpus.lookup()  # the one the checks and the aids ask too
        self._abbreviations_of: dict[str, Abbreviations] = {}  # by rulebook
        self._labels: dict[str, str] = {}  # unit id -> unit_label
        self._label_parts: dict[tuple[str, bool], str | None] = {}  # labels.label's, kept
        self._language_names: dict[str, str] = {}  # language code -> its name in ``lang``
        self._terms = Terms(termbase) if termbase is not None else None  # the events' summaries
        self.env = environment(translations)
        self.gettext = translations.gettext
        self.ngettext = translations.ngettext
        self.env.globals.update(language_name=self.language_name, lang=lang,
                                language_names={code: self.language_name(code) for code in LANGUAGES})
        # data written in one language (the glossary's notes): marked as such on the other's pages
        self.env.filters["quoted"] = lambda value: quoted(str(value), lang)
        self.macros = UnitHtml(lang, self.gettext, self.ngettext, self.language_name)
        check_kinds(self.macros)

    def coverage(self) -> dict:
        """Coverage rows by document: every page that shows some reads them, so count once."""
        return self.translating.by_document

    def language_name(self, code: str) -> str:
        # asked for by every unit that says which language it shows (1,124 times a build at
        # x10): Babel parses the code and looks its name up afresh each time
        if code not in self._language_names:
            self._language_names[code] = Locale.parse(code).get_display_name(self.lang) or code
        return self._language_names[code]

    def pages(self) -> list[RenderedPage]:
        return [self.page(page) for page in self.site.pages]

    def page(self, page: Page) -> RenderedPage:
        method: Callable[[Page], RenderedPage] = getattr(self, f"_{page.template}")
        return method(page)

    # -- pages ----------------------------------------------------------------------------

    def _home(self, page: Page) -> RenderedPage:
        return self._template(page, "home.html", self.gettext("Rules in English and Russian"),
                              games=self._games(page))

    def _game(self, page: Page) -> RenderedPage:
        documents = self.site.games[page.key or ""]  # a game page is keyed by its rulebook
        title = documents[0].game
        outlines = [(d, relative(page.path, self.site.page("document", d.key).path),
                     self._outline(self.corpus.units[d.key], page.path)) for d in documents]
        return self._template(page, "game.html", title, documents=outlines)

    def _document(self, page: Page) -> RenderedPage:
        document = self.lookup.documents[page.key or ""]  # a document page is keyed by its document
        unit = self.corpus.units[document.key]
        ctx = self._context(page)
        coverage = next(r for r in self.coverage()[document.key] if r.lang == self.lang)
        toc = [(level, u.id, text) for level, u, text in self._headings(unit) if level <= 3]
        changes_href = relative(page.path, self.site.page("changes", document.key).path) if self.changes else None
        return self._template(page, "document.html", document.title_in(self.lang), document=document,
                              coverage=coverage, content=render(unit, ctx),
                              game_href=relative(page.path, self.site.page("game", document.rulebook).path),
                              changes_href=changes_href, since=self._since(), toc=toc,
                              search_units=search.unit_index(self.corpus, unit, self.lang, self.gettext,
                                                             self.unit_label))

    def _changes(self, page: Page) -> RenderedPage:
        """What changed in one document since the edition the project compares with."""
        document = self.lookup.documents[page.key or ""]  # and a changes page likewise
        diff = self.changes.diff.document(document.key)
        def href(unit_id):
            return self.site.unit_href(unit_id, page.path)
        found = change_rows(diff, self.corpus, self.lang, document.language, href, self._label,
                             document.title_in(self.lang)) if diff.status != ADDED else None
        sections = [("renumbered", self.gettext("Renumbered")), ("moved", self.gettext("Moved")),
                    ("changed", self.gettext("Changed")), ("corrected", self.gettext("Corrected")),
                    ("added", self.gettext("Added")), ("removed", self.gettext("Removed"))]
        toc = [(2, f"changes-{name}", label) for name, label in sections if found and getattr(found, name)]
        title = self.gettext("What changed: %(title)s") % {"title": document.title_in(self.lang)}
        return self._template(page, "changes.html", title,
                              document=document, diff=diff, changes=found, sections=sections,
                              since=self._since(), toc=toc,
                              document_href=relative(page.path, self.site.page("document", document.key).path))

    def _since(self) -> str | None:
        """The edition compared with, as a reader knows it: by its date."""
        if self.changes is None:
            return None
        if self.changes.date is None:
            return self.changes.revision
        return format_date(self.changes.date, format="long", locale=self.lang)

    def _glossary(self, page: Page) -> RenderedPage:
        toc = [(2, "concepts", self.gettext("Terms")), (2, "abbreviations", self.gettext("Abbreviations"))]
        return self._template(page, "glossary.html", self.gettext("Glossary"),
                              termbase=self.termbase, explained=self._explained, toc=toc if self.termbase else (),
                              search_units=search.glossary_index(self.termbase, self.lang))

    def _status(self, page: Page) -> RenderedPage:
        rows, pending = self.coverage(), self.translating.pending
        documents = [(d, relative(page.path, self.site.page("document", d.key).path), rows[d.key],
                      pending[d.key]) for d in self.corpus.documents]
        toc = [(2, "pending", self.gettext("Still to translate or review"))] + [
            (3, f"pending-{d.key}", d.title_in(self.lang)) for d, _href, _rows, groups in documents if groups]
        clauses = [(d, href, self.clauses[d.key]) for d, href, _rows, _groups in documents if d.key in self.clauses]
        if clauses:
            toc.append((2, "rules", self.gettext("Rules accounted for")))
        return self._template(page, "status.html", self.gettext("Translation status"),
                              documents=documents, toc=toc, open_up_to=OPEN_UP_TO, clauses=clauses,
                              unit_label=self.unit_label,
                              unit_href=lambda unit: self.site.unit_href(unit.id, page.path))

    def _report(self, page: Page) -> RenderedPage:
        groups = checks_by_code(self.diagnostics)
        findings, items, kept = self._report_items(page)
        severities = [str(s) for s in sorted(Severity, reverse=True)]
        families: dict[str, dict[str, int]] = {}
        for d in self.diagnostics:
            counts = families.setdefault(findings.family(d.code), dict.fromkeys(severities, 0))
            counts[str(d.severity)] += 1
        by_severity = {s: sum(c[s] for c in families.values()) for s in severities}
        toc = [(2, "summary", self.gettext("Summary"))] if groups else []
        return self._template(page, "report.html", self.gettext("Consistency report"),
                              groups=groups, total=len(self.diagnostics), findings=findings,
                              finding_items=kept or items,
                              severities=severities, families=sorted(families.items()),
                              by_severity=by_severity,
                              severity_name=lambda s: self.gettext(SEVERITIES[str(s)]),
                              # the table of contents names a group as its heading does, by
                              # what its code means: the code itself is the anchor only
                              toc=toc + [(2, f"code-{group.code}", self._summary_text(group.summary))
                                         for group in groups])

    def keep_report(self, page: Page) -> None:
        """The report's items kept for the next build, current, when the page itself is carried
        over: its kept items whose units changed are made again, as a clean build makes them."""
        self._report_items(page)

    def _report_items(self, page: Page):
        """(the report's Findings, its items made, its items spliced from the kept ones or None)."""
        shown = _Shown(self.site, self.corpus, page.path, self.unit_label)
        games = self.termbase.games if self.termbase else {}
        names = {"rulebook": {d.rulebook: games.get(d.rulebook, d.game) for d in self.corpus.documents},
                 "concept": {c.id: (c.terms.get(self.lang) or next(iter(c.terms.values()), [c.id]))[0]
                             for c in self.termbase.concepts} if self.termbase else {},
                 # a fact by what it says to a player (rules-ambiguous names the fact it is about)
                 "fact": {f.id: f.label.get(self.lang, f.label[Lang.EN]) for f in self.facts or ()}}
        findings = Findings(self.lang, self.gettext, self.ngettext, self.language_name, shown.unit_link, names,
                            translates=i18n.translated_ids(self.lang).__contains__)

        def items(found: list[Diagnostic]) -> Markup:
            return finding_items(found, findings, shown.href, shown.unit_name, self.gettext, self.reasons)

        kept = self.kept_items.of(self.diagnostics, self.lang, page.path, items, shown, findings) \
            if self.kept_items is not None else None
        return findings, items, kept

    def _summary_text(self, summary: str) -> str:
        """A code's meaning in the page's language where the catalog has it, as a line of the
        table of contents (pipeline/render/site/contents.py)."""
        return contents_line(self.gettext(summary) if summary else summary, self.lang)

    def _search(self, page: Page) -> RenderedPage:
        return self._template(page, "search.html", self.gettext("Search"))

    def _aids(self, page: Page) -> RenderedPage:
        """The printed player aids of this language; their PDFs sit beside the page."""
        papers = {"a4": self.gettext("A4"), "letter": self.gettext("US Letter")}
        aids: dict[str, dict] = {}
        for file in self.aids.files if self.aids else ():
            if file.lang != self.lang:
                continue
            entry = aids.setdefault(file.aid, {
                "title": file.title, "edition": file.document.source_edition, "links": [], "sources": [
                    (self.unit_label(self.corpus.units[unit_id]) if unit_id in self.corpus.units else unit_id,
                     self.site.unit_href(unit_id, page.path) if unit_id in self.site.unit_page else None)
                    for unit_id in file.sources]})
            entry["links"].append((papers.get(file.variant.paper, file.variant.paper), file.path.rsplit("/", 1)[-1]))
        return self._template(page, "aids.html", self.gettext("Player aids"), aids=list(aids.values()))

    def _template(self, page: Page, name: str, title: str, toc=(), **context) -> RenderedPage:
        body = self.env.get_template(name).render(
            page=page, title=title, root=relative(page.path, ""), site=self.site,
            page_href=lambda p: relative(page.path, p.path), **context)
        return RenderedPage(page.path, title, body, list(toc))

    # -- pieces ---------------------------------------------------------------------------

    def _games(self, page: Page) -> list:
        coverage = self.coverage()
        return [(documents[0].game, relative(page.path, self.site.page("game", rulebook).path),
                 [(d, relative(page.path, self.site.page("document", d.key).path),
                   next(r for r in coverage[d.key] if r.lang == self.lang)) for d in documents])
                for rulebook, documents in self.site.games.items()]

    def _outline(self, unit: Unit, from_path: str) -> list[tuple[int, str, str]]:
        """(level, href, label) of a document's headings down to its events."""
        return [(level, self.site.unit_href(u.id, from_path), text)
                for level, u, text in self._headings(unit) if level <= 3]

    def _headings(self, unit: Unit, level: int = 2):
        for child in self.corpus.children(unit):
            if child.kind in HEADINGS:
                yield level, child, self._label(child)
                yield from self._headings(child, level + 1)
            else:
                yield from self._headings(child, level)

    def _label(self, unit: Unit) -> str:
        """A heading's plain text in this language (or the original's)."""
        side = unit.sides.get(self.lang) or unit.side()
        title = side.fields.get("title") or ""
        number = unit.attrs.get("number")
        if unit.kind == Kind.EVENT:
            return f"{number}:{unit.attrs.get('period')} {title}".strip()
        return f"{number} {title}".strip() if number else title or unit.id

    def _context(self, page: Page) -> Context:
        return Context(self.corpus, self.lang, self.macros, lambda refs, shown: self._ref(refs, shown, page),
                       self._abbreviations, lambda unit_id: self.site.unit_href(unit_id, page.path),
                       self.lookup, self._aliases, self.unit_label,
                       self.facts.bound_to if self.facts is not None else (lambda unit_id: []),
                       lambda unit_id: [TableWords(t, self.gettext) for t in self._tables.get(unit_id, ())],
                       lambda unit_id: [AskWords(a, self.gettext) for a in self._asks.get(unit_id, ())],
                       terms=self._terms)

    def unit_label(self, unit: Unit) -> str:
        # asked for by the unit's permalink, by every link to it and every backlink from it
        if unit.id not in self._labels:
            self._labels[unit.id] = label(self.corpus, unit, self.lang, self.gettext, self._label_parts)
        return self._labels[unit.id]

    def _tooltip(self, unit: Unit) -> str:
        """What a link to ``unit`` says on hover: its label, and an event's or a rule's title,
        which the label names by number only ("Event 8:I — Reformation")."""
        named = self.unit_label(unit)
        title = (unit.sides.get(self.lang) or unit.side()).fields.get("title")
        if unit.kind in (Kind.EVENT, Kind.SECTION) and title and unit.attrs.get("number"):
            return f"{named} — {_sentence(title)}"
        return named

    def _abbreviations(self, unit: Unit) -> dict:
        if self.termbase is None:
            return {}
        rulebook = self.lookup.document_of(unit).rulebook
        if rulebook not in self._abbreviations_of:  # asked for every unit: once per rulebook
            self._abbreviations_of[rulebook] = Abbreviations(of_rulebook(self.termbase, rulebook, self.lang))
        return self._abbreviations_of[rulebook]

    def _explained(self, abbr: Abbreviation) -> Abbreviation:
        return explained(self.termbase, abbr, self.lang) if self.termbase is not None else abbr

    def _ref(self, refs: list[Reference], shown: Markup, page: Page) -> Markup:
        """A reference as the reader meets it: a link, or a marked span saying why it is not."""
        ref = refs[0]
        game = self.lookup.document_of(self.corpus.units[ref.source]).game
        if ref.status == RefStatus.EXTERNAL:
            what = self._target_words(ref)
            title = self.gettext("Outside this corpus: %(what)s in %(game)s") % {"what": what, "game": game}
            why = self._external_words(ref)
            if why:
                title += f" ({why})"
            return Markup('<span class="folio-ref folio-ref--external" title="%s">%s<span '
                          'class="folio-ref-mark" aria-hidden="true">↗</span></span>') % (title, shown)
        if ref.target_id is None:
            title = self.gettext("Unresolved reference: %(note)s") % {"note": ref.note or ref.target}
            return Markup('<span class="folio-ref folio-ref--unresolved" title="%s">%s<span '
                          'class="folio-ref-mark" aria-hidden="true">?</span></span>') % (title, shown)
        target = self.corpus.units[ref.target_id]
        title = self._tooltip(target)
        css = "folio-ref"
        if ref.status == RefStatus.UNRESOLVED:  # it leads somewhere, but not where it says
            css += " folio-ref--unresolved"
            title = self.gettext("Unresolved reference: %(note)s") % {"note": ref.note or ref.target}
        # %: Markup escapes its arguments as format() does, without string.Formatter's Python
        # parse of the template for every reference of every page
        link = Markup('<a class="%s" href="%s" title="%s">%s</a>') % (
            css, self.site.unit_href(ref.target_id, page.path), title, shown)
        # One span may lead to several steps ("шагах 2 и 3"): the first gets the words, the
        # others a link of their own right after them.
        more = [Markup('<a class="folio-ref folio-ref--more" href="{}" title="{}">{}</a>').format(
            self.site.unit_href(r.target_id, page.path), self.unit_label(self.corpus.units[r.target_id]),
            r.target)
            for r in refs[1:] if r.target_id]
        return link + (Markup('<sup class="folio-ref-list">{}</sup>').format(
            Markup(" ").join(more)) if more else Markup(""))

    def _target_words(self, ref: Reference) -> str:
        if ref.kind == RefKind.RULE and " по " in ref.target:
            low, high = ref.target.split(" по ")
            return self.gettext("rules %(low)s to %(high)s") % {"low": low, "high": high}
        if ref.kind == RefKind.PAGE and "-" in ref.target:
            return self.gettext("pages %(target)s") % {"target": ref.target}
        words = {RefKind.RULE: self.gettext("rule %(target)s"),
                 RefKind.PAGE: self.gettext("page %(target)s"),
                 RefKind.EVENT: self.gettext("event %(target)s")}
        return words.get(ref.kind, "%(target)s") % {"target": ref.target}

    def _external_words(self, ref: Reference) -> str | None:
        """Where an external reference points, in the page's language: the resolver's note is
        English prose for the CLI, so the page says it again from the reference's claims."""
        claims = ref.claims
        if ref.kind == RefKind.PAGE:
            return self.gettext("the printed rulebook's pages are not part of the corpus")
        if claims.qual:
            return self.gettext("the basic rules, %(part)s part") % {"part": claims.qual}
        if claims.deck:
            return self.gettext("the %(deck)s events deck") % {"deck": claims.deck}
        return None


def root_page(translations_by_lang: dict, languages: tuple[str, ...]) -> str:
    """site/index.html: sends a reader to the language their browser prefers, or lets them pick."""
    env = environment(translations_by_lang[Lang.EN])
    names = {code: (Locale.parse(code).get_display_name(code) or code).capitalize() for code in languages}
    return env.get_template("root.html").render(languages=languages, names=names)
