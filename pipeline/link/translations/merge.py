"""An import merges into what is stored: it adds and updates, it never deletes by omission.

A PO file that holds only some entries (a CAT tool's "translated only" download), or one whose
msgstr a translator blanked, leaves every other stored translation as it was. Removing one is an
act of its own (``prune``, or `folio translations remove`), and says what it removed.

Stored translations are first put where they are placed now (pipeline/link/translations/realign.py):
one that followed its renumbered sentence is recorded under its new id, which is the move the
import reports. A translation that translates no unit any more keeps its id, unless a unit of
that id now gets a translation of its own: then it is set aside in the file's ``orphaned`` list,
still kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .realign import Placement
from .store import Entry, TranslationFile


@dataclass
class Changes:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)  # now marked as needing review
    reviewed: list[str] = field(default_factory=list)  # the review mark taken off
    moved: list[tuple[str, str]] = field(default_factory=list)  # (stored under, recorded under)
    unchanged: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)  # empty msgstr: the stored one stays
    kept: list[str] = field(default_factory=list)  # stored, not in the PO file: stays
    removed: list[str] = field(default_factory=list)  # only with prune
    set_aside: list[str] = field(default_factory=list)  # moved into ``orphaned``
    #: the corrected source recorded (`folio translations realign`): its spelling was fixed
    corrected: list[str] = field(default_factory=list)
    #: followed their sentence, not recorded: an import that takes nothing from a file leaves it
    unrecorded: list[tuple[str, str]] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.taken or self.moved or self.set_aside or self.corrected)

    @property
    def taken(self) -> bool:
        """Something of the PO file's own: a translation, a review mark, or a removal."""
        return bool(self.added or self.updated or self.fuzzy or self.reviewed or self.removed)


def merge(stored: TranslationFile, placed: list[Placement], incoming: list[Placement],
          empty: list[str], *, prune: bool = False,
          untouched: Sequence[str] = ()) -> tuple[TranslationFile, Changes]:
    """``stored`` with ``incoming`` merged in. ``placed``: where each stored entry is placed
    now; ``incoming``: each PO entry with a translation, placed likewise (on its msgctxt, or on
    the unit its source sentence moved to; an orphan stays on its msgctxt); ``empty``: units
    the PO file lists without a translation; ``untouched``: units whose PO entry is as the
    export wrote it (the stored translation stays as it is)."""
    changes = Changes()
    entries: dict[str, Entry] = {}
    orphans: list[Entry] = []
    for placement in placed:  # the placed ones first: they own the ids they are placed on
        if placement.unit is not None:
            entries[placement.unit] = placement.recorded()
            if placement.moved:
                changes.moved.append((placement.entry.unit, placement.unit))
    for placement in placed:
        if placement.unit is None:
            orphans.append(placement.entry)
    result = TranslationFile(stored.document, stored.lang, stored.path, entries, list(stored.orphaned))
    taken: set[str] = set(untouched)
    changes.unchanged += list(untouched)
    for placement in incoming:
        new = placement.recorded() if placement.unit is not None else placement.entry
        unit = new.unit
        if placement.moved and (placement.entry.unit, unit) not in changes.moved:
            changes.moved.append((placement.entry.unit, unit))  # once, though stored and sent
        taken.add(unit)
        _classify(entries.get(unit), new, changes)
        entries[unit] = new
    for orphan in orphans:
        if orphan.unit in entries:
            result.orphaned.append(orphan)
            changes.set_aside.append(orphan.unit)
        else:
            entries[orphan.unit] = orphan
    # an empty msgstr passes over the translation placed on its unit; an orphan kept under
    # the unit's id is not that unit's translation, and stays as every orphan does
    placed_on = {placement.unit for placement in placed if placement.unit is not None}
    changes.ignored = [unit for unit in empty if unit in placed_on and unit not in taken]
    untouched = [unit for unit in entries if unit not in taken]
    if prune:
        for unit in untouched:
            del entries[unit]
        changes.removed = untouched + [e.unit for e in result.orphaned]
        result.orphaned = []
    else:
        changes.kept = [unit for unit in untouched if unit not in changes.ignored]
    return result, changes


def _classify(old: Entry | None, new: Entry, changes: Changes) -> None:
    if old is None:
        changes.added.append(new.unit)
    elif (old.text, old.source, old.comment, old.fuzzy) == (new.text, new.source, new.comment, new.fuzzy):
        changes.unchanged.append(new.unit)
    elif new.fuzzy and not old.fuzzy and (old.text, old.source) == (new.text, new.source):
        changes.fuzzy.append(new.unit)
    elif old.fuzzy and not new.fuzzy and (old.text, old.source) == (new.text, new.source):
        changes.reviewed.append(new.unit)
    else:
        changes.updated.append(new.unit)
        if new.fuzzy:
            changes.fuzzy.append(new.unit)


def changes_summary(changes: Changes) -> str:
    """`2 added, 1 updated, 1 now fuzzy, 50 unchanged, 3 ignored (empty msgstr)`: every count."""
    counts = [(len(changes.added), "added"), (len(changes.updated), "updated"),
              (len(changes.fuzzy), "now fuzzy"), (len(changes.reviewed), "reviewed"),
              (len(changes.moved), "moved"), (len(changes.corrected), "corrected source recorded"),
              (len(changes.set_aside), "set aside"),
              (len(changes.unrecorded), "followed their sentence (the build places them; "
                                        "`folio translations realign` records the move)"),
              (len(changes.removed), "removed"), (len(changes.unchanged), "unchanged"),
              (len(changes.ignored), "ignored (empty msgstr: the stored one stays)"),
              (len(changes.kept), "kept (not in the PO file)")]
    shown = [f"{n} {what}" for n, what in counts if n]
    return ", ".join(shown) or "nothing to take"


def changes_detail(changes: Changes) -> str:
    """One line per unit that changed, for a translator to check what the import did."""
    lines = [f"  added      {unit}\n" for unit in changes.added]
    lines += [f"  updated    {unit}\n" for unit in changes.updated]
    lines += [f"  now fuzzy  {unit}\n" for unit in changes.fuzzy]
    lines += [f"  reviewed   {unit}\n" for unit in changes.reviewed]
    lines += [f"  moved      {old} -> {new}\n" for old, new in changes.moved]
    lines += [f"  corrected  {unit} (its source's correction recorded)\n" for unit in changes.corrected]
    lines += [f"  set aside  {unit} (its unit now has another translation; kept under orphaned)\n"
              for unit in changes.set_aside]
    lines += [f"  removed    {unit}\n" for unit in changes.removed]
    return "".join(lines)
