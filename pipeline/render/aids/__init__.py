"""Printable player aids: PDFs from the corpus units and the facts the rules module reads.

Two stages, so that bad input stops a build before anything is written:

- :func:`plan_aids` gathers what every aid prints (texts from the units, numbers from the rule
  facts, labels from the website's Babel catalogs) and renders it with the Jinja2 templates in
  templates/aids/ into one HTML document per aid and language. A missing unit or fact is a
  FolioError here.
- :func:`print_aids` lays each document out with WeasyPrint, once per paper size, on every core
  (:mod:`.press`), into
  ``build/aids/<lang>/<aid>-<paper>.pdf``, all swapped in at once. A PDF printed before from the same HTML is
  not laid out again: it comes from the last
  build (``build/.cache/pdf``) or from the user's cache (:mod:`.cache`).

Every aid names its rules (by their labels) and the edition of the rulebook it prints from (the
manifest's ``edition``, as the readers of its language know it) in its footer, and, when the
project's mkdocs.yml names the website's ``site_url``, the web page of its rules in its header;
the ids of the units and facts it prints are in the PDF's keywords only. Its *edition*, Folio's
version and a digest of the aid's own text, is in the PDF's metadata: it changes exactly when
something the aid prints changes, and an edit to a rule no aid shows leaves every printed aid
as it was.

A build's store keeps each aid's page in each language (:func:`plan_aids`), keyed by what it is
rendered from: Folio's code, the project's files that no one document owns (the manifest, the
rule facts, the glossary, mkdocs.yml ...) and the documents of the aid's rulebooks (an aid prints
its rulebook's units and facts, as the build's plan says: ``Plan.aids``). An edit elsewhere
renders no aid again.

Each game lists its aids (``pipeline/games/<game>/__init__.py``), registered in
:mod:`pipeline.render.games`; an aid is printed when the corpus has the documents it needs.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ...core.diagnostics import Code, Count, Diagnostic, Param, Severity, _, ngettext, text
from ...core.errors import FolioError
from ...core.lookup import Lookup
from ...core.model import LANGUAGES, Corpus, Lang
from ...core.version import folio_version
from ...incremental.fingerprint import TRANSLATIONS, digest
from ...incremental.store import NULL, Store
from ...language.termbase import GLOSSARY, load_termbase
from ...rules import load_facts
from ...rules.facts import Facts
from ...rules.rendering import placed
from ...util import project_files, workers
from ...util.atomic import atomic_dir
from .. import games
from . import abbreviations, cards
from .address import Addresses
from .html import environment, render_html
from .pdf import PAPERS, Variant
from .press import Press
from .sheet import Sheet

#: a build note, not a check: the aid is printed, with the original tagged, until translated
AID_FALLBACK = Code("aid-fallback", Severity.INFO,
                    "a player aid prints units in their original language: their translation is missing")


@dataclass(frozen=True)
class Aid:
    key: str  # the file name: build/aids/<lang>/<key>-<paper>.pdf
    title: str  # a catalog string
    documents: tuple[str, ...]  # the manifest's documents it prints from
    sources: tuple[str, ...]  # the rules it covers, named on every page
    build: Callable[[Sheet], dict]  # the template's data; the template is <key>.html in its game's templates
    cards: bool = False  # cards of a standard size to cut out (``folio aids --card``, ``--backs``)


@dataclass(frozen=True)
class Document:
    """One aid in one language, rendered to HTML."""

    aid: Aid
    lang: str
    title: str  # in ``lang``
    html: str
    edition: str  # in the PDF's metadata: Folio's version + a digest of the aid's page
    #: printed in its footer: the edition of the rulebook it prints from, in its language
    source_edition: str
    #: the units it prints in their original language, their translation not written yet
    untranslated: tuple[str, ...] = ()


@dataclass(frozen=True)
class AidFile:
    """One printed PDF: a planned document on one paper."""

    document: Document
    variant: Variant

    @property
    def aid(self) -> str:
        return self.document.aid.key

    @property
    def lang(self) -> str:
        return self.document.lang

    @property
    def title(self) -> str:
        return self.document.title

    @property
    def sources(self) -> tuple[str, ...]:
        """The aid's rules, as unit ids."""
        return self.document.aid.sources

    @property
    def edition(self) -> str:
        return self.document.edition

    @property
    def path(self) -> str:
        """Relative to the aids directory: ``<lang>/<aid>-<paper>.pdf``."""
        return f"{self.lang}/{self.aid}-{self.variant.suffix}.pdf"


