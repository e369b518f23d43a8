"""The cards' measurements, each distinct card measured once and kept by its content.

Packing needs every card's height (:mod:`.pack`), and measuring is a WeasyPrint layout of every
card, narrow and, for a tall one, wide. A card's height depends on its own HTML, on the elements
it sits in (the page's language and the aid's classes: a hyphenation rule or a selector may
depend on them), on the stylesheets, the fonts and the tools' versions (the cache's salt), and
on nothing else: each card is measured at the top of a page of its own. So a measurement is
kept under a digest of exactly these, in the build's cache and the user's (:mod:`.cache`), and
an edit to one event re-measures that event's card alone; a card that repeats (in another
document, or a reprint on another paper) is measured once.

An entry is plain data (JSON): ``{"height": px, "blocks": [px, ...]}`` for a narrow card,
``{"height": px}`` for a wide one. JSON writes a float's shortest repr, which reads back as
the same float: a kept measurement packs the pages exactly as a fresh one.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from html.parser import HTMLParser

from ...incremental.entries import conforms
from . import pack

Entries = dict[str, dict]
#: the void elements of HTML: a start tag that opens nothing
VOID = frozenset(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"])


class _Open(HTMLParser):
    """The start tags still open where the text fed ends."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag, attrs) -> None:
        if tag not in VOID:
            self.open.append((tag, self.get_starttag_text()))

    def handle_endtag(self, tag) -> None:
        for depth in range(len(self.open) - 1, -1, -1):
            if self.open[depth][0] == tag:
                del self.open[depth:]
                return


def context(head: str) -> str:
    """The elements the cards sit in (``<html lang>``, ``<body class>``, the cards' container),
    as their start tags: what of the page around a card its layout may depend on."""
    parser = _Open()
    parser.feed(head)
    return "".join(text or "" for _tag, text in parser.open)


class Cards:
    """The cards of one card aid and the keys of their measurements."""

    def __init__(self, html: str, salt: bytes) -> None:
        self.html = html
        head, self.cards, _tail = pack.split(html)
        self._base = salt + context(head).encode("utf-8") + b"\0"
        self.narrow = [self._key(b"narrow", card) for card in self.cards]

    def _key(self, kind: bytes, card: str) -> str:
        return hashlib.sha256(self._base + kind + b"\0" + card.encode("utf-8")).hexdigest()

    def wide(self, index: int, left: int) -> str:
        """The key of card ``index`` laid out wide with ``left`` blocks in its left column."""
        return self._key(b"wide %d" % left, self.cards[index])

    def tall(self, entries: Entries, above: float = pack.WIDE_FROM_MM * pack.PX_PER_MM) -> dict[int, int]:
        """The cards taller than ``above`` px narrow (their narrow entries are in ``entries``),
        which are laid out wide as well, with the blocks of their left column."""
        tall = {}
        for index, key in enumerate(self.narrow):
            if key in entries:
                card = card_of(entries[key])
                if card.height > above:
                    tall[index] = card.halves()[1]
        return tall

    def known(self, get: Callable[[str], dict | None]) -> Entries:
        """The entries ``get`` has: narrow, and wide for the tall cards among them."""
        found = {key: entry for key in dict.fromkeys(self.narrow) if (entry := get(key)) is not None}
        for index, left in self.tall(found).items():
            key = self.wide(index, left)
            if (entry := get(key)) is not None:
                found[key] = entry
        return found


def card_of(entry: dict) -> pack.Card:
    return pack.Card(entry["height"], list(entry.get("blocks", ())))


def measure(printer, cards: Cards, known: Entries, column: float) -> tuple[float, Entries]:
    """The head's height, and the entries of the cards ``known`` lacks, measured by ``printer``
    (:class:`~.pdf.Printer`): each distinct card once, narrow, then wide for those taller than
    ``column`` px (the shortest column of the papers printed: :func:`pack.plan` sets the others
    narrow, and never asks for their wide height)."""
    first: dict[str, int] = {}  # a key -> the first card that has it
    for index, key in enumerate(cards.narrow):
        first.setdefault(key, index)
    todo = [index for key, index in first.items() if key not in known]
    head, narrow = printer.measure_narrow(cards.html, todo)
    made = {cards.narrow[i]: {"height": card.height, "blocks": card.blocks} for i, card in narrow.items()}
    wide = {}
    for index, left in cards.tall({**known, **made}, column).items():
        key = cards.wide(index, left)
        if key not in known and key not in made and first[cards.narrow[index]] == index:
            wide[index] = left
    if wide:
        for index, height in printer.measure_wide(cards.html, wide).items():
            made[cards.wide(index, wide[index])] = {"height": height}
    return head, made


def measured(cards: Cards, head: float, entries: Entries) -> pack.Measured:
    """Every card's measurement, as :func:`pack.plan` packs them."""
    every = []
    tall = cards.tall(entries)
    for index, key in enumerate(cards.narrow):
        card = card_of(entries[key])
        if index in tall and cards.wide(index, tall[index]) in entries:  # else narrow on every paper
            card.wide_height = entries[cards.wide(index, tall[index])]["height"]
        every.append(card)
    return pack.Measured(every, head)


def dump(entry: dict) -> bytes:
    return json.dumps(entry, sort_keys=True).encode("utf-8")


def load(data: bytes) -> dict | None:
    """A kept measurement, when it is one: a height and, for a narrow card, its blocks' heights,
    all finite and not negative. None: the card is measured again (pipeline/incremental/entries.py)."""
    entry = json.loads(data)
    if not isinstance(entry, dict) or not {"height"} <= set(entry) <= {"height", "blocks"}:
        return None
    if not conforms(entry["height"], float) or not conforms(entry.get("blocks", []), list[float]):
        return None
    if not all(math.isfinite(px) and px >= 0 for px in (entry["height"], *entry.get("blocks", []))):
        return None
    return entry
