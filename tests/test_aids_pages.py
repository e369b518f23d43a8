"""The printed aids as a player holds them: no ids on paper (they are in the PDF's keywords),
the website's address in the header, one language per aid (the original printed only where a
translation is missing, and the build says so), and pages that are worth the paper: rendered
to images, none is mostly empty."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from pypdf import PdfReader

from aids_support import REPO, flat, page_fill, pdftotext, printout
from pipeline.build import load_corpus
from pipeline.core.model import LANGUAGES
from pipeline.render.aids import plan_aids
from pipeline.render.aids.pdf import PAPERS
from pipeline.render.games import aids as registered_aids

AIDS = registered_aids()  # every registered game's (tests/conftest.py imports pipeline.games)

#: a unit id below a rule, as the ids of the corpus are written: his:19.3/proc-1/step-2
UNIT_ID = re.compile(r"\b[a-z][a-z-]*:[0-9A-Za-z.:]+/[a-z]+-?\d")
@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    return printout(tmp_path_factory)


def text_of(printed, aid: str, lang: str) -> str:
    return flat(" ".join(pdftotext(printed.path(printed.file(aid, lang)))))


def test_no_unit_or_fact_id_is_printed_and_the_pdf_keywords_hold_them(printed):
    for file in printed.printed.files:
        text = flat(" ".join(pdftotext(printed.path(file))))
        assert not UNIT_ID.search(text), (file.path, UNIT_ID.search(text))
        assert "his.mary-i" not in text and "Rule facts" not in text and "Факты правил" not in text
    keywords = PdfReader(printed.path(printed.file("his-winter-phase", "ru"))).metadata["/Keywords"]
    assert "his:19.3/proc-1/step-2" in keywords and "his.winter.city-limit" in keywords


def test_the_header_prints_the_web_page_of_the_aids_rules(printed):
    winter = text_of(printed, "his-winter-phase", "ru")
    assert "На сайте: ru/his/his-winter-new-world/#his:19.3" in winter
    assert "On the website: en/pop/pop-military-actions/#pop:5.5" in text_of(printed, "pop-military-actions", "en")


def test_with_a_site_url_the_address_is_a_url_with_a_qr_code(corpus_copy):
    (corpus_copy / "mkdocs.yml").write_text("site_name: Folio\nsite_url: https://rules.example.org/folio/\n",
                                            encoding="utf-8")
    corpus, _ = load_corpus(corpus_copy)
    plan = plan_aids(corpus, corpus_copy, only=("his-new-world",), langs=("ru",), papers=("a4",))
    html = plan.documents[0].html
    assert "https://rules.example.org/folio/ru/his/his-winter-new-world/#his:20" in html
    assert '<img class="qr" src="data:image/svg+xml' in html


def test_every_aid_prints_one_language(printed):
    """Both editions are complete: an English aid has no Cyrillic letter, a Russian one no
    English word but the game's name, the rules' abbreviations (CP, FRA, CtA) and, in square
    brackets, the original name of a card the translation quotes."""
    corpus, _ = load_corpus(REPO)
    for aid in AIDS:
        game = next(d.game for d in corpus.documents if d.key == aid.documents[0])
        for paper in PAPERS:
            english = flat(" ".join(pdftotext(printed.path(printed.file(aid.key, "en", paper)))))
            russian = flat(" ".join(pdftotext(printed.path(printed.file(aid.key, "ru", paper)))))
            assert not re.search("[а-яё]", english, re.I), (aid.key, paper, re.search(r"\S*[а-яё]\S*", english, re.I))
            assert " EN " not in russian and "не переведено" not in russian, (aid.key, paper)
            foreign = english_words(russian, game)
            assert foreign == [], (aid.key, paper, foreign)
            assert latin_share(russian) < 0.06, (aid.key, paper, latin_share(russian))


def english_words(text: str, game: str) -> list[str]:
    """The English words of a Russian text: not an abbreviation or a code (CP, CtA, FRA), not
    the game's or Folio's name, the address or the edition, nor a quoted original in brackets."""
    text = re.sub(r"(На сайте|On the website): \S+|выпуск \S+|\[[^\]]*\]", " ", text)
    for name in (game, *game.split(": ")):  # "The Price of Power" is the game's name too
        text = text.replace(name, " ")
    words = re.findall(r"[A-Za-z][A-Za-z'’]*", text)
    return [w for w in words if w != "Folio" and sum(ch.isupper() for ch in w) < 2 and len(w) > 1
            and not re.fullmatch(r"[A-Z][a-z]?", w)]


def latin_share(text: str) -> float:
    """The Latin letters among the letters of a Russian text, less the address and the edition
    (a URL and a version are Latin in every language)."""
    text = re.sub(r"(На сайте|On the website): \S+|выпуск \S+", "", text)
    latin = sum(1 for ch in text if "a" <= ch.lower() <= "z")
    cyrillic = sum(1 for ch in text if "а" <= ch.lower() <= "я" or ch in "ёЁ")
    return latin / max(1, latin + cyrillic)


def test_a_russian_event_card_is_english_only_where_the_event_has_no_russian_side(printed):
    """Holds today (8 of 10 events untranslated) and once the edition is complete (none)."""
    corpus, _ = load_corpus(REPO)
    text = text_of(printed, "eu-risto-events-period-1", "ru")
    events = [u for u in corpus.units.values() if u.kind == "event" and u.attrs.get("period") == "I"]
    starts = sorted((text.index(f" {u.attrs['number']}:I "), u) for u in events)
    for (at, unit), (end, _next) in zip(starts, [*starts[1:], (len(text), None)], strict=False):
        english = latin_share(text[at:end]) > 0.5
        assert english == ("ru" not in unit.sides), (unit.id, latin_share(text[at:end]))


def test_the_real_corpus_prints_no_unit_in_its_original_language():
    corpus, _ = load_corpus(REPO)
    plan = plan_aids(corpus, REPO, papers=("a4",))
    assert plan.notes == [] and [d.untranslated for d in plan.documents] == [()] * len(plan.documents)


def test_no_page_of_an_aid_is_half_empty(printed):
    for file in printed.printed.files:
        fills = page_fill(printed.path(file))
        assert all(fill > 0.5 for fill in fills[:-1]), (file.path, fills)
        assert fills[-1] > 0.2, (file.path, fills)  # a last page holding a line or two is waste


CARD_AIDS = [aid.key for aid in AIDS if aid.cards]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("aid", CARD_AIDS)
def test_the_event_card_pages_are_not_half_empty(printed, aid, lang):
    """Packed by their measured height: in event order, at the page's width, the cards left
    pages 42 % full, and the Russian Wars in Italy ran across a page break."""
    for paper in PAPERS:
        fills = page_fill(printed.path(printed.file(aid, lang, paper)))
        assert len(fills) > 1 and all(fill > 0.5 for fill in fills[:-1]), (aid, lang, paper, fills)
        assert sum(fills[:-1]) / len(fills[:-1]) > 0.75, (aid, lang, paper, fills)


def cards_of(html: str) -> list[tuple[str, str]]:
    """Each card of an aid's HTML: its printed title and the id of the last unit it prints."""
    class Cards(HTMLParser):
        def __init__(self):
            super().__init__()
            self.cards: list[list[str]] = []
            self.in_title = False

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            classes = (attrs.get("class") or "").split()
            if tag == "section" and "card" in classes:
                self.cards.append(["", ""])
            elif tag == "h2" and "card-title" in classes:
                self.in_title = True
            elif tag == "li" and self.cards and attrs.get("id"):
                self.cards[-1][1] = attrs["id"]

        def handle_endtag(self, tag):
            self.in_title = self.in_title and tag != "h2"

        def handle_data(self, data):
            if self.in_title:
                self.cards[-1][0] += data

    parser = Cards()
    parser.feed(html)
    return [(flat(title), last) for title, last in parser.cards]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("aid", CARD_AIDS)
