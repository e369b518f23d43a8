"""Event 10:I, War with Scotland: who takes the control of Scotland (events phase, step 3 a-d).

The steps are facts in the order the text gives them (corpus/rules/eu-risto.yaml), read in file
order: the first step with a candidate decides. Which power of a step's kind takes Scotland is
"the normal preferences" of the basic rules, outside the corpus: the rule names the kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...rules.facts import Facts
from ...rules.inputs import Inputs, arg
from ...rules.registry import Outcome, decided, rule

_STEPS = "eu-risto.war-with-scotland.control"


class Controller(StrEnum):
    """Scotland's controller before the event, by its relation to ENG"""

    NONE = "none"  # nobody controls Scotland (or ENG did, and has lost it to the event)
    ENEMY = "enemy"  # a power at war with ENG
    NON_ALLY = "non-ally"  # a power neither at war with ENG nor its ally
    ALLY = "ally"  # an ally of ENG


class Recipient(StrEnum):
    """who takes the control of Scotland"""

    ENEMY = "enemy-of-eng"
    CONTROLLER = "current-controller"
    NON_ALLY = "non-ally-of-eng"
    ALLY = "ally-of-eng"
    NOBODY = "nobody"


@dataclass(frozen=True)
class ScotlandControl(Inputs):
    enemy_of_eng: bool = arg("some power (other than Scotland) is at present an enemy of ENG")
    controller: Controller = arg("Scotland's current controller, by its relation to ENG")
    non_ally_of_eng: bool = arg("some power besides the controller is neither an enemy nor an ally of ENG")
    ally_of_eng: bool = arg("some power besides the controller is an ally of ENG")
    ally_refuses: bool = arg("an ally of ENG offered Scotland refuses it rather than break its alliance")


@dataclass(frozen=True)
class ScotlandControlResult:
    takes_control: Recipient  # who takes the control of Scotland: the kind of power, or nobody
    breaks_alliance: bool  # the power taking Scotland is an ally of ENG and breaks that alliance
    refusals: int  # allies of ENG that refused Scotland (the controller, then another ally)
    stab_lost: int  # Stab each refusing ally loses


@rule("eu-risto.war-with-scotland-control", unit="eu-risto:10:I/events-phase/3", inputs=ScotlandControl,
      result=ScotlandControlResult,
      facts=(f"{_STEPS}.*", "eu-risto.war-with-scotland.controller-refuse-stab",
             "eu-risto.war-with-scotland.ally-refuse-stab"))
def war_with_scotland_control(facts: Facts, given: ScotlandControl) -> Outcome:
    """Event 10:I: the control of Scotland goes to the first of an enemy of ENG, its current
    controller, a non-ally of ENG, an ally of ENG; an ally of ENG breaks its alliance or refuses
    Scotland for 1 Stab, and a refusal passes Scotland to the next step."""
    candidates = {
        Recipient.ENEMY: given.enemy_of_eng,
        Recipient.CONTROLLER: given.controller != Controller.NONE,
        Recipient.NON_ALLY: given.non_ally_of_eng,
        Recipient.ALLY: given.ally_of_eng,
    }
    cited, refusals, stab_fact = [], 0, None
    for step in facts.group(_STEPS):
        kind = Recipient(facts.text(step.id))
        if not candidates[kind]:
            continue
        cited.append(step)
        allied = kind == Recipient.ALLY or (kind == Recipient.CONTROLLER and given.controller == Controller.ALLY)
        if not allied:
            return _outcome(facts, kind, False, refusals, stab_fact, cited)
        stab_fact = facts["eu-risto.war-with-scotland.ally-refuse-stab" if kind == Recipient.ALLY
                          else "eu-risto.war-with-scotland.controller-refuse-stab"]
        if not given.ally_refuses:
            return _outcome(facts, kind, True, refusals, stab_fact, cited)
        refusals += 1
    return _outcome(facts, Recipient.NOBODY, False, refusals, stab_fact, cited or "eu-risto:10:I/events-phase/3")


def _outcome(facts: Facts, kind: Recipient, breaks: bool, refusals: int, stab_fact, cited) -> Outcome:
    stab = facts.number(stab_fact.id) if stab_fact is not None and refusals else 0
    because = cited if isinstance(cited, list) else [cited]
    if stab_fact is not None:
        because = [*because, stab_fact]
    return decided(war_with_scotland_control.rule_id, ScotlandControlResult(kind, breaks, refusals, stab),
                   *because)
