"""A rule's tools folded under its text (issue 26): each unit's decision tables and "ask the
rules" forms sit behind one line, «Проверить по правилу» / "Check with the rule", closed at every
width, so that a phone shows the rule's text first and every document page stays at least 20 %
shorter than it was with a box under every fact. A link to a table or a form opens its fold."""

from __future__ import annotations

import re
from html import unescape

import pytest

import pipeline.games  # noqa: F401  # registers every game's rules, as the driver does
from pipeline.render.site.structure import plan
from pipeline.rules import load_facts
from pipeline.rules.ask import every_answer
from pipeline.rules.decision_tables import decision_tables
from site_support import ARTIFACTS, REPO, phone_heights_before

BEFORE = phone_heights_before()
HEADS = {"en": ("Check with the rule", "Check with the rules"),
         "ru": ("Проверить по правилу", "Проверить по правилам")}
_FOLD = re.compile(r'<details class="folio-tools"([^>]*)>\n<summary>(.*?)</summary>(.*?)\n</details>', re.S)


def test_every_table_and_form_is_folded_under_one_line_per_unit_in_the_pages_language(site, corpus):
    """The fold is closed in the markup (no script opens it), Pagefind passes over it as it
    passed over the tables and forms, and its line says in the page's language what it holds."""
    facts = load_facts(REPO)
    units = set(decision_tables(facts)) | set(every_answer(facts))
    site_plan = plan(corpus[0])
    pages = {site_plan.unit_page[unit] for unit in units}
    for lang in ("en", "ru"):
        folded = 0
        for path in pages:
            html = (site / lang / path / "index.html").read_text("utf-8")
            folds = _FOLD.findall(html)
            for tool in ('<figure class="folio-decisions"', '<section class="folio-ask"'):
                assert html.count(tool) == sum(inside.count(tool) for _a, _h, inside in folds), (lang, path, tool)
            for attributes, head, inside in folds:
                assert " open" not in attributes and "data-pagefind-ignore" in attributes
                rules = set(re.findall(r'data-folio-(?:rule|ask)="([^"]+)"', inside))
                assert rules and unescape(head) == HEADS[lang][len(rules) > 1], (lang, path, head)
            folded += len(folds)
        assert folded == len(units) >= 14, lang  # one fold a unit


def _opened(page) -> list[bool]:
    return page.evaluate("() => [...document.querySelectorAll('details.folio-tools')].map(d => d.open)")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_fold_is_one_closed_line_that_the_keyboard_opens(browser, base_url, lang, width):
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{base_url}/{lang}/his/his-power-rules/", wait_until="load")
        opened = _opened(page)
        assert len(opened) == 4 and not any(opened)
        fold = page.locator("details.folio-tools").filter(has=page.locator('[data-folio-rule="his.mary-i-impulse"]'))
        head = fold.locator("summary")
        head.scroll_into_view_if_needed()
        assert head.inner_text().strip() == HEADS[lang][0]
        assert head.bounding_box()["height"] < 36  # one line
        assert not fold.locator("table").is_visible() and not fold.locator("select").first.is_visible()
        head.focus()
        page.keyboard.press("Enter")
        assert fold.locator("table").is_visible() and fold.locator("select").first.is_visible()
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
        box = head.bounding_box()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"rule-tools-{lang}-{width}.png"),
                        clip={"x": 0, "y": max(0, box["y"] - 120), "width": width, "height": 700})
        page.keyboard.press("Enter")
        assert not fold.locator("table").is_visible()
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_document_page_is_a_fifth_shorter_on_a_phone_than_with_a_box_under_every_fact(browser, base_url, lang):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        heights = {}
        for path, before in BEFORE.items():
            if path.startswith(lang + "/"):
                page.goto(f"{base_url}/{path}/", wait_until="load")
                heights[path] = (page.evaluate("document.documentElement.scrollHeight"), before)
        assert len(heights) == 5
        taller = {path: (now, before) for path, (now, before) in heights.items() if now > 0.8 * before}
        assert taller == {}, taller
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("path", "anchor"), [("his/his-power-rules", "table-his.mary-i-impulse"),
                                              ("eu-risto/eu-risto-period-1", "ask-eu-risto.tordesillas-in-effect"),
                                              ("vq/vq-deployment-actions", "ask-vq.patronage")])
def test_a_link_to_a_table_or_a_form_opens_its_fold_and_shows_it(browser, base_url, lang, path, anchor):
    """From another page's link (the address's #fragment) and from a link on the same page (the
    fragment changes): the fold opens and the table or form is in the window."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    shown = """a => { const t = document.getElementById(a), box = t.getBoundingClientRect();
        return [t.closest('details.folio-tools').open, box.top >= 0 && box.top < innerHeight, box.height > 0] }"""
    try:
        page.goto(f"{base_url}/{lang}/{path}/#{anchor}", wait_until="load")
        page.wait_for_function(f"() => document.getElementById({anchor!r}).closest('details').open")
        assert page.evaluate(shown, anchor) == [True, True, True]
        page.goto(f"{base_url}/{lang}/{path}/", wait_until="load")
        assert not any(_opened(page))
        page.evaluate("a => { location.hash = a }", anchor)
        page.wait_for_function(f"() => document.getElementById({anchor!r}).closest('details').open")
        page.wait_for_timeout(100)
        assert page.evaluate(shown, anchor) == [True, True, True]
    finally:
        context.close()
