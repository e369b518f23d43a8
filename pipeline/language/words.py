"""One text's words, found once and read by every check that walks them.

    table = Words.of("Армия отступила, 2 отряда")
    table.words   # ['Армия', 'отступила', 'отряда']
    table.gaps    # ['', ' ', ', 2 ', '']: what stands before each word, and after the last
    nouns = PerForm(is_noun)   # one verdict per distinct form, kept by its module for the process
    table.where(nouns)         # [2]: the indices of the words it holds true for

The words are :data:`WORD`'s: runs of letters, joined by a hyphen or an apostrophe. The table is
made with the regular-expression engine alone (a split, and the offsets summed from the
pieces' lengths), and a question about every word is asked of each distinct form once
(:class:`PerForm`) and read for a whole text by a ``map`` over the words: so a check pays per
word a dictionary lookup, not a match object and a function call.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import accumulate, compress
from typing import Any

from .tokens import TEXTS_KEPT

WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
_PIECES = re.compile(f"({WORD.pattern})")


class Words:
    """The :data:`WORD` words of one text with their offsets and what stands between them; a
    table is shared by every caller: read it, never change it."""

    __slots__ = ("_lowers", "ends", "gaps", "starts", "text", "words")

    def __init__(self, text: str):
        pieces = _PIECES.split(text)  # gap, word, gap, word, ..., gap
        bounds = list(accumulate(map(len, pieces)))
        self.text = text
        self.words: list[str] = pieces[1::2]
        #: ``gaps[k]``: the text between word k-1 (or the start) and word k; ``gaps[-1]``: after the last
        self.gaps: list[str] = pieces[0::2]
        self.starts: list[int] = bounds[0:-1:2]
        self.ends: list[int] = bounds[1::2]
        self._lowers: list[str] | None = None

    @staticmethod
    def of(text: str) -> Words:
        """The table of ``text``, made once per process while the text is among the last
        :data:`TEXTS_KEPT` asked for (as :func:`.tokens.lemmas` keeps its tokens)."""
        return _kept(text)

    def __len__(self) -> int:
        return len(self.words)

    @property
    def lowers(self) -> list[str]:
        """Each word in lower case."""
        if self._lowers is None:
            self._lowers = list(map(str.lower, self.words))
        return self._lowers

    def joined(self, verdicts: PerForm) -> str:
        """The verdicts of every word, in order, each a string (a word's role, one letter),
        joined into one string: one lookup per word, then searched as text."""
        return "".join(map(verdicts.__getitem__, self.words))

    def where(self, verdicts: PerForm) -> Iterable[int]:
        """The indices of the words whose verdict is true."""
        return compress(range(len(self.words)), map(verdicts.__getitem__, self.words))


@lru_cache(maxsize=TEXTS_KEPT)
def _kept(text: str) -> Words:
    return Words(text)


class PerForm(dict):
    """A question about a word form, answered once per distinct form: ``verdicts[form]``."""

    def __init__(self, judge: Callable[[str], Any]):
        super().__init__()
        self.judge = judge

    def __missing__(self, form: str) -> Any:
        found = self[form] = self.judge(form)
        return found
