"""How well a built site's search answers the relevance queries of tests/relevance_support.py, in
Chromium through the search page's Pagefind UI.

    search_relevance.py SITE [--misses]
    search_relevance.py --cost SITE [SITE ...] [--spread N]

Prints the mean reciprocal rank and the share of queries whose first link is the expected unit,
per language and together; with --misses, each query whose first link is not.

With --cost, a line per SITE (each built from a scaled corpus: benchmarks/scaled_corpus.py,
named by its folder, or its project's when that is "site") of what the search costs as the
corpus grows: SITE's search index made afresh into SITE/pagefind, the bundles
per language, Pagefind's CPU for the whole index and for an edit of one document (the bundles
it made again), and, in a fresh Chromium, the time from opening the search page with a query
to its results shown and the bytes the page fetched meanwhile (the WASM, entry and meta files
of every bundle merged, the index chunks and fragments the query reads).
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from relevance_support import QUERIES, figures, scores
from site_support import CHROMIUM, CHROMIUM_ARGS, serving, settled_search

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pipeline.render.site import search, search_bundles

#: what --cost asks, in each language: a word of every rulebook, so every bundle is searched
LOAD_QUERIES = {"en": "winter", "ru": "зима"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, nargs="+")
    parser.add_argument("--misses", action="store_true", help="list the queries not answered first")
    parser.add_argument("--cost", action="store_true", help="index SITE and measure the search's cost")
    parser.add_argument("--spread", type=int, help="--cost with this search_bundles.SPREAD, to weigh another")
    args = parser.parse_args()
    if args.spread:
        search_bundles.SPREAD = args.spread
    if args.cost:
        for site in args.site:
            scale = site.resolve().parent.name if site.resolve().name == "site" else site.name
            print(json.dumps({"scale": scale, "spread": search_bundles.SPREAD, **cost(site)}, ensure_ascii=False),
                  flush=True)
        return
    from playwright.sync_api import sync_playwright

    with serving(args.site[0]) as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context().new_page()  # a context of its own: scores() opens a tab per language
        page.set_default_timeout(15000)
        scored = scores(page, url, QUERIES)
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


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def cost(site: Path) -> dict:
    """--cost: index ``site`` (its pages as they are), edit one document, index again, then
    load the search page in each language."""
    site = site.resolve()
    with tempfile.TemporaryDirectory(prefix="folio-search-cost-") as scratch:
        work = Path(scratch)
        pages = Path(shutil.copytree(site, work / "pages", ignore=shutil.ignore_patterns(search.BUNDLE)))
        shutil.rmtree(site / search.BUNDLE, ignore_errors=True)
        before = _children_cpu()
        whole = search.index(site, pages, (None, work / "cache-1"), jobs=2)
        whole_cpu = _children_cpu() - before
        edit_cpu, made = [], []
        for n, rulebook in enumerate(_edited(pages / "en"), start=1):  # the glossary's bundle, another
            edited = next(page for page in sorted(rulebook.rglob("index.html"))
                          if b"data-pagefind-body" in page.read_bytes())
            edited.write_text(edited.read_text("utf-8").replace("</h1>", " (edit)</h1>", 1), "utf-8")
            before = _children_cpu()
            again = search.index(work / f"after-{n}", pages, (work / f"cache-{n}", work / f"cache-{n + 1}"), jobs=2)
            edit_cpu.append(round(_children_cpu() - before, 2))
            made += again.made
    listed = json.loads((site / search.BUNDLE / search.BUNDLES).read_text("utf-8"))
    figures = {"bundles": {lang: len(names) for lang, names in listed.items()},
               "pages": whole.pages, "index_cpu_s": round(whole_cpu, 2),
               "edit_cpu_s": edit_cpu, "edit_made": made}
    figures.update(load(site))
    return figures


def _edited(lang: Path) -> list[Path]:
    """The rulebooks --cost edits a page of, one after the other: HIS, then the last rulebook
    by name (in a bundle of its own unless the language has one)."""
    rulebooks = sorted(path for path in lang.iterdir() if (path / "index.html").is_file()
                       and path.name not in ("checks", "status", "search", "aids", "assets"))
    return [lang / "his", rulebooks[-1]]


def load(site: Path, runs: int = 3) -> dict:
    """The search page opened with a query in a fresh browser (nothing cached), each language:
    the median time to its results shown, and the bytes and requests it fetched."""
    from playwright.sync_api import sync_playwright

    found: dict = {}
    with serving(site) as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for lang, query in LOAD_QUERIES.items():
            times, fetched = [], []
            for _ in range(runs):
                context = browser.new_context()
                page = context.new_page()
                page.set_default_timeout(120000)
                sizes: list[int] = []
                page.on("requestfinished", lambda request, sizes=sizes: sizes.append(
                    request.sizes()["responseBodySize"]))
                start = time.perf_counter()
                settled_search(page, f"{url}/{lang}/search/?q={quote(query)}")
                times.append(time.perf_counter() - start)
                page.wait_for_timeout(300)  # the last responses' sizes
                fetched.append((sum(sizes), len(sizes)))
                context.close()
            found[f"load_s_{lang}"] = round(sorted(times)[len(times) // 2], 2)
            found[f"kb_{lang}"] = round(max(f[0] for f in fetched) / 1024)
            found[f"requests_{lang}"] = max(f[1] for f in fetched)
        browser.close()
    return found


if __name__ == "__main__":
    main()
