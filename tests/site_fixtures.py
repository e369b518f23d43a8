"""The real corpus's website, built and served once per test run, and one Chromium for every
browser test: a session fixture defined in two test modules would start Playwright twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.build import check, load_corpus
from pipeline.render.site import render_site
from site_support import CHROMIUM, CHROMIUM_ARGS, REPO, serving


@pytest.fixture(scope="session")
def corpus():
    corpus, notes = load_corpus(REPO)
    return corpus, check(corpus, REPO, notes)


@pytest.fixture(scope="session")
def site(corpus, tmp_path_factory) -> Path:
    return render_site(*corpus, REPO, tmp_path_factory.mktemp("site") / "site")


@pytest.fixture(scope="session")
def base_url(site):
    with serving(site) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: scripts/install installs Debian's chromium")
    with playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()
