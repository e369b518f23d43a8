"""One parser per source format; the manifest's ``parser`` field names one of :data:`PARSERS`."""

from __future__ import annotations

from typing import Callable

from ..model import Document, Unit
from ..reader import Source
from . import gmt_rulebook, pop_rulebook, risto_events

Parser = Callable[[Document, Source], list[Unit]]

PARSERS: dict[str, Parser] = {
    "risto-events": risto_events.parse,
    "gmt-rulebook": gmt_rulebook.parse,
    "pop-rulebook": pop_rulebook.parse,
}
