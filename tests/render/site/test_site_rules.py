"""The rules where players read them: each unit's facts "at a glance" beside it, and the
decision table of a rule with few cases beside the rule, in the page's language, escaped, and
readable on a phone."""

from __future__ import annotations

import re
from html import unescape

import pytest

from page_text_support import visible_text
from pipeline.build import load_corpus
from pipeline.games.his.england_france import PapalAction
from pipeline.i18n.catalogs import committed
from pipeline.language.numbers import number_words
from pipeline.language.tokens import lemmas
from pipeline.render.games import words as table_words
from pipeline.render.site.fragments import Renderer
from pipeline.render.site.glance import repeats
from pipeline.render.site.structure import plan
from pipeline.rules import load_facts, run
from pipeline.rules.decision_tables import decision_tables
from site_support import REPO

MARY = "his.mary-i-impulse"
STEP_3 = "his:21.3/sec-1/proc-1/step-3"
PAGE = "his/his-power-rules/index.html"


def _unit_html(html: str, unit_id: str) -> str:
    """The HTML of one unit's element up to its first child's."""
    start = html.rindex("<", 0, html.index(f'id="{unit_id}"'))
    following = html.find('class="folio-unit', html.index(">", start))
    return html[start:following if following > 0 else None]


#: a box item: the words the box says the fact with
_BOX_ITEM = re.compile(r'<li data-folio-fact="([^"]+)">(.*?)</li>', re.S)


def _box_items(html: str) -> dict[str, str]:
    """The text of every "at a glance" item of ``html``, by fact id."""
    return {fact: unescape(re.sub(r"<[^>]+>", "", text)) for fact, text in _BOX_ITEM.findall(html)}


def _bare(text: str) -> str:
    """The words and numbers of a text, white space and punctuation aside."""
    return re.sub(r"[\W_]+", " ", text.casefold()).strip()


def _sentences(unit) -> set[str]:
    """The sentences a unit prints, in every language it has: its heading, and each sentence of
    its text (a table row's text is one)."""
    found = set()
    for side in unit.sides.values():
        text = side.fields.get("body") or side.text
        if side.marker and text.lstrip().startswith(side.marker):
            text = text.lstrip()[len(side.marker):]
        pieces = [*re.split(r"(?<=[.!?…])\s+", text), side.fields.get("title") or ""]
        found.update(_bare(piece) for piece in pieces if _bare(piece))
    return found


def _table(html: str, rule_id: str) -> tuple[list[str], list[list[str]]]:
    """A decision table's column headings and its rows' cells, as text."""
    start = html.index(f'data-folio-rule="{rule_id}"')
    table = html[start:html.index("</table>", start)]
    def cells(row, tag):
        return [unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(rf"<{tag}[^>]*>(.*?)</{tag}>", row)]
    head, body = table.split("</thead>")
    headings = cells(head.split("</tr>")[1], "th")
    return headings, [cells(row, "td") for row in body.split("</tr>") if "<td" in row]


def test_a_step_whose_sentence_says_its_facts_has_no_box(site):
    """his:21.3 step 3 says «При выпадении 1 – 3, перейдите к шагу 4»: a box saying «Бросок 1–3:
    папские действия» under it was the same line twice (issue 26); the decision table beside the
    procedure still works every case out."""
    for lang in ("en", "ru"):
        html = _unit_html((site / lang / PAGE).read_text("utf-8"), STEP_3)
        assert 'class="folio-glance"' not in html and "data-folio-fact" not in html
        assert re.search(r"1\s*[–-]\s*3", unescape(re.sub(r"<[^>]+>", "", html)))


def test_a_box_says_how_the_rules_read_words_that_read_two_ways(site):
    """his:19.3 step 1: «эти города» read two ways; the box under it says which the rules take
    and the other, in the page's language, and nothing the step already says."""
    unit = "his:19.3/proc-1/step-1"
    for lang, taken in (("en", '"these spaces" are all the fortified spaces'), ("ru", "«эти города» — все проверяемые")):
        html = _unit_html((site / lang / "his/his-winter-new-world/index.html").read_text("utf-8"), unit)
        assert re.findall(r'data-folio-fact="([^"]+)"', html) == ["his.winter.voluntary-return"]
        assert taken in unescape(html)
        assert "his.winter" not in " ".join(visible_text(html, every_language=True))


