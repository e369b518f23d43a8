"""Invisible characters: zero-width spaces and joiners, bidi controls, soft hyphens.

The parsers and the reference extractor read past them (pipeline/core/characters.py), so `21.\u200b5`
is still rule 21.5; but a search, a copy into another tool or a translator's editor sees two
numbers, and a bidi control can reorder what a reader sees. Each is reported where it stands:
an error inside a number, an id or a cross-reference, where it changes what the text means
to anything but Folio; a warning elsewhere. Part of the script family (pipeline/check/script.py).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator

from ..core.characters import INVISIBLE, INVISIBLE_CHAR
from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Reference, Side, Unit
from . import character_names
from .base import CheckContext, Code, _, text

IN_NUMBER = Code("script-invisible-number", Severity.ERROR,
                 "an invisible character (zero-width space, bidi control, soft hyphen) inside a "
                 "number, an id or a cross-reference (`21.5` with a zero-width space after the dot)")
INVISIBLE_ELSEWHERE = Code("script-invisible", Severity.WARNING,
                           "an invisible character (zero-width space or joiner, bidi control, soft "
                           "hyphen) in the text: no reader sees it, search and spelling do")
CODES = [IN_NUMBER, INVISIBLE_ELSEWHERE]

#: the characters of a number or an id around the invisible one, read with the invisible
#: characters left out: `21.5`, `8:I` (no number or id is longer than _REACH)
_BEFORE = re.compile(r"\d[\d.:]*$")
_AFTER = re.compile(r"[.:]?\d[\d.:]*")
_PERIOD_AFTER = re.compile(r"[IVXL]+\b")  # the period of an event's id, after its colon
_VISIBLE = str.maketrans(dict.fromkeys(INVISIBLE))
_REACH = 40


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    spans: dict[tuple[str, str], list[tuple[int, int, Reference]]] | None = None
    for unit, lang, side in ctx.sides():
        if not INVISIBLE_CHAR.search(side.text):
            continue
        if spans is None:  # the references' places, once, and only for a corpus that needs them
            spans = _reference_spans(ctx)
        yield from _report(unit, side, spans.get((unit.id, lang), []))


def _report(unit: Unit, side: Side, references: list[tuple[int, int, Reference]]) -> Iterator[Diagnostic]:
    # the characters and the references both in order of place, each passed once, and lines
    # counted from the character before: a text holding thousands costs no more than its length
    references = sorted(references, key=lambda r: r[0])
    next_ref, line, line_start, at_ = 0, side.line_start, 0, 0
    for match in INVISIBLE_CHAR.finditer(side.text):
        offset, char = match.start(), match.group()
        character = character_names.names(char)
        while next_ref < len(references) and references[next_ref][1] <= offset:
            next_ref += 1
        reference = references[next_ref][2] if next_ref < len(references) \
            and references[next_ref][0] < offset else None
        number = _number_around(side.text, offset)
        line += side.text.count("\n", at_, offset)
        line_start = side.text.rfind("\n", at_, offset) + 1 or line_start
        at_ = offset
        place = (side.path, line, offset - line_start + 1, unit.id)
        if reference is not None:
            message = text(_("invisible character %(character)s inside the reference `%(reference)s`: "
                             "Folio reads past it, a search or another tool does not"),
                           character=character, reference=_visible(reference.text))
        elif number is not None:
            message = text(_("invisible character %(character)s inside the number `%(number)s`: Folio "
                             "reads past it, a search or another tool reads two numbers"),
                           character=character, number=number)
        else:
            yield _at(INVISIBLE_ELSEWHERE, place,
                      text(_("invisible character %(character)s: no reader sees it, but it splits the "
                             "word for search and spelling"), character=character))
            continue
        yield _at(IN_NUMBER, place, message)


def _at(code: Code, place: tuple[str, int, int, str], message) -> Diagnostic:
    path, line, col, unit_id = place
    return Diagnostic.of(path, line, code.code, message, code.severity, col, unit_id,
                         text(_("delete the character")))


def _number_around(written: str, offset: int) -> str | None:
    """The number or id (`21.5`, `8:I`) the invisible character at ``offset`` stands inside,
    read without the invisible characters; None when it stands between other characters."""
    line_start = max(written.rfind("\n", max(offset - _REACH, 0), offset) + 1, offset - _REACH, 0)
    line_end = written.find("\n", offset, offset + _REACH)
    before = _visible(written[line_start:offset])
    after = _visible(written[offset:line_end if line_end >= 0 else offset + _REACH])
    head = _BEFORE.search(before)
    tail = _PERIOD_AFTER.match(after) if before.endswith(":") else None
    tail = tail or _AFTER.match(after)
    if head is None or tail is None:
        return None
    return (head.group() + tail.group()).rstrip(".:")


def _visible(written: str) -> str:
    return written.translate(_VISIBLE)


def _reference_spans(ctx: CheckContext) -> dict[tuple[str, str], list[tuple[int, int, Reference]]]:
    """Each reference's character span in its side's text, by unit and language."""
    holding: dict[tuple[str, str], list[Reference]] = defaultdict(list)
    for ref in ctx.corpus.references:
        if INVISIBLE_CHAR.search(ref.text):  # a reference holding none has none inside it
            holding[(ref.source, ref.lang)].append(ref)
    found: dict[tuple[str, str], list[tuple[int, int, Reference]]] = defaultdict(list)
    for (source, lang), references in holding.items():
        unit = ctx.corpus.units.get(source)
        side = unit.sides.get(lang) if unit is not None else None
        if side is None:
            continue
        starts = [0]  # where each of the side's lines starts in its text
        for line in side.text.split("\n"):
            starts.append(starts[-1] + len(line) + 1)
        for ref in references:
            index = ref.line - side.line_start
            if 0 <= index < len(starts) - 1:
                start = starts[index] + ref.col - 1
                found[(source, lang)].append((start, start + len(ref.text), ref))
    return found
