"""Decision tables: a rule run over every case of its inputs, for a player to read.

A rule whose inputs all have few values (truth values, small enums, die rolls, or numbers the
facts cut into a few pieces) is run on every combination of them; the rows that decide the same
are merged where they differ in one input only, so "any" shows where an input does not matter.
Nothing here is written by hand: the rows are what :func:`~pipeline.rules.registry.run` returns,
and a combination the rule refuses (an input the text rules out) is no row.

An integer input has its values in the table when its bounds hold a handful of them (a die),
or when its field names the facts that cut it (``arg(..., cases=("<rulebook>.<group>.*",))``):
each piece between their numbers is one case, read from its lowest number ("1–2", "4+").
"""

from __future__ import annotations

import enum
import itertools
import types
import typing
from dataclasses import dataclass, fields
from typing import Annotated, Any, get_args, get_origin, get_type_hints

from .facts import Facts, MissingFactError, Range
from .inputs import Bounds, RuleInputError, plain
from .registry import RULES, Rule

#: at most this many combinations are run: a larger table is no help at a table
MAX_CASES = 64
#: a bounded integer input with at most this many values is tabulated value by value
SMALL_RANGE = 12


@dataclass(frozen=True)
class Case:
    """One value of an input: passed to the rule, and how a table shows it."""

    value: Any
    #: where the case stands for a piece of numbers (``1–2``, ``4+``), that piece; else None
    piece: Range | None = None

    def values(self, open_end: int = 3) -> list[Any]:
        """Every value the case stands for (an open piece: its first ``open_end`` ones)."""
        if self.piece is None:
            return [self.value]
        low: int = self.value  # a piece is read from its lowest number, the case's value
        high = self.piece.high if self.piece.high is not None else low + open_end - 1
        return list(range(low, high + 1))


@dataclass(frozen=True)
class Column:
    name: str  # the input's field name
    cases: tuple[Case, ...]


@dataclass(frozen=True)
class Row:
    #: per column (in the table's order), the cases the row covers: all of them is "any"
    cells: tuple[tuple[Case, ...], ...]
    result: Any  # the rule's result dataclass
    unit: str  # the unit whose rule decided (of the first combination merged into the row)


@dataclass(frozen=True)
class DecisionTable:
    rule: str
    unit: str  # the unit the rule implements: where the table stands on the website
    columns: tuple[Column, ...]  # the inputs that matter somewhere
    outcomes: tuple[str, ...]  # the result's fields that say something somewhere
    rows: tuple[Row, ...]
    refused: int  # combinations the rule refuses, left out

    def any(self, row: Row, column: int) -> bool:
        return len(row.cells[column]) == len(self.columns[column].cases)


def domain(rule: Rule, facts: Facts) -> list[Column] | None:
    """Every input's cases, or None when some input has too many values to run them all."""
    hints = get_type_hints(rule.inputs, include_extras=True)
    columns = []
    for item in fields(rule.inputs):  # type: ignore[arg-type]  # each rule's inputs are a dataclass, their base is not
        cases = _cases(hints[item.name], facts, item.metadata.get("cases"))
        if cases is None:
            return None
        columns.append(Column(item.name, tuple(cases)))
    return columns


def decision_table(rule: Rule, facts: Facts) -> DecisionTable | None:
    """The rule run on every combination of its inputs' cases, merged; None when there are more
    than :data:`MAX_CASES` combinations or an input (a list, a map, a name) has no cases."""
    columns = domain(rule, facts)
    if columns is None or _product(columns) > MAX_CASES:
        return None
    rows: list[tuple[list[set[int]], Any, str]] = []
    refused = 0
    for combination in itertools.product(*(range(len(c.cases)) for c in columns)):
        given = {c.name: c.cases[n].value for c, n in zip(columns, combination, strict=False)}
        try:
            outcome = rule.function(facts, rule.inputs(**given))
        except RuleInputError:
            refused += 1
            continue
        rows.append(([{n} for n in combination], outcome.result, outcome.unit))
    merged = _merge(rows, columns)
    keep_columns = [n for n, c in enumerate(columns) if any(len(cells[n]) < len(c.cases) for cells, _r, _u in merged)]
    results = [plain(result) for _cells, result, _unit in merged]
    names = [f.name for f in fields(merged[0][1])] if merged else []
    keep_outcomes = [name for name in names
                     if len({repr(r[name]) for r in results}) > 1 or any(r[name] for r in results)]
    return DecisionTable(
        rule.id, rule.unit, tuple(columns[n] for n in keep_columns), tuple(keep_outcomes),
        tuple(Row(tuple(tuple(columns[n].cases[i] for i in sorted(cells[n])) for n in keep_columns), result, unit)
              for cells, result, unit in merged), refused)