def test_the_mary_i_table_says_what_a_2_cp_card_allows_as_the_rule_decides(site):
    facts = load_facts(REPO)
    for lang in ("en", "ru"):
        words = committed(lang).gettext
        headings, rows = _table((site / lang / PAGE).read_text("utf-8"), MARY)
        assert headings == [words(w) for w in table_words().inputs[MARY].values()] + [words(w) for w in table_words().outcomes[MARY].values()]
        cp, die, papal = headings.index(words(table_words().inputs[MARY]["card_cp"])), \
            headings.index(words(table_words().inputs[MARY]["die"])), headings.index(words(table_words().outcomes[MARY]["papal_actions"]))
        for card_cp, roll, piece, low in ((2, 1, "1–2", "1–3"), (3, 3, "3", "1–3"), (6, 2, "4+", "1–3")):
            decided = run(MARY, facts, card_cp=card_cp, die=roll).result.papal_actions
            said = ", ".join(words(table_words().values[PapalAction][a.value]) for a in decided)
            found = [row for row in rows if row[cp] == piece and row[die] == low]
            assert len(found) == 1 and found[0][papal] == said, (lang, card_cp)
        assert sum(1 for row in rows if row[cp] == words("any")) >= 3  # where CP does not matter


def test_russian_tables_and_boxes_name_no_code(site):
    html = (site / "ru" / PAGE).read_text("utf-8")
    headings, rows = _table(html, MARY)
    assert all(re.search("[А-Яа-я]", h) for h in headings)
    shown = " ".join(cell for row in rows for cell in row)
    for code in ("book-burning", "mandatory-event", "true", "false", "card_cp", "any", "yes"):
        assert code not in shown


def test_every_rule_with_a_table_shows_it_beside_its_unit_in_both_languages(site):
    corpus, _ = load_corpus(REPO)
    site_plan = plan(corpus)
    for unit_id, tables in decision_tables(load_facts(REPO)).items():
        path = site_plan.unit_page[unit_id]
        for lang in ("en", "ru"):
            html = (site / lang / path / "index.html").read_text("utf-8")
            order = list(corpus.units)
            following = next((u for u in order[order.index(unit_id) + 1:] if not u.startswith(unit_id + "/")
                              and f'id="{u}"' in html), None)  # the first unit past the rule's own
            start = html.index(f'id="{unit_id}"')
            end = html.index(f'id="{following}"') if following else len(html)
            for table in tables:
                assert start < html.index(f'data-folio-rule="{table.rule}"') < end, (lang, table.rule)


def test_fact_words_are_escaped(corpus_copy):
    rules = corpus_copy / "corpus" / "rules" / "his.yaml"
    text = rules.read_text("utf-8")
    old = """      en: '"these spaces" are all the fortified spaces"""
    assert old in text  # a reading: what a box says
    rules.write_text(text.replace(old, "      en: '<script>alert(1)</script> & <b>more</b> are all the fortified spaces"),
                     "utf-8")
    corpus, _ = load_corpus(corpus_copy)
    facts = load_facts(corpus_copy)
    site_plan = plan(corpus)
    page = Renderer(corpus, site_plan, "en", committed("en"), None, [], facts=facts,
                    tables=decision_tables(facts)).page(site_plan.page("document", "his-winter-new-world"))
    assert "<script>alert(1)</script>" not in page.html and "<b>more</b>" not in page.html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;more&lt;/b&gt; are all" in page.html


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_decision_table_is_visible_and_scrolls_in_its_box_on_a_phone(browser, base_url, lang):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{base_url}/{lang}/his/his-power-rules/", wait_until="load")
        table = page.locator(f'[data-folio-rule="{MARY}"] table')
        assert not table.is_visible()  # folded under the rule's text until the player opens it
        page.locator(f'[data-folio-rule="{MARY}"]').locator("xpath=ancestor::details[1]/summary").click()
        table.scroll_into_view_if_needed()
        assert table.is_visible()
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
        box = page.locator(f'[data-folio-rule="{MARY}"] .folio-table-box').element_handle()
        assert page.evaluate("b => b.scrollWidth > b.clientWidth && getComputedStyle(b).overflowX == 'auto'", box)
        assert page.evaluate("b => b.getBoundingClientRect().right <= window.innerWidth + 0.5", box)
    finally:
        context.close()


def test_every_fact_is_said_on_its_units_page_in_both_languages(site):
    """A fact is in its unit's box, or its unit's sentence on the page states it: each of its
    numbers there (a symbol's words are the sentence itself)."""
    from pipeline.rules.wording import numbers

    corpus, _ = load_corpus(REPO)
    site_plan = plan(corpus)
    missing = []
    for fact in load_facts(REPO):
        for lang in ("en", "ru"):
            html = (site / lang / site_plan.unit_page[fact.unit] / "index.html").read_text("utf-8")
            if f'data-folio-fact="{fact.id}"' in html:
                continue
            said = unescape(re.sub(r"<[^>]+>", " ", _unit_html(html, fact.unit)))
            stated = {abs(n) for n in numbers(said)} | {w.value for w in number_words(said, lang)}
            if (fact.type == "period" and str(fact.value) not in said) \
                    or (fact.type in ("number", "range") and not {abs(n) for n in fact.numbers()} <= stated):
                missing.append(f"{lang}: {fact.id} ({fact.unit})")
    assert missing == []


