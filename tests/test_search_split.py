"""The search bundle of the real project's site, made by one Pagefind per language from the pages
Folio hands it, against Pagefind run once over the whole site as built: the same files, byte for
byte (pipeline/render/site/search.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from pipeline.render.site import search
from site_support import bundle_difference, one_pagefind_run


def test_the_bundle_is_the_one_of_one_pagefind_run_over_the_whole_site(site, tree_bytes, tmp_path):
    whole = one_pagefind_run(site, tmp_path / "whole")  # every page whole, navigation and all
    bundle = tree_bytes(site / "pagefind")
    assert bundle_difference(bundle, tree_bytes(whole)) == []
    entry = json.loads(bundle[search.ENTRY])
    assert list(entry["languages"]) == ["en", "ru"]
    assert {lang: data["page_count"] for lang, data in entry["languages"].items()} == {"en": 6, "ru": 6}


def test_each_language_is_indexed_by_a_pagefind_of_its_own(site, tmp_path):
    runs = search.parts(site)
    assert [(name, glob) for name, glob, _ in runs] == [("en", "en/**/*.html"), ("ru", "ru/**/*.html")]
    # an English page that says it is Russian: the directories no longer part the languages,
    # and the site is indexed in one run, which gives what Pagefind gives
    mixed = Path(shutil.copytree(site, tmp_path / "site", ignore=shutil.ignore_patterns("pagefind")))
    page = mixed / "en" / "glossary" / "index.html"
    page.write_text(page.read_text("utf-8").replace('<html lang="en"', '<html lang="ru"', 1), "utf-8")
    assert [name for name, _, _ in search.parts(mixed)] == ["site"]
    indexed = search.index(mixed, jobs=2)
    assert indexed.made == ("site",)
    ru = json.loads((mixed / "pagefind" / search.ENTRY).read_text("utf-8"))["languages"]["ru"]
    assert ru["page_count"] == 7


def test_an_edit_that_reaches_one_language_keeps_the_other_languages_index(site, tree_bytes, tmp_path):
    pages = Path(shutil.copytree(site, tmp_path / "pages", ignore=shutil.ignore_patterns("pagefind")))
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir(), second.mkdir()
    search.index(first, pages, (None, tmp_path / "cache-1"))
    glossary = pages / "ru" / "glossary" / "index.html"
    glossary.write_text(glossary.read_text("utf-8").replace("</h1>", " (правка)</h1>", 1), "utf-8")
    indexed = search.index(second, pages, (tmp_path / "cache-1", tmp_path / "cache-2"), jobs=2)
    assert indexed.made == ("ru",) and indexed.reused == ("en",)
    # the new cache holds this build's two bundles, the English one as the last build left it
    assert sorted(path.name for path in (tmp_path / "cache-2").iterdir()) == sorted(key for *_, key in search.parts(pages))
    bundle = tree_bytes(second / "pagefind")
    assert bundle_difference(bundle, tree_bytes(one_pagefind_run(pages, tmp_path / "whole"))) == []
    assert set(tree_bytes(first / "pagefind")) != set(bundle), "the Russian fragment was made again"
