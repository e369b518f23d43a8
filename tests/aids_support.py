"""Helpers of the player-aid tests: print every aid once per session, and read PDFs back.

The aids are printed from the repository's corpus with an ``inspect`` hook, which makes
WeasyPrint lay every document out for real (no cache) and lets the tests look at its boxes
before it is dropped: which page each unbreakable block landed on, and whether any box leaves
the page's content area. The PDFs are then read back as a reader's tools see them: poppler's
pdftotext and pdftoppm, and pypdf for page boxes and fonts.
"""

from __future__ import annotations

import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from pipeline.build import load_corpus
from pipeline.render.aids import AidFile, Printed, plan_aids, print_aids

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO / "test-artifacts"
EPSILON = 0.5  # CSS px: rounding in WeasyPrint's layout, not a visible overflow
MARK_ROOM = 4.5 / 25.4 * 96  # CSS px: a cut mark reaches 4 mm beyond the grid of cards


@dataclass
class Layout:
    """What one laid-out aid looked like before it was written."""

    pages: int = 0
    #: element (id, or tag and number) -> the pages its boxes are on, for every class="keep"
    keep_pages: dict[str, set[int]] = field(default_factory=dict)
    #: boxes outside the page's content area: "page 2: p at x=…" descriptions
    overflows: list[str] = field(default_factory=list)
    #: class="keep" elements taller than a page (they could not be kept whole)
    too_tall: list[str] = field(default_factory=list)
    #: elements by class that have a box, with how many (e.g. "cut": 80)
    classes: dict[str, int] = field(default_factory=dict)
    #: the smallest type inside an event card (pt), or None: no card
    card_font_pt: float | None = None
    #: each card's size (mm, its border box) by its id, and the cards whose text runs past
    #: their border (how far, mm)
    card_sizes: dict[str, tuple[float, float]] = field(default_factory=dict)
    card_overflows: dict[str, float] = field(default_factory=dict)
    #: the smallest type outside the cards (pt), the running footer's included
    other_font_pt: float | None = None
    #: page number -> its cards' places (mm from the page's left and top edges): (kind, x, y,
    #: width), kind "front" or "back"
    card_places: dict[int, list[tuple[str, float, float, float]]] = field(default_factory=dict)
    page_width_mm: float = 0.0


def inspect_layout(document) -> Layout:
    from weasyprint.formatting_structure import boxes

    layout = Layout(pages=len(document.pages))
    names: dict[int, str] = {}
    for number, page in enumerate(document.pages, 1):
        page_box = page._page_box  # WeasyPrint's own layout tree: no public API exposes it
        left, top = page_box.content_box_x(), page_box.content_box_y()
        right, bottom = left + page_box.width, top + page_box.height
        for root in page_box.children:
            if isinstance(root, boxes.MarginBox):  # the running footer lives in the margin
                continue
            for box in root.descendants():
                element = getattr(box, "element", None)
                classes = (element.get("class") or "").split() if element is not None else []
                if element is not None and "keep" in classes:
                    name = names.setdefault(id(element), element.get("id")
                                            or f"{element.tag}#{len(names)}")
                    layout.keep_pages.setdefault(name, set()).add(number)
                    if box.border_height() > page_box.height + EPSILON:
                        layout.too_tall.append(name)
                for name in classes:
                    layout.classes[name] = layout.classes.get(name, 0) + 1
                if not hasattr(box, "position_x") or box.width is None:
                    continue
                # The border box: a margin may run into the page's margin (CSS truncates it
                # at a page break); a border, a background or a glyph may not.
                x, y = box.border_box_x(), box.border_box_y()
                room = MARK_ROOM if "cut" in classes else EPSILON  # cut marks stand out from a card
                if (x < left - room or x + box.border_width() > right + room
                        or y < top - room or y + box.border_height() > bottom + room):
                    layout.overflows.append(
                        f"page {number}: {type(box).__name__} <{getattr(box, 'element_tag', '?')}> "
                        f"{element.get('id') if element is not None else ''} at ({x:.1f}, {y:.1f}), "
                        f"{box.border_width():.1f} x {box.border_height():.1f} "
                        f"{getattr(box, 'text', '')[:40]!r}")
    for number, page in enumerate(document.pages, 1):
        _card_type(page._page_box, False, layout)
        _card_boxes(page._page_box, layout)
        layout.page_width_mm = page._page_box.margin_width() / PX_PER_MM
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            classes = (element.get("class") or "").split() if element is not None else []
            if "card" in classes and "card--empty" not in classes and hasattr(box, "border_box_x"):
                kind = "back" if "card--back" in classes else "front"
                layout.card_places.setdefault(number, []).append(
                    (kind, box.border_box_x() / PX_PER_MM, box.border_box_y() / PX_PER_MM,
                     box.border_width() / PX_PER_MM))
    return layout


