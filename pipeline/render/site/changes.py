"""A document's "what changed" page, as rows a player reads: from the edition diff, never from text.

The diff speaks in ids (pipeline/editions/diff.py); a reader is shown where each change is (the
heading of its rule or event, linked to the unit's anchor), its text in the page's language where
the edition has it, the old number of a renumbered rule, and the words that changed. A unit whose
id changed but whose number did not (a paragraph of a renumbered rule) is not listed: for a
reader nothing happened to it, and the old id still leads to it (an alias on the document page).
A unit moved to another place (another event, another rule) is listed as moved, with where it
stood and where it stands now; a change that only corrected spelling, punctuation or quote marks
is listed as corrected, apart from the changes of meaning. A row shown in the original because
its unit has no current translation says so (``untranslated``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...core.model import Corpus, Status, Unit
from ...editions.diff import DocumentDiff
from ...editions.worddiff import Chunk
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
    #: a moved unit's old place (the heading it stood under), linked where this edition has it
    moved_from: str | None = None
    moved_from_href: str | None = None
    #: shown in the original on a page of another language: its translation is missing or was
    #: made from the old text
    untranslated: bool = False
    #: ``where`` heading by heading, each with its language: a new event not translated yet is
    #: named by its original title, marked as such
    where_parts: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Changes:
    renumbered: list[Row]
    changed: list[Row]
    added: list[Row]
    removed: list[Row]
    moved: list[Row] = field(default_factory=list)
    corrected: list[Row] = field(default_factory=list)

    @property
    def count(self) -> int:
        return (len(self.renumbered) + len(self.moved) + len(self.changed) + len(self.corrected)
                + len(self.added) + len(self.removed))


def rows(diff: DocumentDiff, corpus: Corpus, lang: str, source_lang: str,
         href: Callable[[str], str], heading: Callable[[Unit], str], title: str) -> Changes:
    """``href(unit id)`` links to a unit of this edition; ``heading(unit)`` is a heading's label
    in the page's language; ``title`` the document's, for what stands under no heading."""

    def where(unit_id: str) -> str:
        """The headings above the unit up to the first numbered one: "2:I ELECTION OF THE HOLY
        ROMAN EMPEROR › EVENTS PHASE", "5.5 Military Actions › Declare War"."""
        return " › ".join(text for text, _ in parts(unit_id)) or title

    def parts(unit_id: str) -> list[tuple[str, str]]:
        unit = corpus.units[unit_id]
        labels: list[tuple[str, str]] = []
        for candidate in (unit, *corpus.ancestors(unit)):
            if candidate.kind in HEADINGS:
                said = lang if lang in candidate.sides else source_lang  # as heading() says it
                labels.insert(0, (heading(candidate), said))
                if candidate.attrs.get("number") is not None:
                    break
        return labels

    def placed(row: Row, unit_id: str | None) -> Row:
        row.where_parts = parts(unit_id) if unit_id else []
        return row

    def shown(unit_id: str) -> tuple[str, str]:
        """The unit's text in the page's language where a current translation gives it."""
        unit = corpus.units[unit_id]
        translated = lang in unit.sides and corpus.status(unit, lang) in (Status.SOURCE, Status.TRANSLATED)
        side_lang = lang if translated and unit.sides[lang].text else source_lang
        return unit.sides[side_lang].text, side_lang

    def edited(unit_id: str, changes: list[Chunk]) -> Row:
        """A changed unit: the words that changed, in the original; on a page of another
        language its current translation too, or a word that there is none yet."""
        text, text_lang = shown(unit_id)
        translated = text_lang == lang != source_lang
        return placed(Row(where(unit_id), href(unit_id), text if translated else "",
                          text_lang if translated else source_lang, diff=changes,
                          untranslated=lang != source_lang and not translated), unit_id)

    renumbered: list[Row] = []
    moved: list[Row] = []
    changed: list[Row] = []
    corrected: list[Row] = []
    for move in diff.moved:
        text, text_lang = shown(move.new)
        row = placed(Row(where(move.new), href(move.new), text, text_lang, move.old_number, move.new_number,
                         move.diff, untranslated=text_lang != lang), move.new)
        if move.relocated:
            if move.old_place in corpus.units:
                row.moved_from, row.moved_from_href = where(move.old_place), href(move.old_place)
            moved.append(row)
        elif move.old_number != move.new_number:
            renumbered.append(row)
        elif move.diff:
            (corrected if move.corrected else changed).append(edited(move.new, move.diff))
    changed += [edited(c.id, c.diff) for c in diff.changed]
    corrected += [edited(c.id, c.diff) for c in diff.corrected]
    added = []
    for present in diff.added:
        text, text_lang = shown(present.id)
        added.append(placed(Row(where(present.id), href(present.id), text, text_lang,
                                untranslated=text_lang != lang), present.id))
    removed = []
    for gone in diff.removed:
        text_lang = lang if gone.texts.get(lang) else source_lang
        removed.append(placed(Row(where(gone.within) if gone.within else title,
                                  href(gone.within) if gone.within else None, gone.texts[text_lang], text_lang,
                                  gone.number), gone.within))
    return Changes(renumbered, changed, added, removed, moved, corrected)
