"""Pagefind over the built site: bundles of rulebooks of each language, under site/pagefind/.

Pagefind reads each page's <html lang> and indexes it with that language's stemmer; only what a
page marks with data-pagefind-body is indexed (rule text and the glossary), so the navigation,
notices and reports never turn up as results.

Folio runs one Pagefind per bundle of rulebooks of each language (site/<lang>/<game>/, the
glossary; search_bundles.py groups them) and keeps each bundle in the build cache under a
digest of what it read (:func:`_runs`): an edit indexes again only the bundles whose pages it
changed, and the search page merges a language's bundles as it loads them (Pagefind's
mergeIndex, assets/folio-search.js), ranking the units of every page together. The pages
Pagefind reads leave out what it would ignore (pipeline/render/site/search_input.py), so that
the English pages, say, do not change with a notice that an English translation may now be
outdated.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.errors import FolioError
from ...core.labels import Gettext, label
from ...core.model import Corpus, Kind, Unit
from ...incremental.buildcache import carry
from ...incremental.entries import conforms
from ...incremental.fingerprint import digest, tool_version
from ...language.termbase import Termbase
from . import search_bundles

BUNDLE = "pagefind"
ENTRY = "pagefind-entry.json"
#: in BUNDLE: each language's bundles, by folder name (read by assets/folio-search.js)
BUNDLES = "folio-bundles.json"
#: what the search pages load from the top of BUNDLE: Pagefind's UI and its highlighter
SHARED = frozenset({"pagefind-ui.js", "pagefind-ui.css", "pagefind-highlight.js"})


#: kinds a reader looks up by their number: typing «19.4» or «8:I» puts the unit first
BY_NUMBER = frozenset({Kind.SECTION, Kind.EVENT})


def unit_index(corpus: Corpus, document: Unit, lang: str, gettext: Gettext,
               named: Callable[[Unit], str] | None = None) -> str:
    """What the search page needs of a document's units beside Pagefind's index, as JSON: each
    unit's label in ``lang`` (a sub-result's title: Pagefind gives an element with an id but no
    heading no text), and the unit each rule number or event id names (``numbers``: "19.4",
    "8:i"). Pagefind keeps it as the page's metadata (templates/site/document.html). ``named``
    gives a unit's label when the caller has made it already (the page's permalinks did)."""
    named = named or (lambda unit: label(corpus, unit, lang, gettext))
    labels: dict[str, str] = {}
    numbers: dict[str, str] = {}
    for unit in corpus.walk(document):
        if unit is document:
            continue
        labels[unit.id] = named(unit)
        number = unit.attrs.get("number")
        if unit.kind in BY_NUMBER and number:
            key = f"{number}:{unit.attrs['period']}" if unit.kind == Kind.EVENT else number
            numbers.setdefault(key.lower(), unit.id)  # the outermost unit of that number
    return json.dumps({"labels": labels, "numbers": numbers}, ensure_ascii=False, separators=(",", ":"))


def glossary_index(termbase: Termbase | None, lang: str) -> str:
    """:func:`unit_index` of the glossary page: each row named by its term in ``lang`` (the other
    language's when it has none), so a search lands on the row, not at the top of the page; and
    ``glossary``, which the search page ranks after the rules that use a word
    (assets/folio-search.js)."""
    labels: dict[str, str] = {}
    if termbase is not None:
        for concept in termbase.concepts:
            terms = concept.terms.get(lang) or next((t for t in concept.terms.values() if t), [])
            labels[f"concept-{concept.id}"] = terms[0] if terms else concept.id
        for abbr in termbase.abbreviations:
            labels[f"abbr-{abbr.abbr}-{'-'.join(sorted(abbr.games))}"] = abbr.abbr
    return json.dumps({"labels": labels, "numbers": {}, "glossary": True}, ensure_ascii=False,
                      separators=(",", ":"))


def index(site_dir: Path, pages: Path | None = None,
          bundles: tuple[Path | None, Path | None] = (None, None), jobs: int = 1,
          damaged: list[Path] | None = None, last_pages: Path | None = None) -> Indexed:
    """Index ``site_dir`` into ``site_dir``/pagefind (see :func:`start`)."""
    return start(site_dir, pages, bundles, jobs, damaged, last_pages).wait()


@dataclass(frozen=True)
class Indexed:
    pages: int  # pages indexed, every language together
    made: tuple[str, ...] = ()  # the languages Pagefind indexed this time ("site": all at once)
    reused: tuple[str, ...] = ()  # ... and those whose last index was kept: the same pages read


@dataclass
class _Part:
    """One Pagefind run: the pages of one language, or (``glob`` None) the whole site."""

    name: str  # the language, as its directory is named; "site" for the whole site
    glob: str | None
    key: str  # a digest of what the run reads (:func:`reads`)
    output: Path
    reused: bool = False
    size: int = 0  # bytes of the pages it reads: the larger runs start first
    process: subprocess.Popen | None = None
    said: str = ""  # what a run that failed said
    done: bool = False


class Indexing:
    """Pagefind at work, a process per language (or a language's last index taken as it is);
    :meth:`wait` for its result.

    The runs start largest first, and each as soon as one of the ``jobs`` before it ended
    (a thread waits for each): started in the order of their names and one after the other
    the build asked, the cores idled while a short run waited behind a long one, or while the
    build wrapped the pages with MkDocs and asked for none (at x100: 30 runs, 1 to 3 s of CPU
    each for the largest)."""

    def __init__(self, binary: str, read: Path, site_dir: Path, parts: list[_Part], jobs: int,
                 scratch: Path | None):
        self.binary, self.read, self.site_dir, self.parts = binary, read, site_dir, parts
        self.jobs, self.scratch = max(1, jobs), scratch
        self._queue = sorted((part for part in parts if not part.reused), key=lambda part: -part.size)
        self._running = 0
        self._failed: _Part | None = None
        self._stopped = False
        self._changed = threading.Condition()
        with self._changed:
            self._launch_next()

    def wait(self) -> Indexed:
        """What was indexed, once the whole bundle is in ``site_dir``/pagefind."""
        try:
            failed = self._failure()
            if failed is None:
                return self._combine(self.parts)
            if [part.glob for part in self.parts] == [None]:  # it was the whole site already
                raise FolioError(f"Pagefind could not index the site: {failed}", path=str(self.site_dir))
            return self._combine([self._whole_site()])
        finally:
            self._clear()

    def stop(self) -> None:
        """End every Pagefind still at work (the build failed meanwhile)."""
        self._end()
        self._clear()

    def _end(self) -> None:
        """No run started any more, each still at work killed, and waited for."""
        with self._changed:
            self._stopped = True
            for part in self.parts:
                if part.process is not None and not part.done:
                    part.process.kill()
            while self._running:
                self._changed.wait()

    def _launch_next(self) -> None:
        """Start runs up to ``jobs`` at once (called holding the lock)."""
        while self._queue and self._running < self.jobs and not self._stopped and self._failed is None:
            part = self._queue.pop(0)
            try:
                part.process = _pagefind(self.binary, self.read, part.output, part.glob)
            except Exception as error:  # in a waiter thread, raised, it would hang wait()
                part.said, part.done = f"{type(error).__name__}: {error}", True
                self._failed = part
                return
            self._running += 1
            threading.Thread(target=self._waited, args=(part,), name=f"pagefind {part.name}", daemon=True).start()

    def _waited(self, part: _Part) -> None:
        """A run to its end, and the next one started (a thread of each run)."""
        process = part.process
        assert process is not None
        try:
            stdout, stderr = process.communicate()  # read as it goes: a full pipe would stop it
            if process.returncode == 0 and not self._stopped:
                _keep_listing(part)
            else:  # a run killed by a signal or crashed may say nothing: its exit code is told
                part.said = (stderr or stdout).strip() or f"exit code {process.returncode}"
        except BaseException as error:  # told by wait(), in the build's thread
            part.said = f"{type(error).__name__}: {error}"
        with self._changed:
            part.done = True
            self._running -= 1
            if part.said and self._failed is None and not self._stopped:
                self._failed = part
            self._launch_next()
            self._changed.notify_all()

    def _failure(self) -> str | None:
        """What Pagefind said when a run failed, None when every run succeeded. A run over one
        language can fail where one over the site would not (a language whose pages hold no
        word: Pagefind leaves it out of a site's bundle, but refuses to index it alone); the
        site is then indexed whole, and the failed runs leave nothing in the cache."""
        with self._changed:
            while self._failed is None and (self._running or (self._queue and not self._stopped)):
                self._changed.wait()
            failed = self._failed
        if failed is None:
            return None
        self._end()
        for made in self.parts:
            if not made.reused:
                shutil.rmtree(made.output, ignore_errors=True)
        return failed.said

    def _whole_site(self) -> _Part:
        output = self._scratch() / "site"
        process = _pagefind(self.binary, self.read, output, None)
        stdout, stderr = process.communicate()
        if process.returncode != 0:
            raise FolioError(f"Pagefind could not index the site: {(stderr or stdout).strip()}",
                             path=str(self.site_dir))
        return _Part("site", None, "", output)

    def _combine(self, parts: list[_Part]) -> Indexed:
        """The runs' bundles into ``site_dir``/pagefind: the whole site's at its top; a rulebook's
        in a folder of its own, with the files every run writes alike (pagefind-ui.js ...) once
        more at the top, and the rulebooks of each language listed in :data:`BUNDLES`."""
        bundle = self.site_dir / BUNDLE
        listed: dict[str, list[str]] = {}
        pages = 0
        for part in parts:
            entry = _merged_entry([part.output / ENTRY], self.site_dir)
            pages += sum(int(language.get("page_count", 0)) for language in entry.get("languages", {}).values())
            target = bundle if part.glob is None else bundle / part.name
            for file in sorted(part.output.rglob("*")):
                if file.is_file() and file.name not in (ENTRY, FILES):
                    carry(file, target / file.relative_to(part.output))
                    shared = bundle / file.relative_to(part.output)
                    if part.glob is not None and file.parent == part.output and file.name in SHARED \
                            and not shared.exists():
                        carry(file, shared)
            target.mkdir(parents=True, exist_ok=True)
            (target / ENTRY).write_text(json.dumps(entry, ensure_ascii=False, separators=(",", ":")), "utf-8")
            for lang in entry.get("languages", {}):
                listed.setdefault(lang, []).append(part.name)
        if not pages:
            raise FolioError("Pagefind found no page to index (is data-pagefind-body missing?)",
                             path=str(self.site_dir))
        if any(part.glob is not None for part in parts):
            (bundle / BUNDLES).write_text(json.dumps(dict(sorted(listed.items())), ensure_ascii=False,
                                                     separators=(",", ":")), "utf-8")
        return Indexed(pages, made=tuple(p.name for p in parts if not p.reused),
                       reused=tuple(p.name for p in parts if p.reused))

    def _scratch(self) -> Path:
        if self.scratch is None:
            self.scratch = Path(tempfile.mkdtemp(prefix="folio-pagefind-"))
        return self.scratch

    def _clear(self) -> None:
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)
            self.scratch = None


def start(site_dir: Path, pages: Path | None = None,
          bundles: tuple[Path | None, Path | None] = (None, None), jobs: int = 1,
          damaged: list[Path] | None = None, last_pages: Path | None = None) -> Indexing:
    """Start indexing ``site_dir`` into ``site_dir``/pagefind; the build goes on meanwhile.

    ``pages``, if given, mirrors the site's pages (same paths) with only what Pagefind reads of
    each: its language, its title and the data-pagefind-body element (pipeline/render/site/pages.py).
    Pagefind makes the very same bundle from them (tests/incremental/test_incremental.py compares), without
    reading the navigation every page of the site carries, which grows with the corpus.

    One Pagefind runs per language (:func:`_runs`), ``jobs`` of them at once. ``bundles`` is (the
    last build's bundles, this build's) (pipeline/incremental/store.py: ``Store.directory``): each language's bundle is
    kept under a digest of what Pagefind reads of that language's pages, and taken from the
    last build when that is unchanged, as for the English pages after an edit of a Russian text,
    and whole: a kept bundle whose files are not those its run wrote, at their sizes
    (:data:`FILES`), is made again and noted in ``damaged``.

    Pagefind's own command, not its Python service: the command has written every file when it
    exits, while the service, closed right after answering "written", was seen to leave a file
    of the bundle empty on a busy machine.

    ``last_pages`` is the last build's ``pages``: a page there that is the very file here (a
    hard link, :func:`pipeline.incremental.buildcache.carry`) is known by what that build noted
    of it (:data:`READS`), not read again."""
    try:
        from pagefind.service import get_executable
    except ImportError as exc:  # pragma: no cover - a broken install, not an input problem
        raise FolioError("Pagefind is not installed (pip install 'pagefind[extended]')") from exc
    binary = get_executable()
    if binary is None:  # pragma: no cover - likewise
        raise FolioError("Pagefind's binary is not installed (pip install 'pagefind[extended]')")
    site_dir = Path(site_dir).resolve()
    read = Path(pages).resolve() if pages is not None else site_dir
    previous, here = bundles
    scratch: Path | None = None
    if here is None:
        scratch = base = Path(tempfile.mkdtemp(prefix="folio-pagefind-"))
    else:
        base = here
    runs = []
    for name, glob, key, size in _runs(read, last_pages, noted=pages is not None):
        if previous is not None and (previous / key).is_dir() and not _whole(previous, key):
            if damaged is not None:
                damaged.append(previous / key)
        elif previous is not None and (previous / key).is_dir():
            output = here / key if here is not None else previous / key
            if here is not None:
                _carry_tree(previous / key, output)
            runs.append(_Part(name, glob, key, output, reused=True))
            continue
        runs.append(_Part(name, glob, key, base / key, size=size))
    return Indexing(str(binary), read, site_dir, runs, jobs, scratch)


#: in a kept bundle (never published): its other files and their sizes, as its run wrote them.
#: Sizes, not digests: a file cut short or replaced by another is caught without reading
#: every bundle of the site on every build
FILES = "folio-files.json"


def _listing(output: Path) -> dict[str, int]:
    return {file.relative_to(output).as_posix(): file.stat().st_size
            for file in sorted(output.rglob("*")) if file.is_file() and file != output / FILES}


def _whole(previous: Path, key: str) -> bool:
    """Whether the kept bundle ``key`` holds the files its run wrote, at their sizes, and an
    entry file that reads as one."""
    try:
        listed = json.loads((previous / key / FILES).read_bytes())
        entry = json.loads((previous / key / ENTRY).read_bytes())
        return (conforms(listed, dict[str, int]) and listed == _listing(previous / key)
                and conforms(entry, dict[str, Any]) and conforms(entry.get("languages"), dict[str, dict]))
    except (OSError, ValueError):
        return False


def _keep_listing(part: _Part) -> None:
    """After a run: the listing that lets a later build check the bundle it keeps."""
    listing = json.dumps(_listing(part.output), sort_keys=True, separators=(",", ":"))
    (part.output / FILES).write_text(listing, "utf-8")




def _pagefind(binary: str, site: Path, output: Path, glob: str | None) -> subprocess.Popen:
    return subprocess.Popen([binary, "--site", str(site), "--output-path", str(output), "--silent",
                             *(["--glob", glob] if glob is not None else [])],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


#: bump when the bundle is made differently (Pagefind's options): a kept one is then not taken
FORMAT = "4"
_BODY = re.compile(rb"<[^>]*\sdata-pagefind-body[\s=>]")
_LANG = re.compile(rb"<html\b[^>]*?\slang\s*=\s*[\"']?([^\"'\s>]*)")
_DIRECTORY = re.compile(r"[A-Za-z0-9_-]+")  # a name that means itself in Pagefind's --glob


#: beside the pages Pagefind reads (never in the published site): what :func:`_runs` took of
#: each page, by its path: [the digest of its bytes, its size, whether it has a
#: data-pagefind-body, its language]. The next build takes a page it carried over (the same
#: file) from here: at x100, reading and hashing the ~4,000 pages was 0.6 s of every edit
READS = ".folio-reads.json"


def _runs(site: Path, last: Path | None = None, noted: bool = False) -> list[tuple[str, str | None, str, int]]:
    """The Pagefind runs that index ``site``: (a name, the --glob of the pages it reads, a digest
    of what it reads: :func:`reads`, the bytes of those pages), one per bundle of rulebooks of
    each language.

    A rulebook is a directory of a language's site (site/<lang>/<game>/, site/<lang>/glossary/);
    a language's rulebooks share bundles (pipeline/render/site/search_bundles.py), each named
    for its first rulebook, and the search page merges a language's bundles as it loads
    (Pagefind's mergeIndex; assets/folio-search.js), so an edit indexes again the bundle of
    the rulebook it changed alone. Pagefind ranks each bundle by its own statistics; Folio's
    search ranks the units of every page together, so the merged bundles answer as well as one
    (tests/render/site/test_search_relevance.py). Two rules of Pagefind span the site, and are followed
    here: once one page of the site has a data-pagefind-body, every page without one is left
    out (a rulebook with no such page gets no run); and pages without a language join the
    site's main one. A site whose pages do not stand in such directories, each of one
    language, is indexed in one run."""
    known = _noted(last) if last is not None else {}
    pages: dict[str, list] = {}
    for page in sorted(site.rglob("*.html")):
        path = page.relative_to(site)
        if path.parts[0] != BUNDLE:
            rel = path.as_posix()
            entry = known.get(rel)
            pages[rel] = entry if entry is not None and last is not None and _same(page, last / path, entry[1]) \
                else _read(page)
    if noted:
        (site / READS).write_text(json.dumps(pages, ensure_ascii=False, separators=(",", ":")), "utf-8")
    bodies = {path for path, entry in pages.items() if entry[2]}
    indexed = {path: entry for path, entry in pages.items() if path in bodies or not bodies}
    regime = "body" if bodies else "all"
    books: dict[str, set[str]] = {}
    for rel, entry in indexed.items():
        folders = rel.split("/")[:-1]
        books.setdefault("/".join(folders[:2]) if len(folders) >= 2 else "", set()).add(entry[3])
    if not books or "" in books or any(len(found) != 1 or "" in found for found in books.values()) \
            or not all(_DIRECTORY.fullmatch(part) for book in books for part in book.split("/")):
        return [("site", None, reads(indexed, regime), sum(entry[1] for entry in indexed.values()))]
    sizes: dict[tuple[str, str], dict[str, int]] = {}  # (folder, language): rulebook -> pages
    for rel in indexed:
        folder, book = rel.split("/")[:2]
        found = sizes.setdefault((folder, next(iter(books[f"{folder}/{book}"]))), {})
        found[book] = found.get(book, 0) + 1
    runs: list[tuple[str, str | None, str, int]] = []
    for folder, language in sorted(sizes):  # a bundle holds pages of one language, as mergeIndex needs
        for group in search_bundles.groups(sizes[folder, language]):
            held = tuple(f"{folder}/{book}/" for book in group)
            glob = search_bundles.glob(folder, group)
            read = {path: entry for path, entry in indexed.items() if path.startswith(held)}
            runs.append((f"{folder}-{group[0]}", glob, reads(read, regime, glob),
                         sum(entry[1] for entry in read.values())))
    return runs


def reads(pages: dict[str, list], *context: str) -> str:
    """A digest of what a Pagefind run reads: the path and bytes of every page it indexes (known
    by their :data:`READS` entries, the digest of the bytes first), its version and ``context``
    (which pages of the site are indexed, which language)."""
    return digest(FORMAT, tool_version("pagefind-bin-extended"), *context,
                  *(part for path, entry in pages.items() for part in (path, entry[0])))


def _read(page: Path) -> list:
    """A page's :data:`READS` entry, from its bytes."""
    data = page.read_bytes()
    lang = _LANG.search(data)
    return [digest(data), len(data), _BODY.search(data) is not None,
            lang.group(1).decode("utf-8", "replace").lower() if lang else ""]


def _noted(last: Path) -> dict[str, list]:
    """The last build's :data:`READS`, {} when there is none or it is not of its shape (each
    page is then read)."""
    try:
        found = json.loads((last / READS).read_bytes())
    except (OSError, ValueError):
        return {}
    if not conforms(found, dict[str, list]) or not all(
            len(entry) == 4 and isinstance(entry[0], str) and type(entry[1]) is int
            and isinstance(entry[2], bool) and isinstance(entry[3], str) for entry in found.values()):
        return {}
    return found


def _same(page: Path, kept: Path, size: int) -> bool:
    """Whether ``page`` is the file ``kept`` (a hard link to it), at the size noted of it: carried
    over, never written in place (:func:`pipeline.incremental.buildcache.carry`)."""
    try:
        here, there = page.stat(), kept.stat()
    except OSError:
        return False
    return here.st_ino == there.st_ino and here.st_dev == there.st_dev and here.st_size == size


def _carry_tree(source: Path, target: Path) -> None:
    for file in sorted(source.rglob("*")):
        if file.is_file():
            carry(file, target / file.relative_to(source))


def _merged_entry(entries: list[Path], site_dir: Path) -> dict:
    """The entry files of the runs as one: the languages of all, sorted (Pagefind lists them in no
    fixed order; sorted, two builds of one site give the same bytes, and the browser reads the
    file as JSON, where the order means nothing)."""
    merged: dict = {}
    for entry in entries:
        try:
            data = json.loads(entry.read_text("utf-8"))
        except (OSError, ValueError):
            data = {}
        languages = {**merged.get("languages", {}), **data.get("languages", {})}
        if merged and {k: v for k, v in data.items() if k != "languages"} != \
                {k: v for k, v in merged.items() if k != "languages"}:
            raise FolioError(f"Pagefind's indexes of one site disagree ({entry})", path=str(site_dir))
        merged = {**(merged or data), "languages": languages}
    merged["languages"] = dict(sorted(merged.get("languages", {}).items()))
    return merged
