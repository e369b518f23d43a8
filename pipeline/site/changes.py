"""A document's "what changed" page, as rows a player reads: from the edition diff, never from text.

The diff speaks in ids (pipeline/editions/diff.py); a reader is shown where each change is (the
heading of its rule or event, linked to the unit's anchor), its text in the page's language where
the edition has it, the old number of a renumbered rule, and the words that changed. A unit whose
id changed but whose number did not (a paragraph of a renumbered rule) is not listed: for a
reader nothing happened to it, and the old id still leads to it (an alias on the document page).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..editions.diff import DocumentDiff
from ..model import Corpus, Status, Unit
from ..worddiff import Chunk
from .units import HEADINGS


@dataclass
class Row:
    where: str  # the heading the unit is, or stands under
    href: str | None  # the unit's anchor in this edition; None for a removed unit without a place
    text: str = ""
    lang: str = ""  # the language of ``text`` (or of ``diff``)
    was: str | None = None  # a renumbered unit's old number
    now: str | None = None
    diff: list[Chunk] = field(default_factory=list)


@dataclass
class Changes:
    renumbered: list[Row]
    changed: list[Row]
    added: list[Row]
    removed: list[Row]

    @property
    def count(self) -> int:
        return len(self.renumbered) + len(self.changed) + len(self.added) + len(self.removed)


def rows(diff: DocumentDiff, corpus: Corpus, lang: str, source_lang: str,
         href: Callable[[str], str], heading: Callable[[Unit], str], title: str) -> Changes:
    """``href(unit id)`` links to a unit of this edition; ``heading(unit)`` is a heading's label
    in the page's language; ``title`` the document's, for what stands under no heading."""

    def where(unit_id: str) -> str:
        """The headings above the unit up to the first numbered one: "2:I ELECTION OF THE HOLY
        ROMAN EMPEROR › EVENTS PHASE", "5.5 Military Actions › Declare War"."""
        unit = corpus.units[unit_id]
        labels = []
        for candidate in (unit, *corpus.ancestors(unit)):
            if candidate.kind in HEADINGS:
                labels.insert(0, heading(candidate))
                if candidate.attrs.get("number") is not None:
                    break
        return " › ".join(labels) or title

    def shown(unit_id: str) -> tuple[str, str]:
        """The unit's text in the page's language where a current translation gives it."""
        unit = corpus.units[unit_id]
        translated = lang in unit.sides and corpus.status(unit, lang) in (Status.SOURCE, Status.TRANSLATED)
        side_lang = lang if translated and unit.sides[lang].text else source_lang
        return unit.sides[side_lang].text, side_lang

    renumbered, changed = [], []
    for move in diff.moved:
        text, text_lang = shown(move.new)
        row = Row(where(move.new), href(move.new), text, text_lang, move.old_number, move.new_number,
                  move.diff)
        if move.old_number != move.new_number:
            renumbered.append(row)
        elif move.diff:
            changed.append(Row(row.where, row.href, lang=source_lang, diff=move.diff))
    changed += [Row(where(c.id), href(c.id), lang=source_lang, diff=c.diff) for c in diff.changed]
    added = [Row(where(p.id), href(p.id), *shown(p.id)) for p in diff.added]
    removed = []
    for gone in diff.removed:
        text_lang = lang if gone.texts.get(lang) else source_lang
        removed.append(Row(where(gone.within) if gone.within else title,
                           href(gone.within) if gone.within else None, gone.texts[text_lang], text_lang,
                           gone.number))
    return Changes(renumbered, changed, added, removed)
