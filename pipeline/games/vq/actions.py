"""Virgin Queen 11, the Action Phase: passing, extending an impulse with a treasure, 11.1
actions."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...core.model import Lang
from ...rules.facts import Fact, Facts
from ...rules.inputs import CP, Count, Inputs, RuleInputError, arg, convert
from ...rules.registry import Outcome, decided, rule
from .deployment import VqPower


class Play(StrEnum):
    """way to open an impulse"""

    CP = "cp"
    EVENT = "event"
    MANDATORY_EVENT = "mandatory-event"
    PASS = "pass"


class ActionType(StrEnum):
    """action type"""

    NAVAL = "naval"
    LAND = "land"
    PIRACY_DEFENSE = "piracy-defense"
    RELIGIOUS = "religious"
    PATRONAGE = "patronage"
    ESPIONAGE = "espionage"
    DIPLOMACY = "diplomacy"


class Treasure(StrEnum):
    """treasure"""

    NONE = "none"
    DRAW_CARD = "draw-card"
    SCIENCE_BONUS = "science-bonus"
    ONE_VP = "one-vp"
    CP = "cp"


@dataclass(frozen=True)
class Spend:
    """CP spent on one action of one type"""

    FORMAT = "type:CP, e.g. naval:2"
    type: ActionType  # the action type
    cp: int  # CP spent on it

    @classmethod
    def parse(cls, text: str, name: str) -> Spend:
        kind, sep, cp = text.partition(":")
        if not sep:
            raise RuleInputError(f"{name}: {text!r} should be type:CP, e.g. naval:2")
        return cls(convert(ActionType, kind, name), convert(CP, cp, name))


@dataclass(frozen=True)
class Impulse(Inputs):
    play: Play = arg("how the impulse opens")
    card_cp: CP = arg("the CP the card gives (a mandatory event: its 2 CP, 0 to take it from the text)", 0)
    actions: tuple[Spend, ...] = arg("actions bought with the card's CP, as type:CP", ())
    treasure: Treasure = arg("the treasure played to extend the impulse", Treasure.NONE)
    treasure_cp: CP = arg("the treasure's CP value (a CP treasure)", 0)
    extension: tuple[Spend, ...] = arg("actions bought with the treasure's CP, as type:CP", ())
    combat_card: bool = arg("the card is a combat card", False)
    mandatory_card: bool | None = arg("the card is a Mandatory Event card; none: as `play` says (true for "
                                      "play=mandatory-event, false otherwise)", None)
    event_played_this_turn: bool = arg("the card was already played as an event this turn", False)


@dataclass(frozen=True)
class ImpulseResult:
    extends: bool  # the treasure extends the impulse
    forbidden_types: tuple[str, ...]  # the treasure's CP may not buy these
    forbidden_actions: tuple[str, ...]  # the actions of those types, where the text names them
    allowed_types: tuple[str, ...]  # the action types the treasure's CP may buy
    card_cp_left: int  # the card's CP not spent
    treasure_cp_left: int  # the treasure's CP not spent
    legal: bool  # the impulse as entered is legal
    problems: tuple[str, ...]  # why not, one sentence each
    cp_lost: int = 0  # CP left unspent: not carried over to another impulse


@rule("vq.impulse", unit="vq:11/para-8", inputs=Impulse, result=ImpulseResult,
      facts=("vq.impulse.extend", "vq.treasure.cp", "vq.treasure.automatic.*", "vq.treasure.different-type",
             "vq.treasure.after-event", "vq.treasure.after-mandatory", "vq.action-types.colours",
             "vq.action-types.diplomacy", "vq.action-types.naval", "vq.actions.cost", "vq.impulse.mandatory-not-cp",
             "vq.impulse.combat-not-event", "vq.impulse.event-once-per-turn", "vq.actions.no-carry-over"))
def impulse(facts: Facts, given: Impulse) -> Outcome:
    """An impulse opened with a card (or a pass) and perhaps extended with a treasure.

    A power that passed cannot extend. CP treasures are worth 1 to 5 CP and buy actions as a
    card does, but after a card played for CP (or a mandatory event's CP) only of other types
    than the card's CP bought; after an ordinary event there is no such restriction."""
    # The action types are named only by the Morisco Revolt example (vq:11/example-1), which is
    # replayed without its own facts: then the type names stand as the player gives them.
    colours, diplomacy = facts.get("vq.action-types.colours"), facts.get("vq.action-types.diplomacy")
    kinds = [*facts.list(colours.id), facts.text(diplomacy.id)] if colours and diplomacy else None
    cost = facts["vq.actions.cost"]
    for spend in (*given.actions, *given.extension):
        if kinds is not None and spend.type.value not in kinds:
            raise RuleInputError(f"{spend.type}: the text names the action types {', '.join(kinds)}")
        if spend.cp not in facts.range("vq.actions.cost"):
            raise RuleInputError(f"{spend.type}:{spend.cp}: an action costs {facts.range('vq.actions.cost')} "
                                 f"CP ({facts['vq.actions.cost'].unit})")
    card_cp = given.card_cp
    # Two inputs say whether the card is a mandatory event: they must agree
    if given.mandatory_card and given.play == Play.EVENT:
        raise RuleInputError("mandatory_card=true with play=event: a Mandatory Event card played as its event is "
                             "play=mandatory-event")
    if given.mandatory_card is False and given.play == Play.MANDATORY_EVENT:
        raise RuleInputError("mandatory_card=false with play=mandatory-event: the card is a Mandatory Event card")
    cite: list[Fact] = []
    problems: list[str] = []
    if given.mandatory_card and given.play == Play.CP:
        problems.append("a Mandatory Event card cannot be played for CP")
        cite.insert(0, facts["vq.impulse.mandatory-not-cp"])
    if given.combat_card and given.play == Play.EVENT:
        problems.append("a combat card is never played as an event")
        cite.insert(0, facts["vq.impulse.combat-not-event"])
    if given.event_played_this_turn and given.play in (Play.EVENT, Play.MANDATORY_EVENT):
        problems.append(f"a card is played as an event {facts.number('vq.impulse.event-once-per-turn')} "
                        "time(s) per turn")
        cite.insert(0, facts["vq.impulse.event-once-per-turn"])
    if given.play == Play.MANDATORY_EVENT:
        mandatory = facts["vq.treasure.after-mandatory"]
        if card_cp not in (0, facts.number(mandatory.id)):
            raise RuleInputError(f"card_cp={card_cp}: a mandatory event gives {facts.number(mandatory.id)} CP "
                                 f"({mandatory.unit})")
        card_cp = facts.number(mandatory.id)
    if given.play == Play.PASS and (given.actions or card_cp):
        raise RuleInputError("a pass plays no card: no card_cp, no actions")
    spent = sum(s.cp for s in given.actions)
    if spent > card_cp:
        problems.append(f"the card's actions cost {spent} CP, the card gives {card_cp}")
    extends = given.treasure != Treasure.NONE
    if extends and given.play == Play.PASS:
        problems.append("a power that passed cannot extend its impulse")
        cite.append(facts["vq.impulse.extend"])
    treasure_cp = _treasure_cp(facts, given)
    if given.treasure == Treasure.CP:
        cite.append(facts["vq.treasure.cp"])
    elif given.treasure != Treasure.NONE:
        cite.append(facts[f"vq.treasure.automatic.{given.treasure.value}"])
    restricted = given.play in (Play.CP, Play.MANDATORY_EVENT)
    chosen = [t.value for t in ActionType] if kinds is None else kinds
    forbidden = [k for k in chosen if restricted and any(s.type.value == k for s in given.actions)]
    cite.append(facts["vq.treasure.after-mandatory" if given.play == Play.MANDATORY_EVENT else
                      "vq.treasure.different-type" if restricted else "vq.treasure.after-event"])
    for spend in given.extension:
        if spend.type.value in forbidden:
            problems.append(f"{spend.type} was bought with the card's CP earlier in the impulse")
    extension_cost = sum(s.cp for s in given.extension)
    if extension_cost > treasure_cp:
        problems.append(f"the extension's actions cost {extension_cost} CP, the treasure gives {treasure_cp}")
    naval = facts.get("vq.action-types.naval") if "naval" in forbidden else None
    named = list(facts.list(naval.id)) if naval else []
    if naval:
        cite.append(naval)
    if diplomacy and "diplomacy" in forbidden:
        cite.append(diplomacy)
    if given.actions or given.extension:
        cite.append(cost)
    left = (max(card_cp - spent, 0), max(treasure_cp - extension_cost, 0))
    if sum(left):
        cite.append(facts["vq.actions.no-carry-over"])
    result = ImpulseResult(extends and given.play != Play.PASS, tuple(forbidden), tuple(named),
                           tuple(k for k in kinds or () if k not in forbidden), *left, not problems,
                           tuple(problems), sum(left))
    return decided(impulse.rule_id, result, *cite, colours)


def _treasure_cp(facts: Facts, given: Impulse) -> int:
    if given.treasure == Treasure.CP:
        if given.treasure_cp not in facts.range("vq.treasure.cp"):
            raise RuleInputError(f"treasure_cp={given.treasure_cp}: a CP treasure is worth "
                                 f"{facts.range('vq.treasure.cp')} CP ({facts['vq.treasure.cp'].unit})")
        return given.treasure_cp
    if given.treasure == Treasure.NONE:
        if given.treasure_cp or given.extension:
            raise RuleInputError("treasure=none gives no CP to spend")
        return 0
    automatic = {facts.text(f.id): f for f in facts.group("vq.treasure.automatic")}
    if given.treasure.value not in automatic:
        raise RuleInputError(f"treasure={given.treasure}: the text names {', '.join(automatic)} and CP treasures")
    if given.treasure_cp or given.extension:
        raise RuleInputError(f"treasure={given.treasure} gives no CP to spend")
    return 0


@dataclass(frozen=True)
class Pass(Inputs):
    cards_in_hand: Count = arg("cards the power holds")
    admin_rating: Count = arg("the administrative rating of its ruler")
    home_card_played: bool = arg("its home card has been played", True)
    mandatory_event_in_hand: bool = arg("it holds a mandatory event not yet played", False)


@dataclass(frozen=True)
class PassResult:
    may_pass: bool  # the power may pass
    must_pass: bool  # the power must pass
    reasons: tuple[str, ...]  # why not


@rule("vq.pass", unit="vq:11/para-5", inputs=Pass, result=PassResult,
      facts=("vq.pass.never.home-card", "vq.pass.never.mandatory-event", "vq.pass.never.hand-size",
             "vq.pass.must"))
def pass_(facts: Facts, given: Pass) -> Outcome:
    """May (or must) the power pass: never with its home card unplayed, a mandatory event in
    hand, or more cards than its ruler's administrative rating; always with no card left."""
    if given.cards_in_hand == 0:
        if given.mandatory_event_in_hand:
            raise RuleInputError("mandatory_event_in_hand: the power holds no card")
        return decided(pass_.rule_id, PassResult(True, True, ()), facts["vq.pass.must"])
    never = [(not given.home_card_played, "vq.pass.never.home-card"),
             (given.mandatory_event_in_hand, "vq.pass.never.mandatory-event"),
             (given.cards_in_hand > given.admin_rating, "vq.pass.never.hand-size")]
    failed = [facts[fact_id] for bad, fact_id in never if bad]
    return decided(pass_.rule_id, PassResult(not failed, False, tuple(f.label[Lang.EN] for f in failed)),
                   *(failed or [facts["vq.pass.never.home-card"]]))


@dataclass(frozen=True)
class PlayAfterPassing(Inputs):
    passed_earlier: bool = arg("the power passed in an earlier impulse of this Action Phase")
    cards_in_hand: Count = arg("cards the power holds now")


@dataclass(frozen=True)
class PlayAfterPassingResult:
    may_play: bool  # the power may play a card in this impulse instead of passing


@rule("vq.play-after-passing", unit="vq:11/para-6", inputs=PlayAfterPassing, result=PlayAfterPassingResult,
      facts=("vq.pass.not-binding", "vq.pass.must"))
def play_after_passing(facts: Facts, given: PlayAfterPassing) -> Outcome:
    """A pass binds no later impulse: a power that passed may play a held card when its turn
    comes again; with no card left it must pass."""
    if given.cards_in_hand == 0:
        return decided(play_after_passing.rule_id, PlayAfterPassingResult(False), facts["vq.pass.must"])
    return decided(play_after_passing.rule_id, PlayAfterPassingResult(True),
                   facts["vq.pass.not-binding"] if given.passed_earlier else None, "vq:11/para-6")


class Patron(StrEnum):
    """patronage action"""

    ARTIST = "artist"
    SCHOLAR = "scholar"


@dataclass(frozen=True)
class Patronage(Inputs):
    action: Patron = arg("patronize an artist or a scholar")
    times_this_turn: Count = arg("times the power already took this action this turn", 0,
                                 cases=("vq.actions.patronage-once",))


@dataclass(frozen=True)
class PatronageResult:
    allowed: bool  # the patronage action is allowed


@rule("vq.patronage", unit="vq:11.1/note-1", inputs=Patronage, result=PatronageResult,
      facts=("vq.actions.patronage-once",))
def patronage(facts: Facts, given: Patronage) -> Outcome:
    """Patronize Artist and Patronize Scholar: each at most once per turn, unlike other actions."""
    once = facts["vq.actions.patronage-once"]
    return decided(patronage.rule_id, PatronageResult(given.times_this_turn < facts.number(once.id)), once)


@dataclass(frozen=True)
class PhaseEnd(Inputs):
    consecutive_passes: Count = arg("powers that passed in consecutive impulses, the last one included",
                                    cases=("vq.pass.phase-ends",))


@dataclass(frozen=True)
class PhaseEndResult:
    ends: bool  # the action phase ends


@rule("vq.action-phase-end", unit="vq:11/para-6", inputs=PhaseEnd, result=PhaseEndResult, facts=("vq.pass.phase-ends",))
def action_phase_end(facts: Facts, given: PhaseEnd) -> Outcome:
    """The Action Phase ends when all the powers have passed in consecutive impulses."""
    powers = facts["vq.pass.phase-ends"]
    if given.consecutive_passes > facts.number(powers.id):
        raise RuleInputError(f"consecutive_passes={given.consecutive_passes}: there are {facts.number(powers.id)} "
                             "powers")
    return decided(action_phase_end.rule_id, PhaseEndResult(given.consecutive_passes == powers.value), powers)


@dataclass(frozen=True)
class EventActor(Inputs):
    # VqPower is deployment's; imported here, not moved, as the rules' API names it there
    active: VqPower = arg("the power whose impulse it is, playing the card as an event")
    directed: VqPower | None = arg("the power the event directs to take an action; none: the event names no "
                                   "other power")


@dataclass(frozen=True)
class EventActorResult:
    acts: VqPower  # the power whose player takes the event's action


@rule("vq.event-actor", unit="vq:11/para-4", inputs=EventActor, result=EventActorResult,
      facts=("vq.impulse.event-actor",))
def event_actor(facts: Facts, given: EventActor) -> Outcome:
    """An event that directs another power to take an action: the player named on the card
    takes it, not the active player."""
    named = facts["vq.impulse.event-actor"]
    if facts.text(named.id) != "named-power":
        raise RuleInputError(f"vq.impulse.event-actor is {facts.text(named.id)!r}: the rule reads named-power")
    return decided(event_actor.rule_id, EventActorResult(given.directed or given.active), named)
