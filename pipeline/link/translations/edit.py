"""The translator's explicit acts on stored translations, besides an import: record where the
translations that followed their sentences now are, and remove one."""

from __future__ import annotations

import dataclasses
import difflib
from pathlib import Path

from ...core.errors import FolioError
from ...core.lookup import Lookup
from ...core.model import Corpus
from ...util.atomic import write_files_atomic
from .merge import Changes, merge
from .realign import place
from .store import Entry, TranslationFile, dump, fingerprint, load_all


def realign(corpus: Corpus, root: Path, lang: str | None = None) -> list[tuple[str, Changes]]:
    """Store every translation under the unit it is placed on now, made from its source as
    corrected (when the source was only corrected since); what each file changed."""
    done, files = [], {}
    lookup = Lookup(corpus)
    for stored in _files(root, lang):
        document = lookup.documents[stored.document]
        placed = place(stored, lookup.units_of(stored.document), document.language)
        merged, changes = merge(stored, placed, [], [])
        for unit_id, entry in merged.entries.items():
            translation = corpus.translations.get((unit_id, stored.lang))
            if translation is not None and translation.corrected and entry.source == translation.source:
                now = corpus.units[unit_id].sides[document.language].text
                merged.entries[unit_id] = dataclasses.replace(entry, source=now, fingerprint=fingerprint(now))
                changes.corrected.append(unit_id)
        if changes.changed:
            files[Path(root) / stored.path] = dump(merged, list(corpus.units), document.title)
        done.append((stored.path, changes))
    write_files_atomic(files)
    return done


def remove(corpus: Corpus, root: Path, unit_ids: list[str], lang: str, *,
           orphaned: bool = False) -> list[tuple[str, Entry]]:
    """Remove the stored translations of ``unit_ids`` into ``lang``; ``orphaned``: the ones an
    import set aside under those ids instead (the live translation of the id stays)."""
    stored_files = {f.document: f for f in _files(root, lang)}
    titles = {d.key: d.title for d in corpus.documents}
    removed: list[tuple[str, Entry]] = []
    changed: dict[str, TranslationFile] = {}
    for unit_id in unit_ids:
        found = _remove_one(stored_files.values(), unit_id, orphaned)
        if found is None:
            kept = [key for f in stored_files.values()
                    for key in ([e.unit for e in f.orphaned] if orphaned else f.entries)]
            close = difflib.get_close_matches(unit_id, kept, n=1)
            raise FolioError(f"no {'set-aside' if orphaned else 'stored'} {lang} translation of "
                             f"{unit_id!r}" + (f"; did you mean {close[0]}?" if close else ""))
        stored, entry = found
        changed[stored.document] = stored
        removed.append((stored.path, entry))
    write_files_atomic({Path(root) / f.path: dump(f, list(corpus.units), titles[f.document])
                        for f in changed.values()})
    return removed


def _remove_one(files, unit_id: str, orphaned: bool) -> tuple[TranslationFile, Entry] | None:
    for stored in files:
        if not orphaned and unit_id in stored.entries:
            return stored, stored.entries.pop(unit_id)
        for n, entry in enumerate(stored.orphaned if orphaned else []):
            if entry.unit == unit_id:
                return stored, stored.orphaned.pop(n)
    return None


def _files(root: Path, lang: str | None) -> list[TranslationFile]:
    return [f for f in load_all(root) if lang is None or f.lang == lang]
