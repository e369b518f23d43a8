"""The pipeline, stage by stage: read -> parse -> link -> check -> render -> print aids.

Every command that needs the corpus goes through a :class:`Project`, which runs the stages a
command asks for in this order, once each; ``folio build`` adds the later stages. Input Folio cannot use
stops the run with a :class:`FolioError` before
anything is written, and a build writes build/ and site/ aside and swaps both in at the end, so
a failed build never leaves a half-written build/ or site/ behind.

``folio build`` runs in a :class:`~pipeline.incremental.session.Session`, which decides once,
from the fingerprint, what is stale (:class:`~pipeline.incremental.plan.Plan`: each document
added, changed, removed or unchanged, and what each stage must redo because of it): when no
input changed since the build in place it does nothing; else the driver hands the read stage
the documents to read again, the checks the rulebooks to check again, and every stage the
build's :class:`~pipeline.incremental.store.Store`, keyed by the plan's digests: each stage
reuses what the build in place computed from the same inputs (build/.cache/) and makes, on
every core, only what the store lacks. Every other command runs the same stages with the null
store (no reuse, one core): this module is the only one that knows which store it is.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from . import games  # noqa: F401 - every game registered: its rules, aids and table words
from .check import all_codes, fact_reader, run_checks
from .check.config import load_config
from .check.kept import ClausesKept, pieces_kept, pieces_read
from .check.report import write_check_report
from .check.rules_coverage import CLAUSES
from .check.rules_coverage import FAMILY as COVERAGE
from .check.spelling import misspellings
from .core.diagnostics import Diagnostic
from .core.errors import FolioError
from .core.model import Corpus, Document
from .incremental.loaded import DocumentCache
from .incremental.memory import Memory
from .incremental.session import Session, planned, start
from .incremental.store import NULL, Store
from .link.references import link as link_references
from .link.translations import attach as attach_translations
from .outcome import BuildResult, summary
from .parse import PARSERS, translated_side
from .parse.document import read_and_parse
from .read.manifest import load_manifest
from .render.writers.corpus_json import write_corpus_json
from .render.writers.prepared import prepare_documents
from .render.writers.schema import write_schema
from .render.writers.yaml_docs import write_yaml_docs
from .rules.coverage import Coverage, classify_held
from .rules.facts import Facts, load_facts
from .rules.rendering import placed
from .util import collector, project_files, workers
from .util.background import Background
from .util.spare import Spare

if TYPE_CHECKING:
    from .editions.baseline import ChangesSince
    from .editions.revisions import Edition
    from .incremental.plan import Plan as Outdated
    from .render.aids import Plan, Printed


@dataclass
class Project:
    """The project at ``root`` as one command sees it: the linked corpus with the reader's notes,
    the rule facts bound to it, and the checks' findings, each made on first use in the
    pipeline's order and then kept, so that a command loads nothing twice and wires no stage
    itself. The ``store`` times each stage and gives it the last build's work (the null store
    of any command but ``folio build``: nothing)."""

    root: Path
    store: Store = NULL
    #: the manifest's documents, when the command has read it already
    documents: list[Document] | None = None
    #: what the build must redo (pipeline/incremental/plan.py): each stage is handed its part
    plan: Outdated | None = None

    @cached_property
    def _loaded(self) -> tuple[Corpus, list[Diagnostic]]:
        # read -> parse -> attach translations -> link: the plan's documents, the rest from the store
        return load_corpus(self.root, self.store, documents=self.documents,
                           outdated=self.plan.documents if self.plan else None)

    @property
    def corpus(self) -> Corpus:
        return self._loaded[0]

    @property
    def notes(self) -> list[Diagnostic]:
        """What reading the sources had to say (an encoding, line endings)."""
        return self._loaded[1]

    @cached_property
    def facts(self) -> Facts:
        """The rule facts (corpus/rules/): read once for the checks, the aids and the rules; none
        for a project without rules (`folio rules` refuses it: :meth:`rule_facts`)."""
        with self.store.stage("link"):  # the files the plan reads again parsed on every core
            return load_facts(self.root, fact_reader(self.store), missing_ok=True,
                              fresh=self.plan.facts if self.plan else (), jobs=self.store.jobs)

    @cached_property
    def shown_facts(self) -> Facts:
        """The rule facts as the corpus says them now: a translated side's words found again
        where its translation changed (pipeline/rules/rendering.py). What the site, the aids,
        corpus.json, `folio show` and the rules' citations show; the checks read the data as
        written, to tell its keeper what changed."""
        with self.store.stage("link"):
            return placed(self.facts, self.corpus)

    @cached_property
    def clauses(self) -> Coverage:
        """The clauses of every document of a rulebook with rule facts, classified once for the
        coverage checks and the status page (pipeline/rules/coverage.py). The facts as written:
        placing a translation's words changes no original's, and only those are classified. The
        store keeps each document's clauses: an edit classifies its own document again."""
        with self.store.stage("link"):
            return classify_held(self.corpus, self.facts, self.root, ClausesKept(self.store, self.root),
                                 fresh=self.plan.coverage if self.plan else (), jobs=self.store.jobs)

    def rule_facts(self) -> Facts:
        """The rule facts, for a command that has no use for a project without them."""
        if not len(self.facts):  # read once; only a project without any says why, in one line
            load_facts(self.root)
        return self.facts

    def findings(self, only: list[str] | None = None) -> list[Diagnostic]:
        """The reader's notes and the findings of every check family (or of the families
        ``only`` names, without the notes), configured by corpus/checks.yaml and sorted."""
        with self.store.stage("check"):
            return check(self.corpus, self.root, [] if only else self.notes, self.store,
                         self.facts, only=only, clauses=self.clauses if not only or COVERAGE in only else None,
                         outdated=self.plan.checks if self.plan else ())


