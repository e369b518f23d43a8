"""What a reader sees of a site's page, read from its HTML: the text a browser shows and the
tooltips it offers, and the English phrases among them (the Russian pages' tests and the ask
forms' tests read pages this way), with the names a Russian page may write in Latin letters."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from pipeline.core.labels import _sentence
from pipeline.language.termbase import load_termbase
from pipeline.parse import PARSERS
from pipeline.read.manifest import load_manifest
from site_support import REPO

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


def latin_names(corpus=None) -> list[str]:
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
