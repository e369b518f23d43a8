"""Helpers of the website tests: a link checker over a built site, headless Chromium, and
Pagefind run once over a whole site (what Folio's search bundle must equal).

Chromium is Debian's (/usr/bin/chromium, from scripts/apt-packages.txt); Playwright only drives
it, so no browser is ever downloaded.
"""

from __future__ import annotations

import json
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO / "test-artifacts"


@dataclass
class HtmlFile:
    ids: set[str] = field(default_factory=set)
    #: (attribute, value) of every href and src
    links: list[tuple[str, str]] = field(default_factory=list)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.file = HtmlFile()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id" and value is not None:
                self.file.ids.add(value)
            elif (name in ("href", "src") and value is not None) or (name == "action" and tag == "form" and value is not None):
                self.file.links.append((name, value))


def html_pages(site: Path) -> list[Path]:
    """Every page of a built site, in a stable order."""
    return sorted(site.rglob("*.html"))


def parse_html(path: Path) -> HtmlFile:
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector.file


def site_url(site: Path, path: Path) -> str:
    """The URL path under which a file of ``site`` is served ("/en/his/his-power-rules/")."""
    rel = path.relative_to(site).as_posix()
    return "/" + (rel[:-len("index.html")] if rel.endswith("index.html") else rel)


def broken_links(site: Path) -> list[str]:
    """Every internal href/src/action of every page that leads to no file, or to no element with
    that id; and every link that leaves the site (it must make no call to another host)."""
    pages = {site_url(site, p): parse_html(p) for p in sorted(site.rglob("*.html"))}
    problems = []
    for url, page in pages.items():
        for attr, link in page.links:
            parts = urlsplit(link)
            if parts.scheme in ("mailto", "javascript", "data"):
                continue
            if parts.scheme or parts.netloc:
                problems.append(f"{url}: {attr}={link!r} leaves the site")
                continue
            target = urlsplit(urljoin(url, link))
            path = unquote(target.path)
            file = site / path.lstrip("/")
            if path.endswith("/"):
                file = file / "index.html"
            if not file.resolve().is_relative_to(site.resolve()) or not file.is_file():
                problems.append(f"{url}: {attr}={link!r} leads to no file ({path})")
                continue
            if target.fragment and attr == "href" and file.suffix == ".html":
                fragment = unquote(target.fragment)
                if fragment not in pages[site_url(site, file)].ids:
                    problems.append(f"{url}: {link!r}: no element with id {fragment!r} there")
    return problems


@contextmanager
def serving(site: Path) -> Iterator[str]:
    """The built site on a free localhost port, for as long as the block runs; its base URL."""
    from pipeline.render.site.serve import make_server

    server = make_server(site, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def settled_search(page, url: str):
    """The search page at ``url`` once Pagefind UI has filled in every result it shows.

    The UI draws a placeholder per result and fetches each one's fragment afterwards; reading
    the links as soon as the first appears misses the results still loading (a slower machine
    saw three of five pages).
    """
    page.goto(url)
    page.wait_for_selector(".pagefind-ui__result-link")
    page.wait_for_function("""() => document.querySelector('.pagefind-ui__message') !== null
        && document.querySelectorAll('.pagefind-ui__results .pagefind-ui__loading').length === 0""")
    return page.locator(".pagefind-ui__result-link")


def type_search(page, query: str) -> None:
    """Type ``query`` into the box of the search page open in ``page``, the box emptied first:
    the UI waits for a pause in the typing before it searches and shows what it found last until
    then, so the results of the query before are gone before the new one is typed."""
    box = page.locator("#folio-search input")
    box.fill("")
    page.wait_for_function("() => document.querySelector('#folio-search .pagefind-ui__message') === null")
    box.fill(query)


def typed_results(page, query: str) -> list[str]:
    """The result links (href) of the search page open in ``page`` once the UI has drawn the
    results of ``query`` typed by :func:`type_search` (a list, not "Searching for …") and filled
    in every one it shows; none when nothing is found. A search page kept open answers query
    after query without loading the UI, its WASM and the bundles again, as it does for a reader
    who searches again."""
    page.wait_for_function("""query => {
        const box = document.getElementById('folio-search');
        const message = box.querySelector('.pagefind-ui__message');
        return box.querySelector('input').value === query && message !== null
            && message.textContent.includes(query) && box.querySelector('.pagefind-ui__results') !== null
            && box.querySelectorAll('.pagefind-ui__results .pagefind-ui__loading').length === 0;
    }""", arg=query)
    return page.locator("#folio-search .pagefind-ui__result-link").evaluate_all(
        "links => links.map(link => link.getAttribute('href') || '')")


def one_pagefind_run(site: Path, output: Path, glob: str | None = None) -> Path:
    """Pagefind run once over the whole of ``site`` (or the pages of ``glob``), as a user would
    run it: its bundle."""
    from pagefind.service import get_executable
    subprocess.run([str(get_executable()), "--site", str(site), "--output-path", str(output), "--silent",
                    *(["--glob", glob] if glob else [])], check=True, capture_output=True)
    return output


def bundle_difference(split: dict[str, bytes], whole: dict[str, bytes]) -> list[str]:
    """The files in which two search bundles (path -> bytes) differ; the entry file compared as
    JSON (one run lists its languages in no fixed order, Folio sorts them)."""
    entry = "pagefind-entry.json"
    differ = sorted(set(split) ^ set(whole)) + [path for path in sorted(set(split) & set(whole))
                                                if path != entry and split[path] != whole[path]]
    if entry in split and entry in whole and json.loads(split[entry]) != json.loads(whole[entry]):
        differ.append(entry)
    return differ


def phone_heights_before() -> dict[str, int]:
    """The document pages' heights at 390 px before the "at a glance" boxes were cut (issue 26),
    by page path: tests/render/site/phone-heights-before.yaml says where they come from."""
    import yaml

    return yaml.safe_load((REPO / "tests" / "render" / "site" / "phone-heights-before.yaml").read_text("utf-8"))
