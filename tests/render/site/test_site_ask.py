""""Ask the rules" as a player uses it: on a rule's page, pick the inputs and read the outcome
the rules module gives for them, with the facts and the sentences it rests on, in the page's
language; in Chromium at phone and desktop widths, on a rule of each of three games."""

from __future__ import annotations

import re
from html import unescape

import pytest

import pipeline.games  # noqa: F401  # registers every game's rules, as the driver does
from page_text_support import visible_text
from pipeline.build import load_corpus
from pipeline.i18n.catalogs import committed
from pipeline.render.site.ask_html import AskWords
from pipeline.render.site.fragments import Renderer
from pipeline.render.site.structure import plan
from pipeline.rules import RULES, load_facts, run
from pipeline.rules.ask import MAX_COMBINATIONS, answers, every_answer
from pipeline.rules.decision_tables import domain
from pipeline.rules.inputs import RuleInputError
from rules_support import edit
from site_support import REPO

#: a rule of each game, the page it stands on, and what a player picks (input -> case value)
ASKED = [
    ("his.excommunication", "his/his-power-rules",
     {"target": "ruler", "allied_with_ottomans": True, "henry_viii_protestant_home_space": True}),
    ("eu-risto.event-die-modifiers", "eu-risto/eu-risto-period-1",
     {"period": "II", "america_discovered": True, "new_col_tp_last_turn": True}),
    ("vq.patronage", "vq/vq-deployment-actions", {"action": "scholar", "times_this_turn": 1}),
]
WIDTHS = [390, 1280]


def _facts():
    return load_facts(REPO)


def _picked(made, given: dict) -> dict[str, int]:
    """Each input's case index: the case whose value is the one given, else the first."""
    picked = {}
    for column in made.columns:
        values = [str(getattr(case.value, "value", case.value)) for case in column.cases]
        picked[column.name] = values.index(str(given[column.name])) if column.name in given else 0
    return picked


def test_every_rule_with_finite_inputs_is_asked_and_answers_as_the_rule_module_does():
    facts = _facts()
    made = every_answer(facts)
    asked = {a.rule: a for found in made.values() for a in found}
    finite = set()
    for rule in RULES.values():
        columns = domain(rule, facts)
        if columns and _count(columns) <= MAX_COMBINATIONS:
            finite.add(rule.id)
    assert set(asked) == finite and {r.split(".")[0] for r in asked} == {"eu-risto", "his", "vq"}
    for rule_id, one in asked.items():
        for combination in range(len(one.answers)):
            picked, rest = {}, combination
            for column, stride in zip(one.columns, one.strides(), strict=True):
                picked[column.name], rest = divmod(rest, stride)
            given = {c.name: c.cases[picked[c.name]].value for c in one.columns}
            try:
                expected = run(rule_id, facts, RULES[rule_id].inputs(**given))
            except RuleInputError:
                assert one.answer(picked) is None, (rule_id, given)
                continue
            got = one.answer(picked)
            assert got is not None and (got.result, got.unit, got.because) == \
                (expected.result, expected.unit, expected.because), (rule_id, given)


def _count(columns) -> int:
    count = 1
    for column in columns:
        count *= len(column.cases)
    return count


def test_the_answers_a_page_carries_stay_small(site):
    """The largest form (the event die modifiers: 7 inputs, 384 combinations) under 20 kB."""
    sizes = {}
    for lang in ("en", "ru"):
        for _rule, path, _given in ASKED:
            html = (site / lang / path / "index.html").read_text("utf-8")
            for form, rule_id in re.findall(
                    r'(<section class="folio-ask" data-folio-ask="([^"]+)".*?</section>)', html, re.S):
                sizes[(lang, rule_id)] = len(form.encode())
    assert sizes and max(sizes.values()) < 20_000, sizes
    assert {rule for _lang, rule in sizes} >= {rule for rule, _p, _g in ASKED}


def test_the_russian_forms_say_nothing_in_english_and_show_no_ids(site):
    for _rule, path, _given in ASKED:
        html = (site / "ru" / path / "index.html").read_text("utf-8")
        for form in re.findall(r'<section class="folio-ask".*?</section>', html, re.S):
            text = " ".join(visible_text(form))
            # the game's own notation (SPA, POR, COL/TP, periods I-VI) is written the same in Russian
            assert re.findall(r"\b[a-z][a-z'-]+\b", text) == [], text
            assert not re.search(r"\b(?:his|vq|pop|eu-risto)[.:]", text)
            assert "Спросить правила" in text