@dataclass
class Plan:
    """Every aid of a build, rendered to HTML and ready to print."""

    papers: tuple[str, ...] = tuple(PAPERS)
    card: str = cards.DEFAULT  # the size of the cards of card aids (cards.SIZES)
    backs: bool = False  # card aids print a sheet of backs after each sheet of cards
    documents: list[Document] = field(default_factory=list)
    #: what the build tells about the aids: an aid printing units in the original (aid-fallback)
    notes: list[Diagnostic] = field(default_factory=list)

    def files(self, document: Document | None = None) -> list[AidFile]:
        """Every PDF of the plan, or of one of its documents."""
        return [AidFile(d, Variant(paper))
                for d in ([document] if document else self.documents) for paper in self.papers]


@dataclass
class Printed:
    """What :func:`print_aids` wrote: the directory and its files."""

    directory: Path
    files: list[AidFile]
    #: the files laid out by this call (``<lang>/<aid>-<paper>.pdf``); the others were printed
    #: before from the same HTML and came from a cache
    laid_out: list[str] = field(default_factory=list)


def wanted(corpus: Corpus) -> list[Aid]:
    keys = {document.key for document in corpus.documents}
    return [aid for aid in games.aids() if all(key in keys for key in aid.documents)]


def plan_aids(corpus: Corpus, root: Path, only: tuple[str, ...] = (), langs: tuple[str, ...] = LANGUAGES,
              papers: tuple[str, ...] = tuple(PAPERS), card: str = cards.DEFAULT, backs: bool = False,
              facts: Facts | None = None, catalogs=None, store: Store = NULL) -> Plan:
    """Every aid the corpus has the documents for (or those named in ``only``), as HTML;
    ``facts``: the corpus's rule facts, and ``catalogs()`` the interface catalogs, when the
    caller has them already. An aid's page the ``store`` holds (a build's: nothing it is
    rendered from changed since the last build) is taken from it."""
    known = games.aids()
    unknown = [key for key in only if key not in {aid.key for aid in known}]
    if unknown:
        raise FolioError(f"no player aid {unknown[0]!r}; the aids are "
                         + ", ".join(aid.key for aid in known))
    aids = [aid for aid in wanted(corpus) if not only or aid.key in only]
    if card not in cards.SIZES:
        raise FolioError(f"no card size {card!r}; the sizes are " + ", ".join(cards.SIZES))
    plan = Plan(papers, card, backs)
    if not aids:
        return plan
    keys = _keys(store, corpus, aids, langs, card, backs)
    rendered = {(aid.key, lang): _kept(store, keys.get((aid.key, lang)), aid, lang) for lang in langs for aid in aids}
    lookup = corpus.lookup  # it indexes the whole corpus: built when an aid is rendered, unless it was
    if any(document is None for document in rendered.values()):
        from ...i18n import catalogs as i18n  # MkDocs loads with the site package: only when there is an aid

        facts = facts if facts is not None else placed(load_facts(root, missing_ok=True), corpus)
        translations, _state = catalogs() if catalogs else i18n.prepared()
        env = environment()
        addresses = Addresses(corpus, root)
        termbase = load_termbase(root) if project_files.present(root, GLOSSARY) else None
        # The edition is a digest of the page it is printed on: the page is rendered with a
        # placeholder no rule text can contain (it is drawn afresh), which the digest leaves out.
        placeholder = f"folio-edition-{secrets.token_hex(16)}"
        for lang in langs:
            env.install_gettext_translations(translations[lang], newstyle=True)  # type: ignore[attr-defined]  # added by jinja2.ext.i18n
            for aid in aids:
                if rendered[(aid.key, lang)] is not None:
                    continue
                sheet = Sheet(aid.key, corpus, facts, lang, translations[lang], lookup(), cards.SIZES[card])
                data = aid.build(sheet)
                title, source_edition = _named(corpus, aid, lang, translations[lang])
                game = next(d.game for d in corpus.documents if d.key == aid.documents[0])
                rulebook = next(d.rulebook for d in corpus.documents if d.key == aid.documents[0])
                first = render_html(env, aid, sheet, title, game, data, placeholder,
                                    addresses.of(aid.sources[0], lang), source_edition, cards.SIZES[card], backs)
                legend = abbreviations.legend(termbase, rulebook, lang, first)
                bold = first.count('<b class="fact">') > 1  # the aid prints a fact's words in bold, not only its legend
                html = render_html(env, aid, sheet, title, game, data, placeholder, addresses.of(aid.sources[0], lang),
                                   source_edition, cards.SIZES[card], backs, legend, bold=bold)
                edition = edition_of(html.replace(placeholder, ""))
                made = Document(aid, lang, title, html.replace(placeholder, edition),
                                edition, source_edition, tuple(sheet.untranslated))
                rendered[(aid.key, lang)] = made
                store.touch("aid pages", [f"{lang}/{aid.key}"])
                if (aid.key, lang) in keys:
                    store.put_json(KEPT, keys[aid.key, lang], _kept_json(made))
    plan.documents = [document for aid in aids for lang in langs
                      if (document := rendered[(aid.key, lang)]) is not None]
    plan.notes = [fallback_note(corpus, lookup(), d) for d in plan.documents if d.untranslated]
    return plan


