"""Printable player aids: PDFs from the corpus units and the facts the rules module reads.

Two stages, so that bad input stops a build before anything is written:

- :func:`plan_aids` gathers what every aid prints (texts from the units, numbers from the rule
  facts, labels from the website's Babel catalogs) and renders it with the Jinja2 templates in
  templates/aids/ into one HTML document per aid and language. A missing unit or fact is a
  FolioError here.
- :func:`print_aids` lays each document out with WeasyPrint, once per paper size (and with cut
  marks for card aids, on request), into ``build/aids/<lang>/<aid>-<paper>.pdf``, all swapped in
  at once; a PDF printed before from the same input comes from the cache (:mod:`.cache`).

``AIDS`` is the explicit list; an aid is printed when the corpus has the documents it needs.
"""

from __future__ import annotations

import hashlib
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..atomic import atomic_dir
from ..errors import FolioError
from ..model import LANGUAGES, Corpus
from ..rules import load_facts
from ..version import folio_version
from . import his, pop, risto, vq
from .pdf import PAPERS, Press, Variant
from .render import environment, render_html
from .sheet import Sheet


def _(message: str) -> str:
    """Marks a catalog string; it is translated when printed."""
    return message


@dataclass(frozen=True)
class Aid:
    key: str  # the file name: build/aids/<lang>/<key>-<paper>.pdf
    title: str  # a catalog string
    documents: tuple[str, ...]  # the manifest's documents it prints from
    sources: tuple[str, ...]  # the rules it covers, named on every page
    build: Callable[[Sheet], dict]  # the template's data; the template is templates/aids/<key>.html
    cards: bool = False  # cards that take cut marks when printed with them (``folio aids --marks``)


AIDS = (
    Aid("eu-risto-events-period-1", _("Risto's Events, Period I: event cards"), ("eu-risto-period-1",),
        ("eu-risto:period-I",), risto.events, cards=True),
    Aid("his-mary-i-impulse", _("Here I Stand: the English impulse under Mary I"), ("his-power-rules",),
        ("his:21.3",), his.mary_i),
    Aid("his-winter-phase", _("Here I Stand: Winter Phase, returning home and mandatory events"),
        ("his-winter-new-world",), ("his:19.3", "his:19.8"), his.winter),
    Aid("his-new-world", _("Here I Stand: colonies and exploration"), ("his-winter-new-world",),
        ("his:20", "his:20.1", "his:20.2"), his.new_world),
    Aid("vq-deployment-action-phase", _("Virgin Queen: Spring Deployment and the Action Phase"),
        ("vq-deployment-actions",), ("vq:10", "vq:11", "vq:11.1"), vq.deployment_actions),
    Aid("pop-military-actions", _("The Price of Power: Military Actions"), ("pop-military-actions",),
        ("pop:5.5",), pop.military_actions),
)


@dataclass(frozen=True)
class AidFile:
    """One printed PDF."""

    aid: str
    lang: str
    title: str  # in ``lang``
    variant: Variant
    sources: tuple[str, ...] = ()  # the aid's rules, as unit ids

    @property
    def path(self) -> str:
        """Relative to the aids directory: ``<lang>/<aid>-<paper>[-marks].pdf``."""
        return f"{self.lang}/{self.aid}-{self.variant.suffix}.pdf"


@dataclass
class Plan:
    """Every aid of a build, rendered to HTML and ready to print."""

    version: str
    papers: tuple[str, ...] = tuple(PAPERS)
    marks: bool = False  # cut marks around the cards of card aids
    documents: list[tuple[Aid, str, str, str]] = field(default_factory=list)  # aid, lang, title, html

    def files(self) -> list[AidFile]:
        return [AidFile(aid.key, lang, title, Variant(paper, self.marks and aid.cards), aid.sources)
                for aid, lang, title, _html in self.documents for paper in self.papers]


@dataclass
class Printed:
    """What :func:`print_aids` wrote: the directory and its files."""

    directory: Path
    files: list[AidFile]
    version: str


def wanted(corpus: Corpus) -> list[Aid]:
    keys = {document.key for document in corpus.documents}
    return [aid for aid in AIDS if all(key in keys for key in aid.documents)]


def plan_aids(corpus: Corpus, root: Path, only: tuple[str, ...] = (), langs: tuple[str, ...] = LANGUAGES,
              papers: tuple[str, ...] = tuple(PAPERS), marks: bool = False) -> Plan:
    """Every aid the corpus has the documents for (or those named in ``only``), as HTML."""
    unknown = [key for key in only if key not in {aid.key for aid in AIDS}]
    if unknown:
        raise FolioError(f"no player aid {unknown[0]!r}; the aids are "
                         + ", ".join(aid.key for aid in AIDS))
    aids = [aid for aid in wanted(corpus) if not only or aid.key in only]
    plan = Plan(corpus_version(root), papers, marks)
    if not aids:
        return plan
    from ..site import i18n  # MkDocs loads with the site package: only when there is an aid

    facts = load_facts(root)
    with tempfile.TemporaryDirectory(prefix="folio-aids-") as work:
        # extract, update, compile: a label added to an aid's template reaches the catalog now
        translations, _state = i18n.prepare(Path(work))
    env = environment()
    rendered = {}
    for lang in langs:
        env.install_gettext_translations(translations[lang], newstyle=True)
        for aid in aids:
            sheet = Sheet(aid.key, corpus, facts, lang, translations[lang])
            data = aid.build(sheet)
            title = translations[lang].gettext(aid.title)
            game = next(d.game for d in corpus.documents if d.key == aid.documents[0])
            rendered[(aid.key, lang)] = (title, render_html(env, aid, sheet, title, game, data,
                                                            plan.version))
    plan.documents = [(aid, lang, *rendered[(aid.key, lang)]) for aid in aids for lang in langs]
    return plan


def print_aids(plan: Plan, out_dir: Path, inspect: Callable[[AidFile, object], None] | None = None
               ) -> Printed | None:
    """Print every planned aid into ``out_dir`` (swapped in whole); ``inspect`` sees each laid-out
    document before it is written and dropped (the tests look at its boxes)."""
    if not plan.documents:
        return None
    files = plan.files()
    jobs = [(html, [f for f in files if (f.aid, f.lang) == (aid.key, lang)])
            for aid, lang, _title, html in plan.documents]
    with atomic_dir(out_dir) as tmp:
        for printed, pdfs in press(jobs, inspect):
            for file, pdf in zip(printed, pdfs):
                target = tmp / file.path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(pdf)
    return Printed(out_dir, files, plan.version)


def press(jobs: list[tuple[str, list[AidFile]]], inspect=None):
    """(files, their PDF bytes) per document, laid out one document at a time.

    Serial on purpose: WeasyPrint is pure Python (threads would not help), and two forked
    processes measured no faster than one on the two-core machines Folio is built on."""
    printing = Press()
    for html, files in jobs:
        look = (lambda i, document, files=files: inspect(files[i], document)) if inspect else None
        yield files, printing.print(html, [f.variant for f in files], look)


def corpus_version(root: Path) -> str:
    """Folio's version and a digest of every file under corpus/: the same corpus prints the same
    footer wherever it is built."""
    digest = hashlib.sha256()
    corpus = Path(root) / "corpus"
    for path in sorted(p for p in corpus.rglob("*") if p.is_file()):
        digest.update(path.relative_to(corpus).as_posix().encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return f"{folio_version()}+{digest.hexdigest()[:12]}"
