"""The event cards as a player sleeves them: a standard size (poker 63×88 mm, tarot 70×120 mm,
``folio aids --card``), whole (no text leaves a card: the PDF's boxes, and its text read back),
in event order, with cut marks along every edge and, on request, a sheet of backs behind each
sheet of cards; legible (7 pt at least on a card, 8 pt elsewhere)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from pypdf import PdfReader

from aids_support import REPO, flat, inspect_layout, pdftotext
from pipeline.build import load_corpus
from pipeline.render.aids import plan_aids, print_aids
from pipeline.render.aids.cards import SIZES
from pipeline.render.aids.pdf import PAPERS

AID = "eu-risto-events-period-1"
POINTS_PER_MM = 72 / 25.4


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(REPO)[0]


@pytest.fixture(scope="module")
def printed(corpus, tmp_path_factory):
    """The cards at each size, with backs, on both papers, in both languages, laid out for real."""
    found = {}
    for size in SIZES:
        layouts = {}
        plan = plan_aids(corpus, REPO, only=(AID,), card=size, backs=True)
        out = print_aids(plan, tmp_path_factory.mktemp(size) / "aids",
                         inspect=lambda f, d, layouts=layouts: layouts.__setitem__(f.path, inspect_layout(d)))
        found[size] = (plan, out, layouts)
    return found


class _Cards(HTMLParser):
    """Each card of an aid's HTML: its title, its part ("card 1 of 2"), its lines of facts."""

    def __init__(self):
        super().__init__()
        self.cards: list[dict] = []
        self.into: str | None = None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "section" and "card" in classes:
            self.cards.append({"id": dict(attrs)["id"], "title": "", "part": "", "lines": []})
        elif self.cards and {"card-title", "card-part"} & set(classes):
            self.into = "title" if "card-title" in classes else "part"
        elif self.cards and tag == "li":
            self.cards[-1]["lines"].append("")
            self.into = "lines"

    def handle_endtag(self, tag):
        if tag in ("h2", "p", "li"):
            self.into = None

    def handle_data(self, data):
        if self.into == "lines":
            self.cards[-1]["lines"][-1] += data
        elif self.into:
            self.cards[-1][self.into] += data


def cards_of(html: str) -> list[dict]:
    parser = _Cards()
    parser.feed(html)
    return [{**card, "title": flat(card["title"]), "part": flat(card["part"]),
             "lines": [flat(line) for line in card["lines"]]} for card in parser.cards]


def test_every_card_is_its_size_and_no_text_leaves_it(printed):
    for size, (_plan, out, layouts) in printed.items():
        card = SIZES[size]
        for file in out.files:
            layout = layouts[file.path]
            assert layout.card_sizes, file.path
            for name, (width, height) in layout.card_sizes.items():
                assert abs(width - card.width) < 0.05 and abs(height - card.height) < 0.05, (file.path, name)
            assert layout.card_overflows == {}, (file.path, layout.card_overflows)
            assert layout.overflows == [], (file.path, layout.overflows[:3])
            page = PdfReader(out.directory / file.path).pages[0]
            assert (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2)) == PAPERS[file.variant.paper][1]


def test_each_card_reads_whole_on_one_page(printed):
    """pdftotext finds each card's title, its part and every line of its facts on one page."""
    for size, (_plan, out, _layouts) in printed.items():
        for file in out.files:
            # without white space: a line may wrap anywhere, "->" too
            pages = ["".join(page.split()) for page in pdftotext(out.directory / file.path)]
            cards = cards_of(file.document.html)
            assert len(cards) >= 10
            for card in cards:
                title, lines = "".join(card["title"].split()), ["".join(line.split()) for line in card["lines"]]
                on = [n for n, page in enumerate(pages) if title in page and all(line in page for line in lines)]
                assert on, (size, file.path, card["title"], card["part"])


def test_cards_are_in_event_order_and_a_long_event_continues_in_order(printed):
    """8:I's "card 2 of 2" printed before its "card 1 of 2" when the cards were packed by height."""
    for size, (_plan, out, _layouts) in printed.items():
        for file in out.files:
            cards = cards_of(file.document.html)
            events = [int(card["title"].split(":")[0]) for card in cards]
            assert events == sorted(events) and set(events) == set(range(1, 11)), (size, file.path, events)
            text = flat(" ".join(pdftotext(out.directory / file.path)))
            parts = re.findall(r"8:I (?:REFORMATION|РЕФОРМАЦИЯ) (?:card|карта) (\d) (?:of|из) (\d)", text)
            assert len(parts) > 1 and [int(n) for n, _of in parts] == list(range(1, len(parts) + 1)), (size, parts)