def test_every_card_prints_its_title_and_its_last_line_on_one_page(printed, aid, lang):
    """A card is never split across pages: its last words (the corpus's text of the last unit it
    prints) are on a page that prints its title, as many times as that page has its last words.
    The Russian Wars in Italy (4:I) ran from page 3 onto page 4 before the cards were packed."""
    corpus, _ = load_corpus(REPO)
    for paper in PAPERS:
        file = printed.file(aid, lang, paper)
        pages = [flat(page) for page in pdftotext(printed.path(file))]
        cards = cards_of(file.document.html)
        assert len(cards) >= 10
        ends: dict[str, list[int]] = {}
        for title, last in cards:
            unit = corpus.units[last]
            side = unit.sides[lang if lang in unit.sides else next(iter(unit.sides))]
            words = flat(side.fields.get("body") or side.fields.get("title") or "").split()
            assert words, last
            ending = " ".join(words[-8:])
            found = [n for n, page in enumerate(pages) if ending in page]
            assert len(found) == 1, (paper, title, ending, found)
            assert title in pages[found[0]], (paper, title, "ends on page", found[0] + 1)
            assert pages[found[0]].index(title) < pages[found[0]].index(ending), (paper, title)
            ends.setdefault(title, []).append(found[0])
        for title, on in ends.items():
            for number in set(on):
                assert pages[number].count(title) >= on.count(number), (paper, title, number + 1)