def load_corpus(root: Path, store: Store = NULL, *, references: bool = True,
                documents: list[Document] | None = None,
                outdated: Collection[str] | None = None) -> tuple[Corpus, list[Diagnostic]]:
    """Read, parse and link every document: the corpus every command works on. Without
    ``references`` no cross-reference is resolved: an edition diff compares texts only, and
    resolving is most of the time loading takes. A document the ``store`` holds (one whose
    inputs did not change since the last build) comes from it whole (pipeline/incremental/loaded.py):
    only the documents an edit touched are read, parsed, translated and linked. ``documents``:
    the manifest's, when the caller has read it already. ``outdated``: the documents the build's
    plan reads again; the others come from the store (one it lacks, an entry found damaged, is
    read too)."""
    root = Path(root)
    corpus = Corpus(documents=documents if documents is not None else load_manifest(root, PARSERS))
    kept = DocumentCache(store)
    notes: dict[str, list[Diagnostic]] = {}
    with store.stage("read+parse"):
        planned = frozenset(outdated) if outdated is not None else frozenset()
        kept.outdated([d for d in corpus.documents if d.key in planned])
        reused = kept.reused(corpus.documents, planned)
        fresh = [d for d in corpus.documents if reused[d.key] is None]
        store.touch("read", [d.key for d in fresh])
        # One core: parsing is fast enough that sending the units back from another process
        # costs more than it saves (measured at x100: 0.9 s here, 1.1 s on two cores). A
        # document that cannot be read is reported in manifest order.
        parsed = iter(workers.run(lambda document: read_and_parse(root, document), fresh,
                                  jobs=1, stage="parse"))
        for document in corpus.documents:
            found = reused[document.key]
            if found is None:
                made = next(parsed)
                if isinstance(made, FolioError):
                    raise made
                units, notes[document.key] = made
            else:
                units, notes[document.key] = found.units, found.notes
                corpus.translations.update(((t.unit, t.lang), t) for t in found.translations)
                if found.orphaned:
                    corpus.orphaned[document.key] = list(found.orphaned)
            corpus.add_document_units(units)
    with store.stage("link"):
        done = frozenset(key for key, found in reused.items() if found is not None)
        # the sides read by their format's parser; a source only corrected since (the spelling
        # check's dictionaries tell a slip from a word) keeps its translation current
        attach_translations(corpus, root, translated_side, done, misspellings(root), jobs=store.jobs)
        kept.keep(corpus, fresh, notes)
        if references:
            link_references(corpus, kept, jobs=store.jobs)
    return corpus, [note for document in corpus.documents for note in notes[document.key]]


