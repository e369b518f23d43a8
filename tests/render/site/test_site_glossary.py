"""The Russian glossary as a Russian reader meets it, in Chromium: on a phone (390 px, a touch
screen) every row's cells are on the screen, the Russian column is never empty, the notes and
reasons are Russian (English on the English page), and a tap on an abbreviation in the rules
writes out its expansion, as the page's introduction promises."""

from __future__ import annotations

import re

import pytest

from pipeline.language.termbase import load_termbase
from site_support import REPO

PHONE = {"width": 390, "height": 844}
#: every row of the terms table: its Russian cell, its notes and reasons, and where it lies
_ROWS = """() => [...document.querySelectorAll('table.folio-glossary-terms tbody tr')].map(tr => {
  const cells = [...tr.children], boxes = cells.map(c => c.getBoundingClientRect());
  return {id: tr.id, ru: cells[1].innerText.trim(),
          notes: [...cells[3].querySelectorAll('.folio-meta')].map(e => e.innerText),
          left: Math.min(...boxes.map(b => b.left)), right: Math.max(...boxes.map(b => b.right))};
})"""
_QUOTED = re.compile(r"«[^»]*»")


def _words(note: str) -> tuple[int, int]:
    """The English and the Russian words of a note's own sentence: its quotations of the texts
    («Grand Orient trade centre») left out, and the games' names in capitals (HIS 21.4) too."""
    plain = _QUOTED.sub(" ", note)
    return len(re.findall(r"\b[a-z]{2,}", plain)), len(re.findall(r"[А-Яа-яЁё]{2,}", plain))


def _english(note: str) -> bool:
    english, russian = _words(note)
    return english > russian


def _russian(note: str) -> bool:
    english, russian = _words(note)
    return russian > english


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()


def test_the_russian_glossary_is_russian_and_fits_a_phone(base_url, phone):
    phone.goto(f"{base_url}/ru/glossary/", wait_until="load")
    rows = phone.evaluate(_ROWS)
    assert len(rows) == len(load_termbase(REPO).concepts)
    assert [row["id"] for row in rows if not row["ru"]] == []  # Toscana, Milan, MILANO, NAPOLI had none
    notes = [note for row in rows for note in row["notes"]]
    assert len(notes) >= 80
    assert [note for note in notes if _english(note)] == []
    assert [row["id"] for row in rows if row["left"] < 0 or row["right"] > PHONE["width"]] == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    intro = phone.locator(".folio-glossary > .folio-meta").first.inner_text()
    assert "коснитесь" in intro


def test_the_english_glossary_keeps_the_english_notes(base_url, page):
    page.goto(f"{base_url}/en/glossary/", wait_until="load")
    notes = [note.strip("()") for row in page.evaluate(_ROWS) for note in row["notes"]]
    concepts = load_termbase(REPO).concepts
    russian = {concept.note_in("ru") for concept in concepts if concept.note_in("ru") != concept.note} | {
        concept.why_in(game, "ru") for concept in concepts for game in concept.why
        if concept.why_in(game, "ru") != concept.why[game]}
    assert len(notes) >= 80 and set(notes) & russian == set()
    assert "«карта» is also the map" in page.locator("#concept-card").inner_text()


def test_a_tap_on_an_abbreviation_writes_out_its_expansion(base_url, phone):
    phone.goto(f"{base_url}/ru/vq/vq-deployment-actions/", wait_until="load")
    # the first use on the page is written out already, «КО (командные очки)»: a tap adds nothing
    first = phone.locator('abbr[title="командные очки"]').first.element_handle()
    first.scroll_into_view_if_needed()
    assert phone.evaluate("a => a.nextSibling.textContent", first) == " (командные очки)"
    first.tap()
    assert phone.evaluate("a => getComputedStyle(a, '::after').content", first) == "none"
    # a handle, not a locator: the theme's tooltip takes the title off the element it shows
    abbr = phone.locator('abbr[title="командные очки"]').nth(1).element_handle()
    abbr.scroll_into_view_if_needed()
    before = abbr.bounding_box()["width"]
    abbr.tap()
    shown = phone.evaluate("a => getComputedStyle(a, '::after').content", abbr)
    assert shown == '" (командные очки)"' and abbr.bounding_box()["width"] > before
    abbr.tap()
    assert phone.evaluate("a => getComputedStyle(a, '::after').content", abbr) == "none"
