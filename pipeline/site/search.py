"""Pagefind over the built site: one bundle at site/pagefind/, one index per language.

Pagefind reads each page's <html lang> and builds a separate index, with that language's
stemmer, for every language it meets; the search page loads the one of its own language. Only
what a page marks with data-pagefind-body is indexed (rule text and the glossary), so the
navigation, notices and reports never turn up as results.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..buildcache import carry
from ..errors import FolioError
from ..fingerprint import digest, tool_version
from ..labels import Gettext, label
from ..model import Corpus, Kind, Unit

BUNDLE = "pagefind"
ENTRY = "pagefind-entry.json"


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


def index(site_dir: Path, pages: Path | None = None,
          cache: tuple[Path | None, Path | None] = (None, None)) -> "Indexed":
    """Index ``site_dir`` into ``site_dir``/pagefind (see :func:`start`)."""
    return start(site_dir, pages, cache).wait()


@dataclass(frozen=True)
class Indexed:
    pages: int  # pages indexed, every language together
    reused: bool = False  # the last build's bundle: Pagefind would read the very same pages


class Indexing:
    """Pagefind at work in a process of its own (or the last build's bundle taken as it is);
    :meth:`wait` for its result."""

    def __init__(self, process: subprocess.Popen | None, site_dir: Path, output: Path):
        self.process, self.site_dir, self.output = process, site_dir, output

    def wait(self) -> Indexed:
        """What was indexed, once the whole bundle is in ``site_dir``/pagefind."""
        if self.process is not None:
            stdout, stderr = self.process.communicate()
            if self.process.returncode != 0:
                raise FolioError(f"Pagefind could not index the site: {(stderr or stdout).strip()}",
                                 path=str(self.site_dir))
            _canonical_entry(self.output / ENTRY)
        pages = _page_count(self.output / ENTRY)
        if not pages:
            raise FolioError("Pagefind found no page to index (is data-pagefind-body missing?)",
                             path=str(self.site_dir))
        if self.output != self.site_dir / BUNDLE:
            _carry_tree(self.output, self.site_dir / BUNDLE)
        return Indexed(pages, reused=self.process is None)

    def stop(self) -> None:
        """End Pagefind early (the build failed meanwhile)."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate()


def start(site_dir: Path, pages: Path | None = None,
          cache: tuple[Path | None, Path | None] = (None, None)) -> Indexing:
    """Start indexing ``site_dir`` into ``site_dir``/pagefind; the build goes on meanwhile.

    ``pages``, if given, mirrors the site's pages (same paths) with only what Pagefind reads of
    each: its language, its title and the data-pagefind-body element (pipeline/site/pages.py).
    Pagefind makes the very same bundle from them (tests/test_incremental.py compares), without
    reading the navigation every page of the site carries, which grows with the corpus.

    ``cache`` is (the last build's bundle directory, this build's) (pipeline/buildcache.py): the
    bundle is kept under a digest of what Pagefind reads (:func:`reads`), and taken from the last
    build when that is unchanged, as after an edit that reaches no indexed text (a theme
    template, or only the report and the status page).

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
    previous, here = cache
    key = reads(read)
    if previous is not None and (previous / key / ENTRY).is_file():
        output = here / key if here is not None else previous / key
        if here is not None:
            _carry_tree(previous / key, output)
        return Indexing(None, site_dir, output)
    output = here / key if here is not None else site_dir / BUNDLE
    process = subprocess.Popen([str(binary), "--site", str(read), "--output-path", str(output),
                                "--silent"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return Indexing(process, site_dir, output)


#: bump when the bundle is made differently (Pagefind's options): a kept one is then not taken
FORMAT = "1"
_BODY = re.compile(rb"<[^>]*\sdata-pagefind-body[\s=>]")


def reads(site: Path) -> str:
    """A digest of what Pagefind reads of ``site``: the path and bytes of every page it indexes
    and its own version. Once one page has a data-pagefind-body, Pagefind leaves out every page
    without one (the report, the status page, the outlines), so those are left out here too."""
    pages = {}
    for page in sorted(site.rglob("*.html")):
        if page.relative_to(site).parts[0] != BUNDLE:
            pages[page.relative_to(site).as_posix()] = page.read_bytes()
    indexed = {path: data for path, data in pages.items() if _BODY.search(data)} or pages
    return digest(FORMAT, tool_version("pagefind-bin-extended"),
                  *(part for path, data in indexed.items() for part in (path, digest(data))))


def _carry_tree(source: Path, target: Path) -> None:
    for file in sorted(source.rglob("*")):
        if file.is_file():
            carry(file, target / file.relative_to(source))


def _page_count(entry: Path) -> int:
    try:
        data = json.loads(entry.read_text("utf-8"))
    except (OSError, ValueError):
        return 0
    return sum(int(language.get("page_count", 0)) for language in data.get("languages", {}).values())


def _canonical_entry(entry: Path) -> None:
    """Pagefind lists the languages of its entry file in no fixed order; sorted, two builds of
    one site give the same bytes (the browser reads the file as JSON: the order means nothing)."""
    try:
        data = json.loads(entry.read_text("utf-8"))
    except (OSError, ValueError):
        return
    data["languages"] = dict(sorted(data.get("languages", {}).items()))
    entry.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), "utf-8")