def build(root: Path, out_dir: Path | None = None, *, jobs: int | None = None,
          clean: bool = False, reuse: bool = True,
          on_pages: Callable[[list[Diagnostic]], None] | None = None,
          memory: Memory | None = None, detach: bool = False, spare: Spare | None = None) -> BuildResult:
    """``folio build``: every output, from what changed since the build in place (``clean``:
    from nothing); ``jobs`` processes at most (default: every core, or FOLIO_JOBS). Without
    ``reuse`` the stages are handed the null store: everything is made, nothing is kept for the
    next build, and the outputs are the same bytes (tests/incremental/test_store.py compares).
    ``on_pages`` (`folio serve`'s reload): the same outputs in a page-first order. The site is
    rendered before the aids are planned and printed and build/ is written, with the aids' PDFs
    of the build in place (the pages name the aids' files, never their bytes), and swapped in
    whole on its own; ``on_pages`` is then called with the findings (an aid Folio cannot print is
    refused after that, with build/ left as it was); the new PDFs replace the old ones in the
    site one by one, each whole, and build/ is swapped in last. The build/ and site/ replaced
    are removed by a thread, after the build returns. Without ``on_pages`` (`folio build`) both
    are swapped in together. ``memory``: what `folio serve` keeps of the cache's entries between
    its builds (pipeline/incremental/memory.py): the same outputs, read from memory. ``detach``
    (`folio build`): the build/ and site/ replaced are removed by a process that outlives this
    one, which the command does not wait for (pipeline/util/atomic.py). ``spare`` (`folio serve`):
    the second site/ a page-first build brings up to date and swaps in (pipeline/util/spare.py)."""
    root = Path(root)
    # a directory that holds no project is refused before anything is made in it
    documents = load_manifest(root, PARSERS)
    out_dir = Path(out_dir) if out_dir is not None else root / "build"
    site_dir = root / "site" if _site_wanted(root) else None
    with start(root, out_dir, site_dir, documents, jobs=jobs, clean=clean, baseline=baseline_commit(root),
               remove_later=on_pages is not None, detach=detach, site_first=on_pages is not None,
               memory=memory, spare=spare) as session, \
            ExitStack() as aside:  # work done aside ends before the session removes a failed build's directories
        if session.unchanged is not None:
            return _unchanged(session)  # no input changed: nothing is read, checked or rendered
        # what is stale, decided once by the fingerprint (session.plan): each stage's work, and its memo
        store = session.store if reuse else Store.null(session.jobs)
        if reuse and session.plan is not None and not session.plan.everything:
            # An update, as `folio serve`'s rebuilds: no automatic collection. The heap holds the
            # corpus taken back from the store, and each full collection the update's objects set
            # off walks all of it, to free next to nothing (an x100 edit: 2.7 of 13 CPU-s, five
            # full collections 1.9 s, measured with gc.callbacks). A build that makes everything
            # collects, for its peak memory; the process ends, or serve collects, soon after.
            aside.enter_context(collector.paused())
        build_dir = session.build_dir
        assert build_dir is not None, "start() makes the new build/ of a build with work to do"
        tokens_read = pieces_read(store)  # the tokens the last build saw: an edit tokenizes its new words alone
        project = Project(root, store, documents, session.plan)  # the manifest read once: a second at x100
        corpus, notes = project.corpus, project.notes  # read -> parse -> attach translations -> link
        with store.stage("changes"):  # the edition diff since the manifest's changes_since:
            changes = edition_changes(root, corpus) if site_dir else None  # the "what changed" pages
        facts = project.shown_facts  # as the corpus says them now: for the aids, corpus.json, the site
        # corpus.json and build/corpus/ need no finding: written aside, on the core the checks'
        # work in this process alone leaves idle (a fork inherits the corpus and the facts)
        corpus_files = aside.enter_context(_Aside(corpus, build_dir, store, facts))
        diagnostics = project.findings()  # the checks read the rule facts as written
        catalogs = functools.cache(_prepared_catalogs)  # on first use, then kept
        # page-first: the site now, with the PDFs in place (the pages name the aids, which the
        # plan need not render for that); the aids are planned and printed after
        early = aids_in_place(corpus, out_dir, catalogs) if on_pages is not None and site_dir is not None else None
        if early is not None:
            assert session.site_tmp is not None and on_pages is not None
            website(corpus, diagnostics, root, session.site_tmp, early[0], store, catalogs, changes, facts,
                    final=site_dir, clauses=project.clauses, keep=memory is not None)
            session.publish_site()
            on_pages(diagnostics)
        with store.stage("aid pages"):  # what each aid prints: refused here, before build/ is written
            aids = plan_aids(corpus, root, facts, catalogs, store)  # (and before site/, but page-first)
        notes = [*notes, *aids.notes]  # an aid printing untranslated units says so
        with store.stage("render corpus"):  # into the new build/ start() made
            written = [*corpus_files.result(),  # `folio serve` writes it again on its next save
                       write_check_report(diagnostics, build_dir / "checks.json", keep=memory is not None)]
        outputs = [out_dir / path.relative_to(build_dir) for path in written]
        with store.stage("aids"):
            printed = print_aids(aids, build_dir / "aids", store)  # -> build/aids/<lang>/<aid>-<paper>.pdf
        outputs += [out_dir / "aids"] if printed else []
        if site_dir is not None and early is None:  # -> site/, swapped in with build/
            assert session.site_tmp is not None, "start() makes the new site/ of a project that has a website"
            website(corpus, diagnostics, root, session.site_tmp, printed, store, catalogs, changes, facts,
                    final=site_dir, clauses=project.clauses, keep=memory is not None)
        elif site_dir is not None and printed is not None:  # the published site's PDFs, made current
            from .render.site import replace_aids

            with store.stage("aids"):
                replace_aids(corpus, site_dir, printed, changes=changes is not None)
        pieces_kept(store, corpus, tokens_read)
        store.tally()
        result = BuildResult(corpus, out_dir, outputs, diagnostics, [*notes, *session.damaged()], site_dir,
                             dataclasses.replace(printed, directory=out_dir / "aids") if printed else None,
                             summary(corpus), store.stats, dict(store.touched), store.timings, session.plan)
        session.record.update(outputs=[p.relative_to(out_dir).as_posix() for p in outputs],
                              notes=[n.to_json() for n in notes], summary=result.summary)
    return result


