"""Every answer of a rule whose inputs are finite, worked out ahead: what "ask the rules" on a
rule's web page picks from, with no server.

A rule's inputs are finite when each has few values (the cases its decision table takes,
:func:`~pipeline.rules.decision_tables.domain`) and all their combinations number at most
:data:`MAX_COMBINATIONS`. Each combination is run through :func:`~pipeline.rules.registry.run`,
the very function `folio rules run` and a programmer call; the same outcome (result, deciding
unit, citations, readings) is kept once, and each combination points at its outcome, or at none
where the rule refuses the inputs. Nothing is merged or summarised: a page answers exactly what
the rule module answers for the inputs picked.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .decision_tables import Column, domain
from .facts import Facts, MissingFactError
from .inputs import RuleInputError, plain
from .registry import RULES, Outcome, Rule, run

#: more combinations than this and a page would carry more answers than a player would pick:
#: the largest finite rule of the corpus has 384 (the event die modifiers, seven inputs)
MAX_COMBINATIONS = 1024


@dataclass(frozen=True)
class Answers:
    """A rule's every answer, in the order :func:`itertools.product` walks its inputs' cases."""

    rule: str
    unit: str  # the unit the rule implements: the page the answers stand on
    columns: tuple[Column, ...]  # every input, in the rule's field order
    outcomes: tuple[Outcome, ...]  # each distinct outcome once
    #: per combination (the first input varies slowest), the index of its outcome; None: refused
    answers: tuple[int | None, ...]

    def strides(self) -> list[int]:
        """How far one step of each input moves in :attr:`answers` (the last input: 1)."""
        strides, step = [], 1
        for column in reversed(self.columns):
            strides.append(step)
            step *= len(column.cases)
        return strides[::-1]

    def answer(self, picked: Mapping[str, int]) -> Outcome | None:
        """The outcome for each input's case (by its index among the input's cases)."""
        index = sum(picked[c.name] * stride for c, stride in zip(self.columns, self.strides(), strict=True))
        found = self.answers[index]
        return None if found is None else self.outcomes[found]


def answers(rule: Rule, facts: Facts) -> Answers | None:
    """Every answer of ``rule``, or None when its inputs are not finite or too many."""
    columns = domain(rule, facts)
    if columns is None or not columns:
        return None
    count = 1
    for column in columns:
        count *= len(column.cases)
    if count > MAX_COMBINATIONS:
        return None
    outcomes: list[Outcome] = []
    known: dict[Any, int] = {}
    found: list[int | None] = []
    for combination in itertools.product(*(c.cases for c in columns)):
        try:
            outcome = run(rule.id, facts, rule.inputs(**{c.name: case.value
                                                         for c, case in zip(columns, combination, strict=True)}))
        except RuleInputError:
            found.append(None)
            continue
        key = _key(outcome)
        if key not in known:
            known[key] = len(outcomes)
            outcomes.append(outcome)
        found.append(known[key])
    return Answers(rule.id, rule.unit, tuple(columns), tuple(outcomes), tuple(found))


def every_answer(facts: Facts) -> dict[str, list[Answers]]:
    """The answers of every finite rule, by the unit the rule implements, in rule order. A rule
    that reads a fact the project does not define has none (``folio check`` reports it)."""
    found: dict[str, list[Answers]] = {}
    for rule in RULES.values():
        try:
            made = answers(rule, facts)
        except MissingFactError:
            continue
        if made is not None and any(a is not None for a in made.answers):
            found.setdefault(rule.unit, []).append(made)
    return found


def _key(outcome: Outcome) -> tuple:
    # the result as JSON (dataclasses are compared by value, but their lists are tuples of enums)
    return (repr(plain(outcome.result)), outcome.unit,
            tuple((c.unit, c.fact) for c in outcome.because), tuple(r.fact for r in outcome.readings))
