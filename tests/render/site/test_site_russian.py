"""Every Russian page reads in Russian: the only English a reader meets is source text shown on
purpose, in an element marked lang="en" (a unit not translated yet, a word quoted from an
English text), and the names of the games and of the site.

The crawl reads each page's text as a browser shows it (no script, style or template code) and
its tooltips (title and aria-label), and flags any run of English words that reads as a phrase.
"""

from __future__ import annotations

import re

from page_text_support import english_phrases, latin_names, visible_text
from pipeline.render.site.findings import SUMMARIES, Findings
from site_support import html_pages, site_url


def test_the_detector_finds_english_and_lets_russian_and_names_pass():
    names = latin_names()
    assert english_phrases("Not translated yet: shown in the original", names)
    assert english_phrases("Тёмная тема", names) == []
    assert english_phrases("книга правил Europa Universalis: The Price of Power, страница 22", names) == []
    assert english_phrases("Вне корпуса: see page 22", names)
    assert english_phrases("Dark mode", names)
    assert english_phrases("книга правил Here I Stand, правило 18.2", names) == []


def test_no_russian_page_shows_an_english_phrase(site, corpus):
    names = latin_names(corpus[0])
    found = []
    for path in html_pages(site):
        if not site_url(site, path).startswith("/ru/"):
            continue
        for text in visible_text(path.read_text(encoding="utf-8")):
            found += [f"{site_url(site, path)}: {phrase!r}" for phrase in english_phrases(text, names)]
    assert found == []


def test_every_finding_of_the_real_corpus_has_a_russian_message(corpus):
    _corpus, diagnostics = corpus
    findings = Findings("ru", lambda s: "перевод", lambda s, p, n: "перевод", lambda code: code,
                        lambda unit_id: None)
    untranslated = sorted({d.code for d in diagnostics if not findings.message(d).translated})
    assert untranslated == []


def test_the_report_translates_the_summaries_its_checks_declare(corpus):
    from pipeline.check import all_codes

    declared = {code.code: code.summary for code in all_codes()}
    emitted = {declared[d.code] for d in corpus[1]}
    assert emitted <= set(SUMMARIES) <= set(declared.values())  # a summary changed: change it here


def test_no_page_shows_a_unit_id_to_a_reader(site, corpus):
    """Ids are anchors (href, id) only; the text and the tooltips say labels."""
    ids = {unit_id for unit_id in corpus[0].units if ":" in unit_id}
    shown = []
    for path in html_pages(site):
        for text in visible_text(path.read_text(encoding="utf-8"), every_language=True):
            shown += [f"{site_url(site, path)}: {word}" for word in re.findall(r"[\w-]+:[^\s,;«»()]+", text)
                      if word.rstrip(".:") in ids and "/" in word]
    assert shown == []