def test_rule_text_in_an_answer_is_escaped(corpus_copy):
    path = corpus_copy / "corpus" / "rules" / "vq.yaml"
    text = path.read_text("utf-8")
    old = "      en: may each be taken by a power only once per turn"
    assert old in text
    path.write_text(text.replace(old, "      en: \"may each <script>alert(1)</script> & <b>once</b>\""), "utf-8")
    corpus, _ = load_corpus(corpus_copy)
    facts = load_facts(corpus_copy)
    site_plan = plan(corpus)
    page = Renderer(corpus, site_plan, "en", committed("en"), None, [], facts=facts,
                    asks=every_answer(facts)).page(site_plan.page("document", "vq-deployment-actions"))
    form = re.search(r'<section class="folio-ask" data-folio-ask="vq.patronage".*?</section>', page.html, re.S)
    assert form and "<script>alert(1)</script>" not in form.group() and "<b>once</b>" not in form.group()
    assert "may each &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;once&lt;/b&gt;" in form.group()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("rule_id", "path", "given"), ASKED, ids=[rule for rule, _p, _g in ASKED])
def test_a_player_picks_the_inputs_and_reads_the_rules_answer(browser, base_url, rule_id, path, given, lang, width):
    facts = _facts()
    made = answers(RULES[rule_id], facts)
    words = AskWords(made, committed(lang).gettext)
    picked = _picked(made, given)
    expected = run(rule_id, facts, RULES[rule_id].inputs(
        **{c.name: c.cases[picked[c.name]].value for c in made.columns}))
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        form = page.locator(f'[data-folio-ask="{rule_id}"]')
        # the form is folded under its rule's text: on a phone the player follows a link to it,
        # on a desktop opens its fold from the keyboard
        if width == 390:
            page.goto(f"{base_url}/{lang}/{path}/#ask-{rule_id}", wait_until="load")
        else:
            page.goto(f"{base_url}/{lang}/{path}/", wait_until="load")
            assert not form.is_visible()
            form.locator("xpath=ancestor::details[1]/summary").focus()
            page.keyboard.press("Enter")
        form.scroll_into_view_if_needed()
        for n, (heading, cases) in enumerate(words.inputs()):
            select = form.locator(f'select[data-folio-ask-input="{n}"]')
            assert form.locator("label.folio-ask-input").nth(n).locator("span").inner_text() == heading
            select.select_option(label=cases[picked[made.columns[n].name]])
        shown = form.locator(".folio-ask-answer:visible")
        assert shown.count() == 1
        # the page opened on another answer (the first case of every input): the script chose this one
        index = sum(picked[c.name] * stride for c, stride in zip(made.columns, made.strides(), strict=True))
        assert shown.get_attribute("data-folio-answer") == str(made.answers[index]) != str(made.answers[0])
        results = dict(zip(shown.locator("dt").all_inner_texts(), shown.locator("dd").all_inner_texts(),
                           strict=True))
        assert results == dict(words.results(expected)) and results
        cited = shown.locator("li q").all_inner_texts()
        assert cited == [c.wording[lang] for c in expected.because if c.wording and lang in c.wording]
        links = shown.locator("li a")
        assert links.count() == len(expected.because)
        # the sentence it rests on: each link leads to the cited unit on the site
        assert [h.split("#")[-1] for h in links.evaluate_all("as => as.map(a => a.getAttribute('href'))")] == \
            [c.unit for c in expected.because]
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
        box = form.element_handle()
        assert page.evaluate("b => b.getBoundingClientRect().right <= window.innerWidth + 0.5", box)
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_inputs_the_rule_refuses_say_so(browser, base_url, lang):
    """A combination of the event die modifiers' inputs the rule refuses (some inputs rule out
    others): the page says the text rules it out, and shows no outcome."""
    rule_id, path = "eu-risto.event-die-modifiers", "eu-risto/eu-risto-period-1"
    facts = _facts()
    made = answers(RULES[rule_id], facts)
    refused = next(n for n, found in enumerate(made.answers) if found is None)
    picked, rest = {}, refused
    for column, stride in zip(made.columns, made.strides(), strict=True):
        picked[column.name], rest = divmod(rest, stride)
    with pytest.raises(RuleInputError):
        run(rule_id, facts, RULES[rule_id].inputs(**{c.name: c.cases[picked[c.name]].value for c in made.columns}))
    words = AskWords(made, committed(lang).gettext)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{base_url}/{lang}/{path}/", wait_until="load")
        form = page.locator(f'[data-folio-ask="{rule_id}"]')
        form.locator("xpath=ancestor::details[1]/summary").click()
        for n, (_heading, cases) in enumerate(words.inputs()):
            form.locator(f'select[data-folio-ask-input="{n}"]').select_option(label=cases[picked[made.columns[n].name]])
        shown = form.locator(".folio-ask-answer:visible")
        assert shown.count() == 1 and shown.get_attribute("data-folio-answer") == "-"
        assert shown.inner_text() == committed(lang).gettext(
            "The rule does not take these inputs together: the text rules this case out.")
    finally:
        page.close()


