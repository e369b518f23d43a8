"""Which rulebooks of a language share a search bundle (pipeline/render/site/search.py).

A bundle per rulebook let an edit index again its rulebook alone, but the search page merges
every bundle of its language, and each costs the reader requests of its own: its entry and
metadata files as the page loads, an index chunk per word searched, on every search. A corpus
a hundred times the real one has 401 rulebooks per language, and its search page took seconds
more to answer (docs/manual/architecture/performance.md). Rulebooks are grouped instead, in
the order of their names, into bundles that end where a rulebook's name says (a digest of the
name, as content-defined chunking cuts a file where its bytes say): about one rulebook in
:data:`SPREAD` ends a bundle. Where a bundle ends depends on no other rulebook, so adding or
removing one changes the bundle it joins or leaves, and no other; an edit indexes again the
bundle of the rulebook it changed, with its fellows. The glossary has a bundle of its own
(:data:`ALONE`), and the others are grouped as if it were not there. :data:`MOST` bounds a bundle that a run
of names without an end would make long (it then ends there, and the next bundles shift until
the next name that ends one).
"""

from __future__ import annotations

from ...incremental.fingerprint import digest

#: about one rulebook in SPREAD ends a bundle, chosen from benchmarks/search_relevance.py --cost
#: at x100 (401 rulebooks a language): a bundle per rulebook, 13 s to the search page's results;
#: SPREAD 4 (114 bundles) 4 to 6 s; 16, 32 and 64 (27, 14, 10 bundles) about 2 s, while an
#: edit's Pagefind run grows with its bundle (0.16, 0.17, 0.6 s of CPU)
SPREAD = 32
#: pages at most in one bundle, whatever the names: rarely reached (a run of 200 names without
#: an end), since reaching it shifts the ends of the bundles up to the next name that ends one
MOST = 256


#: in a bundle of its own: the glossary, one page of every term, twelve times a document's
#: page on the real corpus; sharing its bundle, an edit of a document indexed it again too
#: (0.27 s of Pagefind's CPU on the real corpus instead of 0.05)
ALONE = frozenset({"glossary"})


def ends_bundle(rulebook: str) -> bool:
    """Whether ``rulebook`` (its folder's name, alike in every language) ends its bundle."""
    return int(digest("folio search bundle", rulebook), 16) % SPREAD == 0


def groups(rulebooks: dict[str, int]) -> list[list[str]]:
    """The bundles of one language's ``rulebooks`` (folder name -> pages indexed), each the
    folder names it holds, in order."""
    bundles: list[list[str]] = []
    current: list[str] = []
    pages = 0
    for name in sorted(set(rulebooks) - ALONE):
        current.append(name)
        pages += rulebooks[name]
        if ends_bundle(name) or pages >= MOST:
            bundles.append(current)
            current, pages = [], 0
    if current:
        bundles.append(current)
    return sorted(bundles + [[name] for name in rulebooks if name in ALONE])


def glob(lang: str, rulebooks: list[str]) -> str:
    """Pagefind's --glob for the pages of ``rulebooks`` of ``lang`` (names of letters, digits,
    '-' and '_', which mean themselves in a glob)."""
    folders = rulebooks[0] if len(rulebooks) == 1 else "{" + ",".join(rulebooks) + "}"
    return f"{lang}/{folders}/**/*.html"