#: the build cache's kind of an aid's page in one language
KEPT = "aid-page"


def _keys(store: Store, corpus: Corpus, aids: list[Aid], langs: tuple[str, ...], card: str,
          backs: bool) -> dict[tuple[str, str], str]:
    """Each aid's key in each language: what its page is rendered from (the module's docstring
    says what that is); none from the null store, which keeps nothing."""
    if not store.keeps:
        return {}
    files = store.fingerprint.files
    shared = digest(*(f"{path}={value}" for path, value in files.items()
                      if not path.startswith(("corpus/sources/", TRANSLATIONS))))
    rulebook_of = {d.key: d.rulebook for d in corpus.documents}
    digests = store.documents(corpus.documents)
    keys = {}
    for aid in aids:
        rulebooks = {rulebook_of[key] for key in aid.documents}
        read = [f"{d.key}={digests[d.key]}" for d in corpus.documents if d.rulebook in rulebooks]
        for lang in langs:
            keys[aid.key, lang] = digest(store.fingerprint.code, shared, aid.key, lang, card, str(backs), *read)
    return keys


#: an aid's page as its kind keeps it: title, html, edition, source_edition, untranslated
PAGE = tuple[str, str, str, str, list[str]]


def _kept(store: Store, key: str | None, aid: Aid, lang: str) -> Document | None:
    """The page kept under ``key``; None when none is, or one of another shape (the store's
    reading of it checks the shape: rendered again)."""
    value = store.get_json(KEPT, key, PAGE) if key is not None else None
    if value is None:
        return None
    title, html, edition, source_edition, untranslated = value
    return Document(aid, lang, title, html, edition, source_edition, tuple(untranslated))


def _kept_json(document: Document) -> list:
    return [document.title, document.html, document.edition, document.source_edition, list(document.untranslated)]


