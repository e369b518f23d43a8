"""What a decision table's columns and cells say: the words for the rules' inputs, results and
values, as a player reads them, in the website's catalogs.

The rules module names its inputs for programmers (``protestant_home_space``, ``re-roll-not-
marked``); a page shows none of those. Each game gives the words for its own rules
(``pipeline/games/<game>/table_words.py``, registered in :mod:`pipeline.render.games`); each
word is a msgid of the Babel catalogs, so the Russian pages read them in Russian. A table whose
rule has an input, a result or a value with no word is refused when the site is rendered: a new
tabulated rule cannot reach a page in code names.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

from ...core.errors import FolioError
from ...rules.decision_tables import Case, DecisionTable
from ...rules.inputs import plain
from .. import games


class TableWords:
    """A decision table's headings and cells in one language."""

    def __init__(self, table: DecisionTable, gettext: Callable[[str], str]):
        self.table, self.gettext = table, gettext
        self.words = words = games.words()  # every registered game's
        missing = [f"input {c.name}" for c in table.columns if c.name not in words.inputs.get(table.rule, {})]
        missing += [f"result {name}" for name in table.outcomes if name not in words.outcomes.get(table.rule, {})]
        if missing:
            raise FolioError(f"the decision table of {table.rule} has no words for its {', '.join(missing)} "
                             "(add them to its game's table words, pipeline/games/<game>/table_words.py)")

    def inputs(self) -> list[str]:
        return [self.gettext(self.words.inputs[self.table.rule][c.name]) for c in self.table.columns]

    def outcomes(self) -> list[str]:
        return [self.gettext(self.words.outcomes[self.table.rule][name]) for name in self.table.outcomes]

    def rows(self) -> list[tuple[list[tuple[str, bool]], list[str]]]:
        """Per row: each input cell (its words, whether it is "any"), then each outcome cell."""
        found = []
        for row in self.table.rows:
            cells = [(self.gettext("any"), True) if self.table.any(row, n)
                     else (", ".join(self._case(case) for case in cell), False)
                     for n, cell in enumerate(row.cells)]
            found.append((cells, [self._value(getattr(row.result, name)) for name in self.table.outcomes]))
        return found

    def case_words(self, case: Case) -> str:
        """One case of an input as a cell shows it (also "ask the rules"' choices)."""
        return self._case(case)

    def value_words(self, value: Any) -> str:
        """One result's value as a cell shows it."""
        return self._value(value)

    def _case(self, case: Case) -> str:
        return str(case.piece) if case.piece is not None else self._value(case.value)

    def _value(self, value: Any) -> str:
        if value is None or value == ():
            return "—"
        if isinstance(value, bool):
            return self.gettext("yes") if value else self.gettext("no")
        if isinstance(value, tuple):
            return ", ".join(self._value(v) for v in value)
        if isinstance(value, self.words.as_written):
            return str(value.value)
        if isinstance(value, enum.Enum):
            words = self.words.values.get(type(value), {})
            if value.value not in words:
                raise FolioError(f"the decision table of {self.table.rule} has no words for the value "
                                 f"{value.value!r} of {type(value).__name__} (add them to its game's table "
                                 "words, pipeline/games/<game>/table_words.py)")
            return self.gettext(words[value.value])
        if isinstance(value, int):
            return str(value)
        raise FolioError(f"the decision table of {self.table.rule} cannot show {plain(value)!r}")
