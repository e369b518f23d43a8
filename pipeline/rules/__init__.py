"""The executable rules: functions that decide from the rule facts in corpus/rules/.

Given what a player knows (a die roll, a card's CP, the powers involved, the game state the
rule needs) a rule returns an :class:`Outcome`: its typed result and the units of the text it
rests on. Numbers, ranges and limits come from the facts, never from the code, so the website,
the player aids and these rules cannot disagree; ``folio check`` (the ``rules`` family) keeps
the facts in step with the prose.

    >>> from pipeline.rules import load, run
    >>> run("his.mary-i-impulse", load(), card_cp=3, die=2).result.papal_actions
    (<PapalAction.DEBATE: 'debate'>,)

Rules register themselves on import; ``MODULES`` is the explicit list, one module per game
and topic.
"""

from __future__ import annotations

from . import (
    eu_risto_effects,
    eu_risto_events,
    eu_risto_politics,
    his_england_france,
    his_new_world,
    his_papacy,
    his_winter,
    pop_military,
    vq_actions,
    vq_deployment,
)
from .decision_tables import DecisionTable, decision_table, decision_tables
from .facts import Fact, Facts, MissingFactError, Range, load, load_facts
from .inputs import RuleError, RuleInputError
from .registry import RULES, Citation, Outcome, Rule, get, run

MODULES = (eu_risto_events, eu_risto_politics, eu_risto_effects, his_england_france, his_papacy, his_winter,
           his_new_world, vq_deployment, vq_actions, pop_military)

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
