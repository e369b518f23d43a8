"""A game Folio's engine has never heard of: one rule, one aid, one template, one table's words.

Nothing in pipeline/ is edited for it: tests/house/test_games.py registers it the way
pipeline/games/__init__.py registers the real games.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.render.aids import Aid
from pipeline.render.games import Game, Words
from pipeline.rules.facts import Facts
from pipeline.rules.inputs import Die, Inputs, arg
from pipeline.rules.registry import Outcome, decided, rule


@dataclass(frozen=True)
class Attack(Inputs):
    die: Die = arg("the die rolled")


@dataclass(frozen=True)
class AttackResult:
    succeeds: bool  # the attack succeeds


@rule("tiny.attack", unit="tiny:1.1", inputs=Attack, result=AttackResult, facts=("tiny.attack.needed",))
def attack(facts: Facts, given: Attack) -> Outcome:
    """Does the attack succeed."""
    needed = facts["tiny.attack.needed"]
    return decided(attack.rule_id, AttackResult(given.die >= needed.value), needed)


def sheet(sheet) -> dict:
    """The aid's data: the rule's own words and the number it needs."""
    return {"text": sheet.text("tiny:1.1/para-1"), "needed": sheet.fact("tiny.attack.needed")}


GAME = Game("tiny_game", aids=(
    Aid("tiny-attack", "Tiny Game: attacking", ("tiny-rules",), ("tiny:1.1",), sheet),
), templates=Path(__file__).parent / "templates",
    words=Words(inputs={"tiny.attack": {"die": "Die rolled"}}, outcomes={"tiny.attack": {"succeeds": "Succeeds"}}))
