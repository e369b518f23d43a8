"""One parser per source format; the manifest's ``parser`` field names one of :data:`PARSERS`.

A format's parser also reads the sides translations add to its units (:data:`SIDE_READERS`),
with the patterns it parses the source with: the driver hands :func:`translated_side` to the
attach stage, so that no later stage reads text a parser could have read.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.model import Document, Side, Unit
from ..read.reader import Source
from . import gmt_rulebook, pop_rulebook, risto_events, translated
from .translated import FieldReader

Parser = Callable[[Document, Source], list[Unit]]

PARSERS: dict[str, Parser] = {
    "risto-events": risto_events.parse,
    "gmt-rulebook": gmt_rulebook.parse,
    "pop-rulebook": pop_rulebook.parse,
}

#: each format's reader of a translated side's fields, by the parser's name
SIDE_READERS: dict[str, FieldReader] = {
    "risto-events": risto_events.side_fields,
    "gmt-rulebook": gmt_rulebook.side_fields,
    "pop-rulebook": pop_rulebook.side_fields,
}


def translated_side(document: Document, unit: Unit, text: str, path: str, line_start: int,
                    line_end: int) -> Side:
    """``unit``'s side in a translation, its ``text`` read by ``document``'s parser."""
    return translated.translated_side(SIDE_READERS, document, unit, text, path, line_start, line_end)
