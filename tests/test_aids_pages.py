"""The printed aids as a player holds them: no ids on paper (they are in the PDF's keywords),
the website's address in the header, one language per aid (the original printed only where a
translation is missing, and the build says so), and pages that are worth the paper: rendered
to images, none is mostly empty."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from aids_support import REPO, flat, pdftotext, printout
from pipeline.aids import plan_aids
from pipeline.build import load_corpus

#: a unit id below a rule, as the ids of the corpus are written: his:19.3/proc-1/step-2
UNIT_ID = re.compile(r"\b[a-z][a-z-]*:[0-9A-Za-z.:]+/[a-z]+-?\d")
#: the aids whose documents are translated in full today, in both languages: they must be in
#: one language now; the others must be once the translators' editions land (see below)
COMPLETE_TODAY = {"his-mary-i-impulse"}


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


def test_an_aid_complete_in_both_languages_prints_one_language(printed):
    for aid in COMPLETE_TODAY:
        english, russian = text_of(printed, aid, "en"), text_of(printed, aid, "ru")
        assert not re.search("[а-яё]", english, re.I), aid
        assert " EN " not in russian and "не переведено" not in russian
        assert latin_share(russian) < 0.05, (aid, latin_share(russian))


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
    for (at, unit), (end, _next) in zip(starts, starts[1:] + [(len(text), None)]):
        english = latin_share(text[at:end]) > 0.5
        assert english == ("ru" not in unit.sides), (unit.id, latin_share(text[at:end]))


def test_the_build_notes_every_aid_that_prints_untranslated_units():
    corpus, _ = load_corpus(REPO)
    plan = plan_aids(corpus, REPO, papers=("a4",))
    noted = {(note.message.split(" player aid ")[1].split()[0], note.message.split()[1]) for note in plan.notes}
    mixed = {(d.aid.key, d.lang) for d in plan.documents if d.untranslated}
    assert noted == mixed
    assert all(aid not in COMPLETE_TODAY for aid, _lang in mixed)
    for document in plan.documents:
        for unit_id in document.untranslated:
            assert document.lang not in corpus.units[unit_id].sides, unit_id


def page_fill(pdf: Path) -> list[float]:
    """For each page rendered to an image, the share of its height above the footer that lies
    between the first and the last line of print."""
    with tempfile.TemporaryDirectory() as work:
        subprocess.run(["pdftoppm", "-r", "30", "-gray", str(pdf), f"{work}/p"], check=True)
        fills = []
        for image in sorted(Path(work).glob("p*")):
            page = Image.open(image)
            width, height = page.size
            body = int(height * (1 - 16 / 297))  # the running footer stands in the last 14 mm
            pixels = page.load()
            inked = [y for y in range(body) if any(pixels[x, y] < 200 for x in range(width))]
            fills.append((inked[-1] - inked[0]) / body if inked else 0.0)
    return fills


#: the aids whose pages are not all packed yet: a card that does not fit the rest of a page
#: leaves it half empty (cards are kept in event order, not packed by size)
NOT_PACKED_YET = {"eu-risto-events-period-1"}


def test_no_page_of_an_aid_is_half_empty(printed):
    for file in printed.printed.files:
        if file.aid in NOT_PACKED_YET:
            continue
        fills = page_fill(printed.path(file))
        assert all(fill > 0.5 for fill in fills[:-1]), (file.path, fills)
        assert fills[-1] > 0.2, (file.path, fills)  # a last page holding a line or two is waste


@pytest.mark.xfail(strict=True, reason="the event cards are not packed by size yet")
def test_the_event_card_pages_are_not_half_empty(printed):
    fills = page_fill(printed.path(printed.file("eu-risto-events-period-1", "ru")))
    assert all(fill > 0.5 for fill in fills[:-1]), fills


def test_event_cards_are_set_in_8_pt_at_least_and_a_long_event_continues_on_a_second_card(printed):
    for path, layout in printed.layouts.items():
        if "eu-risto" in path:
            assert layout.card_font_pt is not None and layout.card_font_pt >= 8 - 0.01, (path, layout.card_font_pt)
    text = text_of(printed, "eu-risto-events-period-1", "ru")
    assert text.count("карта 1 из 2") == 1 and text.count("карта 2 из 2") == 1
