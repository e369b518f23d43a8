"""Sentences of a unit's text: spaCy's rule-based ``sentencizer`` on the tokens of the blank
pipeline, then the abbreviations and list markers a rules text is full of.

The sentencizer ends a sentence at every ``.``, ``!`` or ``?`` token. spaCy's tokenizer already
keeps ``5.5``, ``p.``, ``i.e.``, ``см.``, ``с.`` and ``т.е.`` whole, and splits ``50d.`` into
``50d`` and a full stop, so those come out right; what is left is corrected here:

- a dot the tokenizer split off an abbreviation that cannot end a sentence (``т. е.`` is the
  tokens ``т . е .``; ``e.g``, ``etc`` before a lower-case word) is not a boundary: a sentence
  of a rules text never starts with a lower-case letter;
- a page or rule abbreviation before its number (``No. 5``, ``стр. 22``) is not a boundary;
- an abbreviation the tokenizer kept whole with its dot (``т.д.``, ``и др.``, ``г.``, ``СР.``)
  before a capitalised word is one;
- a list marker (``1.``, ``a.``, ``•``) is not a sentence, nor is a footnote sign (``*``) after
  the full stop; a line break is white space, as it is to the sentencizer (a heading and its
  duration line, without a full stop between them, are one sentence on both sides).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..core.characters import Shaped
from ..parse.line_shapes import match_item
from .pieces import is_punct, sentence_starts, text_tokens


class Sentence(NamedTuple):
    start: int  # character offsets into the analysed text
    end: int
    text: str


#: abbreviations, as the tokenizer leaves them before the split-off dot, that stand before a
#: number and so never end a sentence there (``No. 5``, ``п. 3``)
BEFORE_NUMBER = {"no", "nos", "p", "pp", "fig", "ch", "sec", "art", "с", "стр", "п", "пп", "рис",
                 "гл", "ст", "табл"}
#: abbreviations that never end a sentence, whatever follows
NEVER_FINAL = {"e.g", "i.e", "cf", "vs", "mr", "mrs", "dr", "st", "см", "напр", "ср", "ок", "т", "т.е",
               "т.к"}
#: punctuation that opens a quotation or a bracket: it belongs to the sentence after it
OPENING = set("([{«„“‘\"")


class _Token(NamedTuple):
    """What the corrections below read of one of spaCy's tokens."""

    text: str
    idx: int
    is_punct: bool
    is_space: bool


def _tokens(text: str, lang: str) -> tuple[list[_Token], list[int]]:
    # the tokenizer of the language's blank pipeline, then spaCy's rule-based sentencizer on its
    # tokens: both as pieces.py has them, spaCy asked only for a piece no build has seen
    spans = text_tokens(text, lang)
    tokens = [_Token(word, start, is_punct(word), word.isspace())
              for start, end in spans for word in (text[start:end],)]
    return tokens, sentence_starts(text, spans, lang)


def sentences(text: str, lang: str) -> list[Sentence]:
    """The sentences of ``text``, offsets into it; list markers are left out."""
    return [Sentence(start, end, text[start:end]) for start, end in _spans(text, lang)]


@lru_cache(maxsize=50_000)
def _spans(text: str, lang: str) -> tuple[tuple[int, int], ...]:
    # markers become spaces, so that every offset stays an offset into ``text``
    masked = "\n".join(" " * _after_marker(line) + line[_after_marker(line):]
                       for line in text.split("\n"))
    if not masked.strip():
        return ()
    tokens, starts = _tokens(masked, lang)  # starts: token indices where a sentence begins
    kept = [0]
    for n in starts[1:]:
        if not _joined(tokens, n):
            kept.append(n)
    kept += [n + 1 for n, token in enumerate(tokens[:-1]) if _ends_with_kept_dot(tokens, n)]
    bounds = sorted(set(kept))
    spans: list[tuple[int, int]] = []
    for i, first in enumerate(bounds):
        last = (bounds[i + 1] if i + 1 < len(bounds) else len(tokens)) - 1
        while last > first and (tokens[last].text in OPENING or tokens[last].is_space):
            last -= 1  # `Вот! «Так?»`: the « opens the next sentence
        while first < last and tokens[first].is_space:
            first += 1
        begin = tokens[first].idx
        if i and tokens[first - 1].text in OPENING:
            begin = tokens[first - 1].idx
        end = tokens[last].idx + len(tokens[last].text)
        if not any(ch.isalnum() for ch in masked[begin:end]):
            if spans:  # a lone `*` after the full stop belongs to the sentence before
                spans[-1] = (spans[-1][0], end)
            continue
        spans.append((begin, end))
    return tuple(spans)


def _joined(tokens, n: int) -> bool:
    """Whether the sentencizer's boundary before token ``n`` is not one."""
    first = next((t for t in tokens[n:] if any(ch.isalnum() for ch in t.text)), None)
    if first is None:
        return True  # nothing but punctuation follows: it closes the sentence before
    if first.text[0].islower():
        return True
    if n >= 2 and tokens[n - 1].text == ".":
        before = _abbreviation(tokens[n - 2].text)
        if before in NEVER_FINAL:
            return True
        if before in BEFORE_NUMBER and first.text[0].isdigit():
            return True
    return False


def _abbreviation(word: str) -> str | None:
    """``word`` as the abbreviation lists spell it; None for capitals (``СР``, ``ST``), which
    are a game's abbreviations, not the language's."""
    return word.lower() if not word.isupper() or len(word) == 1 else None


def _ends_with_kept_dot(tokens, n: int) -> bool:
    """``т.д. Затем``: an abbreviation kept whole with its dot, then a capitalised word."""
    token, after = tokens[n], tokens[n + 1]
    if len(token.text) < 2 or not token.text.endswith(".") or token.is_punct:
        return False
    if _abbreviation(token.text[:-1]) in NEVER_FINAL | BEFORE_NUMBER:
        return False
    return after.text[:1].isupper()


def _after_marker(line: str) -> int:
    shaped = Shaped(line)  # the marker as the parsers read it: `3.` and a no-break space
    item = match_item(shaped.text)
    start = shaped.offset(shaped.text.index(item.marker) + len(item.marker)) if item else 0
    return len(line) - len(line[start:].lstrip())