def test_every_finite_rule_is_asked_on_the_page_of_its_unit_in_both_languages(site, corpus):
    """Leaf units (a paragraph, an item) as much as sections: 14 rules today."""
    site_plan = plan(corpus[0])
    asked = [a for found in every_answer(_facts()).values() for a in found]
    assert len(asked) >= 14
    missing = [f"{lang}: {a.rule}" for a in asked for lang in ("en", "ru")
               if f'data-folio-ask="{a.rule}"' not in
               (site / lang / site_plan.unit_page[a.unit] / "index.html").read_text("utf-8")]
    assert missing == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_combination_on_every_page_shows_the_rule_modules_outcome(site, corpus, lang):
    """No browser: each form's answer index, read from the page, leads to a block whose results
    are those the rules module gives for that combination, in the page's language."""
    facts, site_plan = _facts(), plan(corpus[0])
    gettext = committed(lang).gettext
    checked = 0
    for made in (a for found in every_answer(facts).values() for a in found):
        html = (site / lang / site_plan.unit_page[made.unit] / "index.html").read_text("utf-8")
        form = re.search(rf'<section class="folio-ask" data-folio-ask="{re.escape(made.rule)}".*?</section>',
                         html, re.S).group()
        answers = re.search(r'data-folio-answers="([^"]*)"', form).group(1).split(" ")
        blocks = {n: dict(zip(re.findall(r"<dt>(.*?)</dt>", body), re.findall(r"<dd>(.*?)</dd>", body), strict=True))
                  for n, body in re.findall(r'data-folio-answer="(\d+)"[^>]*>(.*?)</div>\n(?=<div class="folio-ask-answer|</div>)',
                                            form, re.S)}
        words = AskWords(made, gettext)
        for combination, shown in enumerate(answers):
            picked, rest = {}, combination
            for column, stride in zip(made.columns, made.strides(), strict=True):
                picked[column.name], rest = divmod(rest, stride)
            try:
                expected = run(made.rule, facts, RULES[made.rule].inputs(
                    **{c.name: c.cases[picked[c.name]].value for c in made.columns}))
            except RuleInputError:
                assert shown == "-", (made.rule, picked)
                continue
            assert {unescape(k): unescape(v) for k, v in blocks[shown].items()} == dict(words.results(expected)), \
                (made.rule, picked)
            checked += 1
    assert checked > 500


def test_an_answer_resting_on_words_read_two_ways_says_both_readings_in_the_pages_language(corpus_copy):
    """Record a reading at the fact the patronage rule reads: each answer says the reading taken
    and the other one, in Russian on the Russian page."""
    path = corpus_copy / "corpus" / "rules" / "vq.yaml"
    edit(path, "      ru: могут быть предприняты державой только один раз в ход каждая\n",
         "      ru: могут быть предприняты державой только один раз в ход каждая\n"
         "    reading:\n      en: once per turn for each of the two actions\n"
         "      ru: по разу за ход для каждой из двух акций\n    alternative:\n"
         "      en: once per turn for the two together\n      ru: один раз за ход на обе вместе\n")
    corpus, _ = load_corpus(corpus_copy)
    facts = load_facts(corpus_copy)
    site_plan = plan(corpus)
    html = Renderer(corpus, site_plan, "ru", committed("ru"), None, [], facts=facts,
                    asks=every_answer(facts)).page(site_plan.page("document", "vq-deployment-actions")).html
    form = re.search(r'<section class="folio-ask" data-folio-ask="vq.patronage".*?</section>', html, re.S).group()
    assert form.count("по разу за ход для каждой из двух акций") == 2  # both answers rest on the fact
    assert "один раз за ход на обе вместе" in form and "once per turn" not in form