def link(corpus: Corpus, store: Store = NULL) -> None:
    """Resolve every cross-reference once all documents are parsed (fills corpus.references);
    only those of the documents an edit reached when the ``store`` holds the others'."""
    link_references(corpus, DocumentCache(store))


def check(corpus: Corpus, root: Path, notes: Sequence[Diagnostic] = (),
          store: Store = NULL, facts: Facts | None = None,
          only: list[str] | None = None, clauses: Coverage | None = None,
          outdated: Collection[str] = ()) -> list[Diagnostic]:
    """The reader's notes and the check families' findings (all, or those ``only`` names),
    configured by corpus/checks.yaml; ``clauses``: the rules' clauses, classified by the
    driver once for the coverage checks and the site; ``outdated``: the rulebooks whose
    shard the build's plan runs again."""
    config = load_config(root, {code.code for code in all_codes()})
    found = [config.apply(note) for note in notes] + run_checks(
        corpus, root, only=only, config=config, store=store, facts=facts,
        given={CLAUSES: clauses} if clauses is not None else {}, outdated=outdated)
    return sorted(found, key=Diagnostic.sort_key)


def edition_changes(root: Path, corpus: Corpus) -> ChangesSince | None:
    """What changed since the edition the manifest's ``changes_since`` names, or None when it
    names none (pipeline/editions/): the driver loads the old edition and hands both over."""
    from .editions import baseline  # git, only for a project that names a baseline

    named = baseline.named(root)
    if named is None:
        return None
    with baseline.exported(root, named) as old:
        return baseline.changes_since(named, old, load_edition(old), corpus, misspellings(root))


