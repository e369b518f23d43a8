"""The rulebook of a translated unit, as each comparison of the parity family asks it."""

from __future__ import annotations

from ..core.model import Unit
from .base import CheckContext


def rulebook(ctx: CheckContext, unit: Unit) -> str:
    """The rulebook of ``unit``'s document: read from the run's index of documents by key, since
    three comparisons of every translated unit ask it (through the corpus's lookup, each asking
    checked the corpus for changes first)."""
    return ctx.shared("parity.documents", lambda: ctx.lookup().documents)[unit.document].rulebook
