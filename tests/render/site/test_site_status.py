"""The website's status page as a translator reads it: per document and language, every unit
still to translate or review, named as the rules name it and linked to its place; an outdated
one with the change of its source, a long list folded.

Rendered from a copy of the real corpus in which one translated effect's source changed (with
markup in the new words, to be shown as text) and one translated step awaits review."""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import keep_translations, mark_fuzzy
from pipeline.build import load_corpus
from pipeline.i18n import catalogs as i18n
from pipeline.render.site import render_site
from pipeline.render.site.fragments import OPEN_UP_TO, Renderer
from pipeline.render.site.structure import plan, relative
from site_support import REPO, serving

RISTO = "corpus/sources/eu-ristos-events-period-1.en.txt"
POP_RU = "corpus/translations/pop-military-actions.ru.yaml"
#: what stays translated in these tests: the documents' titles, event 1, PoP's Declare War
KEPT_RISTO = ("eu-risto-period-1", "eu-risto:1:I")
KEPT_POP = ("pop-military-actions", "pop:5.5/action-1")
RISTO_RU = "corpus/translations/eu-risto-period-1.ru.yaml"


class _Page(HTMLParser):
    """Visible text, ids, and the links of the lists of units (href, text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None
        self._in_list = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "ul" and "folio-pending-units" in (attrs.get("class") or ""):
            self._in_list += 1
        if tag == "a" and self._in_list:
            self._href = attrs["href"]
            self.links.append((self._href, ""))

    def handle_endtag(self, tag):
        if tag == "ul" and self._in_list:
            self._in_list -= 1
        if tag == "a":
            self._href = None

    def handle_data(self, data):
        self.text.append(data)
        if self._href is not None:
            href, text = self.links[-1]
            self.links[-1] = (href, text + data)


def parsed(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


@pytest.fixture(scope="module")
def root(tmp_path_factory, copy_corpus) -> Path:
    root = copy_corpus(tmp_path_factory.mktemp("status-site"))
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "templates" / "mkdocs", root / "templates" / "mkdocs")
    source = root / RISTO
    source.write_text(source.read_text("utf-8").replace(
        "2. SPA and POR receive 50d.", "2. SPA and POR receive 60d <b>at once</b>.", 1), "utf-8")
    # event 1 translated into Russian and PoP's Declare War, nothing else
    keep_translations(root, {RISTO_RU: KEPT_RISTO, POP_RU: KEPT_POP})
    mark_fuzzy(root, POP_RU, "pop:5.5/action-1/proc-1/step-2")
    return root


@pytest.fixture(scope="module")
def corpus(root):
    return load_corpus(root)[0]


@pytest.fixture(scope="module")
def pages(corpus):
    """The Russian site's status page and every document page, as Folio renders them."""
    site = plan(corpus)
    renderer = Renderer(corpus, site, "ru", i18n.committed("ru"), None, [])
    documents = {page.path: renderer.page(page).html for page in site.pages if page.template == "document"}
    return site, renderer.page(site.page("status")).html, documents


def test_every_unit_link_lands_on_the_units_anchor_and_reads_as_its_name(pages, corpus):
    site, status, documents = pages
    page = parsed(status)
    ids = {path: parsed(html).ids for path, html in documents.items()}
    language = {d.key: d.language for d in corpus.documents}
    untranslated = [u for u in corpus.units.values() if u.sides[language[u.document]].text
                    and not u.id.startswith(KEPT_RISTO + KEPT_POP)]
    assert len(page.links) == len(untranslated) + 2  # every missing unit, and 1 stale, 1 fuzzy
    for href, text in page.links:
        path, unit_id = href.split("#")
        target = site.unit_page[unit_id]
        assert path == relative("status/", target) and unit_id in ids[target], href
        assert text.strip() and unit_id not in text
    assert "#pop:5.5/action-1/proc-1/step-3/a\"" not in status  # translated: nothing to do
    assert ('<a href="../his/his-winter-new-world/#his:19.3/proc-1/step-2">'
            "Правило 19.3, процедура, шаг 2</a>") in status


def test_the_russian_page_shows_no_raw_id(pages, corpus):
    text = " ".join(parsed(pages[1]).text)
    shown = [unit_id for unit_id in corpus.units if unit_id in text]
    assert shown == [], shown[:5]


def test_an_outdated_unit_shows_the_change_of_its_source_as_text(pages):
    status = pages[1]
    item = re.search(r'<li><a href="[^"]*#eu-risto:1:I/events-phase/2">([^<]*)</a>\s*'
                     r'<p class="folio-diff">(.*?)</p></li>', status, re.S)
    assert item and item[1] == "Событие 1:I, фаза событий, эффект 2"
    assert item[2] == "… and POR receive <del>50d.</del> <ins>60d &lt;b&gt;at once&lt;/b&gt;.</ins>"
    assert "<b>at once</b>" not in status


def test_a_translation_to_review_is_listed_apart(pages):
    status = pages[1]
    fuzzy = status[status.index('folio-pending--fuzzy'):]
    fuzzy = fuzzy[:fuzzy.index("</details>")]
    assert "Перевод на русский: 1 перевод требует проверки" in fuzzy
    assert ">Объявить войну, шаг 2</a>" in fuzzy


def test_a_long_list_is_folded_and_a_short_one_open(pages):
    summaries = re.findall(r'<details class="folio-pending folio-pending--(\w+)"( open)?>\s*'
                           r"<summary>([^<]*)</summary>", pages[1])
    assert ("stale", " open", "Перевод на русский: 1 устаревший перевод") in summaries
    missing = [text for status, opened, text in summaries if status == "missing" and not opened]
    assert any(re.fullmatch(r"Перевод на русский: \d+ фрагмент(а|ов)? ещё не переведен[ыо]?", t)
               for t in missing), missing
    for _status, opened, text in summaries:
        assert bool(opened) == (int(re.search(r"(\d+) ", text)[1]) <= OPEN_UP_TO), text


def test_a_document_page_counts_its_translated_parts_in_russian_plurals(pages):
    risto = pages[2]["eu-risto/eu-risto-period-1/"]
    assert re.search(r"\d+ фрагмент(а|ов)? из \d+ переведен[оы]? на русский", risto)
    assert "Ещё не переведено: показан оригинал (английский)." in risto


@pytest.fixture(scope="module")
def base_url(root, corpus, tmp_path_factory):
    with serving(render_site(corpus, [], root, tmp_path_factory.mktemp("status") / "site")) as url:
        yield url


def test_the_status_page_unfolds_a_long_list_and_its_link_lands_on_the_unit(page, base_url):
    page.goto(f"{base_url}/ru/status/")
    folded = page.locator("#pending-eu-risto-period-1 ~ details.folio-pending--missing").first
    link = folded.get_by_role("link", name="Событие 8:I, 3-е выпадение, фаза событий", exact=True)
    assert not link.is_visible()  # well over a hundred units: folded until the reader asks
    folded.locator("summary").click()
    link.click()
    page.wait_for_url(re.compile(r"/ru/eu-risto/eu-risto-period-1/#eu-risto:8:I/occ-3/events-phase$"))
    top = "() => document.getElementById('eu-risto:8:I/occ-3/events-phase').getBoundingClientRect().top"
    assert 0 <= page.evaluate(top) < 300
