"""The website of the real corpus, built once, checked as files and in headless Chromium.

The site is rendered from the repository's corpus into a temporary directory (the working
tree's site/ is left alone), served on a free localhost port, and driven with Playwright in
Debian's Chromium: search in both languages, following references, switching languages, no
console errors on any page. A screenshot of search results is kept in test-artifacts/.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

import pytest

from pipeline.core.model import Kind
from pipeline.render.site.structure import SITE_LANGUAGES, plan
from site_support import ARTIFACTS, broken_links, html_pages, parse_html, settled_search, site_url

# -- the files ------------------------------------------------------------------------------

def test_every_page_exists_in_both_languages(site, corpus):
    paths = [p.path for p in plan(corpus[0]).pages]
    for lang in SITE_LANGUAGES:
        for path in paths:
            html = (site / lang / path / "index.html").read_text(encoding="utf-8")
            assert f'<html lang="{lang}"' in html, (lang, path)
    assert (site / "index.html").is_file() and (site / ".gitkeep").is_file()


def test_every_unit_has_an_anchor_equal_to_its_id_on_its_page(site, corpus):
    structure = plan(corpus[0])
    for lang in SITE_LANGUAGES:
        ids = {path: parse_html(site / lang / path / "index.html").ids
               for path in set(structure.unit_page.values())}
        missing = [unit_id for unit_id, path in structure.unit_page.items()
                   if corpus[0].units[unit_id].kind != Kind.DOCUMENT and unit_id not in ids[path]]
        assert not missing, f"{lang}: units without an anchor: {missing[:5]}"


def test_every_internal_link_and_anchor_resolves(site):
    assert broken_links(site) == []


def test_no_page_calls_another_host(site):
    """No web fonts, CDN or analytics: nothing in any page, style sheet or script names a host."""
    host = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|@import\s+url\(\s*["']?https?:|"""
                      r"""fonts\.(?:googleapis|gstatic)""")
    offenders = [p.relative_to(site).as_posix() for p in site.rglob("*")
                 if p.suffix in (".html", ".css") and host.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_resolved_and_external_references_are_shown_as_such(site):
    html = (site / "en" / "eu-risto" / "eu-risto-period-1" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a class="folio-ref" href="#eu-risto:8:I"[^>]*>8:I</a>', html)
    external = re.search(r'<span class="folio-ref folio-ref--external" title="([^"]*)">13:II', html)
    assert external and "Europa Universalis" in external.group(1)  # says which rulebook


def test_units_show_what_refers_to_them(site):
    html = (site / "en" / "eu-risto" / "eu-risto-period-1" / "index.html").read_text(encoding="utf-8")
    event = html[html.index('id="eu-risto:1:I"'):html.index('id="eu-risto:2:I"')]
    assert re.search(r'class="folio-backlinks"[^>]*>Referred to by: <a href="#eu-risto:period-I/'
                     r'modifiers-1"', event)


def test_the_russian_pages_speak_russian_with_plural_forms(site):
    html = (site / "ru" / "eu-risto" / "eu-risto-period-1" / "index.html").read_text(encoding="utf-8")
    assert "10 событий" in html  # ten events in period I
    assert "Событие 8, период I" in html


def test_the_glossary_explains_abbreviations_and_the_rules_use_them(site):
    glossary = (site / "en" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert "casus belli" in glossary and "командные очки" in glossary
    rules = (site / "en" / "eu-risto" / "eu-risto-period-1" / "index.html").read_text(encoding="utf-8")
    assert '<abbr title="casus belli">CB</abbr>' in rules
    vq = (site / "ru" / "vq" / "vq-deployment-actions" / "index.html").read_text(encoding="utf-8")
    assert '<abbr title="командные очки">КО</abbr>' in vq


def test_the_status_and_report_pages_link_to_units(site, corpus):
    status = (site / "ru" / "status" / "index.html").read_text(encoding="utf-8")
    assert "eu-risto-period-1" in status and "<meter" in status
    report = (site / "en" / "checks" / "index.html").read_text(encoding="utf-8")
    codes = {d.code for d in corpus[1]}
    assert all(f'id="code-{code}"' in report for code in codes)
    assert re.search(r'<a href="\.\./[a-z-]+/[a-z0-9-]+/#[^"]+">', report)


def test_search_indexes_each_language_separately(site):
    bundle = site / "pagefind"  # a bundle per rulebook, each of one language (tests/render/site/test_search_split.py)
    assert sorted({p.name.split("_")[0] for p in bundle.glob("*/pagefind.*.pf_meta")}) == \
        ["pagefind.en", "pagefind.ru"]
    for meta in bundle.glob("*/pagefind.*.pf_meta"):
        assert meta.parent.name.startswith(meta.name.split("_")[0].split(".")[1] + "-"), meta
    assert (bundle / "pagefind-ui.js").is_file()


# -- in the browser -------------------------------------------------------------------------

SEARCHES = [
    # (language, query, what a result must link to: page path and, if given, a unit inside)
    ("ru", "отлучения", "/ru/his/his-power-rules/", "his:21.5"),
    ("ru", "наёмники", "/ru/vq/vq-deployment-actions/", None),  # ё finds the е the text has
    ("ru", "неукрепленных", "/ru/his/his-winter-new-world/", None),  # е finds ё
    ("ru", "21.5", "/ru/his/his-power-rules/", "his:21.5"),
    ("en", "21.5", "/en/his/his-power-rules/", "his:21.5"),
    ("en", "8:I", "/en/eu-risto/eu-risto-period-1/", "eu-risto:8:I"),
    ("ru", "событие 8", "/ru/eu-risto/eu-risto-period-1/", "eu-risto:8:I"),
    ("en", "CB", "/en/eu-risto/eu-risto-period-1/", None),
    ("ru", "КО", "/ru/vq/vq-deployment-actions/", None),
    ("en", "Tordesillas", "/en/eu-risto/eu-risto-period-1/", "eu-risto:1:I"),
]


def _results(page, base_url: str, lang: str, query: str) -> list[str]:
    return [unquote(link.get_attribute("href"))
            for link in settled_search(page, f"{base_url}/{lang}/search/?q={query}").all()]


@pytest.mark.parametrize("lang, query, path, unit", SEARCHES,
                         ids=[f"{lang}-{query}" for lang, query, _, _ in SEARCHES])
def test_search_finds_it_and_the_result_leads_there(page, base_url, lang, query, path, unit):
    links = _results(page, base_url, lang, query)
    assert all(urlsplit(link).path.startswith(f"/{lang}/") for link in links), links
    wanted = [link for link in links if urlsplit(link).path == path and
              (unit is None or urlsplit(link).fragment.startswith(unit))]
    assert wanted, f"{query!r}: no result leads to {path}#{unit or ''}; got {links}"
    page.locator(".pagefind-ui__result-link").nth(links.index(wanted[0])).click()
    page.wait_for_url(re.compile(re.escape(path)))
    if unit:
        fragment = unquote(urlsplit(page.url).fragment)
        assert fragment.startswith(unit)
        assert page.evaluate("id => document.getElementById(id) !== null", fragment)


def test_a_screenshot_of_search_results_is_kept(page, base_url):
    _results(page, base_url, "ru", "отлучения")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "search-ru-otlucheniya.png"), full_page=True)
    assert (ARTIFACTS / "search-ru-otlucheniya.png").stat().st_size > 10_000


def test_the_header_search_box_opens_the_search_page(page, base_url):
    page.goto(f"{base_url}/en/his/his-power-rules/")
    page.fill(".folio-header-search input", "Tordesillas")
    page.press(".folio-header-search input", "Enter")
    page.wait_for_selector(".pagefind-ui__result-link")
    assert "/en/search/" in page.url


def test_a_cross_reference_leads_to_its_unit(page, base_url):
    page.goto(f"{base_url}/en/eu-risto/eu-risto-period-1/")
    page.locator('#eu-risto\\:period-I\\/modifiers-1\\/mod-1 a.folio-ref').first.click()
    page.wait_for_url(re.compile("#eu-risto:8:I$"))
    assert page.evaluate("() => document.getElementById('eu-risto:8:I').getBoundingClientRect().top") < 300


def test_a_link_from_the_report_lands_on_the_unit_on_its_page(page, base_url):
    page.goto(f"{base_url}/en/checks/")
    link = page.locator(".folio-finding a").first
    href = link.get_attribute("href")
    link.click()
    page.wait_for_url(re.compile(re.escape(href.split("#")[1]) + "$"))
    fragment = unquote(urlsplit(page.url).fragment)
    assert page.evaluate("id => document.getElementById(id) !== null", fragment)


@pytest.mark.parametrize("start, target", [("en", "ru"), ("ru", "en")])
def test_the_language_switch_lands_on_the_same_unit(page, base_url, start, target):
    page.goto(f"{base_url}/{start}/eu-risto/eu-risto-period-1/#eu-risto:8:I")
    page.hover(".md-header .md-select")
    page.locator(f'a[data-folio-switch][hreflang="{target}"]').click()
    page.wait_for_url(re.compile(f"/{target}/eu-risto/eu-risto-period-1/#eu-risto:8:I$"))
    assert page.evaluate("() => document.documentElement.lang") == target
    assert page.evaluate("() => document.getElementById('eu-risto:8:I') !== null")


def test_the_root_page_picks_a_language(page, base_url):
    page.goto(f"{base_url}/")
    page.wait_for_url(re.compile(r"/(en|ru)/$"))


def test_no_page_logs_a_console_error(browser, site, base_url):
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(f"{page.url}: {message.text}")
            if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
    # a request still running when the test moves on to the next page is aborted: not an error
    page.on("requestfailed", lambda request: errors.append(f"{page.url}: failed {request.url}")
            if "ERR_ABORTED" not in (request.failure or "") else None)
    for path in html_pages(site):
        url = site_url(site, path)
        if url.endswith("/search/"):  # the search page loads its index as it runs a search
            page.goto(base_url + url + "?q=CB")
            page.wait_for_selector(".pagefind-ui__result-link")
        else:
            page.goto(base_url + url, wait_until="load")
    context.close()
    assert errors == []
