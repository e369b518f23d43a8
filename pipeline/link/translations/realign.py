"""Where each stored translation goes now: to the unit whose source is the sentence it translates.

A translation is stored under the unit id it was made for, with the source text it was made
from. When the source is edited, ids may shift (a precondition inserted before the old 2 makes
it 3), so the id alone would attach the old sentence's translation to whatever took its number.
Like gettext's ``msgmerge``, placement goes by the recorded source text (pipeline/editions/align.py):

- the same sentence (marker aside) under the same id: in place, fresh;
- the same sentence under another id: it follows the sentence (``moved``), fresh, its list
  marker renumbered as the source's was;
- a similar sentence under the same id: in place, stale (the source was edited);
- a clearly similar sentence under another id: follows it, stale and fuzzy (a suggestion to
  review, never shown as finished);
- nothing close enough: placed nowhere (``orphaned``): kept in its file, reported, shown to no
  reader. Nothing is silently attached to a different sentence.

The stored files are not changed here; `folio po import` (and `folio translations realign`)
record a move when a translator takes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.model import Unit
from ...editions.align import MARKER, How, Piece, align, similarity
from .store import Entry, TranslationFile, fingerprint


@dataclass(frozen=True)
class Placement:
    entry: Entry
    unit: str | None  # the unit it goes to; None: orphaned
    how: How | None = None
    similarity: float = 0.0
    #: for an orphan: the unit whose source comes closest, and how close, to help a translator
    closest: str | None = None
    now: str | None = None  # the source text of the unit it goes to

    def recorded(self) -> Entry:
        """The entry as it is stored once the move is recorded: under its new id; a sentence
        that only changed its number renumbered with it, and made from the source as it is now."""
        entry, unit, now = self.entry, self.unit, self.now
        if not self.moved or unit is None:
            return entry
        if self.how == How.MOVED and now is not None:
            return Entry(unit, renumbered(entry.text, entry.source, now), now,
                         fingerprint(now), entry.comment, entry.line, entry.fuzzy)
        return Entry(unit, entry.text, entry.source, entry.fingerprint, entry.comment,
                     entry.line, entry.fuzzy)

    @property
    def moved(self) -> bool:
        return self.unit is not None and self.unit != self.entry.unit


def place(translation: TranslationFile, units: list[Unit], source_lang: str) -> list[Placement]:
    """Where each entry of ``translation`` goes among ``units`` (one document's, in order)."""
    own = [unit for unit in units if unit.sides[source_lang].text]
    kinds = {unit.id: str(unit.kind) for unit in own}
    old = [Piece(e.unit, e.source, kinds.get(e.unit)) for e in translation.entries.values()]
    new = [Piece(unit.id, unit.sides[source_lang].text, str(unit.kind)) for unit in own]
    found = align(old, new).new_of()
    texts = {piece.id: piece.text for piece in new}
    placed = []
    for entry in translation.entries.values():
        pair = found.get(entry.unit)
        if pair is not None:
            placed.append(Placement(entry, pair.new, pair.how, pair.similarity, now=texts[pair.new]))
        else:
            placed.append(_orphan(entry, new))
    return placed


def _orphan(entry: Entry, new: list[Piece]) -> Placement:
    scored = max(((similarity(entry.source, piece.text), piece.id) for piece in new), default=None)
    if scored is None:
        return Placement(entry, None)
    return Placement(entry, None, closest=scored[1], similarity=round(scored[0], 3))


def renumbered(text: str, old_source: str, new_source: str) -> str:
    """The translation with its list marker renumbered as the source's was (``2.`` -> ``3.``);
    any other text as it is."""
    old, new, own = MARKER.match(old_source), MARKER.match(new_source), MARKER.match(text)
    if not (old and new and own) or old.group().strip() == new.group().strip():
        return text
    if own.group().strip() != old.group().strip():
        return text  # the translator numbered it otherwise: theirs to decide
    indent = own.group()[: len(own.group()) - len(own.group().lstrip())]
    return indent + new.group().strip() + own.group()[len(own.group().rstrip()):] + text[own.end():]
