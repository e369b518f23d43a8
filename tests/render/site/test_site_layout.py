"""The website as a reader sees it on a phone (390 px) and a desktop (1280 px), in Chromium.

Every page of both languages is opened at both widths: none may be wider than the window (a
wide table scrolls inside its own box), the header keeps the site's name, and the footer leads
to the previous and the next page. Screenshots of a few pages go to test-artifacts/.
"""

from __future__ import annotations

import pytest

from site_support import ARTIFACTS, html_pages, site_url

WIDTHS = {"phone": 390, "desktop": 1280}
#: the pages worth a picture: a document with tables, the glossary, the status and the report
SHOTS = ("his/his-winter-new-world/", "glossary/", "status/", "checks/")


@pytest.fixture(params=list(WIDTHS), scope="module")
def viewport(request, browser):
    context = browser.new_context(viewport={"width": WIDTHS[request.param], "height": 844})
    page = context.new_page()
    page.set_default_timeout(15000)
    yield request.param, page
    context.close()


def _overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def test_no_page_is_wider_than_the_window(site, base_url, viewport):
    width, page = viewport
    wide = []
    for path in html_pages(site):
        url = site_url(site, path)
        if url in ("/", "/index.html") or url.endswith("/search/"):
            continue
        page.goto(base_url + url, wait_until="load")
        extra = _overflow(page)
        if extra > 0:
            wide.append(f"{url}: {extra} px too wide")
    assert wide == [], f"at {WIDTHS[width]} px"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_screenshots_in_both_languages_at_both_widths(base_url, viewport, lang):
    width, page = viewport
    ARTIFACTS.mkdir(exist_ok=True)
    for path in SHOTS:
        page.goto(f"{base_url}/{lang}/{path}", wait_until="load")
        name = path.strip("/").replace("/", "-")
        page.screenshot(path=str(ARTIFACTS / f"site-{lang}-{name}-{WIDTHS[width]}.png"))
        assert _overflow(page) <= 0, f"/{lang}/{path} at {WIDTHS[width]} px"


def test_the_header_keeps_the_site_name_on_a_phone(base_url, viewport):
    width, page = viewport
    for lang in ("en", "ru"):
        page.goto(f"{base_url}/{lang}/his/his-winter-new-world/", wait_until="load")
        name = page.locator(".md-header__title .md-header__topic").first
        assert name.is_visible() and name.inner_text().strip() == "Folio"
        box = name.bounding_box()
        assert box and box["width"] >= 40, f"{lang} at {WIDTHS[width]} px: the name is squeezed"


def test_the_footer_leads_to_the_previous_and_the_next_page(base_url, viewport):
    _width, page = viewport
    page.goto(f"{base_url}/ru/his/his-winter-new-world/", wait_until="load")
    previous = page.locator("nav.md-footer__inner a.md-footer__link--prev")
    following = page.locator("nav.md-footer__inner a.md-footer__link--next")
    assert previous.count() == 1 and following.count() == 1
    assert "Особые правила держав" in previous.text_content()  # on a phone, behind the arrow
    following.click()
    page.wait_for_load_state("load")
    assert page.url.endswith("/ru/vq/")


def test_tables_are_styled_and_scroll_in_their_box(base_url, viewport):
    width, page = viewport
    page.goto(f"{base_url}/ru/status/", wait_until="load")
    cell = page.locator(".folio-status-table td").first
    assert page.evaluate("c => getComputedStyle(c).borderBottomStyle", cell.element_handle()) != "none"
    number = page.locator(".folio-status-table td.folio-num").first
    assert page.evaluate("c => getComputedStyle(c).textAlign", number.element_handle()) == "right"
    bar = page.locator(".folio-status-table .folio-progress").first
    meter, figure = bar.locator("meter").bounding_box(), bar.locator(".folio-percent").bounding_box()
    assert abs(meter["y"] + meter["height"] / 2 - (figure["y"] + figure["height"] / 2)) < 6  # one line
    if width == "phone":
        box = page.locator(".folio-table-box").first
        assert page.evaluate("b => b.scrollWidth > b.clientWidth", box.element_handle())
