"""Translations as corpus data: attached to units as extra language sides, stale-aware."""

from __future__ import annotations

import difflib
from pathlib import Path

from ..errors import FolioError
from ..model import Corpus, Side, Translation
from .fields import fields_of
from .store import fingerprint, load_all


def attach(corpus: Corpus, root: Path) -> None:
    """Give every translated unit its side in the translation's language."""
    documents = {d.key: d for d in corpus.documents}
    for translation in load_all(root):
        document = documents.get(translation.document)
        if document is None:
            close = difflib.get_close_matches(translation.document, list(documents), n=1)
            raise FolioError(f"no document {translation.document!r} in the manifest"
                             + (f"; did you mean {close[0]}?" if close else ""), translation.path)
        if translation.lang == document.language:
            raise FolioError(f"{document.key} is written in {document.language}: it cannot be "
                             "translated into its own language", translation.path)
        for entry in translation.entries.values():
            unit = corpus.units.get(entry.unit)
            if unit is None or unit.document != document.key:
                ids = [u for u in corpus.units if corpus.units[u].document == document.key]
                close = difflib.get_close_matches(entry.unit, ids, n=1)
                raise FolioError(f"{document.key} has no unit {entry.unit!r}"
                                 + (f"; did you mean {close[0]}?" if close else ""),
                                 translation.path, entry.line)
            source = unit.sides[document.language]
            if not source.text:
                raise FolioError(f"{entry.unit} has no text of its own to translate (translate "
                                 "its children)", translation.path, entry.line)
            end = entry.line + entry.text.count("\n")
            unit.sides[translation.lang] = Side(entry.text, translation.path, entry.line, end,
                                                fields_of(unit, entry.text))
            corpus.translations[(unit.id, translation.lang)] = Translation(
                unit.id, translation.lang, entry.text, entry.source, entry.fingerprint,
                translation.path, entry.line, entry.comment,
                stale=fingerprint(source.text) != entry.fingerprint, fuzzy=entry.fuzzy)
