"""The executable rules: functions that decide from the rule facts in corpus/rules/.

Given what a player knows (a die roll, a card's CP, the powers involved, the game state the
rule needs) a rule returns an :class:`Outcome`: its typed result and the units of the text it
rests on. Numbers, ranges and limits come from the facts, never from the code, so the website,
the player aids and these rules cannot disagree; ``folio check`` (the ``rules`` family) keeps
the facts in step with the prose.

    import pipeline.games  # registers every game's rules, as the driver does
    from pipeline.rules import load, run
    run(rule_id, load(), die=2).result  # `folio rules list` names the rules and their inputs

This package is the engine only: each game's rules live in ``pipeline/games/<game>/`` and
register themselves (:func:`registry.rule`) when ``pipeline.games`` imports them.
"""

from __future__ import annotations

from .decision_tables import DecisionTable, decision_table, decision_tables
from .facts import Fact, Facts, MissingFactError, Range, load, load_facts
from .inputs import RuleError, RuleInputError
from .registry import RULES, Citation, Outcome, Rule, get, run

__all__ = [
    "RULES",
    "Citation",
    "DecisionTable",
    "Fact",
    "Facts",
    "MissingFactError",
    "Outcome",
    "Range",
    "Rule",
    "RuleError",
    "RuleInputError",
    "decision_table",
    "decision_tables",
    "get",
    "load",
    "load_facts",
    "run",
]
