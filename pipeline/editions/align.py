"""Which unit of one edition is which unit of another: matched by text first, then by id.

Ids are derived from the rules' numbering, so inserting a precondition renumbers the ones after
it: the old ``pre-2`` is the new ``pre-3``. Matching by id alone would pair the old sentence with
the new one that took its number. gettext's ``msgmerge`` matches by text instead; so does this,
keyed on ids where the text leaves a choice:

1. the same text (white space and a list marker aside): the same id if it has it, else the nearest id (``moved``);
2. what is left, by word similarity: an id paired with itself when its text is similar enough
   (``changed``), or with another id when that one is clearly closer (``moved+changed``);
3. the rest was removed (old) or added (new).

Used for translations (a stored translation follows its source sentence) and for the edition
diff (`folio diff`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

#: a translation or a diff pairs an id with itself when the two texts share this much of their
#: words, and with another id only when they share more: moving is the bolder claim
SAME_ID_SIMILARITY = 0.4
MOVED_SIMILARITY = 0.7
#: how much an id's own new text is preferred over an equally similar text elsewhere
_SAME_ID_BONUS = 0.15
#: above this many candidate pairs, a text is compared with the texts near it only
_WINDOW_FROM = 40_000
_WINDOW = 60


class How(StrEnum):
    SAME = "same"  # same id, same text
    CHANGED = "changed"  # same id, similar text
    MOVED = "moved"  # same text under another id (renumbered)
    MOVED_CHANGED = "moved+changed"  # similar text under another id


@dataclass(frozen=True)
class Piece:
    """One unit's own text in one edition; ``kind`` keeps a step from matching a paragraph."""

    id: str
    text: str
    kind: str | None = None


@dataclass(frozen=True)
class Pair:
    old: str
    new: str
    how: How
    similarity: float  # 1.0 for the same text


@dataclass
class Alignment:
    pairs: list[Pair] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # old ids nothing new matches
    added: list[str] = field(default_factory=list)  # new ids nothing old matches

    def new_of(self) -> dict[str, Pair]:
        return {pair.old: pair for pair in self.pairs}

    def old_of(self) -> dict[str, Pair]:
        return {pair.new: pair for pair in self.pairs}

    @property
    def moves(self) -> list[Pair]:
        return [pair for pair in self.pairs if pair.old != pair.new]


#: a marker opening a text: a list marker (``2.``, ``3a.``, ``b)``), a rule's number (``19.4.``,
#: ``5.5``) or an event's (``1:``): the numbering, not the sentence, so that "2. Both SPA and
#: POR ..." renumbered "3. Both SPA and POR ..." is the same text. A bare number is not one:
#: "1 или 2 CP: ..." and "3 или 4 CP: ..." say different things.
MARKER = re.compile(r"^\s*\(?(?:\d+(?:\.\d+)+\.?|\d+[a-zа-я]?[.):]|[a-zа-я][.)])\s+")


def without_marker(text: str) -> str:
    return MARKER.sub("", text, count=1)


def normalized(text: str) -> str:
    """What two texts must share to be the same sentence: marker and white space aside."""
    return " ".join(without_marker(text).split())


_TOKEN = re.compile(r"\w+|[^\w\s]")


def tokens(text: str) -> list[str]:
    """Words and signs apart: "excommunicated." and "excommunicated!" share the word."""
    return _TOKEN.findall(without_marker(text))


def similarity(a: str, b: str) -> float:
    """The share of tokens two texts have in common, in order (difflib's ratio over tokens)."""
    return difflib.SequenceMatcher(a=tokens(a), b=tokens(b), autojunk=False).ratio()


def align(old: Sequence[Piece], new: Sequence[Piece]) -> Alignment:
    result = Alignment()
    left_old = {piece.id: piece for piece in old}
    left_new = {piece.id: piece for piece in new}
    for pair in _exact(old, new):
        result.pairs.append(pair)
        del left_old[pair.old], left_new[pair.new]
    for pair in _similar(list(left_old.values()), list(left_new.values())):
        result.pairs.append(pair)
        del left_old[pair.old], left_new[pair.new]
    order = {piece.id: n for n, piece in enumerate(new)}
    result.pairs.sort(key=lambda pair: order[pair.new])
    result.removed = list(left_old)
    result.added = list(left_new)
    return result