def outdated(root: Path, out_dir: Path | None = None, *, clean: bool = False) -> Outdated:
    """What `folio build` would redo now (`folio build --dry-run`): its plan, made as the build
    makes it (pipeline/incremental/session.py), reading the build in place and writing nothing."""
    root = Path(root)
    documents = load_manifest(root, PARSERS)
    site_dir = root / "site" if _site_wanted(root) else None
    return planned(root, Path(out_dir) if out_dir is not None else root / "build", site_dir, documents,
                   clean=clean, baseline=baseline_commit(root))


def baseline_commit(root: Path) -> str:
    """The commit of the manifest's ``changes_since``, for the fingerprint; a revision that names
    none, or a manifest that cannot be read, is left for the build to report (it refuses both,
    at their line)."""
    from .editions.baseline import commit_of  # git, only for a project that names a baseline

    try:
        return commit_of(root) or ""
    except FolioError:
        return "?"


def load_edition(edition: Edition) -> Corpus:
    """An edition's corpus (pipeline/editions/revisions.py): read, parsed, with its translations;
    its cross-references are left unresolved, as comparing editions reads texts only. An error
    in its files names them as the edition has them."""
    try:
        return load_corpus(edition.root, references=False)[0]
    except FolioError as error:
        if not edition.prefix:
            raise
        raise FolioError(error.message, f"{edition.prefix}{error.path or ''}", error.line) from None


def website(corpus: Corpus, diagnostics: list[Diagnostic], root: Path, out: Path,
            aids: Printed | None = None, store: Store = NULL, catalogs=None,
            changes: ChangesSince | None = None, facts: Facts | None = None, *,
            final: Path | None = None, clauses: Coverage | None = None, keep: bool = False) -> None:
    """The bilingual website into the empty directory ``out`` (pipeline/render/site/), which is
    to stand at ``final`` (default: where it is); ``clauses``: the rules' clauses, classified;
    ``keep``: this process builds again (`folio serve`)."""
    from .render.site import render_site  # MkDocs and Pagefind load only when building

    render_site(corpus, diagnostics, root, out, aids=aids, store=store, catalogs=catalogs,
                changes=changes, facts=facts, final=final, clauses=clauses, keep=keep)


def plan_aids(corpus: Corpus, root: Path, facts: Facts | None = None, catalogs=None,
              store: Store = NULL) -> Plan:
    """What every player aid prints, from the units and the rule facts (pipeline/render/aids/);
    an aid's page the ``store`` holds is taken from the last build."""
    from .render.aids import plan_aids as plan  # Jinja2 and the catalogs load only when building

    return plan(corpus, root, facts=facts, catalogs=catalogs, store=store)


def aids_in_place(corpus: Corpus, out_dir: Path, catalogs=None) -> tuple[Printed | None] | None:
    """The aids :func:`plan_aids` would plan, as the build in place printed them, for a
    page-first build (pipeline/render/aids/: ``in_place``)."""
    from .render.aids import in_place, listed

    return in_place(listed(corpus, catalogs), out_dir)


def _prepared_catalogs():
    """The interface catalogs (pipeline/i18n/catalogs.py), read once for the aids and the website."""
    from .i18n import catalogs as i18n  # MkDocs loads with the site package: only when building either

    return i18n.prepared()


def print_aids(plan: Plan, out_dir: Path, store: Store = NULL) -> Printed | None:
    """The planned aids as PDFs (WeasyPrint), swapped into ``out_dir`` all at once; an aid whose
    page the ``store`` holds (unchanged since the last build) is taken from that build."""
    from .render.aids import print_aids as write

    printed = write(plan, out_dir, store=store, jobs=store.jobs)
    if printed is not None:
        store.touch("aids", printed.laid_out)
    return printed


