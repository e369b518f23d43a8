"""Here I Stand 21.3, England's impulses under Mary I, and 21.4, the French chateaux roll."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...rules.facts import Facts
from ...rules.inputs import CP, Count, Die, Inputs, RuleInputError, arg
from ...rules.registry import Outcome, decided, rule


class Card(StrEnum):
    """kind of card"""

    MANDATORY_EVENT = "mandatory-event"
    COMBAT = "combat"
    RESPONSE = "response"
    OTHER = "other"


class PapalAction(StrEnum):
    """papal action"""

    BOOK_BURNING = "book-burning"
    DEBATE = "debate"


class Play(StrEnum):
    """way to play a card"""

    EVENT = "event"
    CP = "cp"


# Which papal actions each CP bracket of step 4 calls for, in the order the text gives them
# ("сожжение книг, а сразу за ним – богословский диспут"); the brackets themselves are data.
_PAPAL = {"book-burning": (PapalAction.BOOK_BURNING,), "debate": (PapalAction.DEBATE,),
          "both": (PapalAction.BOOK_BURNING, PapalAction.DEBATE)}


@dataclass(frozen=True)
class MaryImpulse(Inputs):
    card_cp: CP = arg("the CP value of the card England reveals", cases=("his.mary-i.papal.*",))
    die: Die | None = arg("England's die roll of step 3 (not needed when no die is rolled)", None,
                          cases=("his.mary-i.die.papal", "his.mary-i.die.normal"))
    card: Card = arg("the kind of card revealed", Card.OTHER)
    protestant_home_space: bool = arg("at least one English home space is Protestant at the start "
                                      "of the impulse", True)


@dataclass(frozen=True)
class MaryResult:
    rolls: bool  # a die is rolled (step 3)
    papal_actions: tuple[PapalAction, ...]  # what the Papacy does instead of England (step 4)
    played_normally: bool  # England plays the card as it chooses
    plays: tuple[Play, ...]  # the ways England may play the card when it plays it
    impulse_over: bool = False  # the papal actions end England's impulse


@rule("his.mary-i-impulse", unit="his:21.3/sec-1/proc-1", inputs=MaryImpulse, result=MaryResult,
      facts=("his.mary-i.applies", "his.mary-i.all-catholic", "his.mary-i.impulse-ends", "his.mary-i.mandatory-event",
             "his.mary-i.die.papal",
             "his.mary-i.die.normal", "his.mary-i.papal.*", "his.mary-i.cp-only"))
def mary_i_impulse(facts: Facts, given: MaryImpulse) -> Outcome:
    """An English impulse under Mary I: papal actions instead of the card on a low roll.

    While an English home space is Protestant, a mandatory event is played normally; any other
    card needs a die roll: on the low range the Papacy acts according to the card's CP (book
    burning, debate, or both) and the impulse ends; on the high range England plays normally.
    Combat and response cards are played for CP only throughout Mary's reign."""
    cp_only = facts["his.mary-i.cp-only"]
    plays = (Play.CP,) if given.card.value in facts.list(cp_only.id) else (Play.EVENT, Play.CP)
    restriction = cp_only if len(plays) == 1 else None
    if given.card == Card.MANDATORY_EVENT:
        plays = (Play.EVENT,)  # "played as usual": as the event it must be, never for CP
    if not given.protestant_home_space:
        return decided(mary_i_impulse.rule_id, MaryResult(False, (), True, plays),
                       facts["his.mary-i.all-catholic"], restriction)
    applies = facts["his.mary-i.applies"]
    if given.card == Card.MANDATORY_EVENT:
        return decided(mary_i_impulse.rule_id, MaryResult(False, (), True, plays),
                       facts["his.mary-i.mandatory-event"], applies)
    if given.die is None:
        raise RuleInputError(f"die: a {given.card} card needs England's die roll "
                             f"({facts['his.mary-i.die.papal'].unit})")
    papal, normal = facts["his.mary-i.die.papal"], facts["his.mary-i.die.normal"]
    if given.die in facts.range(normal.id):
        return decided(mary_i_impulse.rule_id, MaryResult(True, (), True, plays), normal, restriction, applies)
    if given.die not in facts.range(papal.id):
        raise RuleInputError(f"die={given.die}: step 3 ({papal.unit}) covers {papal.value} and "
                             f"{normal.value} only")
    for bracket in facts.group("his.mary-i.papal"):
        if given.card_cp in facts.range(bracket.id):
            actions = _PAPAL[bracket.id.rsplit(".", 1)[1]]
            return decided(mary_i_impulse.rule_id, MaryResult(True, actions, False, (), True),
                           bracket, papal, facts["his.mary-i.impulse-ends"], applies)
    raise RuleInputError(f"card_cp={given.card_cp}: no bracket of step 4 covers it "
                         f"({', '.join(f'{b.value} CP' for b in facts.group('his.mary-i.papal'))})")


@dataclass(frozen=True)
class ChateauxRoll(Inputs):
    die: Die | None = arg("France's die roll (not needed when France controls Milan)", None)
    controls_milan: bool = arg("France controls Milan", False)
    vp_so_far: Count = arg("chateaux VP France has gained so far this game", 0)


@dataclass(frozen=True)
class ChateauxResult:
    rolls: bool  # France rolls a die
    vp_gained: int  # VP France gains now
    at_maximum: bool  # the chateaux VP are exhausted after this play


@rule("his.chateaux", unit="his:21.4/para-1", inputs=ChateauxRoll, result=ChateauxResult,
      facts=("his.chateaux.card", "his.chateaux.success", "his.chateaux.vp", "his.chateaux.milan", "his.chateaux.max"))
def chateaux(facts: Facts, given: ChateauxRoll) -> Outcome:
    """France plays Patron of the Arts as an event: a die roll for a VP, no roll with Milan.

    The roll succeeds on the text's range; controlling Milan makes the VP automatic; France
    never gains more chateaux VP in a game than the maximum."""
    maximum, gain = facts["his.chateaux.max"], facts["his.chateaux.vp"]
    if given.vp_so_far > facts.number(maximum.id):
        raise RuleInputError(f"vp_so_far={given.vp_so_far}: France cannot have more than "
                             f"{maximum.value} chateaux VP ({maximum.unit})")
    if given.controls_milan:
        vp, because, rolls = facts.number(gain.id), facts["his.chateaux.milan"], False
    elif given.die is None:
        raise RuleInputError("die: without Milan, France rolls a die (his:21.4/para-1)")
    else:
        success = facts["his.chateaux.success"]
        vp, because, rolls = (facts.number(gain.id) if given.die in facts.range(success.id) else 0), success, True
    capped = min(vp, facts.number(maximum.id) - given.vp_so_far)
    result = ChateauxResult(rolls, capped, given.vp_so_far + capped >= facts.number(maximum.id))
    return decided(chateaux.rule_id, result, maximum if capped < vp else because, gain, facts["his.chateaux.card"])
