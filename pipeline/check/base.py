"""What every check family shares: declared codes, the context checks read, and locations.

A family is a module with ``CODES`` (every code it can emit, declared once with its default
severity and a one-line summary) and ``check(ctx) -> Iterable[Diagnostic]``, run on each
rulebook; a family that also judges across rulebooks adds ``check_whole(ctx)``, run once on the
whole corpus. :mod:`pipeline.check.families` lists the families in order, and the one runner
(:mod:`pipeline.check.shards`) runs them; the manual's table of codes and SARIF's rule
list are generated from the declarations, so a code cannot exist undocumented.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.diagnostics import Code, Count, Diagnostic, Phrase, Severity, Text, Word, _, ngettext, text
from ..core.lookup import Lookup
from ..core.model import Corpus, Side, Unit
from ..language.words import WORD, Words

__all__ = [
    "WORD",
    "CheckContext",
    "Code",
    "Count",
    "Diagnostic",
    "Phrase",
    "Severity",
    "Text",
    "Word",
    "_",
    "at",
    "locate",
    "ngettext",
    "on_unit",
    "text",
]


@dataclass
class CheckContext:
    """The corpus plus the shared, lazily built resources checks need."""

    corpus: Corpus
    root: Path
    cache: dict[str, Any] = field(default_factory=dict)
    #: what follows from the configuration alone, kept across the shards of one run (see
    #: :meth:`configured`); None: this context's own cache
    run: dict[str, Any] | None = None

    def sides(self) -> Iterator[tuple[Unit, str, Side]]:
        """Every (unit, language, side) that owns text, in document order."""
        for unit in self.corpus.units.values():
            for lang, side in unit.sides.items():
                if side.text:
                    yield unit, lang, side

    def lookup(self) -> Lookup:
        """Indexes over the corpus, built once per run: what a check asks of every unit."""
        return self.corpus.lookup()  # the corpus's own: one per corpus, not one per family run

    def words(self, side: Side) -> Words:
        """The side's words (pipeline/language/words.py): :meth:`Words.of` its text, a table
        kept while the text is among the process's most recent ones, not for the run, so that
        a large corpus's tables are not all held at once: the families walking one rulebook's
        shard, one after the other, read one table per text; a context over more texts than
        that cache holds splits each again per family."""
        return Words.of(side.text)

    def rulebook(self, document: str) -> str:
        """The rulebook of the document keyed ``document`` ("" for a key this corpus lacks):
        the one way every family asks it, from an index of the documents made once per context
        (a translated unit's comparisons ask it three times, and a terminology check per side)."""
        return self.shared("rulebooks", self._rulebooks).get(document, "")

    def _rulebooks(self) -> dict[str, str]:
        return {d.key: d.rulebook for d in self.corpus.documents}

    def shared(self, key: str, factory):
        """One instance per run of something expensive (a pipeline, a dictionary)."""
        if key not in self.cache:
            self.cache[key] = factory()
        return self.cache[key]

    def configured(self, key: str, factory):
        """Like :meth:`shared`, for what depends on the configuration and not on the units (a
        game's compiled glossary): made once per run, not once per rulebook's shard. A run
        checks one corpus, which does not change while it runs: so what follows from the
        configuration and the corpus-wide values every shard receives (script's Latin words) is
        kept here too, keyed by what it is asked of (a form, an abbreviation) alone."""
        store = self.cache if self.run is None else self.run
        if key not in store:
            store[key] = factory()
        return store[key]


def locate(side: Side, offset: int) -> tuple[int, int]:
    """Line and 1-based column of character ``offset`` of ``side.text``."""
    before = side.text[:offset]
    line = side.line_start + before.count("\n")
    col = offset - (before.rfind("\n") + 1) + 1
    return line, col


def at(code: Code, unit: Unit, side: Side, offset: int, message: Text, *,
       suggestion: str | Text | None = None) -> Diagnostic:
    """A diagnostic for ``code`` at character ``offset`` of a unit's own text."""
    line, col = locate(side, offset)
    return Diagnostic.of(side.path, line, code.code, message, code.severity, col, unit.id, suggestion)


def on_unit(code: Code, unit: Unit, side: Side, message: Text, *,
            suggestion: str | Text | None = None) -> Diagnostic:
    """A diagnostic for a whole unit, placed on its first line."""
    return Diagnostic.of(side.path, side.line_start, code.code, message, code.severity, 1, unit.id,
                         suggestion)