def decision_tables(facts: Facts) -> dict[str, list[DecisionTable]]:
    """Every rule's table that there can be, by the unit the rule implements, in rule order. A
    rule that reads a fact the project does not define has none (``folio check`` reports it as
    rules-fact-missing)."""
    found: dict[str, list[DecisionTable]] = {}
    for rule in RULES.values():
        try:
            table = decision_table(rule, facts)
        except MissingFactError:
            continue
        if table is not None and table.rows:
            found.setdefault(rule.unit, []).append(table)
    return found


def _cases(tp: Any, facts: Facts, cut_by: tuple[str, ...] | None) -> list[Case] | None:
    origin, args = get_origin(tp), get_args(tp)
    bounds = next((a for a in args[1:] if isinstance(a, Bounds)), None) if origin is Annotated else None
    if origin is Annotated:
        tp, origin, args = args[0], get_origin(args[0]), get_args(args[0])
    if origin in (typing.Union, types.UnionType):
        inner = next(a for a in args if a is not type(None))
        cases = _cases(inner, facts, cut_by)
        # a number cut by the facts is given whenever it matters: where it does not, "any"
        # says so, and "none" would only be a row the rule refuses
        return cases if cases is None or cut_by else [*cases, Case(None)]
    if tp is bool:
        return [Case(False), Case(True)]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return [Case(member) for member in tp]
    if tp is int and cut_by:
        return _pieces(facts, cut_by, bounds)
    if tp is int and bounds and bounds.low is not None and bounds.high is not None \
            and bounds.high - bounds.low < SMALL_RANGE:
        return [Case(n) for n in range(bounds.low, bounds.high + 1)]
    return None


def _pieces(facts: Facts, cut_by: tuple[str, ...], bounds: Bounds | None) -> list[Case]:
    """The pieces the facts' numbers cut an integer input into, within its bounds."""
    cuts: set[int] = set()
    for name in cut_by:
        for fact in facts.group(name[:-2]) if name.endswith(".*") else [facts[name]]:
            if isinstance(fact.value, Range):
                cuts |= {n for n in (fact.value.low, None if fact.value.high is None else fact.value.high + 1)
                         if n is not None}
            elif fact.type == "number" and isinstance(fact.value, int):
                cuts |= {fact.value, fact.value + 1}
    low = bounds.low if bounds and bounds.low is not None else min(cuts)
    high = bounds.high if bounds else None
    starts = sorted({low, *(c for c in cuts if c > low and (high is None or c <= high))})
    pieces = []
    for start, following in itertools.zip_longest(starts, starts[1:]):
        end = following - 1 if following is not None else high
        pieces.append(Case(start, Range(start, end)))
    return pieces


def _product(columns: list[Column]) -> int:
    count = 1
    for column in columns:
        count *= len(column.cases)
    return count


def _merge(rows: list[tuple[list[set[int]], Any, str]], columns: list[Column]):
    """Join rows with the same result that differ in one input only, until none do."""
    changed = True
    while changed:
        changed = False
        for n in range(len(columns)):
            joined: dict[tuple, tuple[list[set[int]], Any, str]] = {}
            for cells, result, unit in rows:
                key = (repr(plain(result)), *(frozenset(c) for m, c in enumerate(cells) if m != n))
                if key in joined:
                    joined[key][0][n] |= cells[n]
                    changed = True
                else:
                    joined[key] = ([set(c) for c in cells], result, unit)
            rows = list(joined.values())
    return rows