def _exact(old: Sequence[Piece], new: Sequence[Piece]) -> Iterable[Pair]:
    by_text: dict[str, list[Piece]] = {}
    for piece in new:
        by_text.setdefault(normalized(piece.text), []).append(piece)
    olds: dict[str, list[Piece]] = {}
    for piece in old:
        if normalized(piece.text) in by_text:
            olds.setdefault(normalized(piece.text), []).append(piece)
    for text, group in olds.items():
        candidates = {piece.id: piece for piece in by_text[text]}
        waiting = []
        for piece in group:  # an id that kept its text stays where it is
            if piece.id in candidates:
                del candidates[piece.id]
                yield Pair(piece.id, piece.id, How.SAME, 1.0)
            else:
                waiting.append(piece)
        # the same sentence in several places: each goes to the nearest id that is free
        ranked = sorted((_distance(a.id, b.id), n, a.id, b.id) for n, a in enumerate(waiting)
                        for b in candidates.values() if _compatible(a, b))
        taken_old: set[str] = set()
        for _, _, old_id, new_id in ranked:
            if old_id not in taken_old and new_id in candidates:
                taken_old.add(old_id)
                del candidates[new_id]
                yield Pair(old_id, new_id, How.MOVED, 1.0)


def _similar(old: list[Piece], new: list[Piece]) -> Iterable[Pair]:
    if not old or not new:
        return
    windowed = len(old) * len(new) > _WINDOW_FROM
    position = {piece.id: n * len(old) / len(new) for n, piece in enumerate(new)}
    old_tokens = [tokens(a.text) for a in old]
    scored = []
    for b in new:
        matcher = difflib.SequenceMatcher(b=tokens(b.text), autojunk=False)
        for n, a in enumerate(old):
            same_id = a.id == b.id
            if not same_id and (not _compatible(a, b)
                                or (windowed and abs(position[b.id] - n) > _WINDOW)):
                continue
            matcher.set_seq1(old_tokens[n])
            floor = SAME_ID_SIMILARITY if same_id else MOVED_SIMILARITY
            if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:
                continue
            ratio = matcher.ratio()
            if ratio >= floor:
                scored.append((ratio + (_SAME_ID_BONUS if same_id else 0.0), ratio, a.id, b.id))
    scored.sort(key=lambda s: (-s[0], _distance(s[2], s[3]), s[2], s[3]))
    taken_old: set[str] = set()
    taken_new: set[str] = set()
    for _, ratio, old_id, new_id in scored:
        if old_id in taken_old or new_id in taken_new:
            continue
        taken_old.add(old_id)
        taken_new.add(new_id)
        yield Pair(old_id, new_id, How.CHANGED if old_id == new_id else How.MOVED_CHANGED,
                   round(ratio, 3))


def _compatible(a: Piece, b: Piece) -> bool:
    return a.kind is None or b.kind is None or a.kind == b.kind


_NUMBER = re.compile(r"\d+")


def _distance(a: str, b: str) -> tuple[int, int]:
    """How far apart two ids are: the levels below their common parent, then how far their
    numbers differ (``pre-2`` and ``pre-3`` are neighbours, ``para-1`` of another rule is not)."""
    x, y = a.split("/"), b.split("/")
    common = 0
    while common < min(len(x), len(y)) and x[common] == y[common]:
        common += 1
    rest_x, rest_y = "/".join(x[common:]), "/".join(y[common:])
    numbers_x = [int(n) for n in _NUMBER.findall(rest_x)] or [0]
    numbers_y = [int(n) for n in _NUMBER.findall(rest_y)] or [0]
    return (len(x) - common) + (len(y) - common), abs(numbers_x[0] - numbers_y[0])
