"""Each page's words are marked with their language, as a screen reader and a browser's
hyphenation read them: an English page's "at a glance" box says its facts in English (no «ОВ»
in Cyrillic), and the note an English page adds to a heading shown in the Russian original
("continued: the rule begins before this text") is marked English, not Russian."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from site_support import html_pages, site_url


class _Texts(HTMLParser):
    """Each text node with the language of its nearest element that names one, and whether it
    is inside an "at a glance" box."""

    VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "wbr", "source"})

    def __init__(self, page_lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str, bool]] = [("", page_lang, False)]
        self.texts: list[tuple[str, bool, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        attrs = dict(attrs)
        _, lang, glance = self.stack[-1]
        glance = glance or "folio-glance" in (attrs.get("class") or "").split()
        self.stack.append((tag, attrs.get("lang") or lang, glance))

    def handle_endtag(self, tag):
        while len(self.stack) > 1:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if data.strip():
            _, lang, glance = self.stack[-1]
            self.texts.append((lang, glance, data))


def _texts(path, lang):
    parser = _Texts(lang)
    parser.feed(path.read_text("utf-8"))
    return parser.texts


def test_an_english_page_says_its_facts_and_notes_in_english(site):
    cyrillic = re.compile(r"[А-Яа-яЁё]")
    wrong, continued = [], 0
    for path in html_pages(site):
        url = site_url(site, path)
        if not url.startswith("/en/"):
            continue
        for lang, glance, data in _texts(path, "en"):
            if glance and lang == "en" and cyrillic.search(data):
                wrong.append(f"{url}: Cyrillic in an English box: {data.strip()[:80]!r}")
            if "continued: the rule begins before this text" in data:
                continued += 1
                if lang != "en":
                    wrong.append(f"{url}: the heading's note marked lang={lang!r}")
    assert continued >= 3 and wrong == []