def render(corpus: Corpus, diagnostics: list[Diagnostic], out_dir: Path,
           store: Store = NULL, facts: Facts | None = None) -> list[Path]:
    """Write every output of build/ but the aids into ``out_dir`` (the new build/ the session made
    aside, which replaces build/ whole once the build succeeded) and return their paths; a
    document's files come from the ``store`` when it holds them (unchanged since the last build).
    ``facts``: the rule facts, listed in corpus.json per unit they are bound to."""
    return [*render_corpus(corpus, out_dir, store, facts), write_check_report(diagnostics, out_dir / "checks.json")]


def render_corpus(corpus: Corpus, out_dir: Path, store: Store = NULL, facts: Facts | None = None) -> list[Path]:
    """:func:`render`'s outputs made of the corpus alone: corpus.json, its schema, build/corpus/."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".folio-prepared-", dir=out_dir) as scratch:
        fragments, files = prepare_documents(corpus, store, Path(scratch))
        return [write_corpus_json(corpus, out_dir / "corpus.json", store=store, prepared=fragments, facts=facts),
                write_schema(out_dir / "corpus.schema.json"),
                *write_yaml_docs(corpus, out_dir / "corpus", store=store, prepared=files)]


class _Aside:
    """:func:`render_corpus` into ``out_dir``, in a process forked now (pipeline/util/background.py),
    its store's records joined to ``store`` when its paths are asked for (:meth:`result`); done
    then, in this process, on one core or for `folio serve`, whose cache keeps in memory what
    a stage reads (a fork's memory would be lost)."""

    def __init__(self, corpus: Corpus, out_dir: Path, store: Store, facts: Facts):
        self.store = store
        here = os.getpid()  # the work knows it was forked by running in another process
        self.work = Background(lambda: _corpus_files(corpus, out_dir, store, facts, alone=os.getpid() != here),
                               fork=store.jobs > 1 and store.cache.memory is None)

    def result(self) -> list[Path]:
        done = self.work.result()
        if self.work.forked:  # (done in this process, its records are in the store already)
            self.store.cache.hits.update(done.hits)
            self.store.cache.misses.update(done.misses)
            self.store.cache.damaged.extend(done.damaged)
            # the stage's own time, which the wait for it ("render corpus") does not show
            self.store.timings["render corpus (aside)"] = done.seconds
        return done.paths

    def __enter__(self) -> _Aside:
        return self

    def __exit__(self, *exc) -> None:
        self.work.stop()  # a build that failed before it asked for the paths


@dataclass
class _Done:
    """What :func:`_corpus_files` wrote, and what its store recorded meanwhile."""

    paths: list[Path]
    hits: Counter
    misses: Counter
    damaged: list[Path]
    seconds: float


def _corpus_files(corpus: Corpus, out_dir: Path, store: Store, facts: Facts, *, alone: bool) -> _Done:
    """:func:`render_corpus` with the store's records it made: a forked process's store is a
    copy, whose counts the parent does not see (its entries are files, written here)."""
    if alone:  # the fork's own copy of the store: it works on the core the build leaves idle,
        store.jobs = 1  # and workers of its own would take the other from the checks
    cache = store.cache
    hits, misses, damaged = Counter(cache.hits), Counter(cache.misses), len(cache.damaged)
    start = time.perf_counter()
    paths = render_corpus(corpus, out_dir, store, facts)
    return _Done(paths, cache.hits - hits, cache.misses - misses, cache.damaged[damaged:],
                 time.perf_counter() - start)


def _site_wanted(root: Path) -> bool:
    # pipeline.render.site.wanted, without loading MkDocs: a build with nothing to do never needs it
    return project_files.present(root, "mkdocs.yml")


def _unchanged(session: Session) -> BuildResult:
    """The result of the build in place, as its manifest and checks.json record it."""
    manifest = session.unchanged or {}  # asked only of a session that found its build current
    diagnostics = session.report or []  # read back whole by the session, or there would be work to do
    notes = [Diagnostic.from_json(d) for d in manifest.get("notes", [])]
    return BuildResult(None, session.out_dir, [session.out_dir / p for p in manifest.get("outputs", [])],
                       diagnostics, notes, session.site_dir, None, manifest.get("summary", {}), plan=session.plan)
