"""What changed in a source text since a translation was made from it, word by word.

One diff, two forms: :func:`changes` gives the pieces (kept, removed and added words), which the
website renders as ``<del>``/``<ins>``; :func:`word_diff` spells them as ``git diff --word-diff``
does, for the terminal, the check messages and JSON. White space is not a change.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from enum import StrEnum


class Change(StrEnum):
    KEPT = "kept"
    REMOVED = "removed"
    ADDED = "added"


@dataclass(frozen=True)
class Piece:
    change: Change
    text: str  # words joined by one space; "…" stands for kept words left out


def changes(old: str, new: str, context: int = 3) -> list[Piece]:
    """The pieces of the diff, each run of kept words cut to ``context`` words beside a change."""
    a, b = old.split(), new.split()
    opcodes = difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    pieces: list[Piece] = []
    for n, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag != "equal":
            if i2 > i1:
                pieces.append(Piece(Change.REMOVED, " ".join(a[i1:i2])))
            if j2 > j1:
                pieces.append(Piece(Change.ADDED, " ".join(b[j1:j2])))
            continue
        words = a[i1:i2]
        first, last = n == 0, n == len(opcodes) - 1
        if first and len(words) > context:
            words = ["…", *words[-context:]]
        elif last and len(words) > context:
            words = [*words[:context], "…"]
        elif not first and not last and len(words) > 2 * context:
            words = [*words[:context], "…", *words[-context:]]
        pieces.append(Piece(Change.KEPT, " ".join(words)))
    return pieces


def word_diff(old: str, new: str, context: int = 3) -> str:
    """`… context [-removed-]{+added+} context …`, as `git diff --word-diff` shows it."""
    marks = {Change.KEPT: "{}", Change.REMOVED: "[-{}-]", Change.ADDED: "{{+{}+}}"}
    return " ".join(marks[p.change].format(p.text) for p in changes(old, new, context))
