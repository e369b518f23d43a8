"""The names at the top of each language of the website that are not games.

A game's pages live in site/<lang>/<rulebook>/, beside Folio's own pages and what MkDocs and its
theme write there. A rulebook named like one of those would overwrite them or be overwritten, so
the manifest refuses it. Kept out of pipeline/render/site/, which loads MkDocs, because the manifest
is read by every command.
"""

from __future__ import annotations

#: Folio's own pages, by the template that renders each: a page is <lang>/<path>index.html
PAGES = {"home": "", "glossary": "glossary/", "status": "status/", "report": "checks/",
         "search": "search/", "aids": "aids/"}
#: what MkDocs and the Material theme write into site/<lang>/, and Pagefind into site/
THEME = ("assets", "search", "stylesheets", "javascripts", "images", "fonts", "pagefind",
         "sitemap", "404")
RESERVED = frozenset({path.rstrip("/") for path in PAGES.values() if path} | set(THEME))
