"""Cards of a standard size, laid out on sheets to cut and sleeve.

A card aid prints each card at a size a sleeve fits (``SIZES``: poker 63×88 mm, tarot
70×120 mm, chosen with ``folio aids --card``), edge to edge in a grid, so that one cut along a
line of marks separates two cards. Every sheet has the same grid, filled in the cards' order
(row by row), and (``--backs``) is followed by a sheet of backs, each row mirrored: printed on
both sides and flipped on the long edge, a card's back lands behind its face.

A card holds a fixed amount of type: an event whose facts do not fit one card continues on the
next (``card 2 of 2``), cut by :func:`split` at the lines a card holds (``CardSize.lines`` of
``CardSize.chars`` characters, counted as a narrow glyph column of DejaVu Sans at 7 pt, so that
the estimate is never short). The printed boxes are the test: a card's text never leaves it
(tests/render/aids/test_aids_cards.py reads the PDF's boxes and its text).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from ...core.diagnostics import _

T = TypeVar("T")


@dataclass(frozen=True)
class CardSize:
    key: str
    label: str  # a catalog string: the size's name, as a player asks for sleeves
    width: float  # mm
    height: float  # mm
    columns: int  # cards across a sheet (A4 and Letter alike)
    rows: int  # cards down a sheet
    lines: int  # lines of 7 pt text a card holds, its title's counted twice (a larger type)
    chars: int  # characters on one such line, counted short

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows


#: sleeve sizes: three by three poker cards (189×264 mm) fit A4 and Letter within 7 mm
#: margins; two by two tarot cards (140×240 mm) with room to spare
SIZES = {
    "poker": CardSize("poker", _("poker"), 63.0, 88.0, 3, 3, 25, 35),
    "tarot": CardSize("tarot", _("tarot"), 70.0, 120.0, 2, 2, 35, 39),
}
DEFAULT = "poker"


@dataclass(frozen=True)
class Cell(Generic[T]):
    card: T | None  # None: an empty place of the grid
    row: int
    column: int


@dataclass(frozen=True)
class Sheet(Generic[T]):
    cells: tuple[Cell[T], ...]  # every place of the grid's used rows, row by row
    rows: int  # the rows it uses
    back: bool = False  # the backs of the sheet before it, each row mirrored


def sheets(cards: Sequence[T], size: CardSize, backs: bool = False) -> list[Sheet[T]]:
    """The cards on sheets, in order; with ``backs``, each sheet followed by its backs."""
    laid: list[Sheet[T]] = []
    for start in range(0, len(cards), size.per_sheet):
        chunk = list(cards[start:start + size.per_sheet])
        rows = -(-len(chunk) // size.columns)
        places = [chunk[i] if i < len(chunk) else None for i in range(rows * size.columns)]
        laid.append(Sheet(tuple(Cell(places[r * size.columns + c], r, c)
                                for r in range(rows) for c in range(size.columns)), rows))
        if backs:
            laid.append(Sheet(tuple(Cell(places[r * size.columns + (size.columns - 1 - c)], r, c)
                                    for r in range(rows) for c in range(size.columns)), rows, back=True))
    return laid


def cut_lines(size: CardSize, rows: int) -> tuple[list[float], list[float]]:
    """Where the marks stand (mm from the grid's left and top edge): every column's and every
    row's edges."""
    return ([c * size.width for c in range(size.columns + 1)], [r * size.height for r in range(rows + 1)])


def lines_of(text: str, size: CardSize) -> int:
    """The lines a text takes on a card, counted long (a word never breaks)."""
    count, used = 1, 0
    for word in text.split():
        if used and used + 1 + len(word) > size.chars:
            count, used = count + 1, len(word)
        else:
            used += (1 if used else 0) + len(word)
    return count


def split(entries: Sequence[tuple[str, T]], size: CardSize, first: int, later: int) -> list[list[T]]:
    """Entries (their printed text, the entry) in cards' worth, in order: ``first`` lines of
    the first card are taken (by its title, its dates), ``later`` of each card after it."""
    cards: list[list[T]] = [[]]
    room = size.lines - first
    for text, entry in entries:
        need = lines_of(text, size)
        if cards[-1] and need > room:
            cards.append([])
            room = size.lines - later
        cards[-1].append(entry)
        room -= need
    return cards


def stylesheet(size: CardSize) -> str:
    """The CSS of the grid for one card size: the card pages' margins centre a full sheet on
    either paper; the footer stands clear of the marks below the grid."""
    return (f".card-sheet {{ width: {size.columns * size.width}mm; }}\n"
            f".card {{ width: {size.width}mm; height: {size.height}mm; }}\n")
