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
from pipeline.language.termbase import load_termbase
from pipeline.render.aids import plan_aids
from pipeline.render.aids.abbreviations import printed_text
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


def test_without_a_site_url_the_header_prints_no_address_and_no_id(printed):
    """A path inside a site with no known host is no address a player can open, and its anchor
    is a unit id: «На сайте: ru/…/#his:21.3» was printed on every aid."""
    for file in printed.printed.files:
        text = flat(" ".join(pdftotext(printed.path(file))))
        assert "На сайте" not in text and "On the website" not in text, file.path
        assert not re.search(r"#[a-z-]+:", text) and "his:" not in text and "pop:" not in text, file.path


def test_with_a_site_url_the_address_is_the_pages_url_with_a_qr_code(corpus_copy):
    (corpus_copy / "mkdocs.yml").write_text("site_name: Folio\nsite_url: https://rules.example.org/folio/\n",
                                            encoding="utf-8")
    corpus, _ = load_corpus(corpus_copy)
    plan = plan_aids(corpus, corpus_copy, only=("his-new-world",), langs=("ru",), papers=("a4",))
    html = plan.documents[0].html
    printed = flat(printed_text(html))
    assert "На сайте: https://rules.example.org/folio/ru/his/his-winter-new-world/" in printed
    assert "#his:20" not in printed  # the anchor is in the QR code only
    assert '<img class="qr" src="data:image/svg+xml' in html


def test_every_aid_prints_one_language(printed):
    """Both editions are complete: an English aid has no Cyrillic letter, a Russian one no
    English word but the game's name, the rules' abbreviations (CP, FRA, CtA), the publisher's
    name in the rulebook's edition and, in square brackets, the original name of a card the
    translation quotes."""
    corpus, _ = load_corpus(REPO)
    for aid in AIDS:
        game = next(d.game for d in corpus.documents if d.key == aid.documents[0])
        for paper in PAPERS:
            english = flat(" ".join(pdftotext(printed.path(printed.file(aid.key, "en", paper)))))
            russian = flat(" ".join(pdftotext(printed.path(printed.file(aid.key, "ru", paper)))))
            assert not re.search("[а-яё]", english, re.I), (aid.key, paper, re.search(r"\S*[а-яё]\S*", english, re.I))
            assert " EN " not in russian and "не переведено" not in russian, (aid.key, paper)
            # the publisher's name in the rulebook's edition ("GMT Games, русский перевод книги правил")
            edition = flat(printed.file(aid.key, "ru", paper).document.source_edition)
            foreign = english_words(russian.replace(edition, " "), game)
            assert foreign == [], (aid.key, paper, foreign)
            # the game's name is in its own letters (the footer names it on every page)
            named = re.sub("|".join(re.escape(n) for n in (game, *game.split(": "))), " ", russian, flags=re.I)
            assert latin_share(named) < 0.06, (aid.key, paper, latin_share(named))


def english_words(text: str, game: str) -> list[str]:
    """The English words of a Russian text: not an abbreviation or a code (CP, CtA, FRA), not
    the game's or Folio's name, the address or the edition, nor a quoted original in brackets."""
    text = re.sub(r"(На сайте|On the website): \S+|\[[^\]]*\]", " ", text)
    for name in (game, *game.split(": ")):  # "The Price of Power" is the game's name too
        text = text.replace(name, " ")
    words = re.findall(r"[A-Za-z][A-Za-z'’]*", text)
    return [w for w in words if w != "Folio" and sum(ch.isupper() for ch in w) < 2 and len(w) > 1
            and not re.fullmatch(r"[A-Z][a-z]?", w)]


def latin_share(text: str) -> float:
    """The Latin letters among the letters of a Russian text, less the address (a URL is Latin
    in every language) and the abbreviations the legend explains."""
    # the legend of abbreviations lists each Latin one once: "SPA — Испания"
    text = re.sub(r"(На сайте|On the website): \S+|[A-Za-z]+ — ", "", text)
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
    """A sheet of cards is a full grid but the last; the card aid's first page holds its header,
    the legend and the event die modifiers."""
    for file in printed.printed.files:
        fills = page_fill(printed.path(file))
        sheets = fills[1:] if file.document.aid.cards else fills
        assert all(fill > 0.5 for fill in sheets[:-1]), (file.path, fills)
        assert fills[-1] > 0.2, (file.path, fills)  # a last page holding a line or two is waste


CARD_AIDS = [aid.key for aid in AIDS if aid.cards]


