"""Pagefind over the built site: one bundle at site/pagefind/, one index per language.

Pagefind reads each page's <html lang> and builds a separate index, with that language's
stemmer, for every language it meets; the search page loads the one of its own language. Only
what a page marks with data-pagefind-body is indexed (rule text and the glossary), so the
navigation, notices and reports never turn up as results.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from ..errors import FolioError
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


def index(site_dir: Path, pages: Path | None = None) -> int:
    """Index ``site_dir`` into ``site_dir``/pagefind; return the number of pages indexed."""
    return start(site_dir, pages).wait()


class Indexing:
    """Pagefind at work in a process of its own; :meth:`wait` for its result."""

    def __init__(self, process: subprocess.Popen, site_dir: Path):
        self.process, self.site_dir = process, site_dir

    def wait(self) -> int:
        """The number of pages indexed, once Pagefind has written the whole bundle."""
        stdout, stderr = self.process.communicate()
        if self.process.returncode != 0:
            raise FolioError(f"Pagefind could not index the site: {(stderr or stdout).strip()}",
                             path=str(self.site_dir))
        pages = _canonical_entry(self.site_dir / BUNDLE / ENTRY)
        if not pages:
            raise FolioError("Pagefind found no page to index (is data-pagefind-body missing?)",
                             path=str(self.site_dir))
        return pages

    def stop(self) -> None:
        """End Pagefind early (the build failed meanwhile)."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate()


def start(site_dir: Path, pages: Path | None = None) -> Indexing:
    """Start indexing ``site_dir`` into ``site_dir``/pagefind; the build goes on meanwhile.

    ``pages``, if given, mirrors the site's pages (same paths) with only what Pagefind reads of
    each: its language, its title and the data-pagefind-body element (pipeline/site/pages.py).
    Pagefind makes the very same bundle from them (tests/test_incremental.py compares), without
    reading the navigation every page of the site carries, which grows with the corpus.

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
    process = subprocess.Popen([str(binary), "--site", str(read), "--output-path", str(site_dir / BUNDLE),
                                "--silent"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return Indexing(process, site_dir)


def _canonical_entry(entry: Path) -> int:
    """Pagefind lists the languages of its entry file in no fixed order; sorted, two builds of
    one site give the same bytes (the browser reads the file as JSON: the order means nothing)."""
    try:
        data = json.loads(entry.read_text("utf-8"))
    except (OSError, ValueError):
        return 0
    data["languages"] = dict(sorted(data.get("languages", {}).items()))
    entry.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), "utf-8")
    return sum(int(language.get("page_count", 0)) for language in data["languages"].values())
