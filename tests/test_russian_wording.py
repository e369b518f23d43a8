"""The Russian interface reads as Russian: numerals agree with their nouns through the
catalog's plural forms (never «пробела(ов)»), an event's second occurrence is «2-е выпадение»
(«наступление» is an offensive), and the pages name what a player knows, not Folio's parts
(«модуль правил», «факт правил»). Read from the catalog and from the built pages' text."""

from __future__ import annotations

import html
import re

from pipeline.i18n.catalogs import read_catalog
from site_support import site_url
from test_site_built import html_pages

#: a hedge over an ending, in place of agreement: «пробела(ов)», «раз(а)»
_HEDGE = re.compile(r"[А-Яа-яЁё]\((?:ов|а|ы|и|ей|ь|я|е)\)")
#: what a Russian page must not say, with why
_WORDING = {
    "наступление": "an event's occurrence is «выпадение»: «наступление» reads as an offensive",
    "Правила принимают": "the rules are the game's: «В игре принято»",
    "прогоном правила": "Folio's jargon in the decision tables' note",
    "модуль правил": "Folio's part, not the player's",
    "факт правил": "Folio's part, not the player's",
    "Дата:": "a date note is no date («Дата: квазиисторическое»)",
    "; Фаза акций": "a capital in the middle of a title",
}


def _text(path) -> str:
    page = path.read_text("utf-8")
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def test_no_russian_interface_string_hedges_an_ending():
    hedged = []
    for message in read_catalog("ru"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        hedged += [s for s in strings if s and _HEDGE.search(s)]
    assert hedged == []


def test_the_russian_pages_read_as_russian(site):
    found, counted = [], 0
    for path in html_pages(site):
        url = site_url(site, path)
        if not url.startswith("/ru/"):
            continue
        text = _text(path)
        found += [f"{url}: {m.group(0)!r}" for m in _HEDGE.finditer(text)]
        found += [f"{url}: {words!r}: {why}" for words, why in _WORDING.items() if words in text]
        counted += len(re.findall(r"может произойти не более \d+ раза?\b", text))
    assert found == []
    risto = _text(site / "ru/eu-risto/eu-risto-period-1/index.html")
    assert "может произойти не более 1 раза" in risto and "Событие квазиисторическое" in risto  # <dt>, <dd>
    assert counted >= 2


def test_the_reports_contents_name_each_group_in_whole_phrases(site):
    """The table of contents names a group by its meaning: a parenthesis that only lists
    examples is left out («( против)», «(,,)» were what remained of one), an example the
    sentence needs is quoted."""
    page = (site / "ru/checks/index.html").read_text("utf-8")
    lines = {" ".join(html.unescape(line).split())
             for line in re.findall(r'<a href="#code-[^"]+" class="md-nav__link">\s*<span class="md-ellipsis">(.*?)</span>',
                                    page, re.S)}
    assert len(lines) >= 20
    assert [line for line in lines if re.search(r"\(\s*[,;\s]*\)|\( |\(,| ,|\( [а-я]+\)", line)] == []
    assert "числа двух языковых версий фрагмента расходятся" in lines
    assert "нумерация начинается не с 1 (или не с «a»)" in lines