def test_the_decision_table_follows_the_text_of_its_rule(site):
    html = (site / "en" / PAGE).read_text("utf-8")
    procedure = _unit_html(html, "his:21.3/sec-1/proc-1")
    assert 'data-folio-rule' not in procedure  # not between the rule's title and its text
    assert html.index('id="his:21.3/sec-1/proc-1/step-4"') < html.index(f'data-folio-rule="{MARY}"') \
        < html.index('id="his:21.4"')


def test_no_box_repeats_a_sentence_of_its_unit(site, corpus):
    """A box under a unit says what its sentence does not: no item is one of the unit's
    sentences, nor made only of the sentence's own words (by lemma: «Зимует не больше 4
    сухопутных отрядов» under «…не больше 4 сухопутных отрядов зимует…»), nor cut with "…"."""
    units, _ = corpus
    site_plan = plan(units)
    facts = {fact.id: fact for fact in load_facts(REPO)}
    repeated, shown = [], {"en": 0, "ru": 0}
    for lang in ("en", "ru"):
        for path in sorted({site_plan.unit_page[f.unit] for f in facts.values()}):
            for fact_id, text in _box_items((site / lang / path / "index.html").read_text("utf-8")).items():
                shown[lang] += 1
                unit = units.units[facts[fact_id].unit]
                own = unit.sides.get(lang)
                if _bare(text) in _sentences(unit) or "…" in text or "..." in text \
                        or (own is not None and _lemmas_within(text, own.text, lang)):
                    repeated.append(f"{lang}: {fact_id}: {text}")
    assert repeated == []
    assert 0 < shown["en"] == shown["ru"] < len(facts) / 10  # the readings, and what no sentence says


def _lemmas_within(said: str, text: str, lang: str) -> bool:
    words = {key for token in lemmas(text, lang) for key in token.keys}
    return all(token.keys & words for token in lemmas(said, lang) if token.is_word)


def test_the_box_test_catches_a_box_repeating_its_unit():
    """The label the Winter step had in its box, under the step's own sentence."""
    step = ("1. Зимует не больше 4 сухопутных отрядов в укреплённом городе под контролем державы, кроме "
            "столицы: остальные возвращаются")
    assert _lemmas_within("Зимует не больше 4 сухопутных отрядов в укреплённом городе", step, "ru")
    assert not _lemmas_within("Протестантам пополнения нет", step, "ru")
    assert repeats("No more than 4 land units winter", "No more than 4 land units may winter in a space", "en")
    assert not repeats("At most 4 land units winter", "No more than 4 land units may winter in a space", "en")


def test_no_box_shows_a_bare_number_or_a_measure_in_english(site):
    """«2» beside «Климент VII» read as a duration, "50d/VP" as a code: a box item is words."""
    for lang in ("en", "ru"):
        for path in (site / lang).glob("*/*/index.html"):
            assert "folio-glance-value" not in path.read_text("utf-8"), path


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_boxes_take_little_of_a_document_page_on_a_phone(browser, base_url, site, lang):
    """At 390 px the boxes took 22-25% of every document page's height (issue 26): now a few
    readings, under 8% of any page (the Winter page's three readings take 6.6%)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        for path in sorted((site / lang).glob("*/*/index.html")):
            page.goto(f"{base_url}/{path.parent.relative_to(site).as_posix()}/", wait_until="load")
            share = page.evaluate("""() => [...document.querySelectorAll('.folio-glance')]
                .reduce((sum, box) => sum + box.getBoundingClientRect().height, 0)
                / document.documentElement.scrollHeight""")
            assert share < 0.08, (path, share)
    finally:
        context.close()


def test_russian_boxes_say_the_russian_labels(site, corpus):
    units, _ = corpus
    site_plan = plan(units)
    for fact in load_facts(REPO):
        items = _box_items((site / "ru" / site_plan.unit_page[fact.unit] / "index.html").read_text("utf-8"))
        if fact.id in items and not fact.readings:
            assert items[fact.id] == fact.label["ru"], fact.id
        elif fact.id in items:
            assert fact.readings["ru"] in items[fact.id] and fact.alternatives["ru"] in items[fact.id], fact.id
