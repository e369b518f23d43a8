"""Search lands on the rule (issue 14), measured in Chromium on the site of the real corpus.

Before: a word in a list item of 19.3 landed at the top of 19.3, the word 1,300 px below, and an
event's name on the period's introduction. Here each search is clicked through, and where the
browser stands is measured against where the found word is.
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote, urlsplit

import pytest

from site_support import settled_search

VIEWPORT = 900  # the height of test_site_built's page; the header covers about 70 px of it


def _search(page, base_url, lang, query):
    return settled_search(page, f"{base_url}/{lang}/search/?q={quote(query)}")


def _fragment(url: str) -> str:
    return unquote(urlsplit(url).fragment)


def _arrival(page) -> dict:
    """Where the browser stands after a result was followed: the unit of the URL's #fragment,
    the words marked in it, and the first mark's distance from the top of the window."""
    page.wait_for_function("document.querySelector('mark.pagefind-highlight') !== null")
    return page.evaluate("""() => {
        const unit = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        const marks = [...document.querySelectorAll('mark.pagefind-highlight')];
        return {unit: unit && unit.id, inside: marks.every(m => unit && unit.contains(m)),
                words: marks.map(m => m.textContent),
                below_top: marks.length ? marks[0].getBoundingClientRect().top : null};
    }""")


LANDINGS = [
    # (language, query, the unit the top result must land on, a word it must mark there)
    ("ru", "протестантов", "his:19.3/proc-1/list-1/item-1", "Протестантов"),  # a list item of 19.3
    ("en", "Tordesillas", "eu-risto:1:I", "TORDESILLAS"),  # the event, not the period's introduction
    ("ru", "зимой", "his:19.8/", "зиму"),  # another form of the word, in an example of 19.8
]


@pytest.mark.parametrize("lang, query, unit, word", LANDINGS, ids=[f"{lang}-{q}" for lang, q, _, _ in LANDINGS])
def test_the_top_result_lands_on_the_unit_that_holds_the_word(page, base_url, lang, query, unit, word):
    results = _search(page, base_url, lang, query)
    href = results.first.get_attribute("href")
    assert _fragment(href).startswith(unit), href
    results.first.click()
    page.wait_for_url(re.compile(re.escape(urlsplit(href).path)))
    arrived = _arrival(page)
    assert arrived["unit"].startswith(unit) and arrived["inside"], arrived
    assert word in arrived["words"], arrived
    # the word is in the window, under the header, not a screen away
    assert 0 <= arrived["below_top"] < VIEWPORT / 2, arrived


NUMBERS = [("ru", "19.4", "his:19.4"), ("en", "21.5", "his:21.5"), ("ru", "21.5", "his:21.5"),
           ("en", "8:I", "eu-risto:8:I"), ("ru", "8:i", "eu-risto:8:I"), ("en", "5.5", "pop:5.5")]


@pytest.mark.parametrize("lang, query, unit", NUMBERS, ids=[f"{lang}-{q}" for lang, q, _ in NUMBERS])
def test_a_rule_number_or_event_id_puts_that_rule_first(page, base_url, lang, query, unit):
    assert _fragment(_search(page, base_url, lang, query).first.get_attribute("href")) == unit


def test_sub_results_are_named_by_their_labels_in_the_pages_language(page, base_url):
    _search(page, base_url, "ru", "протестантов")
    titles = page.locator(".pagefind-ui__result-title").all_text_contents()
    assert "Правило 19.5, абзац" in [t.strip() for t in titles], titles
    assert not [t for t in titles if re.search(r"\b(para|step|item|sec)-\d", t)], titles


def test_russian_forms_of_a_word_are_found(page, base_url):
    """«зимой» is in no text: the rules say «зиму» (an example of 19.8) and «зимняя» (19.8)."""
    links = _search(page, base_url, "ru", "зимой")
    page.wait_for_timeout(300)  # every result's sub-results are in
    found = {_fragment(link.get_attribute("href")) for link in links.all()}
    assert "his:19.8/para-1" in found and "his:19.8/table-1/example-1" in found, found


#: forms of one word that Snowball's stems do not join, as Pagefind would search them alone:
#: (query, a unit holding another form, that form)
PARADIGMS = [("беспорядок", "his:19.3/proc-1/step-1", "беспорядками"),  # no text writes it
             ("беспорядков", "his:19.3/proc-1/step-1", "беспорядками"),
             ("иметь", "his:21.4/para-1", "имеет"),
             ("взять", "vq:11/list-3/item-1", "возьмите")]


@pytest.mark.parametrize("query, unit, form", PARADIGMS, ids=[q for q, _, _ in PARADIGMS])
def test_a_form_lands_on_a_unit_holding_another_form_and_marks_it(page, base_url, query, unit, form):
    links = _search(page, base_url, "ru", query)
    page.wait_for_timeout(300)
    excerpts = page.locator(".pagefind-ui__result-excerpt").all_inner_texts()
    assert excerpts and not [e for e in excerpts if "⟦" in e], excerpts  # the hidden terms stay hidden
    [link] = [link for link in links.all() if _fragment(link.get_attribute("href")) == unit]
    link.click()
    arrived = _arrival(page)
    assert arrived["unit"] == unit and form in arrived["words"], arrived


@pytest.mark.parametrize("lang, query, unit", [("ru", "протестантов", "his:19.3/proc-1/list-1/item-1"),
                                                ("en", "Tordesillas", "eu-risto:1:I")])
def test_the_header_box_shows_results_as_one_types(page, base_url, lang, query, unit):
    page.goto(f"{base_url}/{lang}/vq/vq-deployment-actions/")
    page.locator(".folio-header-search input").press_sequentially(query, delay=30)
    # the results of the whole word, not those of a pause halfway through it
    first = page.locator(f'.folio-typeahead[data-query="{query}"] a').first
    first.wait_for()
    assert _fragment(first.get_attribute("href")).startswith(unit)
    assert "/search/" not in page.url  # no Enter: the results came as the words were typed
    first.click()
    assert _arrival(page)["unit"].startswith(unit)


def test_results_show_no_internals_and_count_in_plain_russian(page, base_url):
    _search(page, base_url, "ru", "беспорядок")
    page.wait_for_timeout(300)
    text = page.locator("#folio-search").inner_text()
    assert "folio_units" not in text.lower(), text  # the units' index is the script's, not the reader's
    assert not re.search(r"\b[a-z]+(?:-[a-z]+)*:[\w.]+/", text), text  # no unit id
    assert re.search(r"Результатов по запросу «беспорядок»: \d+", text), text
