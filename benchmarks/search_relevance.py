"""How well a built site's search answers the relevance queries of tests/relevance_support.py, in
Chromium through the search page's Pagefind UI.

    search_relevance.py SITE [--misses]

Prints the mean reciprocal rank and the share of queries whose first link is the expected unit,
per language and together; with --misses, each query whose first link is not.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from relevance_support import QUERIES, figures, score
from site_support import CHROMIUM, CHROMIUM_ARGS, serving


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--misses", action="store_true", help="list the queries not answered first")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with serving(args.site) as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_default_timeout(15000)
        scored = [score(page, url, query) for query in QUERIES]
        browser.close()
    report = {"all": figures(scored)}
    for lang in ("en", "ru"):
        report[lang] = figures([s for s in scored if s.query.lang == lang])
    print(json.dumps(report, ensure_ascii=False))
    if args.misses:
        for s in scored:
            if s.rank != 1:
                print(f"{s.query.lang} {s.query.text!r}: rank {s.rank}, expected {s.query.expected[0]}; "
                      f"got {list(s.links[:4])}")


if __name__ == "__main__":
    main()
