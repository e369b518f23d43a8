"""Word diffs of two texts: as data (for the website's <del>/<ins>), and as `git diff --word-diff`
shows them (`… context [-removed-]{+added+} context …`, for messages and the terminal).

Shared by the checks (a stale translation's change), the website and the edition diff, so it
depends on nothing of theirs.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

KEPT, REMOVED, ADDED = "=", "-", "+"


@dataclass(frozen=True)
class Chunk:
    op: str  # KEPT, REMOVED or ADDED
    text: str  # its words, joined by single spaces


def word_changes(old: str, new: str) -> list[Chunk]:
    """The two texts word by word (white space aside): kept, removed and added runs, in order."""
    a, b = old.split(), new.split()
    chunks: list[Chunk] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            chunks.append(Chunk(KEPT, " ".join(a[i1:i2])))
            continue
        if i2 > i1:
            chunks.append(Chunk(REMOVED, " ".join(a[i1:i2])))
        if j2 > j1:
            chunks.append(Chunk(ADDED, " ".join(b[j1:j2])))
    return chunks


def elided(chunks: list[Chunk], context: int = 3) -> list[Chunk]:
    """Long kept runs cut down to ``context`` words beside each change, the rest as "…"."""
    out = []
    for n, chunk in enumerate(chunks):
        words = chunk.text.split()
        if chunk.op == KEPT:
            first, last = n == 0, n == len(chunks) - 1
            if first and len(words) > context:
                words = ["…", *words[-context:]]
            elif last and len(words) > context:
                words = [*words[:context], "…"]
            elif not first and not last and len(words) > 2 * context:
                words = [*words[:context], "…", *words[-context:]]
        out.append(Chunk(chunk.op, " ".join(words)))
    return out


def as_text(chunks: list[Chunk]) -> str:
    marks = {KEPT: ("", ""), REMOVED: ("[-", "-]"), ADDED: ("{+", "+}")}
    return " ".join(marks[c.op][0] + c.text + marks[c.op][1] for c in chunks)


def word_diff(old: str, new: str, context: int = 3) -> str:
    """`… context [-removed-]{+added+} context …`, as `git diff --word-diff` shows it."""
    return as_text(elided(word_changes(old, new), context))
