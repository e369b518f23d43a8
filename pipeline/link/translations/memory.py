"""A translation memory over the corpus's own translations: a suggestion for a unit nobody has
translated yet, taken from the translation of a unit whose source reads the same or nearly so.

A new event brings an ``EVENTS PHASE:`` heading that fifty translated events already have; a
new effect may repeat one of another event with another sum. Like a CAT tool's memory, the PO
export offers the existing translation as a *fuzzy* suggestion, its match score in a ``#.``
comment (pipeline/link/translations/po.py); it is never stored: only a translator who accepts it
(clears the fuzzy flag, or edits it) makes it a translation, and an import of the untouched
suggestion takes nothing (:func:`untouched`).

Exact matches are looked up by their normalized text (list marker and white space aside); close
ones among the translations that share rare words with the unit, scored by the share of tokens
in common (pipeline/editions/align.py, the measure the sentence alignment uses).
"""

from __future__ import annotations

import difflib
import weakref
from collections import Counter
from dataclasses import dataclass

from ...core.model import Corpus, Document, Status
from ...editions.align import normalized, tokens
from .realign import renumbered

#: the least share of tokens a source must have in common with the unit's to be suggested
#: (CAT tools' usual floor for a fuzzy match)
FUZZY_FLOOR = 0.75
#: a token this many translated sources share says nothing about which one is close
_COMMON = 50
#: the candidates that share the most words with a unit, scored in full
_CANDIDATES = 20


@dataclass(frozen=True)
class Suggestion:
    unit: str  # the unit it is for
    text: str  # the translation offered, its list marker renumbered as the unit's source
    score: int  # percent: 100 for the same source text
    origin: str  # the translated unit it comes from

    @property
    def comment(self) -> str:
        """The ``#.`` line of the PO entry: where the suggestion comes from, and how close."""
        return f"translation memory: {self.score}% match, as {self.origin} is translated"


@dataclass(frozen=True)
class _Entry:
    unit: str
    source: str
    text: str
    tokens: tuple[str, ...]


class Memory:
    """Every current translation into one language of sources in another, indexed."""

    def __init__(self, corpus: Corpus, source_lang: str, lang: str):
        self.entries: list[_Entry] = []
        self.exact: dict[str, _Entry] = {}
        self.postings: dict[str, list[int]] = {}
        for (unit_id, to), translation in corpus.translations.items():
            unit = corpus.units[unit_id]
            side = unit.sides.get(source_lang)
            # a stale or fuzzy translation is no model to copy
            if to != lang or side is None or not side.text or corpus.status(unit, lang) != Status.TRANSLATED:
                continue
            entry = _Entry(unit_id, side.text, translation.text, tuple(t.casefold() for t in tokens(side.text)))
            self.exact.setdefault(normalized(side.text), entry)  # the first in corpus order
            for token in set(entry.tokens):
                self.postings.setdefault(token, []).append(len(self.entries))
            self.entries.append(entry)

    def suggest(self, unit_id: str, source: str) -> Suggestion | None:
        same = self.exact.get(normalized(source))
        if same is not None:
            return Suggestion(unit_id, renumbered(same.text, same.source, source), 100, same.unit)
        wanted = [t.casefold() for t in tokens(source)]
        shared: Counter[int] = Counter()
        for token in set(wanted):
            found = self.postings.get(token, ())
            if len(found) <= _COMMON:
                shared.update(found)
        best: tuple[float, int] | None = None
        matcher = difflib.SequenceMatcher(b=wanted, autojunk=False)
        for n, _count in shared.most_common(_CANDIDATES):
            matcher.set_seq1(self.entries[n].tokens)
            if matcher.real_quick_ratio() < FUZZY_FLOOR or matcher.quick_ratio() < FUZZY_FLOOR:
                continue
            ratio = matcher.ratio()
            if ratio >= FUZZY_FLOOR and (best is None or ratio > best[0]):
                best = (ratio, n)
        if best is None:
            return None
        entry = self.entries[best[1]]
        # never 100 for a text that differs: a translator must see that it does
        return Suggestion(unit_id, renumbered(entry.text, entry.source, source), min(99, int(best[0] * 100)),
                          entry.unit)


#: the memories of the last corpus asked about, while it lives and its translations stay the
#: same: an export asks once per document, and the memory is the same for each
_last: dict = {"corpus": None, "signature": None, "memories": {}}


def memory(corpus: Corpus, source_lang: str, lang: str) -> Memory:
    signature = (id(corpus.translations), len(corpus.translations))
    same = _last["corpus"] is not None and _last["corpus"]() is corpus and _last["signature"] == signature
    if not same:
        _last.update(corpus=weakref.ref(corpus), signature=signature, memories={})
    memories = _last["memories"]
    if (source_lang, lang) not in memories:
        memories[(source_lang, lang)] = Memory(corpus, source_lang, lang)
    return memories[(source_lang, lang)]


def suggestions(corpus: Corpus, document: Document, lang: str) -> dict[str, Suggestion]:
    """Unit id -> the suggestion for each of the document's units that has no translation into
    ``lang`` and a source the memory knows (or nearly)."""
    if lang == document.language:
        return {}
    found: dict[str, Suggestion] = {}
    known = None
    for unit in corpus.lookup().units_of(document.key):
        source = unit.sides.get(document.language)
        if source is None or not source.text or corpus.status(unit, lang) != Status.MISSING:
            continue
        known = known or memory(corpus, document.language, lang)
        suggestion = known.suggest(unit.id, source.text)
        if suggestion is not None:
            found[unit.id] = suggestion
    return found

