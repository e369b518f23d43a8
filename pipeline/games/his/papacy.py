"""Here I Stand 21.5, the Papacy: excommunication (Papal Bull) and the Sack of Rome."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum

from ...rules.facts import Facts
from ...rules.inputs import Count, Inputs, RuleInputError, arg
from ...rules.registry import Outcome, decided, rule


class Target(StrEnum):
    """target of excommunication"""

    REFORMER = "reformer"
    RULER = "ruler"


@dataclass(frozen=True)
class Excommunicate(Inputs):
    target: Target = arg("who the Papal Bull is aimed at")
    at_war_with_papacy: bool = arg("the ruler's power is at war with the Papacy", False)
    allied_with_ottomans: bool = arg("the ruler's power is allied with the Ottomans", False)
    henry_viii_protestant_home_space: bool = arg("the ruler is Henry VIII and an English home space "
                                                 "is Protestant", False)
    ally_of_power_at_war: bool = arg("the ruler's power is allied with a power at war with the Papacy",
                                     False)
    heir_of_henry_viii: bool = arg("the ruler is an heir of Henry VIII", False)
    excommunicated_before: bool = arg("this reformer or ruler was excommunicated on an earlier turn", False)
    other_french_king_excommunicated: bool = arg("the ruler is a French king and the other French "
                                                 "king (Francis I or Henry II) was excommunicated", False)


@dataclass(frozen=True)
class ExcommunicationResult:
    allowed: bool  # the Papacy may excommunicate this target
    grounds: tuple[str, ...]  # the grounds of 21.5 that hold (a ruler needs one)
    cards_fewer: int  # a ruler's power is dealt this many cards fewer while excommunicated
    unrest_spaces: int  # Catholic home spaces the Papacy puts unrest in
    lasts: str  # for a reformer: this-turn


@rule("his.excommunication", unit="his:21.5/sec-2", inputs=Excommunicate, result=ExcommunicationResult,
      facts=("his.excommunication.reformer", "his.excommunication.ground.*",
             "his.excommunication.not-ground", "his.excommunication.heirs", "his.excommunication.once",
             "his.excommunication.french-kings", "his.excommunication.reformer-turn",
             "his.excommunication.card-penalty", "his.excommunication.unrest"))
def excommunication(facts: Facts, given: Excommunicate) -> Outcome:
    """May the Papacy excommunicate this reformer or ruler, and what follows.

    A reformer always; a ruler only on one of the listed grounds (an alliance with a power at
    war with the Papacy is none), never an heir of Henry VIII, never twice, and only one of the
    two French kings. A ruler's power is then dealt fewer cards and gets unrest in its home
    spaces; a reformer's excommunication lasts the turn."""
    rule_id = excommunication.rule_id

    def refused(fact) -> Outcome:
        return decided(rule_id, ExcommunicationResult(False, (), 0, 0, ""), fact)

    if given.excommunicated_before:
        return refused(facts["his.excommunication.once"])
    if given.target == Target.REFORMER:
        return decided(rule_id, ExcommunicationResult(True, (), 0, 0, facts.text("his.excommunication.reformer-turn")),
                       facts["his.excommunication.reformer"], facts["his.excommunication.reformer-turn"])
    if given.heir_of_henry_viii:
        return refused(facts["his.excommunication.heirs"])
    if given.other_french_king_excommunicated:
        return refused(facts["his.excommunication.french-kings"])
    # Each ground's symbol names the input that states it: at-war-with-papacy -> at_war_with_papacy.
    names = {f.name for f in fields(given)}
    grounds = []
    for ground in facts.group("his.excommunication.ground"):
        name = facts.text(ground.id).replace("-", "_")
        if name not in names:
            raise RuleInputError(f"the ground {ground.id} has no input {name}")
        if getattr(given, name):
            grounds.append(ground)
    if not grounds:
        return refused(facts["his.excommunication.not-ground"] if given.ally_of_power_at_war
                       else facts.group("his.excommunication.ground")[0])
    penalty, unrest = facts["his.excommunication.card-penalty"], facts["his.excommunication.unrest"]
    result = ExcommunicationResult(True, tuple(facts.text(g.id) for g in grounds), facts.number(penalty.id),
                                   facts.number(unrest.id), "")
    return decided(rule_id, result, grounds[0], penalty, unrest)


@dataclass(frozen=True)
class JesuitUniversity(Inputs):
    society_of_jesus_played: bool = arg("the Society of Jesus mandatory event has been played")


@dataclass(frozen=True)
class JesuitResult:
    allowed: bool  # a Jesuit university may be founded


@rule("his.jesuit-university", unit="his:21.5/sec-1/para-1", inputs=JesuitUniversity, result=JesuitResult,
      facts=("his.jesuits.requires", "his.mandatory.event.society-of-jesus"))