PX_PER_MM = 96 / 25.4


def _card_boxes(box, layout: Layout) -> None:
    """Each card's border box, and how far below or beside it any text inside it reaches."""
    element = getattr(box, "element", None)
    if element is not None and "card" in (element.get("class") or "").split() and element.get("id"):
        card = element.get("id")
        x, y = box.border_box_x(), box.border_box_y()
        width, height = box.border_width(), box.border_height()
        layout.card_sizes[card] = (width / PX_PER_MM, height / PX_PER_MM)
        past = 0.0
        for inner in box.descendants():
            if hasattr(inner, "position_y") and getattr(inner, "height", None) is not None and inner is not box:
                past = max(past, inner.border_box_y() + inner.border_height() - (y + height),
                           inner.border_box_x() + inner.border_width() - (x + width))
        if past > EPSILON:
            layout.card_overflows[card] = past / PX_PER_MM
        return
    for child in getattr(box, "children", ()):
        _card_boxes(child, layout)


def _card_type(box, in_card: bool, layout: Layout) -> None:
    from weasyprint.formatting_structure import boxes

    element = getattr(box, "element", None)
    in_card = in_card or (element is not None and "card" in (element.get("class") or "").split())
    if isinstance(box, boxes.TextBox) and box.text.strip():
        size = box.style["font_size"] * 0.75  # CSS px to pt
        if in_card:
            layout.card_font_pt = size if layout.card_font_pt is None else min(layout.card_font_pt, size)
        else:
            layout.other_font_pt = size if layout.other_font_pt is None else min(layout.other_font_pt, size)
    for child in getattr(box, "children", ()):
        _card_type(child, in_card, layout)


@dataclass
class Printout:
    printed: Printed
    layouts: dict[str, Layout]  # by AidFile.path

    def path(self, file: AidFile) -> Path:
        return self.printed.directory / file.path

    def file(self, aid: str, lang: str, paper: str = "a4") -> AidFile:
        return next(f for f in self.printed.files
                    if (f.aid, f.lang, f.variant.paper) == (aid, lang, paper))


_PRINTOUT: list[Printout] = []


def printout(tmp_path_factory) -> Printout:
    """Every aid of the repository's corpus, printed once per session (whichever test module
    asks first), into a session temporary directory."""
    if not _PRINTOUT:
        corpus, _notes = load_corpus(REPO)
        layouts: dict[str, Layout] = {}
        printed = print_aids(plan_aids(corpus, REPO), tmp_path_factory.mktemp("aids") / "aids",
                             inspect=lambda file, document: layouts.__setitem__(
                                 file.path, inspect_layout(document)))
        assert printed is not None
        _PRINTOUT.append(Printout(printed, layouts))
    return _PRINTOUT[0]


def pdftotext(path: Path) -> list[str]:
    """The text of each page, as poppler extracts it (reading order, one line per line)."""
    done = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"],
                          capture_output=True, text=True, encoding="utf-8", check=True)
    return done.stdout.split("\f")[:-1]


def flat(text: str) -> str:
    """Text with every run of white space one space: a printed line may wrap anywhere."""
    return " ".join(text.split())


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