def test_the_card_size_is_printed_on_the_first_page(printed):
    for aid in CARD_AIDS:
        for lang, words in (("en", "Cut along the marks: each card is 63 × 88 mm (poker size), to fit a card sleeve."),
                            ("ru", "Режьте по меткам: каждая карта 63 × 88 мм (размер «покер»), под протектор для карт.")):
            for paper in PAPERS:
                first = flat(pdftotext(printed.path(printed.file(aid, lang, paper)))[0])
                assert words in first, (aid, lang, paper)


def test_no_aid_cuts_a_phrase_short_with_an_ellipsis(printed):
    """«Потеряйте 2s за каждое государство-цель, против которого у…»: the PoP table cut every
    step after 8 words, and the cards' facts read «бросок на 2 восстания… / …для SPA — на 4».
    An ellipsis an aid prints is one the rule text itself has, after the same word."""
    corpus, _ = load_corpus(REPO)
    sources = {lang: flat(" ".join(value for unit in corpus.units.values() if lang in unit.sides
                                   for value in unit.sides[lang].fields.values() if isinstance(value, str)))
               for lang in LANGUAGES}
    for file in printed.printed.files:
        text = flat(" ".join(pdftotext(printed.path(file))))
        for cut in re.finditer(r"(\S+)(…|\.\.\.)", text):
            assert cut.group(0) in sources[file.lang], (file.path, text[max(0, cut.start() - 60):cut.end()])
        assert not re.search(r"(?<!\S)(…|\.\.\.)\w", text), file.path  # nor a phrase that starts cut


def test_every_abbreviation_an_aid_prints_is_in_its_legend_in_its_language(printed):
    """DoW, PR, NPR, HRE, CtA and MC in the Russian PoP aid; on paper there is no tooltip."""
    termbase = load_termbase(REPO)
    corpus, _ = load_corpus(REPO)
    checked = 0
    for file in printed.printed.files:
        if file.variant.paper != "a4":
            continue
        rulebook = next(d.rulebook for d in corpus.documents if d.key == file.document.aid.documents[0])
        text = flat(" ".join(pdftotext(printed.path(file))))
        word = "Сокращения:" if file.lang == "ru" else "Abbreviations:"
        legend = text[text.index(word):] if word in text else ""
        body = re.sub(r"\[[^\]]*\]", " ", text.replace(legend[:400], " "))  # a quoted original is the game's
        for abbreviation in termbase.abbreviations:
            if rulebook in abbreviation.games and re.search(rf"(?<![\w-]){re.escape(abbreviation.abbr)}(?![\w-])", body):
                assert f"{abbreviation.abbr} — " in legend, (file.path, abbreviation.abbr)
                checked += 1
    assert checked >= 20
    pop = flat(" ".join(pdftotext(printed.path(printed.file("pop-military-actions", "ru")))))
    # c, s and D are the rulebook's icons after a number (1c, 2s, 3D): «Потеряйте 2s» told a
    # reader nothing until the glossary said what they count
    for abbr in ("DoW", "PR", "NPR", "HRE", "CtA", "MC", "c", "s", "D"):
        meaning = termbase.abbreviation(abbr, "pop")
        said = meaning.expansions.get("ru") or re.split(r"[,;(]", meaning.notes["ru"], maxsplit=1)[0].strip()
        assert f"{abbr} — {said}" in pop, abbr
        assert not re.search("[A-Za-z]", said), abbr  # in the aid's language


def callouts_of(html: str) -> list[tuple[str, bool]]:
    """What an aid prints as callouts (a rule fact summarised), each with whether it is a
    sentence (the catalogs' words), not the numbers of a table's cells or the labels of a card
    ("occurs 3 times")."""
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
                if callout and tag in ("p", "li", "span") and flat(text):
                    self.found.append((flat(text), flat(text).endswith((".", "!", "?"))))
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
        for sentence, whole in callouts_of(file.document.html):
            if sentence not in text[end:]:  # a callout inside a table's cell, read in another order
                assert not whole, (file.path, sentence)
                continue
            at = text.index(sentence, end)
            if whole:
                # the text above it in its own line: a step's or an item's marker starts a line
                # («…каждого из них. 2. −2s…» is the step before, not the sentence it sums up)
                before = re.split(r"(?:^|\s)(?:\d+[.)]|\d+[a-z]|•)\s", text[max(end, at - 300):at])[-1]
                assert repeated(sentence, before) < 0.6, (file.path, sentence, before)
                checked += 1
            end = at + len(sentence)
    assert checked >= 10  # the New World's order of resolution, in both languages