def jesuit_university(facts: Facts, given: JesuitUniversity) -> Outcome:
    """May the Papacy found a Jesuit University: only once the Society of Jesus is played (a
    mandatory event due in the winter of its turn at the latest)."""
    return decided(jesuit_university.rule_id, JesuitResult(given.society_of_jesus_played),
                   facts["his.jesuits.requires"], facts["his.mandatory.event.society-of-jesus"])


@dataclass(frozen=True)
class SackOfRome(Inputs):
    mercenaries: Count = arg("mercenaries in the non-papal stack in the Italian language zone")
    papal_regulars: Count = arg("papal regulars in Rome")
    papal_mercenaries: Count = arg("papal mercenaries in Rome (they do not fight, but may take losses)", 0)
    stack_regulars: Count = arg("regulars in the attacking stack", 0)
    hits_on_papacy: Count = arg("hits the attacking stack scores", 0)
    hits_on_stack: Count = arg("hits the Papacy scores", 0)


@dataclass(frozen=True)
class SackResult:
    playable: bool  # the event may be played
    defender_extra_dice: int  # dice the defenders of Rome add
    papal_regulars_lost: int  # papal regulars lost
    papal_mercenaries_lost: int  # papal mercenaries lost
    stack_mercenaries_lost: int  # mercenaries the attacking stack loses
    stack_regulars_lost: int  # regulars the attacking stack loses
    stack_choice: int  # an odd hit the attacker may take on either kind


@rule("his.sack-of-rome", unit="his:21.5/sec-5", inputs=SackOfRome, result=SackResult,
      facts=("his.sack.precondition", "his.sack.defender-dice", "his.sack.papal-losses",
             "his.sack.attacker-losses"))
def sack_of_rome(facts: Facts, given: SackOfRome) -> Outcome:
    """The Sack of Rome: playable with more mercenaries than papal regulars; the field battle's
    losses.

    The Papacy defends with an extra die and takes losses on its regulars first, then on its
    mercenaries; the attacking stack splits its losses as evenly as possible between
    mercenaries and regulars."""
    precondition = facts["his.sack.precondition"]
    if given.mercenaries <= given.papal_regulars:
        return decided(sack_of_rome.rule_id, SackResult(False, 0, 0, 0, 0, 0, 0), precondition)
    regulars_lost = min(given.hits_on_papacy, given.papal_regulars)
    mercenaries_lost = min(given.hits_on_papacy - regulars_lost, given.papal_mercenaries)
    total = min(given.hits_on_stack, given.mercenaries + given.stack_regulars)
    mercs, regs = min(given.mercenaries, total // 2), min(given.stack_regulars, total // 2)
    left = total - mercs - regs
    choice = 1 if left == 1 and mercs < given.mercenaries and regs < given.stack_regulars else 0
    if not choice:  # one kind ran out: the rest falls on the other
        extra = min(left, given.mercenaries - mercs)
        mercs, regs = mercs + extra, regs + left - extra
    result = SackResult(True, facts.number("his.sack.defender-dice"), regulars_lost, mercenaries_lost,
                        mercs, regs, choice)
    return decided(sack_of_rome.rule_id, result, precondition, facts["his.sack.defender-dice"],
                   facts["his.sack.papal-losses"], facts["his.sack.attacker-losses"])


class Zone(StrEnum):
    """language zone"""

    ENGLISH = "english"
    FRENCH = "french"
    GERMAN = "german"


@dataclass(frozen=True)
class ReformerDebate(Inputs):
    # Which zone is a reformer's is the map's and his counter's (not in the corpus): an input
    reformer_zone: Zone = arg("the excommunicated reformer's language zone")
    removed: bool = arg("the excommunicated reformer has been removed from play", True)


@dataclass(frozen=True)
class ReformerDebateResult:
    zones: tuple[Zone, ...]  # where the Papacy may initiate a theological debate for the excommunication


@rule("his.reformer-debate", unit="his:21.5/sec-3/para-1", inputs=ReformerDebate, result=ReformerDebateResult,
      facts=("his.excommunication.reformer-debate",))
def reformer_debate(facts: Facts, given: ReformerDebate) -> Outcome:
    """Once the excommunicated reformer has been removed from play, the Papacy may initiate a
    theological debate in his language zone."""
    debate = facts["his.excommunication.reformer-debate"]
    if facts.text(debate.id) != "own-language-zone":
        raise RuleInputError(f"his.excommunication.reformer-debate is {facts.text(debate.id)!r}: the rule reads "
                             "own-language-zone")
    return decided(reformer_debate.rule_id,
                   ReformerDebateResult((given.reformer_zone,) if given.removed else ()), debate)
