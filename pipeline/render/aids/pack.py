"""Event cards packed onto pages by their measured height, so that no page is half empty.

A card aid's HTML lists its cards in event order, each after a ``<!--folio:card-->`` marker,
and each card's blocks (its preconditions, its occurrences or phases) after a
``<!--folio:block-->`` one; rule text is escaped, so no text of the corpus can hold a marker.
Before the aid is printed, every card is laid out once by WeasyPrint, each at the top of a tall
page of its own (so that its height does not depend on the cards measured with it, and a card
measured in an earlier build is the card measured now: :mod:`.measures`), at the width it is cut
out at: ``NARROW_MM``, two cards side by side across a page. A card taller than
a page's column is cut out at ``WIDE_MM``, the page's width, its blocks in two columns split
where they balance best; its height there is estimated from its blocks' measured heights (a
half of a wide card is wider than a narrow card's text, so the estimate is never short). The
cards are then packed first-fit-decreasing into the pages of each paper (wide cards across
the top of a page, narrow ones in the shorter of its two columns), and each page's cards are
put back in event order. The widths are the same on A4 and Letter: a card is the same size on
both, only the pages differ.

Measuring reads WeasyPrint's layout tree (``page._page_box``): its public API gives a page's
size and its anchors' positions, not a box's height.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

#: the width of a card (mm): two narrow cards and the gap between them fill an A4 page's text
#: width (186 mm); Letter's is 192 mm, and the cards are centred on it
NARROW_MM, WIDE_MM = 88.0, 186.0
#: the room between two cards (mm); with cut marks, which stand 5 mm out from each corner, two
#: cards' marks must not meet
GAP_MM, MARKS_GAP_MM = 3.0, 10.0
#: what a page keeps free of the sum of its cards' heights (mm): rounding in the layout
SLACK_MM = 1.5
#: a card taller than this narrow (mm) may be too tall for a column on some paper (the shortest
#: column, Letter's with cut marks, is 248 mm): its wide measurement is looked for in the caches.
#: A build measures wide only the cards taller than a column of the papers it prints.
WIDE_FROM_MM = 200.0
#: the measuring page: A4's width (the narrower paper: a header is never taller on Letter), tall
#: enough for any card, and each card at the very top of a page of its own. A card's height is a
#: difference of the positions of its lines, and on one long page it varied in the 11th digit
#: with where the card stood; at the top of a page it is the same whichever cards are measured
#: with it.
MEASURING_PAGE = "@page { size: 210mm 6000mm; } .slot[data-card] { break-before: page; margin-top: 0; }"
CARD, BLOCK, BODY, END = "<!--folio:card-->", "<!--folio:block-->", "<!--folio:body-->", "<!--folio:cards-->"
PX_PER_MM = 96 / 25.4


def stylesheet(marks: bool) -> str:
    """The CSS of the packed cards: the slots' widths, the gaps, one sheet of cards per page.
    The columns are inline blocks, not floats: a float is painted, and so extracted, before the
    text around it, and a page must read (and copy) in order."""
    gap = MARKS_GAP_MM if marks else GAP_MM
    return (f".cards {{ margin-top: {gap}mm; }}\n"
            f".sheet {{ width: {WIDE_MM}mm; margin: 0 auto; font-size: 0; line-height: 0; }}\n"
            ".sheet + .sheet { break-before: page; }\n"
            f".column {{ display: inline-block; vertical-align: top; width: {NARROW_MM}mm; }}\n"
            f".column + .column {{ margin-left: {WIDE_MM - 2 * NARROW_MM:g}mm; }}\n"
            f".slot {{ width: {NARROW_MM}mm; break-inside: avoid; font-size: 1rem; line-height: 1.28; }}\n"
            f".slot--wide {{ width: {WIDE_MM}mm; margin-bottom: {gap}mm; }}\n"
            f".slot + .slot {{ margin-top: {gap}mm; }}\n")


def has_cards(html: str) -> bool:
    return CARD in html


def split(html: str) -> tuple[str, list[str], str]:
    """The HTML before the cards, each card's HTML, the HTML after them."""
    head, rest = html.split(CARD, 1)
    cards, tail = rest.split(END, 1)
    return head, cards.split(CARD), END + tail


def measuring_html(html: str, narrow: Sequence[int] = (), wide: dict[int, int] | None = None) -> str:
    """The head, then the ``narrow`` cards in narrow slots, or (``wide``: card -> the blocks of its
    left column) those cards in wide slots; each slot on a page of its own (MEASURING_PAGE)."""
    head, cards, tail = split(html)
    # an empty first child keeps the cards' container on the head's page: a page break before
    # its first child would move the container (and the head's measured end) to the next page
    probe = '<div class="probe"></div>'
    if wide is None:
        return head + probe + "".join(f'<div class="slot" data-card="{i}">{cards[i]}</div>'
                                      for i in narrow) + tail
    return head + probe + "".join(_wide(cards[i], wide[i], f' data-card="{i}"') for i in sorted(wide)) + tail


def _wide(card: str, left: int, attributes: str = "") -> str:
    """A card in a wide slot, its first ``left`` blocks in the left column."""
    start, *blocks = card.split(BLOCK)
    blocks[-1], end = blocks[-1].split(BODY, 1)
    return (f'<div class="slot slot--wide"{attributes}>{start}<div class="half">{"".join(blocks[:left])}'
            f'</div><div class="half">{"".join(blocks[left:])}</div>{BODY}{end}</div>')