def test_the_card_size_is_printed_on_the_first_page(printed):
    for aid in CARD_AIDS:
        for lang, words in (("en", "Cut each card out along its frame: 88 mm wide, 186 mm (the page's width) "
                                   "for a long event"),
                            ("ru", "Вырежьте каждую карту по рамке: ширина 88 мм, у длинного события — 186 мм")):
            for paper in PAPERS:
                first = flat(pdftotext(printed.path(printed.file(aid, lang, paper)))[0])
                assert words in first, (aid, lang, paper)


def test_event_cards_are_set_in_8_pt_at_least_and_a_long_event_continues_on_a_second_card(printed):
    for path, layout in printed.layouts.items():
        if "eu-risto" in path:
            assert layout.card_font_pt is not None and layout.card_font_pt >= 8 - 0.01, (path, layout.card_font_pt)
            # a card too tall for a page's column is cut out at the page's width, in two columns,
            # not set smaller: the longest events (Tordesillas, Wars in Italy, the Reformation)
            assert layout.classes.get("slot--wide", 0) >= 3 and layout.classes.get("half", 0) >= 6, path
    text = text_of(printed, "eu-risto-events-period-1", "ru")
    # Wars in Italy (4:I) and the Reformation (8:I): too tall for one card even at a page's width
    assert text.count("карта 1 из 2") == 2 and text.count("карта 2 из 2") == 2
    assert text.count("4:I ИТАЛЬЯНСКИЕ ВОЙНЫ") == 2 and text.count("8:I РЕФОРМАЦИЯ") == 2


def callouts_of(html: str) -> list[str]:
    """The sentences an aid prints as callouts (a rule summarised in the catalogs' words), not
    the numbers of a table's cells or the labels of a card ("occurs 3 times")."""
    class Callouts(HTMLParser):
        def __init__(self):
            super().__init__()
            self.open: list[list] = []  # [tag, is a callout, text]
            self.found: list[str] = []

        def handle_starttag(self, tag, attrs):
            if tag in ("p", "li", "span", "aside", "td", "th", "h2"):
                self.open.append([tag, "callout" in (dict(attrs).get("class") or "").split(), ""])

        def handle_endtag(self, tag):
            if self.open and self.open[-1][0] == tag:
                _tag, callout, text = self.open.pop()
                if callout and tag in ("p", "li", "span") and flat(text).endswith((".", "!", "?")):
                    self.found.append(flat(text))
                if self.open:
                    self.open[-1][2] += text

        def handle_data(self, data):
            if self.open:
                self.open[-1][2] += data

    parser = Callouts()
    parser.feed(html)
    return parser.found


def _stems(text: str) -> set[str]:
    """Numbers as printed (2s, 1c, 4) and the first four letters of every longer word."""
    words = re.findall(r"[^\W_]+", text.lower())
    return {w if w[0].isdigit() else w[:4] for w in words if w[0].isdigit() or len(w) >= 4}


def repeated(sentence: str, before: str) -> float:
    """The share of the sentence's numbers and words that the text before it printed already."""
    stems = _stems(sentence)
    return len(stems & _stems(before)) / max(1, len(stems))


def test_repeated_measures_the_words_a_sentence_shares_with_the_text_above_it():
    above = "2. Lose 2s for each target Realm for which you have no CB (see p. 22)"
    assert repeated("−2s for each target without a CB.", above) > 0.6
    assert repeated("Each targeted PR gains 1c.", "4. Targeted PRs, and PRs accepting, gain 1c.") > 0.6
    assert repeated("Roll 2 dice and add the explorer's value.", "Explore: cost 2 CP 2 CP") < 0.6


def test_no_callout_repeats_the_sentence_printed_above_it(printed):
    """A callout summarises a rule whose words are not printed just above it; where the text
    states the fact, its words are printed in bold instead (the PoP aid printed "−2s for each
    target without a CB." under "Lose 2s for each target Realm for which you have no CB")."""
    checked = 0
    for file in printed.printed.files:
        if file.variant.paper != "a4":
            continue
        text = text_of(printed, file.aid, file.lang)
        end = 0  # where the callout before ends: a list of callouts is not a text above them
        for sentence in callouts_of(file.document.html):
            assert sentence in text[end:], (file.path, sentence)
            at = text.index(sentence, end)
            before = text[max(end, at - 300):at]
            assert repeated(sentence, before) < 0.6, (file.path, sentence, before)
            end = at + len(sentence)
            checked += 1
    assert checked >= 10  # the New World's order of resolution, in both languages
