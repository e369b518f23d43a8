"""The MkDocs sources of every page in every language: kept between builds, rendered on every core.

Each language has a directory of its own, ``<lang>/`` under build/.cache/site/ (or a temporary
one): the generated mkdocs.yml, the pages in docs/, and pages.json, the key (pipeline/render/site/
keys.py) and title each page was made with. A page whose key is unchanged is carried over from
the last build as it is; the others are rendered again, in parallel, and only those whose source
actually changed are handed to MkDocs as changed.
"""

from __future__ import annotations

import html
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ...core.model import Corpus
from ...incremental.buildcache import carry
from ...incremental.entries import conforms
from ...incremental.fingerprint import digest
from ...incremental.memory import Memory
from ...incremental.store import NULL, Store
from ...util import workers
from .. import compiled
from . import lexicon, mkdocs_adapter, search_input
from .fragments import Renderer
from .structure import Page, Site

INDEX = "pages.json"
#: the build cache's entries of each document's lexicon forms (pipeline/incremental/buildcache.py)
LEXICON = "lexicon"


@dataclass
class Sources:
    """One language's MkDocs sources, ready to build."""

    lang: str
    config: Path  # the generated mkdocs.yml; docs/ beside it
    titles: dict[str, str] = field(default_factory=dict)  # page path -> title, every page
    rendered: list[str] = field(default_factory=list)  # the pages Folio rendered this build
    changed: set[str] = field(default_factory=set)  # ... and whose source differs from the last
    #: the last build's sources were made with the same navigation and theme: MkDocs need only
    #: render the changed pages, and may take every other file from the site in place
    same_frame: bool = False
    #: the rendered pages whose page for Pagefind (:func:`search_pages`) was written with them
    searched: set[str] = field(default_factory=set)


def prepare(site: Site, languages: tuple[str, ...], renderer: Callable[[str], Renderer],
            keys: dict[str, str], frame: str, here: Path, previous: Path | None,
            jobs: int, damaged: list[Path] | None = None, search: Path | None = None,
            memory: Memory | None = None) -> list[Sources]:
    """Every language's sources under ``here``; ``previous`` is the last build's ``here``. What
    of it does not read back whole (an index of another shape, a page cut short) is rendered
    again, and noted in ``damaged``. With ``search`` (the target of :func:`search_pages`), each
    page rendered is written there for Pagefind too, as it is rendered: on every core, and
    without reading its source back. ``memory`` (`folio serve`'s, pipeline/incremental/memory.py)
    is handed the entries the pages used where they were rendered, in a worker or here."""
    sources, todo = [], []
    damaged = damaged if damaged is not None else []
    for lang in languages:
        old = _index(previous / lang, damaged) if previous is not None else {}
        found = Sources(lang, here / lang / "mkdocs.yml", same_frame=old.get("frame") == frame)
        for page in site.pages:
            entry = old.get("pages", {}).get(page.path)
            source = _source(previous / lang, page) if previous is not None else None
            if entry and source is not None and entry["key"] == _key(keys, page, lang) \
                    and source.is_file():
                if _size(source) == entry["size"]:
                    carry(source, _source(here / lang, page))
                    found.titles[page.path] = entry["title"]
                    continue
                damaged.append(source)
            todo.append((lang, page))
        sources.append(found)

    by_lang = {s.lang: s for s in sources}
    parent = os.getpid()  # a page rendered here used this process's memory: nothing to hand back

    def render(task: tuple[str, Page]) -> tuple[str, bool, dict | None]:
        """Render one page and write its source; (its title, whether the source changed, the
        entries of ``memory`` it used). The worker writes the page itself: only those travel
        back to the parent."""
        lang, page = task
        kept = memory if os.getpid() != parent else None  # a forked worker's memory, handed back
        mark = kept.mark() if kept is not None else 0
        rendered = renderer(lang).page(page)
        text = mkdocs_adapter.page_source(rendered)
        before = _source(previous / lang, page) if previous is not None else None
        changed = before is None or not before.is_file() or before.read_bytes() != text.encode("utf-8")
        mkdocs_adapter.write_source(by_lang[lang].config, page.path, text)
        if search is not None:
            _search_page(search / lang / page.path / "index.html", lang, rendered.title, rendered.html)
        return rendered.title, changed, kept.since(mark) if kept is not None else None

    if jobs > 1 and len(todo) > 1:
        # each language's renderer made here, its templates compiled, once, not again in every
        # worker forked below: a renderer indexes the whole corpus (its Lookup), which each
        # worker would otherwise build and hold for itself
        for lang in dict.fromkeys(lang for lang, _page in todo):
            compiled.warm(renderer(lang).env)
    for (lang, page), (title, changed, used) in zip(todo, workers.run(render, todo, jobs=jobs, stage="pages"),
                                                    strict=True):
        if memory is not None and used:
            memory.adopt(used)
        found = by_lang[lang]
        found.titles[page.path] = title
        found.rendered.append(page.path)
        if search is not None:
            found.searched.add(page.path)
        if changed:
            found.changed.add(page.path)
    for found in sources:
        index = {"frame": frame, "pages": {page.path: {"key": _key(keys, page, found.lang),
                                                       "title": found.titles[page.path],
                                                       "size": _size(_source(here / found.lang, page))}
                                           for page in site.pages}}
        found.config.parent.mkdir(parents=True, exist_ok=True)
        (found.config.parent / INDEX).write_text(
            json.dumps(index, ensure_ascii=False, indent=1, sort_keys=True) + "\n", "utf-8")
    return sources


