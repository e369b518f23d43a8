"""The bilingual website, rendered from the corpus model into site/.

The stages, in order: plan the pages (:mod:`.structure`), take the interface strings from the
committed catalogs (:mod:`.i18n`), render every page of each language to HTML
(:mod:`.render`, :mod:`.units`, :mod:`.inline`), let the static generator wrap them in its theme
(:mod:`.mkdocs_adapter`), then index the result for search (:mod:`.search`). Everything is
written into a fresh directory that replaces site/ only once all of it succeeded.

A project opts in with a top-level mkdocs.yml (the theme and site settings); without one,
``folio build`` writes build/ only.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from ...check.config import CONFIG as CHECKS
from ...check.config import load_config
from ...check.families import all_codes
from ...core.diagnostics import Diagnostic
from ...core.model import Corpus
from ...i18n import catalogs as i18n
from ...incremental.buildcache import carry
from ...incremental.store import NULL, Store
from ...language.termbase import GLOSSARY, Termbase, load_termbase
from ...rules import load_facts
from ...rules.ask import every_answer
from ...rules.coverage import Coverage as Clauses
from ...rules.coverage import classify_held
from ...rules.decision_tables import decision_tables
from ...rules.facts import Facts
from ...rules.rendering import placed
from ...util import project_files, workers
from . import mkdocs_adapter, pages, report_items, search
from .fragments import TEMPLATES, Renderer, root_page
from .keys import navigation_key, page_keys
from .reports import Translating, clause_rows
from .structure import SITE_LANGUAGES, Site, plan

BASE_CONFIG = "mkdocs.yml"
ASSETS = TEMPLATES / "assets"
#: at most this many pages changed in all: MkDocs wraps them in this process, one language
#: after the other (measured on the real corpus after a one-word edit: 0.23 to 0.31 s of CPU in
#: two forked processes, each loading the configuration and the theme afresh, against 0.09 to
#: 0.13 s here, where the theme stays compiled)
FEW_PAGES = 40


def wanted(root: Path) -> bool:
    return project_files.present(root, BASE_CONFIG)


def render_site(corpus: Corpus, diagnostics: list[Diagnostic], root: Path, out: Path, *, aids=None,
                store: Store = NULL, catalogs=None, changes=None, facts: Facts | None = None,
                final: Path | None = None, clauses: Clauses | None = None, keep: bool = False) -> Path:
    """Write the whole site into ``out`` (made when missing, else empty: the driver's new site/,
    made aside and swapped in whole) and return it; ``final`` is where it will stand (default:
    ``out``). Pages the ``store`` holds (their inputs unchanged since the last build) are taken
    from the last build, and MkDocs renders only the pages that changed when the navigation
    and the theme did not. ``catalogs()`` gives the interface catalogs when the build has read
    them already (:func:`i18n.prepared`). ``aids`` (pipeline.render.aids.Printed) are the
    printed player aids: copied beside the aids page of their language, so that its links work
    offline; ``changes`` (pipeline.editions.baseline.ChangesSince) give every document a "what
    changed" page. ``facts`` (read from ``root`` when not given) give each unit its "at a
    glance" box, and the rules run on them the decision tables (pipeline/rules/decision_tables.py).
    ``clauses``: the rules' clauses as the driver classified them for the checks too (classified
    here when not given). ``keep``: this process builds again (`folio serve`), which may reuse
    what this build made of the findings."""
    root, out = Path(root), Path(out)
    out.mkdir(parents=True, exist_ok=True)
    termbase = _termbase(root)
    reasons = _reasons(root, store.fingerprint.files.get(CHECKS))
    facts = facts if facts is not None else placed(load_facts(root, missing_ok=True), corpus)
    tables = decision_tables(facts) if len(facts) else {}
    if clauses is None and len(facts):  # else the driver's classification, shared with the checks
        clauses = classify_held(corpus, facts, root)
    table = clause_rows(clauses) if clauses is not None and len(facts) else {}
    asks = every_answer(facts) if len(facts) else {}
    site = plan(corpus, changes=changes is not None)
    jobs = store.jobs
    with tempfile.TemporaryDirectory(prefix="folio-site-") as scratch:
        work = Path(scratch)
        translations, state = catalogs() if catalogs else i18n.prepared()
        for lang in state.untranslated:
            pending = state.untranslated[lang]  # fuzzy ones included: msgfmt leaves them out
            if pending:  # the page shows the English string meanwhile: worth a line, not a stop
                print(f"{i18n.SHOWN}/{lang}/LC_MESSAGES/messages.po: "
                      f"{len(pending)} interface string(s) to translate or check, such as "
                      f"{pending[0]!r}", file=sys.stderr)
        renderers: dict[str, Renderer] = {}  # one per language and process: templates compile once
        translating = Translating(corpus)
        files = report_items.by_file(diagnostics, keep=keep) if store.keeps else None
        kept_items = report_items.KeptItems(store, _items_context(store.fingerprint),
                                            store.documents(corpus.documents), files) if store.keeps else None

        def renderer(lang: str) -> Renderer:
            if lang not in renderers:
                renderers[lang] = Renderer(corpus, site, lang, translations[lang], termbase,
                                           diagnostics, aids=aids, changes=changes, facts=facts,
                                           tables=tables, reasons=reasons.get(lang), clauses=table,
                                           asks=asks, kept_items=kept_items, translating=translating)
            return renderers[lang]

        previous, here = store.directory("site")
        # what of the cache is computed again, with what the site's own caches find damaged
        damaged = store.damaged
        # the pages Pagefind reads, each written as its page is rendered (pages.search_pages)
        light_before, light = store.directory("search-pages")
        light = light or work / "search"
        with store.stage("site pages"):
            keys = page_keys(corpus, site, store, aids, files, translating.rows)
            frame = navigation_key(store.fingerprint)
            sources = pages.prepare(site, SITE_LANGUAGES, renderer, keys, frame,
                                    here or work / "sources", previous, jobs, damaged, search=light,
                                    memory=store.cache.memory if store.keeps else None)
        # Pagefind reads Folio's pages, not MkDocs' output: on more than one core it indexes
        # from here on, a process per language, through the serial work below (the report's
        # items kept, the assets and lexicons copied, the configurations written: ~1.5 s at
        # x100) and while MkDocs wraps the pages
        light = pages.search_pages(sources, light, light_before, damaged)
        bundles = store.directory("search")
        indexing = search.start(out, light, bundles, jobs, damaged, light_before) if jobs > 1 else None
        in_place = store.previous_site

        def wrap(found: pages.Sources) -> int:
            reuse = in_place is not None and found.same_frame and (in_place / found.lang).is_dir()
            return mkdocs_adapter.run(found.lang, found.config, out / found.lang,
                                      changed=found.changed if reuse else None,
                                      previous=in_place / found.lang if reuse and in_place is not None else None,
                                      store=store)

        try:
            report = site.page("report")
            for found in sources:
                if kept_items is not None and report.path not in found.rendered:  # its items, for the next edit
                    renderer(found.lang).keep_report(report)
            pages.copy_assets(sources, ASSETS, corpus, store)
            for found in sources:
                mkdocs_adapter.write_config(found.lang, navigation(site, found.titles,
                                                                   translations[found.lang].gettext),
                                            root / BASE_CONFIG, found.config,
                                            (final if final is not None else out) / found.lang,
                                            translations[found.lang].gettext, store)
            damaged += mkdocs_adapter.sweep_templates()  # kept templates that would not open: once, here
            # a few pages changed (an edit, on `folio serve`): MkDocs runs here, where the
            # theme stays compiled, not in a process forked per language to start afresh
            few = in_place is not None and all(found.same_frame for found in sources) \
                and sum(len(found.changed) for found in sources) <= FEW_PAGES
            with store.stage("mkdocs"):
                built = workers.run(wrap, sources, jobs=1 if few else jobs, stage="mkdocs")
        except BaseException:
            if indexing is not None:
                indexing.stop()
            raise
        for source, target in aid_copies(site, out, aids, [found.lang for found in sources]):
            carry(source, target)  # a hard link where it can be: the printed aids are only ever written whole
        (out / "index.html").write_text(root_page(translations, SITE_LANGUAGES), encoding="utf-8")
        with store.stage("search index"):
            indexed = indexing.wait() if indexing is not None else search.index(out, light, bundles,
                                                                                damaged=damaged,
                                                                                last_pages=light_before)
        (out / ".gitkeep").touch()  # the placeholder git keeps for the directory
    for found, count in zip(sources, built, strict=True):
        store.touch("pages", [f"{found.lang}/{path}" for path in found.rendered])
        store.touch("mkdocs", [f"{found.lang}/{path}" for path in sorted(found.changed)]
                    if in_place is not None and found.same_frame else [f"{found.lang}/*"])
        store.count("pages rendered", len(found.rendered))
        store.count("pages built by mkdocs", count)
    if indexed.made:
        store.touch("search", indexed.made)  # the languages Pagefind indexed again
    for outcome, languages in (("made", indexed.made), ("reused", indexed.reused)):
        if languages:
            store.count(f"search index {outcome}", len(languages))
    return out


def aid_copies(site: Site, out: Path, aids, langs) -> list[tuple[Path, Path]]:
    """(the printed PDF, its copy beside the aids page of its language in the site at ``out``)
    for every aid of ``aids`` (pipeline.render.aids.Printed) in one of ``langs``."""
    return [(aids.directory / file.path, out / file.lang / site.page("aids").path / Path(file.path).name)
            for lang in langs for file in (aids.files if aids else ()) if file.lang == lang]


def replace_aids(corpus: Corpus, out: Path, aids, *, changes: bool = False) -> list[Path]:
    """Put the newly printed ``aids`` in the published site at ``out``, whose pages were
    rendered for these very files (their names, titles and editions) but which holds the
    previous build's PDFs: each PDF that differs is written aside and renamed over its copy, so
    a reader downloads the old file or the new one, whole. The copies replaced."""
    replaced = []
    for source, target in aid_copies(plan(corpus, changes=changes), out, aids, SITE_LANGUAGES):
        data = source.read_bytes()
        if target.is_file() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        aside = target.with_name(f".{target.name}.new")
        aside.write_bytes(data)
        os.replace(aside, target)
        replaced.append(target)
    return replaced


def navigation(site: Site, titles: dict[str, str], gettext) -> list:
    """The site's menu: home, each game with its documents, then the translators' pages;
    ``titles`` gives every page's title by its path."""
    nav: list = [(gettext("Home"), "")]
    for rulebook, documents in site.games.items():
        game = site.page("game", rulebook).path
        nav.append((titles[game], [(titles[game], game)] + [
            (titles[site.page("document", d.key).path], site.page("document", d.key).path)
            for d in documents]))
    nav += [(titles[site.page(name).path], site.page(name).path)
            for name in ("aids", "glossary", "status", "report", "search")]
    return nav


