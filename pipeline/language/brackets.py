"""The Russian texts' own glossary: a Russian term followed by its English original in square
brackets, as in ``«Конвой для Флота Индий» [Treasure Fleet Escorts]`` or ``Дон-Жуан [Don John]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.model import Corpus, Lang
from .morph import ru_nominative

_BRACKETS = re.compile(r"\[([^\[\]\n]*[A-Za-z][^\[\]\n]*)\]")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
#: Where an unquoted term can begin: the line start, a list bullet, or punctuation that ends a
#: clause. ``т.е.``-style dots inside a term do not occur in the bracketed names.
_CLAUSE_END = re.compile(r"[.!?;:,()•·—«»]|\s[-–]\s")
_WORD = re.compile(r"[\w-]+")


@dataclass(frozen=True)
class BracketPair:
    unit: str
    path: str
    line: int
    col: int  # 1-based column of the Russian term (inside the quotes, if quoted)
    offset: int  # its offset in the unit's side text
    ru: str  # the Russian term as the text writes it
    en: str  # the English original
    quoted: bool
    ru_nominative: str  # the term in the nominative, as the glossary keeps it

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col} {self.ru} [{self.en}]"


def english_originals(text: str) -> list[tuple[int, int]]:
    """The spans of ``[English original]`` brackets in a Russian text, brackets included:
    English quoted inside a Russian text is not Russian terminology."""
    return [m.span() for m in _BRACKETS.finditer(text) if not _CYRILLIC.search(m.group(1))]


def bracket_pairs(corpus: Corpus) -> list[BracketPair]:
    """Every «Russian term» [English original] of the Russian sides, in document order."""
    pairs = []
    for unit in corpus.units.values():
        side = unit.sides.get(Lang.RU)
        if side is None or not side.text:
            continue
        for match in _BRACKETS.finditer(side.text):
            english = match.group(1).strip()
            if _CYRILLIC.search(english):
                continue
            found = _term_before(side.text, match.start(), english)
            if found is None:
                continue
            offset, russian, quoted = found
            before = side.text[:offset]
            line = side.line_start + before.count("\n")
            col = offset - (before.rfind("\n") + 1) + 1
            pairs.append(BracketPair(unit.id, side.path, line, col, offset, russian, english,
                                     quoted, nominative(russian)))
    return pairs


def _term_before(text: str, bracket: int, english: str) -> tuple[int, str, bool] | None:
    """The Russian term that ends just before ``bracket``: the quoted text if quotes close
    there, else the words back to the start of the clause."""
    end = len(text[:bracket].rstrip())
    if end and text[end - 1] == "»":
        start = text.rfind("«", 0, end - 1)
        if start < 0:
            return None
        inner = text[start + 1:end - 1]
        # « Восстание морисков»: a stray space inside the quotes is not part of the term
        lead = len(inner) - len(inner.lstrip())
        return start + 1 + lead, inner.strip(), True
    line_start = text.rfind("\n", 0, end) + 1
    clause = text[line_start:end]
    bounds = [m.end() for m in _CLAUSE_END.finditer(clause)]
    start = line_start + (bounds[-1] if bounds else 0)
    words = list(_WORD.finditer(text, start, end))
    if not words:
        return None
    # An unquoted term is as long as its English original, give or take a word; a capitalised
    # run just before the bracket is a name (Дон-Жуан) and is taken alone.
    words = words[-(len(english.split()) + 1):]
    if words[-1].group()[:1].isupper():
        run: list[re.Match[str]] = []
        for word in reversed(words):
            # a count belongs to the name when the original has one too: «1 ПО [1 VP]»
            if not (word.group()[:1].isupper() or (word.group().isdigit() and english[:1].isdigit())):
                break
            run.insert(0, word)
        words = run
    return words[0].start(), text[words[0].start():end], False


def nominative(russian: str) -> str:
    """``russian`` in the nominative when it is a name cited in an oblique case."""
    words = russian.split()
    if not all(_WORD.fullmatch(w) for w in words):
        return russian  # a quoted sentence («Удалите из колоды, если …») stays as it is
    inflected = ru_nominative(words)
    return russian if inflected is None else " ".join(inflected)
