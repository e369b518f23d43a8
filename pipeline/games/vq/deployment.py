"""Virgin Queen 9 (Spain, Scotland and Ireland) and 10 (Spring Deployment)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...rules.facts import Facts
from ...rules.inputs import CP, Count, Inputs, RuleInputError, arg
from ...rules.registry import Outcome, decided, rule


class VqPower(StrEnum):
    """Virgin Queen power"""

    OTTOMAN = "ottoman"
    SPAIN = "spain"
    ENGLAND = "england"
    FRANCE = "france"
    EMPIRE = "empire"  # the text's «Империя» of the six-player game
    PROTESTANT = "protestant"


@dataclass(frozen=True)
class ScotlandIreland(Inputs):
    ov_cost: CP = arg("the current ОВ cost between England and Spain, in CP")
    enters: bool = arg("a Spanish unit enters an Irish or Scottish home space", True)


@dataclass(frozen=True)
class ScotlandIrelandResult:
    allowed: bool  # Spain may enter Scotland or Ireland
    war: bool  # England and Spain are at war at once, and can never make peace


@rule("vq.spain-scotland-ireland", unit="vq:9/sec-2/para-1", inputs=ScotlandIreland, result=ScotlandIrelandResult,
      facts=("vq.war.scotland-ireland.cost", "vq.war.scotland-ireland.before",
             "vq.war.scotland-ireland.war", "vq.war.no-peace"))
def spain_scotland_ireland(facts: Facts, given: ScotlandIreland) -> Outcome:
    """May Spanish units enter Irish or Scottish home spaces, and does that start the war.

    Not at the start of the game; once the ОВ cost between England and Spain is low enough they
    may, and a Spanish unit entering starts the war, which never ends in peace."""
    cost = facts["vq.war.scotland-ireland.cost"]
    if given.ov_cost not in facts.range(cost.id):
        return decided(spain_scotland_ireland.rule_id, ScotlandIrelandResult(False, False),
                       facts["vq.war.scotland-ireland.before"], cost)
    war = given.enters
    return decided(spain_scotland_ireland.rule_id, ScotlandIrelandResult(True, war), cost,
                   facts["vq.war.scotland-ireland.war"] if war else None,
                   facts["vq.war.no-peace"] if war else None)


@dataclass(frozen=True)
class Escorts(Inputs):
    in_box: Count = arg("galleons in the Treasure Fleet Escorts box now")
    move: int = arg("galleons moved: positive from home ports into the box, negative back")
    moved_other_way: bool = arg("galleons were already moved the other way this turn", False)


@dataclass(frozen=True)
class EscortsResult:
    allowed: bool  # the move is allowed
    in_box: int  # galleons in the box afterwards
    problems: tuple[str, ...]  # why not, one sentence each


@rule("vq.treasure-fleet-escorts", unit="vq:10/proc-1/step-1", inputs=Escorts, result=EscortsResult,
      facts=("vq.escorts.max", "vq.escorts.one-direction"))
def treasure_fleet_escorts(facts: Facts, given: Escorts) -> Outcome:
    """Spring Deployment step 1: Spain moves galleons into Treasure Fleet Escorts or back, one
    way per turn, never holding more than the maximum there."""
    maximum = facts["vq.escorts.max"]
    if given.in_box > facts.number(maximum.id):  # "at any time": a state the game never reaches
        raise RuleInputError(f"in_box={given.in_box}: the box never holds more than {facts.number(maximum.id)} "
                             f"galleons ({maximum.unit})")
    after = given.in_box + given.move
    if after < 0:
        raise RuleInputError(f"move={given.move}: only {given.in_box} galleon(s) are in the box")
    maximum, one_way = facts["vq.escorts.max"], facts["vq.escorts.one-direction"]
    problems, cite = [], []
    if after > facts.number(maximum.id):
        problems.append(f"{after} galleons in the box, more than {facts.number(maximum.id)}")
        cite.append(maximum)
    if given.moved_other_way and given.move:
        problems.append("galleons already moved the other way this turn")
        cite.append(one_way)
    return decided(treasure_fleet_escorts.rule_id, EscortsResult(not problems, after, tuple(problems)),
                   *(cite or [maximum]))


@dataclass(frozen=True)
class Deployment(Inputs):
    power: VqPower = arg("the deploying power")
    land_units: Count = arg("land units in the formation")
    # Required: "none" (no army leader) is an answer the player gives, never one assumed for them
    command_rating: Count | None = arg("the command rating of an army leader in the formation; none: no army leader")
    # A list, not a total: how several leaders' ratings combine is the reading recorded at
    # vq.deployment.leaders-rating, which the rule reads
    other_leaders: tuple[Count, ...] = arg("the command ratings of the formation's other army leaders", ())
    started_in_capital: bool = arg("the formation started the phase in the capital", True)
    both_capitals: bool = arg("units would deploy from two capitals", False)
    path_controlled: bool = arg("every land space of the path is under the power's control", True)
    path_unrest: bool = arg("a land space of the path is in unrest", False)
    sea_zones: Count = arg("sea zones the path crosses", 0)
    mountain_pass: bool = arg("the path crosses a mountain pass", False)
    foreign_ships: bool = arg("another great power (even an ally) has naval units in a port on a sea "
                              "zone crossed", False)
    ships_lent: bool = arg("those naval units were lent to the deploying power this turn", False)


@dataclass(frozen=True)
class DeploymentResult:
    allowed: bool  # the deployment is allowed
    cost_cp: int  # the CP it costs
    problems: tuple[str, ...]  # why not, one sentence each


@rule("vq.spring-deployment", unit="vq:10/proc-1/step-6", inputs=Deployment, result=DeploymentResult,
      facts=("vq.deployment.formations", "vq.deployment.free", "vq.deployment.start-in-capital",
             "vq.deployment.two-capitals", "vq.deployment.path", "vq.deployment.sea-zones",
             "vq.deployment.command-rating", "vq.deployment.leaders-rating", "vq.deployment.no-mountain-pass",
             "vq.deployment.foreign-ships", "vq.deployment.sea-units"))
def spring_deployment(facts: Facts, given: Deployment) -> Outcome:
    """Spring Deployment step 6: may this formation move from the capital, free of CP.

    Only units that start in the capital; one capital (Spain and the Protestant choose one of
    their two); a path through controlled land without unrest, across at most one sea zone (not
    one next to another power's unlent ships) and over no mountain pass; no more land units
    than the leaders' command rating (with several leaders, as vq.deployment.leaders-rating
    reads it: the best, or their sum), and no more than the limit across a sea zone."""
    if given.command_rating is None and given.other_leaders:
        raise RuleInputError("other_leaders: command_rating is none (no army leader), so there are no others")
    ratings = (given.command_rating, *given.other_leaders) if given.command_rating is not None else ()
    rating = ratings[0] if len(ratings) == 1 else None
    if len(ratings) > 1:  # only then does the outcome rest on how ratings combine
        combine = facts.text("vq.deployment.leaders-rating")
        if combine not in ("best", "combined"):
            raise RuleInputError(f"vq.deployment.leaders-rating is {combine!r}: the rule reads best or combined")
        rating = max(ratings) if combine == "best" else sum(ratings)
    checks = [
        (not given.started_in_capital, "vq.deployment.start-in-capital", "the units did not start in the capital"),
        (given.both_capitals, "vq.deployment.two-capitals", "deployment is from one capital only"),
        (not given.path_controlled or given.path_unrest, "vq.deployment.path",
         "the path needs controlled land spaces without unrest"),
        (given.sea_zones > facts.number("vq.deployment.sea-zones"), "vq.deployment.sea-zones",
         f"the path crosses {given.sea_zones} sea zones, at most {facts.number('vq.deployment.sea-zones')}"),
        (given.sea_zones > 0 and given.land_units > facts.number("vq.deployment.sea-units"),
         "vq.deployment.sea-units", f"{given.land_units} land units cross a sea zone, at most "
         f"{facts.number('vq.deployment.sea-units')}"),
        (given.mountain_pass, "vq.deployment.no-mountain-pass", "the path crosses a mountain pass"),
        (given.sea_zones > 0 and given.foreign_ships and not given.ships_lent, "vq.deployment.foreign-ships",
         "another power's naval units border the sea zone"),
        (rating is not None and given.land_units > rating,
         "vq.deployment.command-rating", f"{given.land_units} land units exceed the command rating {rating}"),
    ]
    failed = [(facts[fact_id], text) for bad, fact_id, text in checks if bad]
    free = facts["vq.deployment.free"]
    # No leader, no rating: the outcome rests on the reading recorded at the fact
    leaderless = facts["vq.deployment.command-rating"] if given.command_rating is None else None
    several = facts["vq.deployment.leaders-rating"] if len(ratings) > 1 else None
    result = DeploymentResult(not failed, 0, tuple(text for _, text in failed))
    return decided(spring_deployment.rule_id, result, *(fact for fact, _ in failed),
                   facts["vq.deployment.formations"], free, leaderless, several)