def test_a_card_holds_the_events_facts_and_sends_to_the_rules_for_the_rest(printed, corpus):
    _plan, out, _layouts = printed["poker"]
    file = next(f for f in out.files if f.lang == "en" and f.variant.paper == "a4")
    text = flat(" ".join(pdftotext(out.directory / file.path)))
    assert "9:I TURKISH DIPLOMATIC PRESSURE When: no historical date How long: permanent" in text
    assert "Full text: event 9:I in the rules" in text
    # the facts' labels, not the event's text: the Reformation's paragraphs are in the booklet
    reformation = corpus.units["eu-risto:8:I/occ-2/general-consequences/1/b"].sides["en"].fields["body"]
    # under their topic, said once: «Protestantism:» • 2 Stab lost • 2 revolts rolled …
    assert re.search(r"Protestantism: • [^:]*• 2 Stab lost • 2 revolts rolled, 4 for SPA", text), text
    assert flat(reformation) not in text and "Protestantism: 2 Stab lost" not in text
    # a label continued by the next one ("…4 for SPA") is one line, never cut with "…"
    assert "…" not in text and "..." not in text


def test_cards_are_set_in_7_pt_at_least_and_the_rest_in_8(printed):
    for _size, (_plan, _out, layouts) in printed.items():
        for path, layout in layouts.items():
            assert layout.card_font_pt is not None and layout.card_font_pt >= 7 - 0.01, (path, layout.card_font_pt)
            assert layout.other_font_pt is not None and layout.other_font_pt >= 8 - 0.01, (path, layout.other_font_pt)


def test_cut_marks_stand_along_every_edge_and_backs_mirror_their_sheet(printed):
    for size, (_plan, out, layouts) in printed.items():
        card = SIZES[size]
        for file in out.files:
            layout = layouts[file.path]
            cards = cards_of(file.document.html)
            sheets = -(-len(cards) // card.per_sheet)
            assert layout.pages == 1 + 2 * sheets, (file.path, layout.pages)  # the header page, fronts, backs
            # a full sheet: a mark at both ends of each column's and each row's edges
            assert layout.classes["cut"] >= 2 * sheets * (card.columns + 1 + card.rows + 1)
            pages = pdftotext(out.directory / file.path)
            back = "Event" if file.lang == "en" else "Событие"
            for number in range(sheets):
                fronts = pages[1 + 2 * number]
                backs = flat(pages[2 + 2 * number])
                on_sheet = len(cards_of(file.document.html)[number * card.per_sheet:(number + 1) * card.per_sheet])
                assert backs.count(back) == on_sheet and "Full text" not in backs, (file.path, number)
                assert fronts.count(":I ") >= on_sheet
            for number in range(sheets):  # printed on both sides, flipped on the long edge
                fronts, backs = layout.card_places[2 + 2 * number], layout.card_places[3 + 2 * number]
                mirrored = sorted((y, layout.page_width_mm - x - width) for kind, x, y, width in fronts if kind == "front")
                behind = sorted((y, x) for kind, x, y, _width in backs if kind == "back")
                assert len(mirrored) == len(behind) and all(
                    abs(a[0] - b[0]) < 0.2 and abs(a[1] - b[1]) < 0.2 for a, b in zip(mirrored, behind, strict=True)), \
                    (file.path, number)
    assert printed["poker"][0].card == "poker" and printed["tarot"][0].backs


def test_folio_aids_prints_tarot_cards_with_backs_from_the_command_line(tmp_path, folio):
    done = folio(REPO, "aids", AID, "--card", "tarot", "--backs", "--lang", "ru", "--paper", "letter",
                 "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    path = tmp_path / "ru" / f"{AID}-letter.pdf"
    assert done.stdout.split() == [str(path)]
    text = flat(" ".join(pdftotext(path)))
    assert "каждая карта 70 × 120 мм (размер «таро»)" in text
    refused = folio(REPO, "aids", AID, "--card", "bridge", "--out", str(tmp_path))
    assert refused.returncode == 2 and "bridge" in refused.stderr


def test_no_card_prints_a_mark_the_rulebook_never_explains(printed):
    """9:I's heading in the source carries «(*)», which the rulebook never explains: the card
    prints no bare «(*)», and the events the text counts (4:I, 5:I: «(2)») still say how often."""
    _plan, out, _layouts = printed["poker"]
    for file in out.files:
        text = flat(" ".join(pdftotext(out.directory / file.path)))
        assert "(*)" not in text, file.path
        assert {"en": "TURKISH DIPLOMATIC PRESSURE", "ru": "ТУРЕЦКОЕ ДИПЛОМАТИЧЕСКОЕ ДАВЛЕНИЕ"}[file.lang] in text
        assert {"en": "occurs 2 times", "ru": "2 раза"}[file.lang] in text, file.path
