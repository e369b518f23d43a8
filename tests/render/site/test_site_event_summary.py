"""Each Risto event in short: under its heading, a small table of when in the turn it acts, whom
it names, what it changes and how long, from the rule facts of its parts, in the page's language
(issue 26). A row stands only where the facts of two parts or more fill it; no cell repeats a
sentence of the event; the table is folded on a phone, so that the document pages stay short."""

from __future__ import annotations

import re
from html import unescape

import pytest

from pipeline.build import load_corpus
from pipeline.core.model import Kind
from pipeline.i18n.catalogs import committed
from pipeline.language.abbreviations import of_rulebook
from pipeline.language.termbase import load_termbase
from pipeline.render.site.fragments import Renderer
from pipeline.render.site.structure import plan
from pipeline.rules import load_facts
from pipeline.rules.rendering import placed
from site_support import REPO, phone_heights_before

PAGE = "eu-risto/eu-risto-period-1"
#: the document pages, with their height at 390 px before the "at a glance" boxes were cut
BEFORE = phone_heights_before()
_SUMMARY = re.compile(r'<details class="folio-event-summary"[^>]*>(.*?)</details>', re.S)
_ROW = re.compile(r'<tr data-folio-row="([^"]+)"><th scope="row">(.*?)</th><td>(.*?)</td></tr>', re.S)


def _text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html))


def _bare(text: str) -> str:
    return re.sub(r"[\W_]+", " ", text.casefold()).strip()


def _event_html(html: str, event_id: str) -> str:
    start = html.index(f'id="{event_id}"')
    following = html.find('data-kind="event"', start)
    return html[start:following if following > 0 else None]


def _summary(html: str, event_id: str) -> dict[str, tuple[str, str]] | None:
    """The summary right under the event's heading: (row label, cell markup) by row key."""
    found = _SUMMARY.search(_event_html(html, event_id).split('data-kind="phase"')[0]
                            .split('data-kind="occurrence"')[0].split('data-kind="precondition"')[0])
    return {key: (_text(name), cell) for key, name, cell in _ROW.findall(found.group(1))} if found else None


def _events(corpus):
    return [unit for unit in corpus.units.values() if unit.kind == Kind.EVENT]


def _parts(corpus, event):
    found, todo = [], list(corpus.children(event))
    while todo:
        unit = todo.pop(0)
        found.append(unit)
        todo[:0] = corpus.children(unit)
    return found


def _pages(site):
    return {lang: (site / lang / PAGE / "index.html").read_text("utf-8") for lang in ("en", "ru")}


def test_the_reformation_says_in_short_what_changes_and_for_how_long(site):
    """8:I's effects are spread over some thirty sentences: the summary gathers what they
    change and how long, in the glossary's terms and the text's own words."""
    for lang, changes, lasts, labels in (
            ("en", ["Stability", "victory points", "revolt", "trading post"], "until the end of period III (France, England)",
             ("What changes", "How long")),
            ("ru", ["Стабильность", "победные очки", "восстание", "торговый пост"], "до конца периода III (Франция, Англия)",
             ("Что меняется", "Сколько длится"))):
        rows = _summary(_pages(site)[lang], "eu-risto:8:I")
        assert rows is not None and set(rows) == {"changes", "how-long"}, rows
        assert (rows["changes"][0], rows["how-long"][0]) == labels
        assert all(term in _text(rows["changes"][1]) for term in changes), rows["changes"]
        assert lasts.casefold() in _text(rows["how-long"][1]).casefold(), rows["how-long"]


def test_who_names_the_powers_as_the_text_writes_them_with_their_names_on_hover(site):
    """1:I names SPA and POR in a precondition, FRA and ENG in the Events phase."""
    for lang, named in (("en", ["Spain", "Portugal", "France", "England"]),
                        ("ru", ["Испания", "Португалия", "Франция", "Англия"])):
        rows = _summary(_pages(site)[lang], "eu-risto:1:I")
        assert rows is not None
        cell = rows["who"][1]
        assert re.findall(r"<abbr[^>]*>(\w+)</abbr>", cell) == ["SPA", "POR", "FRA", "ENG"]
        assert re.findall(r'title="([^"]+)"', cell) == named
        assert (" и " if lang == "ru" else " and ") in _text(cell)


def test_an_event_whose_facts_sit_in_one_part_has_no_summary(site, corpus):
    """7:I's facts are one effect's (its duration is the heading's): that sentence says them."""
    units = corpus[0]
    facts = placed(load_facts(REPO), units)
    for event in _events(units):
        parts = {fact.unit for part in _parts(units, event) for fact in facts.bound_to(part.id)}
        for lang, html in _pages(site).items():
            if len(parts) < 2:
                assert _summary(html, event.id) is None, (lang, event.id)
    for html in _pages(site).values():
        assert _summary(html, "eu-risto:7:I") is None
        assert _summary(html, "eu-risto:4:I") is not None