def _items_context(fingerprint) -> str:
    """What the report's items are made of besides the findings and the units they name
    (pipeline/render/site/report_items.py): Folio's code and catalogs, the manifest (pages,
    rulebooks' games), the glossary (concepts' and games' names), the rule facts (their
    labels) and corpus/checks.yaml (the suppressions' reasons)."""
    from ...incremental.fingerprint import digest
    from .keys import MANIFEST

    return digest(fingerprint.code, fingerprint.of(MANIFEST, GLOSSARY, CHECKS),
                  fingerprint.under("corpus/rules/"))


#: the suppressions' reasons in each language, as corpus/checks.yaml said them when last read, by
#: the file's digest: `folio serve` renders the site again on every save, and at x100 the file
#: has 10,854 lines, half a second to parse, for the reasons alone. The digest is of the file's
#: bytes (pipeline/incremental/fingerprint.py), and the reasons follow from those alone (and the
#: codes Folio declares, fixed in a process): another project's file of the same digest says
#: the same reasons, so the project's root need not name them
_REASONS: dict[str, dict[str, dict[str, str]]] = {}


def _reasons(root: Path, key: str | None) -> dict[str, dict[str, str]]:
    """Each site language's reasons (:meth:`CheckConfig.reasons_in`), read again only when the
    file's digest in the build's fingerprint (``key``) changed; read each time without one (no
    file, or a store that keeps nothing). The check stage has refused a file it cannot use."""
    if key is None or key not in _REASONS:
        config = load_config(root, {code.code for code in all_codes()})
        made = {lang: config.reasons_in(lang) for lang in SITE_LANGUAGES}
        if key is None:
            return made
        _REASONS.clear()  # the last file's only
        _REASONS[key] = made
    return _REASONS[key]


def _termbase(root: Path) -> Termbase | None:
    # A corpus without a termbase still gets a site, with a glossary page that says so.
    return load_termbase(root) if project_files.present(root, GLOSSARY) else None
