"""Pagefind over the built site: a bundle per rulebook, merged in the browser into the main one.

Pagefind reads each page's <html lang> and builds a separate index, with that language's
stemmer, for every language it meets; the search page loads the one of its own language. Only
what a page marks with data-pagefind-body is indexed (rule text and the glossary), so the
navigation, notices and reports never turn up as results.

The main bundle, site/pagefind/, holds the pages of no rulebook and Pagefind's scripts; each
rulebook's pages are a bundle of their own in site/pagefind/rulebooks/<rulebook>/, which the
search scripts merge (Pagefind's ``mergeIndex``, listed in :data:`MERGED`). Bundles are kept in
the build's cache by what their pages hold (:mod:`.search_bundles`): an edit re-indexes its own
rulebook only, and a cold build indexes the bundles on every core, one Pagefind each.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ..buildcache import carry
from ..errors import FolioError
from ..labels import Gettext, label
from ..model import Corpus, Kind, Unit
from .search_bundles import MAIN, Bundle, prune, split

BUNDLE = "pagefind"
ENTRY = "pagefind-entry.json"
#: where the rulebooks' bundles live in the main one: site/pagefind/rulebooks/<rulebook>/
RULEBOOKS = "rulebooks"
#: in the main bundle: the bundles to merge, by language ({"ru": ["rulebooks/his/", ...]})
MERGED = "folio-bundles.json"


#: kinds a reader looks up by their number: typing «19.4» or «8:I» puts the unit first
BY_NUMBER = frozenset({Kind.SECTION, Kind.EVENT})


def unit_index(corpus: Corpus, document: Unit, lang: str, gettext: Gettext) -> str:
    """What the search page needs of a document's units beside Pagefind's index, as JSON: each
    unit's label in ``lang`` (a sub-result's title: Pagefind gives an element with an id but no
    heading no text), and the unit each rule number or event id names (``numbers``: "19.4",
    "8:i"). Pagefind keeps it as the page's metadata (templates/site/document.html)."""
    labels, numbers = {}, {}
    for unit in corpus.walk(document):
        if unit is document:
            continue
        labels[unit.id] = label(corpus, unit, lang, gettext)
        number = unit.attrs.get("number")
        if unit.kind in BY_NUMBER and number:
            key = f"{number}:{unit.attrs['period']}" if unit.kind == Kind.EVENT else number
            numbers.setdefault(key.lower(), unit.id)  # the outermost unit of that number
    return json.dumps({"labels": labels, "numbers": numbers}, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Indexed:
    """What indexing the site did."""

    pages: int  # pages indexed, every bundle and language together
    made: list[str] = field(default_factory=list)  # bundles Pagefind indexed (rulebooks, MAIN)
    reused: list[str] = field(default_factory=list)  # ... and those the cache gave


def index(site_dir: Path, pages: Path | None = None, cache: tuple[Path | None, Path | None] = (None, None),
          jobs: int = 1) -> Indexed:
    """Index ``site_dir`` into ``site_dir``/pagefind (see :func:`start`)."""
    return start(site_dir, pages, cache, jobs).wait()


def start(site_dir: Path, pages: Path | None = None, cache: tuple[Path | None, Path | None] = (None, None),
          jobs: int = 1) -> "Indexing":
    """Start indexing ``site_dir`` into ``site_dir``/pagefind; the build goes on meanwhile.

    ``pages``, if given, mirrors the site's pages (same paths) with only what Pagefind reads of
    each: its language, its title and the data-pagefind-body element (pipeline/site/pages.py).
    Pagefind makes the very same bundles from them (tests/test_incremental.py compares), without
    reading the navigation every page of the site carries, which grows with the corpus.
    ``cache`` is (the last build's bundles, this build's) (pipeline/buildcache.py); a bundle
    whose pages are unchanged is taken from the last build. Up to ``jobs`` bundles are indexed
    at once.

    Pagefind's own command, not its Python service: the command has written every file when it
    exits, while the service, closed right after answering "written", was seen to leave a file
    of the bundle empty on a busy machine."""
    try:
        from pagefind.service import get_executable
    except ImportError as exc:  # pragma: no cover - a broken install, not an input problem
        raise FolioError("Pagefind is not installed (pip install 'pagefind[extended]')") from exc
    binary = get_executable()
    if binary is None:  # pragma: no cover - likewise
        raise FolioError("Pagefind's binary is not installed (pip install 'pagefind[extended]')")
    site_dir = Path(site_dir).resolve()
    read = Path(pages).resolve() if pages is not None else site_dir
    return Indexing(Path(binary), site_dir, read, cache, jobs)


class Indexing:
    """The bundles being indexed, each by a Pagefind process of its own; :meth:`wait` for them."""

    def __init__(self, binary: Path, site_dir: Path, read: Path, cache: tuple[Path | None, Path | None],
                 jobs: int):
        self.binary, self.site_dir = binary, site_dir
        self.work = Path(tempfile.mkdtemp(prefix="folio-search-"))
        previous, here = cache
        store = here if here is not None else self.work / "bundles"
        self.bundles = split(read, self.work / "pages")
        if not any(bundle.files for bundle in self.bundles):
            self._clean()
            raise FolioError("Pagefind found no page to index (is data-pagefind-body missing?)",
                             path=str(self.site_dir))
        self.made, self.reused, todo = [], [], []
        self.output: dict[str, Path] = {}
        for bundle in self.bundles:
            if not bundle.files:
                continue
            key = bundle.key
            self.output[bundle.name] = store / key
            if previous is not None and (previous / key / ENTRY).is_file():
                _carry_tree(previous / key, store / key)
                self.reused.append(bundle.name)
            else:
                todo.append(bundle)
                self.made.append(bundle.name)
        self._running: set[subprocess.Popen] = set()
        self._lock, self._stopped = threading.Lock(), False
        self._pool = ThreadPoolExecutor(max_workers=max(1, jobs), thread_name_prefix="pagefind")
        self._futures = [self._pool.submit(self._index, bundle, self.output[bundle.name]) for bundle in todo]

    def _index(self, bundle: Bundle, output: Path) -> None:
        with self._lock:
            if self._stopped:
                return
            process = subprocess.Popen([str(self.binary), "--site", str(bundle.pages), "--output-path",
                                        str(output), "--silent"],
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            self._running.add(process)
        stdout, stderr = process.communicate()
        with self._lock:
            self._running.discard(process)
            if self._stopped:
                return
        if process.returncode != 0:
            raise FolioError(f"Pagefind could not index the site: {(stderr or stdout).strip()}",
                             path=str(self.site_dir))
        if bundle.name != MAIN:
            prune(output)
        _canonical_entry(output / ENTRY)

    def wait(self) -> Indexed:
        """What was indexed, once Pagefind has written every bundle into site/pagefind."""
        try:
            for future in self._futures:
                future.result()
            main = self.output.get(MAIN)
            if main is None:
                raise FolioError("no page outside the rulebooks to index: the search page needs one "
                                 "(is the glossary's data-pagefind-body missing?)", path=str(self.site_dir))
            target, merged, pages = self.site_dir / BUNDLE, {}, 0
            for name, output in self.output.items():
                place = target if name == MAIN else target / RULEBOOKS / name
                _carry_tree(output, place)
                languages = _languages(output / ENTRY)
                pages += sum(languages.values())
                if name != MAIN:
                    for lang in languages:
                        merged.setdefault(lang, []).append(f"{RULEBOOKS}/{name}/")
            (target / MERGED).write_text(json.dumps(dict(sorted(merged.items())), separators=(",", ":")),
                                         "utf-8")
            return Indexed(pages, self.made, self.reused)
        finally:
            self._pool.shutdown()
            self._clean()

    def stop(self) -> None:
        """End the indexing early (the build failed meanwhile)."""
        with self._lock:
            self._stopped = True
            for process in self._running:
                process.kill()
        self._pool.shutdown(cancel_futures=True)
        self._clean()

    def _clean(self) -> None:
        shutil.rmtree(self.work, ignore_errors=True)


def _carry_tree(source: Path, target: Path) -> None:
    for file in sorted(source.rglob("*")):
        if file.is_file():
            carry(file, target / file.relative_to(source))


def _languages(entry: Path) -> dict[str, int]:
    """The pages of each language of a bundle, from its entry file."""
    data = json.loads(entry.read_text("utf-8"))
    return {lang: int(info.get("page_count", 0)) for lang, info in data.get("languages", {}).items()}


def _canonical_entry(entry: Path) -> None:
    """Pagefind lists the languages of its entry file in no fixed order; sorted, two builds of
    one site give the same bytes (the browser reads the file as JSON: the order means nothing)."""
    data = json.loads(entry.read_text("utf-8"))
    data["languages"] = dict(sorted(data.get("languages", {}).items()))
    entry.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), "utf-8")