def search_pages(sources: list[Sources], target: Path, previous: Path | None = None,
                 damaged: list[Path] | None = None) -> Path:
    """Every page as Pagefind needs to read it, at its path under ``target``: the language, the
    title and the page's own HTML (whose data-pagefind-body is what gets indexed), without the
    theme's frame and navigation (pipeline/render/site/search.py), nor what Pagefind would ignore
    (pipeline/render/site/search_input.py). ``previous`` is the last build's ``target``: a page Folio
    did not render again is the same there, and carried over, at the size it was written
    (``<lang>.sizes.json``; one cut short is written again, and noted in ``damaged``)."""
    for found in sources:
        docs = mkdocs_adapter.docs_dir(found.config)
        rendered = set(found.rendered)
        sizes = _sizes(previous / f"{found.lang}{SIZES}", damaged) if previous is not None else {}
        for path, title in found.titles.items():
            page = target / found.lang / path / "index.html"
            if path in found.searched:
                continue  # written as it was rendered (:func:`prepare`)
            kept = previous / found.lang / path / "index.html" if previous is not None else None
            if kept is not None and path not in rendered and kept.is_file():
                if sizes.get(path) == _size(kept):
                    carry(kept, page)
                    continue
                if damaged is not None and sizes:
                    damaged.append(kept)
            text = (docs / path / "index.md").read_text("utf-8")
            _search_page(page, found.lang, title, text.split("\n---\n", 1)[1])  # after page_source's front matter
        listing = {path: _size(target / found.lang / path / "index.html") for path in found.titles}
        (target / f"{found.lang}{SIZES}").write_text(json.dumps(listing, sort_keys=True), "utf-8")
    return target


def _search_page(page: Path, lang: str, title: str, body: str) -> None:
    """The page Pagefind reads of a page whose own HTML is ``body``."""
    page.parent.mkdir(parents=True, exist_ok=True)
    page.unlink(missing_ok=True)  # a kept page may be a hard link into the last build
    page.write_text(f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
                    f"<title>{html.escape(title)}</title></head><body>\n{search_input.trimmed(body)}\n"
                    "</body></html>\n", "utf-8")


#: beside each language's search pages: the size of each, as written
SIZES = ".sizes.json"


def _sizes(path: Path, damaged: list[Path] | None) -> dict[str, int]:
    try:
        found = json.loads(path.read_bytes())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        found = None
    if not conforms(found, dict[str, int]):
        if damaged is not None:
            damaged.append(path)
        return {}
    return found


def copy_assets(sources: list[Sources], assets: Path, corpus: Corpus, store: Store = NULL) -> None:
    """The renderer's assets into each language's docs, with the language's search lexicon.
    The lexicon's forms of a document whose inputs did not change are the last build's, when
    the ``store`` holds them: an edit looks up the words of its document only."""
    for found in sources:
        target = mkdocs_adapter.docs_dir(found.config) / mkdocs_adapter.ASSETS
        shutil.rmtree(target, ignore_errors=True)  # fresh files: kept ones may be hard links
        shutil.copytree(assets, target)
        if found.lang in lexicon.LANGUAGES:
            text = lexicon.script_of(_lexicon_entries(corpus, found.lang, store))
            (target / mkdocs_adapter.LEXICON).write_text(text, "utf-8")


