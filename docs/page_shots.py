"""The website as a phone and a desktop show it, in headless Chromium: every document page's
height at 390 px (what issue 26 measured the boxes by), and the manual's screenshots.

    python docs/page_shots.py heights SITE [SITE_BEFORE]   # a table, one row per document page
    python docs/page_shots.py shots SITE                    # docs/manual/players/*.png

SITE is a built website (`folio build` writes site/). Chromium is Debian's, driven by
Playwright as the tests drive it (tests/site_support.py), so no browser is downloaded.
"""

from __future__ import annotations

import sys
from contextlib import ExitStack
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
#: (file under docs/manual/players/, page, viewport, what to show: a selector scrolled to the
#: top, or None for the page's top)
SHOTS = (
    ("site-ru-his-power-rules.png", "/ru/his/his-power-rules/", DESKTOP, '[id="his:21.3/sec-1/proc-1/step-3"]'),
    ("site-ru-reading-phone.png", "/ru/his/his-winter-new-world/", PHONE, ".folio-glance"),
    ("site-ru-abbreviations-phone.png", "/ru/pop/pop-military-actions/", PHONE, ".folio-abbr-expansion"),
    ("site-ru-checks-examples.png", "/ru/checks/", DESKTOP, 'h2[data-folio-code="rules-example-contradiction"]'),
)


def document_pages(site: Path) -> list[str]:
    """The address of every document page: /<lang>/<game>/<document>/."""
    return sorted("/" + p.parent.relative_to(site).as_posix() + "/" for p in site.glob("*/*/*/index.html"))


def heights(site: Path, browser, base: str) -> dict[str, int]:
    page = browser.new_page(viewport=PHONE)
    try:
        out = {}
        for url in document_pages(site):
            page.goto(base + url, wait_until="load")
            out[url] = page.evaluate("document.documentElement.scrollHeight")
        return out
    finally:
        page.close()


def shots(browser, base: str, into: Path) -> list[Path]:
    written = []
    for name, url, viewport, selector in SHOTS:
        page = browser.new_page(viewport=viewport)
        try:
            page.goto(base + url, wait_until="load")
            if selector:
                page.locator(selector).first.evaluate("e => { e.scrollIntoView(); window.scrollBy(0, -70); }")
            page.screenshot(path=str(into / name))
            written.append(into / name)
        finally:
            page.close()
    return written


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(HERE.parent))
    import threading

    from playwright.sync_api import sync_playwright

    from pipeline.render.site.serve import make_server
    command, sites = argv[0], [Path(a) for a in argv[1:]]
    with ExitStack() as stack, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        bases = []
        for site in sites:
            server = make_server(site, "127.0.0.1", 0, quiet=True)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            stack.callback(server.server_close)
            stack.callback(server.shutdown)
            bases.append(f"http://127.0.0.1:{server.server_address[1]}")
        if command == "shots":
            for path in shots(browser, bases[0], HERE / "manual" / "players"):
                print(path.relative_to(HERE.parent))
        else:
            now = heights(sites[0], browser, bases[0])
            before = heights(sites[1], browser, bases[1]) if len(sites) > 1 else {}
            print("| page | before (px) | after (px) | change |\n| --- | ---: | ---: | ---: |")
            for url, height in now.items():
                old = before.get(url)
                change = f"{(height - old) / old:+.1%}" if old else ""
                print(f"| {url} | {old or ''} | {height} | {change} |")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
