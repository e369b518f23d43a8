"""The Russian interface reads as Russian: numerals agree with their nouns through the
catalog's plural forms (never «пробела(ов)»), an event's second occurrence is «2-е выпадение»
(«наступление» is an offensive), and the pages name what a player knows, not Folio's parts
(«модуль правил», «факт правил»). Read from the catalog and from the built pages' text."""

from __future__ import annotations

import html
import re

from pipeline.i18n.catalogs import read_catalog
from site_support import REPO, html_pages, site_url

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


def test_a_counted_noun_agrees_with_its_number_in_both_languages():
    """parity-sentences says "1 sentence"/"3 sentences" from the noun's plural forms, in English
    as in Russian (one template, never a choice between two made by the check)."""
    from pipeline.core.diagnostics import Count, Text, ngettext, text
    from pipeline.i18n.catalogs import committed

    forms = ngettext("%(num)d sentence", "%(num)d sentences")
    template = "%(count)s where the %(lang)s side has %(theirs)s: its sentence %(n)s (%(quote)s) has no counterpart here"
    for number, english, russian in ((1, "1 sentence", "1 предложение"), (3, "3 sentences", "3 предложения"),
                                     (5, "5 sentences", "5 предложений")):
        said = text(template, count=Count(number, forms, whole=True), lang="en", theirs=6, n=2, quote="«x»")
        assert str(said).startswith(f"{english} where the en side has 6")
        assert str(Text.from_json(said.to_json())) == str(said)  # the check cache reads it back
        assert committed("ru").ngettext(*forms, number) % {"num": number} == russian
    assert committed("ru").gettext(template).startswith("здесь %(count)s, а в тексте")


def test_a_russian_label_says_an_amount_in_the_words_of_its_text(corpus):
    """«SPA и POR получают 50 дукатов»: a label, a reading and its alternative write «50d» or
    «10 VP» only where the unit's Russian text writes an amount so; the PoP text writes «1c»,
    «2s» itself, and its labels with it."""
    from pipeline.check.script import TO_LATIN
    from pipeline.rules import load_facts

    amount = re.compile(r"\b\d+\s?[A-Za-z]+\b")
    found = []
    for fact in load_facts(REPO):
        said = corpus[0].units[fact.unit].sides["ru"].text
        # «4 и больше CP»: the text's CP; «2 СР» in Cyrillic look-alikes (a defect the checks report)
        notations = set(re.findall(r"[A-Za-z]+", said.translate(str.maketrans(TO_LATIN))))
        for words in (fact.label.get("ru"), fact.readings.get("ru"), fact.alternatives.get("ru")):
            for written in amount.findall(words or ""):
                if re.sub(r"[\d\s]", "", written) not in notations:
                    found.append(f"{fact.id}: {written!r} in {words!r}, the text: {said!r}")
    assert found == []