def _lexicon_entries(corpus: Corpus, lang: str, store: Store) -> dict:
    """:func:`lexicon.entries` of every unit's text in ``lang``, merged from each document's.

    A build keeps the merge too, under one name per language (:func:`_merged_key`), with the
    entries it was made from and how many documents use each form: the next build takes the
    forms of the documents gone from it away and adds those of the documents new to it, reading
    the entries of the documents an edit changed, not of every document (at x100, 500 entries
    read on every edit). Each document's entry is kept for the build that edits it next."""
    keys = {document.key: digest(LEXICON, store.document(document), lang) for document in corpus.documents}
    wanted = set(keys.values())
    kept = store.get_json(LEXICON, _merged_key(lang), MERGED)
    counts: dict[str, list] = {}
    if kept is not None:
        counts = {form: list(entry) for form, entry in kept[1].items()}
        for key in set(kept[0]) - wanted:
            gone = store.get_json(LEXICON, key, ENTRIES, kept=False)  # what no output comes from now
            if gone is None:  # not kept after all: every document's forms counted afresh
                kept, counts = None, {}
                break
            for form in gone:
                counts[form][0] -= 1
    made = set(kept[0]) if kept is not None else set()
    found_by: dict[str, ENTRIES | None] = {}
    for document in corpus.documents:
        key = keys[document.key]
        if key in made:
            store.keep(LEXICON, key)  # for the build that edits the document next
            continue
        found_by[document.key] = store.get_json(LEXICON, key, ENTRIES)
    # the texts of the documents no entry was kept for alone: an edit's one document, not all
    # (at x100 gathering every document's texts was 0.4 s of an edit's CPU)
    texts = _texts(corpus, lang, {name for name, found in found_by.items() if found is None})
    for name, found in found_by.items():
        if found is None:
            found = lexicon.entries(texts[name])
            store.put_json(LEXICON, keys[name], found)
        for form, entry in found.items():  # a form's entry is the same in every document
            counts.setdefault(form, [0, *entry])[0] += 1
    counts = {form: entry for form, entry in counts.items() if entry[0] > 0}
    if store.keeps:
        store.put_json(LEXICON, _merged_key(lang), [sorted(wanted), counts])
    return {form: tuple(entry[1:]) for form, entry in counts.items()}


#: a document's lexicon entry, and the merge of every document's (:func:`_lexicon_entries`)
ENTRIES = dict[str, tuple[str, str, str]]
#: (the documents' entries it was made from, form -> [documents using it, *its entry])
MERGED = tuple[list[str], dict[str, tuple[int, str, str, str]]]


def _merged_key(lang: str) -> str:
    """The one name of a language's merged lexicon: what it was made from is written inside it."""
    return digest(LEXICON, "merged", lang)


def _texts(corpus: Corpus, lang: str, documents: set[str]) -> dict[str, list[str]]:
    """The texts in ``lang`` of the units of each of ``documents``, in the corpus's order."""
    texts: dict[str, list[str]] = {key: [] for key in documents}
    if documents:
        for unit in corpus.units.values():
            if unit.document in texts and lang in unit.sides:
                texts[unit.document].append(unit.sides[lang].text)
    return texts


def _key(keys: dict[str, str], page: Page, lang: str) -> str:
    return digest(keys[page.path], lang)


def _source(directory: Path, page: Page) -> Path:
    return mkdocs_adapter.docs_dir(directory / "mkdocs.yml") / page.path / "index.md"


#: pages.json: the frame its pages were made in, and each page's key, title and size. A page's
#: source is carried only at the size it was written: one cut short (a disk that filled, a
#: hand's edit) is rendered again; its bytes are not hashed, which at x100 would read every
#: page of the site on every build
def _index(directory: Path, damaged: list[Path]) -> dict:
    """The last build's pages.json, or {} when there is none or it is not of its shape."""
    path = directory / INDEX
    try:
        index = json.loads(path.read_bytes())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        index = None
    if not isinstance(index, dict) or set(index) != {"frame", "pages"} or not isinstance(index["frame"], str) \
            or not conforms(index["pages"], dict[str, dict]) or not all(map(_entry, index["pages"].values())):
        damaged.append(path)
        return {}
    return index


def _entry(entry: dict) -> bool:
    return set(entry) == {"key", "title", "size"} and conforms(entry["key"], str | None) \
        and isinstance(entry["title"], str) and conforms(entry["size"], int)


def _size(path: Path) -> int:
    return path.stat().st_size