def test_the_summary_says_what_the_facts_of_the_event_say(site, corpus):
    """Every value comes from a fact of its event: a tag from a list of powers, a quantity a fact
    counts (by the glossary's term), a span of time a fact quotes, a phase its facts are in."""
    units = corpus[0]
    facts = placed(load_facts(REPO), units)
    termbase = load_termbase(REPO)
    shown = 0
    for event in _events(units):
        own = [fact for part in _parts(units, event) for fact in facts.bound_to(part.id)]
        for lang, html in _pages(site).items():
            words = committed(lang).gettext
            for key, (_name, cell) in (_summary(html, event.id) or {}).items():
                shown += 1
                said = _text(cell).casefold()
                if key == "who":
                    tags = re.findall(r"<abbr[^>]*>(\w+)</abbr>", cell)
                    assert tags and all(any(fact.type == "list" and tag in fact.value for fact in own) for tag in tags)
                elif key == "how-long":
                    quoted = [w.strip(" ().;,").casefold() for fact in own for w in fact.wording.get(lang, ())
                              if fact.type == "period" or "turn" in (fact.measure or "")]
                    assert all(any(piece.split(" (")[0] == q for q in quoted) for piece in said.split("; ")), said
                elif key == "when":
                    phases = {words(name).casefold() for name in ("Events phase", "Diplomacy phase", "Movement phase",
                                                                  "Interphase", "Administration phase", "Military phase")}
                    headings = {part.sides[lang].fields.get("title", "").casefold() for part in _parts(units, event)
                                if part.kind == Kind.PHASE and lang in part.sides}
                    assert any(p in said for p in phases & headings), said
                else:
                    abbreviations = of_rulebook(termbase, "eu-risto", lang)  # as the page explains them
                    measured = [fact.measure.split()[0] for fact in own if fact.measure]
                    expansions = [(abbreviations[m].expansion or "").casefold() for m in measured if m in abbreviations]
                    assert any(e and e in said for e in expansions), said
    assert shown >= 12


def test_no_cell_repeats_a_sentence_of_its_event(site, corpus):
    units = corpus[0]
    for event in _events(units):
        for lang, html in _pages(site).items():
            sentences = [_bare(piece) for part in [event, *_parts(units, event)] if lang in part.sides
                         for piece in re.split(r"(?<=[.!?…:])\s+", part.sides[lang].text) if _bare(piece)]
            for key, (_name, cell) in (_summary(html, event.id) or {}).items():
                said = _bare(_text(cell))
                assert not any(said == s or f" {said} " in f" {s} " for s in sentences), (lang, event.id, key, said)


def test_the_russian_summary_has_no_id_and_no_english(site):
    html = _pages(site)["ru"]
    found = _SUMMARY.findall(html)
    assert len(found) >= 6
    for summary in found:
        text = _text(summary)
        assert "eu-risto" not in summary and "-" not in text
        latin = re.findall(r"[A-Za-z]+", text)
        # the powers' tags as the Russian text writes them (FRA), and the periods' Roman numerals
        assert all(re.fullmatch(r"[A-Z]{2,4}", word) for word in latin), latin
        assert not re.search(r"[a-z]", text), text


def test_summary_words_are_escaped(corpus_copy):
    glossary = corpus_copy / "corpus" / "glossary.yaml"
    text = glossary.read_text("utf-8")
    old = "{abbr: Stab, expansion: stability, expansion_ru: стабильность, games: [eu-risto]}"
    assert old in text
    glossary.write_text(text.replace(old, '{abbr: Stab, expansion: "<script>x</script> & stability", '
                                          'expansion_ru: "<b>стабильность</b> & Co", games: [eu-risto]}'), "utf-8")
    corpus, _ = load_corpus(corpus_copy)
    facts = placed(load_facts(corpus_copy), corpus)
    site_plan = plan(corpus)
    for lang, said in (("en", "&lt;script&gt;x&lt;/script&gt; &amp; stability"), ("ru", "&lt;b&gt;стабильность&lt;/b&gt; &amp; Co")):
        page = Renderer(corpus, site_plan, lang, committed(lang), load_termbase(corpus_copy), [],
                        facts=facts).page(site_plan.page("document", "eu-risto-period-1"))
        summary = _summary(page.html, "eu-risto:1:I")
        assert summary is not None and said in summary["changes"][1]
        assert "<script>" not in page.html and "<b>стабильность" not in page.html


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_summary_is_one_line_until_opened_and_fits_the_screen(browser, base_url, lang, width):
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{base_url}/{lang}/{PAGE}/", wait_until="load")
        summary = page.locator('[id="eu-risto:8:I"]').locator("xpath=..").locator("details.folio-event-summary")
        summary.scroll_into_view_if_needed()
        head = summary.locator("summary")
        assert head.is_visible() and not summary.locator("table").is_visible()
        assert head.bounding_box()["height"] < 40  # one line, folded
        assert head.inner_text().startswith("Коротко:" if lang == "ru" else "In short:")
        head.click()
        table = summary.locator("table")
        assert table.is_visible()
        cells = table.locator("td").all_inner_texts()
        assert any(("победные очки" if lang == "ru" else "victory points") in cell for cell in cells)
        box = table.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
        page.screenshot(path=str(REPO / "test-artifacts" / f"event-summary-{lang}-{width}.png"),
                        clip={"x": 0, "y": max(0, box["y"] - 200), "width": width, "height": min(844, box["height"] + 260)})
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_folded_summaries_keep_the_document_pages_short_on_a_phone(browser, base_url, lang):
    """Folded, the summaries add under 1% to any document page at 390 px (the Risto page: six
    one-line summaries, about 190 px of 31,500). The pages' heights against those with a box
    under every fact are in docs/manual/players/website.md."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        for path in BEFORE:
            if not path.startswith(lang + "/"):
                continue
            page.goto(f"{base_url}/{path}/", wait_until="load")
            height, summaries = page.evaluate("""() => [document.documentElement.scrollHeight,
                [...document.querySelectorAll('details.folio-event-summary')]
                    .reduce((sum, box) => sum + box.getBoundingClientRect().height, 0)]""")
            assert summaries < 0.01 * height, (path, summaries, height)
            if path.endswith(PAGE):
                assert summaries > 0
    finally:
        context.close()
