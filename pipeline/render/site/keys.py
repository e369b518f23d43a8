"""What each page of the website is made from, as one digest per page.

A page is rendered again only when its key changes, so a key must cover everything the page
shows. A document's page shows its units in both languages (its source, its translations, the
manifest entry), the references it makes with what they lead to (the target documents), the
references other documents make to it (their documents), and the glossary's abbreviations; the
other pages show the coverage (the status page: with every unit still to translate, named and
diffed from its document), the findings, the glossary or the printed aids. Everything also
depends on Folio's code, templates and catalogs (``Fingerprint.code``). When in doubt a key
takes in more: a page rendered once too often costs milliseconds, a stale one misleads.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import asdict

from ...check.config import CONFIG
from ...core.model import Corpus
from ...incremental.fingerprint import Fingerprint, digest
from ...incremental.store import Store
from ...language.termbase import GLOSSARY
from .structure import Site

MANIFEST = "corpus/manifest.yaml"


def navigation_key(fingerprint: Fingerprint) -> str:
    """What every page's frame comes from: the menu (the manifest's documents and titles, the
    catalogs), the base mkdocs.yml and the theme and its overrides. When it changes, MkDocs
    renders every page again; when it does not, only the pages whose content changed."""
    return digest("navigation", fingerprint.code, fingerprint.of(MANIFEST), fingerprint.project())


def page_keys(corpus: Corpus, site: Site, store: Store, aids, files: dict[str, str] | None,
              rows: list) -> dict[str, str]:
    """Page path -> key, the same in every language (the language is added by the caller):
    made of the ``store``'s keys of the documents each page shows. ``files``: a digest of the
    findings of each file (pipeline/render/site/report_items.py: ``by_file``), made when the
    store keeps and each file's findings stand together; ``rows``: the corpus's coverage
    (pipeline/link/translations/status.py)."""
    fingerprint = store.fingerprint
    code = fingerprint.code
    documents = store.documents(corpus.documents)
    rulebooks = {d.key: d.rulebook for d in corpus.documents}
    outgoing: dict[str, list] = defaultdict(list)
    incoming: dict[str, list] = defaultdict(list)
    neighbours: dict[str, set[str]] = defaultdict(set)
    for ref in corpus.references:
        source = corpus.units[ref.source].document
        row = [ref.source, ref.lang, str(ref.kind), ref.text, ref.target, ref.line, ref.col,
               str(ref.status), ref.target_id, ref.note, ref.problem]
        outgoing[source].append(row)
        if ref.target_id is not None:
            target = corpus.units[ref.target_id].document
            incoming[target].append(row)
            neighbours[source].add(target)
            neighbours[target].add(source)
    rows = [asdict(row) for row in rows]
    manifest, glossary = fingerprint.of(MANIFEST), fingerprint.of(GLOSSARY)
    keys: dict[str, str] = {}
    for page in site.pages:
        page_key = page.key or ""  # set on every page named below
        if page.template == "document":  # the baseline: the old ids its units are aliased by;
            key = page_key  # the rulebook's facts: its units' boxes and its rules' decision tables
            rules = fingerprint.of(f"corpus/rules/{rulebooks[key]}.yaml")
            parts = [documents[key], glossary, _json(outgoing[key]), _json(incoming[key]),
                     *(documents[other] for other in sorted(neighbours[key])), fingerprint.baseline, rules]
        elif page.template == "changes":  # the edition diff of the document since the baseline
            parts = [documents[page_key], fingerprint.baseline]
        elif page.template == "game":
            parts = [documents[d.key] for d in site.games[page_key]]
        elif page.template == "home":
            parts = [manifest, _json(rows)]
        elif page.template == "status":  # every unit still to translate, named from its document;
            # the clauses the rules account for: the facts and corpus/rules/coverage/
            parts = [manifest, _json(rows), *documents.values(), fingerprint.under("corpus/rules/")]
        elif page.template == "report":
            # without the findings' digests (a store that keeps nothing, which keeps no key either;
            # or findings whose files do not stand together, report_items.by_file), everything
            # the findings follow from
            found = _json(list(files.items())) if files is not None else fingerprint.build_id
            parts = [manifest, found, fingerprint.of(CONFIG)]  # the reasons' translations
        elif page.template == "glossary":
            parts = [glossary]
        elif page.template == "aids":
            # each aid's file, title and rules; not its own edition, which the page does not show
            # and which the pages of `folio serve` are published without (build.py, page-first)
            parts = [manifest, _json([[f.path, f.title, list(f.sources)] for f in aids.files] if aids else [])]
        elif page.template == "search":  # fixed text
            parts = []
        else:  # a page this module does not know of: made from anything, as far as it knows
            parts = [fingerprint.build_id]
        keys[page.path] = digest(code, page.template, page.path, *parts)
    return keys


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
