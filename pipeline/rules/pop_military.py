"""Europa Universalis: The Price of Power, 5.5 Military Actions: Declare War, Activate Units,
Recruit Units, Suppress Unrest. Costs are in the text's icons: c crowns, s stability."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .facts import Facts
from .inputs import Count, Inputs, RuleInputError, arg
from .registry import Outcome, decided, rule


class Bar(StrEnum):
    """Declare War restriction"""

    ALLIES = "allies"
    TRUCE = "truce"
    PASSED = "passed"
    NPR_ALLY = "npr-ally"
    HRE_MEMBER = "hre-member"
    DISTANT = "distant"
    INTERREGNUM = "interregnum"


@dataclass(frozen=True)
class DeclareWar(Inputs):
    targets: Count = arg("target Realms")
    without_cb: Count = arg("targets you have no CB on", 0)
    with_marriage: Count = arg("targets you have a Royal Marriage (M) with", 0)
    marriage_l_side: Count = arg("of those, marriages whose L side is face-up", 0)
    targeted_prs: Count = arg("targets that are PRs (player Realms) not already at War with you", 0)
    bars: tuple[Bar, ...] = arg("DoW restrictions that apply to a target (allies, truce, passed, "
                                "npr-ally, hre-member, distant, interregnum)", ())


@dataclass(frozen=True)
class DeclareWarResult:
    allowed: bool
    crowns: int  # the Action's cost
    stability_lost: int
    each_targeted_pr_gains: int  # crowns
    barred_by: tuple[str, ...]  # the restriction letters (a)-(g)


@rule("pop.declare-war", unit="pop:5.5/action-1", inputs=DeclareWar,
      facts=("pop.dow.cost", "pop.dow.restriction.*", "pop.dow.stability.no-cb", "pop.dow.stability.marriage",
             "pop.dow.stability.l-side", "pop.dow.targeted-pr-gain"))
def declare_war(facts: Facts, given: DeclareWar) -> Outcome:
    """Declare War: the restrictions (a)-(g), the crown cost, the stability lost per target
    without a CB and per target you have a Royal Marriage with (not with the L side up), and
    the crown each targeted PR gains."""
    if given.targets < 1:
        raise RuleInputError("targets: declare war on at least one Realm")
    for name in ("without_cb", "with_marriage", "targeted_prs"):
        if getattr(given, name) > given.targets:
            raise RuleInputError(f"{name}={getattr(given, name)}: there are {given.targets} target(s)")
    if given.marriage_l_side > given.with_marriage:
        raise RuleInputError(f"marriage_l_side={given.marriage_l_side}: only {given.with_marriage} "
                             "marriage(s) with targets")
    bars = [facts[f"pop.dow.restriction.{bar.value}"] for bar in given.bars]
    if bars:
        return decided(declare_war.rule_id, DeclareWarResult(False, 0, 0, 0, tuple(b.value for b in bars)),
                       *bars)
    no_cb, marriage = facts["pop.dow.stability.no-cb"], facts["pop.dow.stability.marriage"]
    lost = no_cb.value * given.without_cb + marriage.value * (given.with_marriage - given.marriage_l_side)
    gain = facts["pop.dow.targeted-pr-gain"]
    result = DeclareWarResult(True, facts.number("pop.dow.cost"), lost,
                              gain.value if given.targeted_prs else 0, ())
    return decided(declare_war.rule_id, result, facts["pop.dow.cost"], no_cb, marriage,
                   facts["pop.dow.stability.l-side"] if given.marriage_l_side else None,
                   gain if given.targeted_prs else None)


class Activation(StrEnum):
    """activation"""

    LAND_MOVE = "land-move"
    SIEGE = "siege"
    NAVAL_MOVE = "naval-move"


@dataclass(frozen=True)
class ActivateUnits(Inputs):
    activation: Activation = arg("what the activation does")
    spaces: Count = arg("spaces moved", 0)
    siege_units: Count = arg("Units taking part in the Siege", 0)
    land_units: Count = arg("Land Units carried across a Naval Bridge", 0)
    bridge_ships: Count = arg("Ships in the Naval Bridge's Sea Zone", 0)


@dataclass(frozen=True)
class ActivateResult:
    allowed: bool
    crowns: int
    problems: tuple[str, ...]


@rule("pop.activate-units", unit="pop:5.5/action-2", inputs=ActivateUnits,
      facts=("pop.activate.cost", "pop.activate.land-move", "pop.activate.naval-move", "pop.activate.siege-extra",
             "pop.activate.bridge"))
def activate_units(facts: Facts, given: ActivateUnits) -> Outcome:
    """Activate Units: land and naval moves of a limited reach, a siege that pays for every
    Unit beyond the first, and Naval Bridges that carry a few Land Units per Ship."""
    cost = facts["pop.activate.cost"]
    crowns, problems, cite = cost.value, [], []
    if given.activation == Activation.SIEGE:
        extra = facts["pop.activate.siege-extra"]
        if given.siege_units < 1:
            raise RuleInputError("siege_units: a Siege needs at least one Unit")
        crowns += extra.value * (given.siege_units - 1)
        cite.append(extra)
    else:
        reach = facts["pop.activate.land-move" if given.activation == Activation.LAND_MOVE
                      else "pop.activate.naval-move"]
        if given.spaces > reach.value:
            problems.append(f"{given.spaces} spaces, at most {reach.value}")
        cite.append(reach)
    if given.land_units:
        bridge = facts["pop.activate.bridge"]
        if given.land_units > bridge.value * given.bridge_ships:
            problems.append(f"{given.land_units} Land Units across {given.bridge_ships} Ship(s): at most "
                            f"{bridge.value} per Ship")
        cite.append(bridge)
    return decided(activate_units.rule_id, ActivateResult(not problems, crowns, tuple(problems)), *cite, cost)


@dataclass(frozen=True)
class Recruit(Inputs):
    regulars: Count = arg("Regular Units recruited in one Area", 0)
    mc: Count = arg("your MC in that Area", 0)
    mercenaries: Count = arg("Mercenary Units recruited now", 0)
    mercenaries_earlier: Count = arg("Mercenary Units recruited earlier this Turn", 0)
    ships: Count = arg("Ships built", 0)
    ports_owned: Count = arg("Ports you Own where they are built", 0)


@dataclass(frozen=True)
class RecruitResult:
    allowed: bool
    crowns: int  # plus the ducats of what is recruited (the cost table is not in the corpus)
    problems: tuple[str, ...]


@rule("pop.recruit-units", unit="pop:5.5/action-3", inputs=Recruit,
      facts=("pop.recruit.cost", "pop.recruit.mc", "pop.recruit.mercenaries", "pop.recruit.ships"))
def recruit_units(facts: Facts, given: Recruit) -> Outcome:
    """Recruit Units: Regular Units up to the Area's MC, Mercenaries up to a maximum per Turn
    (outside MC), a limited number of Ships per owned Port."""
    checks = [
        (given.regulars > given.mc, "pop.recruit.mc", f"{given.regulars} Regular Units, MC {given.mc}"),
        (given.mercenaries + given.mercenaries_earlier > facts.number("pop.recruit.mercenaries"),
         "pop.recruit.mercenaries", f"{given.mercenaries + given.mercenaries_earlier} Mercenary Units this "
         f"Turn, at most {facts.number('pop.recruit.mercenaries')}"),
        (given.ships > facts.number("pop.recruit.ships") * given.ports_owned, "pop.recruit.ships",
         f"{given.ships} Ships from {given.ports_owned} Port(s)"),
    ]
    failed = [(facts[fact_id], text) for bad, fact_id, text in checks if bad]
    cost = facts["pop.recruit.cost"]
    result = RecruitResult(not failed, cost.value, tuple(text for _, text in failed))
    return decided(recruit_units.rule_id, result, *(f for f, _ in failed), cost)


class Province(StrEnum):
    """province state"""

    CLEAR = "clear"
    ENEMY_UNITS = "enemy-units"
    OCCUPIED_BY_YOU = "occupied-by-you"
    OCCUPIED_BY_ENEMY = "occupied-by-enemy"


@dataclass(frozen=True)
class Suppress(Inputs):
    provinces: tuple[Province, ...] = arg("each Province with Unrest you want to suppress, by its state")


@dataclass(frozen=True)
class SuppressResult:
    suppressed: int
    crowns: int
    refused: tuple[str, ...]  # the state of each Province that cannot be suppressed


@rule("pop.suppress-unrest", unit="pop:5.5/action-4", inputs=Suppress,
      facts=("pop.suppress.cost", "pop.suppress.not.*"))
def suppress_unrest(facts: Facts, given: Suppress) -> Outcome:
    """Suppress Unrest: a crown per Province, never where the Area holds Enemy Units or where
    the Province is Occupied (by you or by an Enemy)."""
    barred = {f.value: f for f in facts.group("pop.suppress.not")}
    refused = [p for p in given.provinces if p.value in barred]
    cost = facts["pop.suppress.cost"]
    done = len(given.provinces) - len(refused)
    result = SuppressResult(done, cost.value * done, tuple(p.value for p in refused))
    return decided(suppress_unrest.rule_id, result, cost, *(barred[p.value] for p in refused))
