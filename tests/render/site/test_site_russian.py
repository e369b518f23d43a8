"""Every Russian page reads in Russian: the only English a reader meets is source text shown on
purpose, in an element marked lang="en" (a unit not translated yet, a word quoted from an
English text), and the names of the games and of the site.

The crawl reads each page's text as a browser shows it (no script, style or template code) and
its tooltips (title and aria-label), and flags any run of English words that reads as a phrase.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from pipeline.core.labels import _sentence
from pipeline.language.termbase import load_termbase
from pipeline.parse import PARSERS
from pipeline.read.manifest import load_manifest
from pipeline.render.site.findings import SUMMARIES, Findings
from site_support import REPO, html_pages, site_url

#: proper names a Russian page writes in Latin letters: the games (as the manifest and the
#: glossary name them) and the site
NAMES = ["Folio", "The Price of Power", "Pagefind", "Material for MkDocs", "MkDocs", "Hunspell", "GMT Games", "US Letter"]
#: English words that, inside a run of Latin words, make it a phrase rather than a name or a term
FUNCTION_WORDS = {"the", "of", "a", "an", "is", "are", "in", "to", "and", "or", "not", "for", "with",
                  "by", "on", "at", "from", "this", "that", "be", "it", "its", "no", "as", "was",
                  "has", "have", "there", "here", "see", "page", "rule", "event", "link", "dark",
                  "light", "mode", "search", "next", "previous", "translated", "yet"}
_SKIP = {"script", "style", "template", "code", "kbd", "svg"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
         "track", "wbr"}


class _Text(HTMLParser):
    """The page's text outside <code> and outside any element marked with another language."""

    def __init__(self, every_language: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.every_language = every_language
        self.stack: list[tuple[str, bool]] = []  # (tag, whether its text is skipped)
        self.parts: list[str] = []

    def _skipped(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        lang = attrs.get("lang")
        skipped = self._skipped() or tag in _SKIP or (
            lang is not None and not lang.startswith("ru") and not self.every_language)
        if not skipped:
            self.parts += [attrs[name] for name in ("title", "aria-label", "placeholder", "alt")
                           if attrs.get(name)]
        if tag not in _VOID:
            self.stack.append((tag, skipped))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not self._skipped():
            self.parts.append(data)


def visible_text(html: str, every_language: bool = False) -> list[str]:
    parser = _Text(every_language)
    parser.feed(html)
    return [part for part in parser.parts if part.strip()]


def english_phrases(text: str, names: list[str]) -> list[str]:
    # a Russian rulebook quotes the English card text it translates in brackets: «…» [Remove …]
    text = re.sub(r"\[[^\]]*\]", " ", text)
    text = re.sub(r"«[^»А-Яа-яЁё]*»", " ", text)  # a quotation from an English text
    text = re.sub(r"\b[A-Z][A-Z'’-]+(?:[ ,/()-]+[A-Z][A-Z'’-]+)+\b", " ", text)  # map names: CAPE OF STORMS
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    found = []
    for run in re.finditer(r"[A-Za-z][A-Za-z'’-]*(?:[ ,:;/()]+[A-Za-z][A-Za-z'’-]*)+", text):
        # list letters ("условию a, b или c") are no words
        words = [w for w in re.findall(r"[A-Za-z][A-Za-z'’-]*", run.group()) if len(w) > 1]
        if len(words) < 2:
            continue
        if len(words) >= 4 or any(w.lower() in FUNCTION_WORDS for w in words):
            found.append(run.group())
    return found


def _names(corpus=None) -> list[str]:
    """The names a Russian page may write in English: the games', and, with the corpus, the
    titles of the units not translated yet (their labels and outlines name them as written)."""
    games = {d.game for d in load_manifest(REPO, PARSERS)}
    termbase = load_termbase(REPO)
    titles = set()
    for unit in corpus.units.values() if corpus is not None else ():
        title = unit.side().fields.get("title")
        if "ru" not in unit.sides and title:
            titles |= {title, _sentence(title)}
    return NAMES + sorted(games | set(termbase.games.values()) | titles)


def test_the_detector_finds_english_and_lets_russian_and_names_pass():
    names = _names()
    assert english_phrases("Not translated yet: shown in the original", names)
    assert english_phrases("Тёмная тема", names) == []
    assert english_phrases("книга правил Europa Universalis: The Price of Power, страница 22", names) == []
    assert english_phrases("Вне корпуса: see page 22", names)
    assert english_phrases("Dark mode", names)
    assert english_phrases("книга правил Here I Stand, правило 18.2", names) == []


def test_no_russian_page_shows_an_english_phrase(site, corpus):
    names = _names(corpus[0])
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
