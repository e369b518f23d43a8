"""Pagefind over the built site: one bundle at site/pagefind/, one index per language.

Pagefind reads each page's <html lang> and builds a separate index, with that language's
stemmer, for every language it meets; the search page loads the one of its own language. Only
what a page marks with data-pagefind-body is indexed (rule text and the glossary), so the
navigation, notices and reports never turn up as results.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..errors import FolioError

BUNDLE = "pagefind"


def index(site_dir: Path) -> int:
    """Index ``site_dir`` into ``site_dir``/pagefind; return the number of pages indexed."""
    try:
        from pagefind.index import IndexConfig, PagefindIndex
    except ImportError as exc:  # pragma: no cover - a broken install, not an input problem
        raise FolioError("Pagefind is not installed (pip install 'pagefind[extended]')") from exc

    async def run() -> int:
        config = IndexConfig(output_path=str(site_dir / BUNDLE))
        async with PagefindIndex(config=config) as pagefind:
            found = await pagefind.add_directory(str(site_dir))
        return int(found["page_count"])

    # Pagefind's Python API is asynchronous; run it on a thread of its own, so that a caller
    # with an event loop already running (a notebook, a browser-driving test) can build too.
    with ThreadPoolExecutor(max_workers=1) as pool:
        pages = pool.submit(asyncio.run, run()).result()
    if not pages:
        raise FolioError("Pagefind found no page to index (is data-pagefind-body missing?)",
                         path=str(site_dir))
    return pages
