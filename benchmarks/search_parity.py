"""Do two built sites answer the same searches the same way? In Chromium, through the site's own
search script (FolioSearch: the lexicon's rewrites, the merged bundles if any).

    search_parity.py BEFORE_SITE AFTER_SITE [--every N]

The queries are the words (four letters or more) of the rule pages of BEFORE_SITE, every Nth
distinct one per language. Prints, per language, how many queries give the same result pages in
the same order, the same first result, and the same set of pages, and a few that differ. A
change to how the site is indexed (one bundle, or one per rulebook merged in the browser) must
keep all three at 100 %.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from site_support import CHROMIUM, CHROMIUM_ARGS, serving

LANGUAGES = ("en", "ru")
#: every result page of a query, best first, as the site's search script gets them
RESULTS = """async ([query]) => {
  const pagefind = await window.FolioSearch.pagefind();
  const found = await pagefind.search(window.FolioSearch.term(query));
  return Promise.all(found.results.map(r => r.data().then(d => d.url)));
}"""


def queries(site: Path, lang: str, every: int) -> list[str]:
    words: dict[str, None] = {}
    for page in sorted(site.glob(f"{lang}/*/*/index.html")):
        text = page.read_text("utf-8")
        body = text.split("data-pagefind-body", 1)[1] if "data-pagefind-body" in text else ""
        for word in re.findall(r"[^\W\d_]{4,}", html.unescape(re.sub(r"<[^>]+>", " ", body))):
            words.setdefault(word.lower())
    return list(words)[::every]


def answers(site: Path, lang: str, asked: list[str]) -> dict[str, list[str]]:
    from playwright.sync_api import sync_playwright

    with serving(site) as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(f"{url}/{lang}/glossary/")
        page.wait_for_function("window.FolioSearch")
        found = {query: page.evaluate(RESULTS, [query]) for query in asked}
        browser.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--every", type=int, default=20, help="take every Nth distinct word")
    args = parser.parse_args()
    report = {}
    for lang in LANGUAGES:
        asked = queries(args.before, lang, args.every)
        before, after = answers(args.before, lang, asked), answers(args.after, lang, asked)
        differ = [q for q in asked if before[q] != after[q]]
        report[lang] = {"queries": len(asked),
                        "same order": sum(before[q] == after[q] for q in asked),
                        "same first": sum(before[q][:1] == after[q][:1] for q in asked),
                        "same pages": sum(set(before[q]) == set(after[q]) for q in asked),
                        "differ, for example": {q: [before[q], after[q]] for q in differ[:3]}}
    print(json.dumps(report, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
