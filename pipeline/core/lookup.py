"""The corpus questions a whole build asks of every unit, answered from indexes built once.

Scanning the corpus for ``document_of``, ``references_from`` or ``backlinks`` is right for one
question and quadratic when a renderer or a check asks them for every unit of a large corpus. A
:class:`Lookup` is built once the link stage has run and answers from dictionaries, in corpus
order; the model's own methods of those names ask the corpus's :meth:`~pipeline.core.model.Corpus.lookup`.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the model builds its Lookup (Corpus.lookup): this module never imports it
    from .model import Corpus, Document, Reference, Unit


class Lookup:
    def __init__(self, corpus: Corpus):
        self.corpus = corpus
        self.documents: dict[str, Document] = {d.key: d for d in corpus.documents}
        self._from: dict[str, list[Reference]] = defaultdict(list)
        self._to: dict[str, list[Reference]] = defaultdict(list)
        for ref in corpus.references:
            self._from[ref.source].append(ref)
            if ref.target_id is not None:
                self._to[ref.target_id].append(ref)
        self._units: dict[str, list[Unit]] = defaultdict(list)
        for unit in corpus.units.values():
            self._units[unit.document].append(unit)

    def document_of(self, unit: Unit) -> Document:
        return self.documents[unit.document]

    def references_from(self, unit_id: str) -> list[Reference]:
        return self._from.get(unit_id, [])

    def backlinks(self, unit_id: str) -> list[Reference]:
        """The references that lead to ``unit_id``, in corpus order."""
        return self._to.get(unit_id, [])

    def units_of(self, document: str) -> list[Unit]:
        """The units of one document, in corpus order."""
        return self._units.get(document, [])