@dataclass
class Card:
    height: float  # px, narrow
    blocks: list[float]  # px: from each block's top to the next one's (the last: to the body's end)
    wide_height: float | None = None  # px, laid out wide (a card that may be wide on some paper)

    def halves(self) -> tuple[float, int]:
        """The height at the page's width, as estimated from the blocks (never short), and how
        many blocks its left column takes."""
        if len(self.blocks) < 2:
            return self.height, len(self.blocks)
        rest = self.height - sum(self.blocks)
        return min((rest + max(sum(self.blocks[:k]), sum(self.blocks[k:])), k)
                   for k in range(1, len(self.blocks)))


@dataclass
class Measured:
    cards: list[Card]
    head: float  # px: the height of what precedes the cards on page 1


def measure(document) -> tuple[float, dict[int, Card]]:
    """The height of the head (what precedes the cards on page 1), and the cards' heights and
    their blocks', in the laid-out :func:`measuring_html`."""
    top = document.pages[0]._page_box.content_box_y()
    cards: dict[int, Card] = {}
    tops: dict[int, list[float]] = {}
    ends: dict[int, float] = {}
    head = None
    seen = set()  # an element's first box is its own; the boxes after it are anonymous
    current = None
    for page in document.pages:
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            if element is None or id(element) in seen or not hasattr(box, "border_box_y"):
                continue
            seen.add(id(element))
            classes = (element.get("class") or "").split()
            if "cards" in classes:
                head = box.position_y - top  # its margin box: the gap above it depends on the paper
            elif element.get("data-card") is not None:
                current = int(element.get("data-card"))
                cards[current] = Card(box.border_height(), [])
                tops[current] = []
            elif "block" in classes and current is not None:
                tops[current].append(box.border_box_y())
            elif "card-body" in classes and current is not None:
                ends[current] = box.content_box_y() + box.height
    for index, card in cards.items():
        marks = tops[index] + [ends.get(index, tops[index][-1] if tops[index] else 0.0)]
        card.blocks = [b - a for a, b in itertools.pairwise(marks)]
    return head or 0.0, cards


@dataclass
class Page:
    budget: float  # px: the height its cards may take
    gap: float
    wide: list[int] = field(default_factory=list)
    columns: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))

    def _height(self, heights: dict[int, float], cards: list[int]) -> float:
        return sum(heights[i] for i in cards) + self.gap * max(0, len(cards) - 1)

    def fits(self, index: int, wide: bool, heights: dict[int, float]) -> int | None:
        """Where the card goes on this page (0: across its top; 1, 2: a column), or None."""
        top = sum(heights[i] + self.gap for i in self.wide)
        columns = [self._height(heights, column) for column in self.columns]
        if wide:
            return 0 if top + heights[index] + self.gap + max(columns) <= self.budget else None
        side = 0 if columns[0] <= columns[1] else 1
        column = columns[side] + (self.gap if self.columns[side] else 0) + heights[index]
        return side + 1 if top + column <= self.budget else None

    def place(self, index: int, where: int) -> None:
        (self.wide if where == 0 else self.columns[where - 1]).append(index)

    def filled(self, heights: dict[int, float]) -> float:
        top = sum(heights[i] + self.gap for i in self.wide)
        return top + max(self._height(heights, column) for column in self.columns)


def pack(heights: dict[int, float], wide: set[int], first: float, full: float, gap: float) -> list[Page]:
    """First-fit-decreasing: the tallest card first, each on the first page it fits on; a card
    taller than a page gets a page of its own (and is split by the page break)."""
    pages = [Page(first, gap)]
    for index in sorted(heights, key=lambda i: (-heights[i], i)):
        for page in pages:
            where = page.fits(index, index in wide, heights)
            if where is not None:
                break
        else:
            page = Page(full, gap)
            pages.append(page)
            where = page.fits(index, index in wide, heights)
            if where is None:
                where = 0 if index in wide else 1
        page.place(index, where)
    for page in pages:
        page.wide.sort()
        left, right = sorted(page.columns, key=lambda column: min(column, default=len(heights)))
        page.columns = (sorted(left), sorted(right))
    return [page for page in pages if page.wide or any(page.columns)]


def plan(measured: Measured, full: float, marks: bool) -> tuple[list[Page], dict[int, int]]:
    """The pages of one paper, whose page holds ``full`` px: the cards on each, and for each
    wide card the number of blocks in its left column."""
    gap = (MARKS_GAP_MM if marks else GAP_MM) * PX_PER_MM
    limit = full - SLACK_MM * PX_PER_MM
    heights, halves = {}, {}
    for index, card in enumerate(measured.cards):
        heights[index] = card.height
        if card.height > limit:
            estimate, halves[index] = card.halves()
            heights[index] = card.wide_height or estimate
    pages = pack(heights, set(halves), limit - measured.head - gap, limit, gap)
    return pages, halves


def packed_html(html: str, pages: list[Page], halves: dict[int, int]) -> str:
    head, cards, tail = split(html)

    def slot(index: int) -> str:
        return _wide(cards[index], halves[index]) if index in halves else f'<div class="slot">{cards[index]}</div>'

    return head + "".join(
        '<div class="sheet">' + "".join(slot(i) for i in page.wide)
        + "".join('<div class="column">' + "".join(slot(i) for i in column) + "</div>"
                  for column in page.columns if column) + "</div>"
        for page in pages) + tail