def listed(corpus: Corpus, catalogs=None) -> Plan:
    """The aids :func:`plan_aids` plans for a build (every aid the corpus has the documents for,
    in every language, on every paper) as the website names them: their files, titles, rules
    and rulebooks' editions, without rendering them (no page, and so no edition of their own).
    `folio serve` publishes the pages with this list, before the aids are rendered and printed."""
    plan = Plan()
    aids = wanted(corpus)
    if not aids:
        return plan
    from ...i18n import catalogs as i18n  # MkDocs loads with the site package: only when there is an aid

    translations, _state = catalogs() if catalogs else i18n.prepared()
    for aid in aids:
        for lang in LANGUAGES:
            title, source_edition = _named(corpus, aid, lang, translations[lang])
            plan.documents.append(Document(aid, lang, title, html="", edition="", source_edition=source_edition))
    return plan


def in_place(plan: Plan, out_dir: Path) -> tuple[Printed | None] | None:
    """The aids of ``plan`` as the build in place printed them under ``out_dir``/aids, for a
    page-first build ((None,) when the plan has none); None when the build in place lacks a PDF
    of the plan (a new aid, a first build): the site then waits for the aids to be printed."""
    if not plan.documents:
        return (None,)
    files = plan.files()
    if not all((out_dir / "aids" / file.path).is_file() for file in files):
        return None
    return (Printed(out_dir / "aids", files),)


def _named(corpus: Corpus, aid: Aid, lang: str, translations) -> tuple[str, str]:
    """The aid's title in ``lang`` and the edition of the rulebook it prints from, as the
    readers of ``lang`` know it: (title, source_edition)."""
    return translations.gettext(aid.title), "; ".join(dict.fromkeys(
        d.edition_in(lang) for d in corpus.documents if d.key in aid.documents))


def fallback_note(corpus: Corpus, lookup: Lookup, document: Document) -> Diagnostic:
    """The build's note that an aid is not in one language yet: a translator's to-do list."""
    first = corpus.units[document.untranslated[0]]
    side = first.sides[lookup.document_of(first).language]
    shown = ", ".join(document.untranslated[:6])
    more = len(document.untranslated) - 6
    words: dict[str, Param] = {"lang": Lang(document.lang), "aid": document.aid.key, "units": shown,
                               "count": Count(len(document.untranslated), ngettext("%(num)d unit", "%(num)d units"))}
    message = (text(_("the %(lang)s player aid %(aid)s prints %(count)s units in their original language, "
                      "not translated yet: %(units)s and %(more)s more"), **words, more=more) if more > 0 else
               text(_("the %(lang)s player aid %(aid)s prints %(count)s units in their original language, "
                      "not translated yet: %(units)s"), **words))
    return Diagnostic.of(side.path, side.line_start, AID_FALLBACK.code, message, AID_FALLBACK.severity,
                         unit=first.id)


def print_aids(plan: Plan, out_dir: Path, inspect: Callable[[AidFile, object], None] | None = None,
               *, store: Store = NULL, jobs: int | None = None) -> Printed | None:
    """Print every planned aid into ``out_dir`` (swapped in whole), on ``jobs`` processes (default:
    every core, or FOLIO_JOBS); ``inspect`` sees each laid-out document before it is written and
    dropped (the tests look at its boxes), and so prints in this process. The ``store`` (a
    build's) gives the PDFs the last build printed."""
    if not plan.documents:
        return None
    files = [plan.files(document) for document in plan.documents]
    look = (lambda d, v, laid: inspect(files[d][v], laid)) if inspect else None
    pages = [(d.html, [f.variant for f in fs]) for d, fs in zip(plan.documents, files, strict=True)]
    printed = Press(store).print(pages,
                                       jobs=workers.available() if jobs is None else jobs, inspect=look)
    laid_out = []
    with atomic_dir(out_dir) as tmp:
        for document_files, pdfs in zip(files, printed, strict=True):
            for file, (pdf, fresh) in zip(document_files, pdfs, strict=True):
                target = tmp / file.path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(pdf)
                laid_out += [file.path] if fresh else []
    return Printed(out_dir, plan.files(), laid_out)


def edition_of(html: str) -> str:
    """Folio's version and a digest of an aid's page (without its edition)."""
    return f"{folio_version()}+{hashlib.sha256(html.encode('utf-8')).hexdigest()[:12]}"
