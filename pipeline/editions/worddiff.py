"""Word diffs of two texts: as data (for the website's <del>/<ins>), and as `git diff --word-diff`
shows them (`… context [-removed-]{+added+} context …`, for messages and the terminal).

Shared by the checks (a stale translation's change), the website and the edition diff, so it
depends on nothing of theirs; so is :func:`correction`, which tells a source text that was only
corrected (a spelling slip, punctuation, quote marks) from one whose meaning changed.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
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


# -- corrections ---------------------------------------------------------------------------

#: (text, language) -> the spans of the words in it that the project's spelling calls wrong
#: (unknown to its dictionaries, or a confusable in context): handed in by the driver, which
#: builds it from the spelling check (pipeline/check/spelling.py)
Misspellings = Callable[[str, str], Iterable[tuple[int, int]]]

_TOKEN = re.compile(r"\w+|[^\w\s]")
#: signs that carry meaning: a modifier's `+1`/`-1`, `8:I/13:II`, `50%`, comparisons
_MEANING_SIGNS = frozenset("+−±/%<>=×")
_DASHES = frozenset("-–—")


def correction(old: str, new: str, lang: str, misspellings: Misspellings | None) -> bool:
    """Whether ``new`` only corrects ``old``: its spelling (each changed word a few letters
    away, and the old form a misspelling by ``misspellings``), its punctuation, spacing or
    quote marks. A changed sign of a number (`-1` to `+1`), a word added or removed, or a
    real word replaced by another is a change of meaning, not a correction."""
    if " ".join(old.split()) == " ".join(new.split()):
        return False  # nothing changed: not a correction either
    a, b = _significant(old), _significant(new)
    words_a, words_b = [t for _, _, t in a], [t for _, _, t in b]
    wrong: set[tuple[int, int]] | None = None
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=words_a, b=words_b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if tag != "replace":
            return False  # a word (or a sign) added or removed
        if "".join(words_a[i1:i2]) == "".join(words_b[j1:j2]):
            continue  # words joined or split: spacing
        if i2 - i1 != j2 - j1 or misspellings is None:
            return False
        if wrong is None:
            wrong = set(misspellings(old, lang))
        for (start, end, word), replacement in zip(a[i1:i2], words_b[j1:j2], strict=False):
            if not word[0].isalpha() or not any(s <= start and end <= e for s, e in wrong) \
                    or _edits(word, replacement) > _allowed(word):
                return False
    return True


def _significant(text: str) -> list[tuple[int, int, str]]:
    """The words and meaningful signs of ``text`` with their offsets: punctuation, quote marks
    and white space left out, a dash kept where it is the sign of a number."""
    found = []
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token[0].isalnum() or token[0] == "_" or token in _MEANING_SIGNS \
                or (token in _DASHES and text[match.end():match.end() + 1].isdigit()):
            found.append((match.start(), match.end(), "-" if token in _DASHES else token))
    return found


def _allowed(word: str) -> int:
    """A spelling slip: one letter in a short word, two in a long one (`loose` for `lose`,
    `Wurttemburg` for `Wurttemberg`)."""
    return 1 if len(word) < 7 else 2


def _edits(a: str, b: str) -> int:
    """The Damerau-Levenshtein distance (adjacent letters swapped count once)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                cost = min(cost, previous2[j - 2] + 1)
            current.append(cost)
        previous2, previous = previous, current
    return previous[-1]
