"""What pages the website has, where each lives, and on which page every unit is.

A page's ``path`` is its directory under a language's root ("<game>/<document>/"; the home
page is ""), the same in every language, so that the language switch only swaps the language
segment. Paths are generator-neutral: a page is ``<lang>/<path>index.html`` whatever renders it.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from functools import lru_cache

from ...core.errors import FolioError
from ...core.model import LANGUAGES, Corpus, Document
from ...core.site_names import PAGES, RESERVED

#: the languages of the site, each a full copy of every page
SITE_LANGUAGES = LANGUAGES
#: fixed pages, by the template that renders them
FIXED = PAGES
_SEGMENT = re.compile(r"^[a-z0-9]+(?:[-_.][a-z0-9]+)*$")


@dataclass(frozen=True)
class Page:
    template: str  # home, game, document, changes, glossary, status, report, search
    path: str
    #: the rulebook of a game page, the document key of a document or changes page
    key: str | None = None


@dataclass
class Site:
    pages: list[Page]  # planned once: every page of one language
    games: dict[str, list[Document]]  # rulebook -> its documents, in manifest order
    unit_page: dict[str, str] = field(default_factory=dict)  # unit id -> page path
    #: the pages by (template, key): the menu, the home and the status page ask for the page of
    #: every document, which a scan of the pages made quadratic in documents
    _by_template: dict[tuple[str, str | None], Page] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._by_template = {(p.template, p.key): p for p in self.pages}

    def page(self, template: str, key: str | None = None) -> Page:
        return self._by_template[(template, key)]

    def unit_href(self, unit_id: str, from_path: str) -> str:
        """A link from the page at ``from_path`` to the unit's anchor."""
        target = self.unit_page[unit_id]
        return ("" if target == from_path else relative(from_path, target)) + "#" + unit_id


def plan(corpus: Corpus, changes: bool = False) -> Site:
    """Every page of one language, and the page of every unit; with ``changes``, a "what
    changed" page per document beside it."""
    games: dict[str, list[Document]] = {}
    for document in corpus.documents:
        games.setdefault(document.rulebook, []).append(document)
    taken = set(RESERVED)
    pages = [Page(template, path) for template, path in FIXED.items()]
    for rulebook, documents in games.items():
        _check_segment(rulebook, "rulebook", taken)
        pages.append(Page("game", f"{rulebook}/", rulebook))
        for document in documents:
            _check_segment(document.key, "document key", set())
            pages.append(Page("document", f"{rulebook}/{document.key}/", document.key))
            if changes:
                pages.append(Page("changes", f"{rulebook}/{document.key}/changes/", document.key))
    site = Site(pages, games)
    paths = {p.key: p.path for p in pages if p.template == "document"}
    site.unit_page = {unit.id: paths[unit.document] for unit in corpus.units.values()}
    return site


@lru_cache(maxsize=1 << 16)  # every link of every page asks: the report alone thousands of times
def relative(from_path: str, to_path: str) -> str:
    """The relative URL from one page directory to another ("../<document>/")."""
    if from_path == to_path:
        return "./"
    rel = posixpath.relpath("/" + to_path, "/" + from_path)
    return "./" if rel == "." else rel + "/"


def _check_segment(name: str, what: str, taken: set[str]) -> None:
    # These become URL path segments: a colon would read as a scheme, a slash as a folder.
    if not _SEGMENT.match(name) or name in taken:
        raise FolioError(f"the {what} {name!r} cannot be a website path (lower-case letters, "
                         f"digits and hyphens, and none of {', '.join(sorted(taken))})",
                         path="corpus/manifest.yaml")
