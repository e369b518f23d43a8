"""Here I Stand 20, the New World: colonies (20.1) and voyages of exploration (20.2)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...core.model import Lang
from ...rules.facts import Facts
from ...rules.inputs import Count, Die, Inputs, RuleInputError, arg, convert
from ...rules.registry import Outcome, decided, rule
from .winter import HisPower


@dataclass(frozen=True)
class Colonize(Inputs):
    power: HisPower = arg("the power colonizing")
    colonies: Count = arg("colonies the power has now (on the map and crossing the Atlantic)")
    colonized_this_turn: bool = arg("the power already took the colonize action this turn", False)
    potosi: bool = arg("the colony comes from Potosi Silver Mines played as an event", False)


@dataclass(frozen=True)
class ColonizeResult:
    allowed: bool  # the colony may be founded
    cost_cp: int | None  # None when the colony comes from the Potosi event
    limit: int | None  # colonies the power may have at a time
    problems: tuple[str, ...]  # why not, one sentence each


@rule("his.colonize", unit="his:20.1/para-1", inputs=Colonize, result=ColonizeResult,
      facts=("his.new-world.powers", "his.colonies.cost.habsburgs", "his.colonies.cost.england-france",
             "his.colonies.per-turn", "his.colonies.potosi", "his.colonies.limit.habsburgs",
             "his.colonies.limit.england-france"))
def colonize(facts: Facts, given: Colonize) -> Outcome:
    """The colonize action: its CP cost, once per turn (Potosi Silver Mines aside), and the
    number of colonies a power may have at a time."""
    powers = facts["his.new-world.powers"]
    if given.power.value not in facts.list(powers.id):
        return decided(colonize.rule_id, ColonizeResult(False, None, None, (
            f"only {', '.join(facts.list(powers.id))} act in the New World",)), powers)
    group = "habsburgs" if given.power == HisPower.HABSBURGS else "england-france"
    cost, limit = facts[f"his.colonies.cost.{group}"], facts[f"his.colonies.limit.{group}"]
    if given.colonies > facts.number(limit.id):
        raise RuleInputError(f"colonies={given.colonies}: the {given.power} never have more than "
                             f"{facts.number(limit.id)} colonies at a time ({limit.unit})")
    problems, cite = [], [cost]
    if given.colonies >= facts.number(limit.id):
        problems.append(f"the {given.power} may have {limit.value} colonies at a time")
        cite.insert(0, limit)
    per_turn = facts["his.colonies.per-turn"]
    if given.colonized_this_turn and not given.potosi:
        problems.append(f"colonize is allowed {per_turn.value} time(s) per turn")
        cite.insert(0, per_turn)
    if given.potosi:
        cite.append(facts["his.colonies.potosi"])
    result = ColonizeResult(not problems, None if given.potosi else facts.number(cost.id), facts.number(limit.id),
                            tuple(problems))
    return decided(colonize.rule_id, result, *cite)


class Via(StrEnum):
    """way of sending an expedition"""

    ACTION = "action"
    SEBASTIAN_CABOT = "sebastian-cabot"
    MERCATORS_MAP = "mercators-map"


@dataclass(frozen=True)
class Explore(Inputs):
    power: HisPower = arg("the power exploring")
    explorers_left: Count = arg("explorers still available to the power")
    explored_this_turn: bool = arg("the power already sent an expedition that counts toward the limit "
                                   "this turn", False)
    via: Via = arg("the explore action, or the event card that sends the expedition", Via.ACTION)


@dataclass(frozen=True)
class ExploreResult:
    allowed: bool  # the expedition may be sent
    cost_cp: int | None  # None when an event sends the expedition
    counts_toward_limit: bool  # it counts toward the power's limit of expeditions
    problems: tuple[str, ...]  # why not, one sentence each


@rule("his.explore", unit="his:20.2/para-1", inputs=Explore, result=ExploreResult,
      facts=("his.new-world.powers", "his.exploration.cost", "his.exploration.per-turn",
             "his.exploration.cabot", "his.exploration.mercator", "his.exploration.no-explorers"))
def explore(facts: Facts, given: Explore) -> Outcome:
    """The explore action: its CP cost, once per turn (Sebastian Cabot does not count, Mercator's
    Map does), and never without an explorer left."""
    powers = facts["his.new-world.powers"]
    if given.power.value not in facts.list(powers.id):
        return decided(explore.rule_id, ExploreResult(False, None, False, (
            f"only {', '.join(facts.list(powers.id))} act in the New World",)), powers)
    cost = facts["his.exploration.cost"]
    counts = given.via != Via.SEBASTIAN_CABOT
    problems, cite = [], [cost]
    if not given.explorers_left:
        problems.append("no explorer left")
        cite.insert(0, facts["his.exploration.no-explorers"])
    if given.explored_this_turn and counts:
        problems.append(f"explore is allowed {facts.number('his.exploration.per-turn')} time(s) per turn")
        cite.insert(0, facts["his.exploration.per-turn"])
    if given.via != Via.ACTION:
        cite.append(facts["his.exploration.mercator" if counts else "his.exploration.cabot"])
    result = ExploreResult(not problems, facts.number(cost.id) if given.via == Via.ACTION else None, counts,
                           tuple(problems))
    return decided(explore.rule_id, result, *cite)


@dataclass(frozen=True)
class Expedition:
    """power:explorer-value"""

    FORMAT = "power:explorer value, e.g. england:3"
    power: HisPower
    explorer: int

    @classmethod
    def parse(cls, text: str, name: str) -> Expedition:
        power, sep, value = text.partition(":")
        if not sep:
            raise RuleInputError(f"{name}: {text!r} should be power:explorer, e.g. england:3")
        return cls(convert(HisPower, power, name), convert(Count, value, name))


@dataclass(frozen=True)
class ExplorationOrder(Inputs):
    expeditions: tuple[Expedition, ...] = arg("each expedition's power and explorer value")


@dataclass(frozen=True)
class OrderResult:
    order: tuple[str, ...]  # power:explorer, the first resolved first


@rule("his.exploration-order", unit="his:20.2/sec-1/para-1", inputs=ExplorationOrder, result=OrderResult,
      facts=("his.exploration.order", "his.exploration.ties"))
def exploration_order(facts: Facts, given: ExplorationOrder) -> Outcome:
    """The order expeditions resolve in: the best explorer first; ties English, then French,
    then Habsburg."""
    ties = facts.list("his.exploration.ties")
    for expedition in given.expeditions:
        if expedition.power.value not in ties:
            raise RuleInputError(f"expeditions: the {expedition.power} send none "
                                 f"({facts['his.exploration.ties'].unit})")
    ordered = sorted(given.expeditions, key=lambda e: (-e.explorer, ties.index(e.power.value)))
    return decided(exploration_order.rule_id,
                   OrderResult(tuple(f"{e.power}:{e.explorer}" for e in ordered)),
                   facts["his.exploration.order"], facts["his.exploration.ties"])


@dataclass(frozen=True)
class ExplorationRoll(Inputs):
    dice: tuple[Die, ...] = arg("the dice rolled, e.g. 3,4")
    explorer: Count = arg("the explorer's value")
    mercator: bool = arg("the expedition was sent with Mercator's Map", False)


@dataclass(frozen=True)
class RollResult:
    total: int  # the modified roll
    lost_at_sea: bool  # the explorer is lost at sea
    note: str  # what the total means in the table


@rule("his.exploration-roll", unit="his:20.2/sec-1/para-1", inputs=ExplorationRoll, result=RollResult,
      facts=("his.exploration.dice", "his.exploration.mercator-bonus", "his.exploration.lost-at-sea"))
def exploration_roll(facts: Facts, given: ExplorationRoll) -> Outcome:
    """An expedition's roll: the dice plus the explorer's value (plus the Mercator bonus),
    looked up on the exploration table; the corpus holds only its lowest row, lost at sea."""
    dice = facts["his.exploration.dice"]
    if len(given.dice) != dice.value:
        raise RuleInputError(f"dice: roll {dice.value} dice ({dice.unit}), not {len(given.dice)}")
    bonus = facts.number("his.exploration.mercator-bonus") if given.mercator else 0
    total = sum(given.dice) + given.explorer + bonus
    lost = facts["his.exploration.lost-at-sea"]
    if total in facts.range(lost.id):
        return decided(exploration_roll.rule_id, RollResult(total, True, lost.label[Lang.EN]), lost, dice)
    return decided(exploration_roll.rule_id,
                   RollResult(total, False, "look the total up on the exploration table; its other "
                              "rows are not in the corpus"), dice, facts["his.exploration.mercator-bonus"])
