"""Europa Universalis: The Price of Power, 5.5 Military Actions: Declare War, Activate Units,
Recruit Units, Suppress Unrest. Costs are in the text's icons: c crowns, s stability."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...rules.facts import Fact, Facts
from ...rules.inputs import Count, Inputs, RuleInputError, arg, convert
from ...rules.registry import Outcome, decided, rule


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
class Barred:
    """a target and the restriction that bars it"""

    FORMAT = "target:restriction, e.g. Venice:truce"
    target: str
    bar: Bar

    @classmethod
    def parse(cls, text: str, name: str) -> Barred:
        target, sep, bar = text.partition(":")
        if not sep or not target.strip():
            raise RuleInputError(f"{name}: {text!r} should be target:restriction, e.g. Venice:truce")
        return cls(target.strip(), convert(Bar, bar, name))


@dataclass(frozen=True)
class DeclareWar(Inputs):
    targets: tuple[str, ...] = arg("the target Realms, by name")
    without_cb: tuple[str, ...] = arg("the targets you have no CB on", ())
    with_marriage: tuple[str, ...] = arg("the targets you have a Royal Marriage (M) with", ())
    marriage_l_side: tuple[str, ...] = arg("of those, the ones whose marriage lies L side up", ())
    player_realms: tuple[str, ...] = arg("the targets that are PRs (player Realms)", ())
    accepting_ctas: tuple[str, ...] = arg("PRs accepting a Defensive CtA from a targeted NPR (steps 3b, 3c)", ())
    already_at_war: tuple[str, ...] = arg("of the PRs accepting a CtA, those already at War with you", ())
    bars: tuple[Barred, ...] = arg("a DoW restriction that applies to a target, as target:restriction "
                                   "(allies, truce, passed, npr-ally, hre-member, distant, interregnum)", ())
    battles: bool = arg("the declaration triggered a Battle", True)


@dataclass(frozen=True)
class DeclareWarResult:
    allowed: bool  # the declaration may be made (no restriction bars a target)
    crowns: int  # the Action's cost
    stability_lost: int  # stability (s) you lose
    each_pr_gains: int  # crowns, to each PR in `gaining`
    gaining: tuple[str, ...]  # the targeted PRs, and the PRs accepting an NPR's CtA not already at War
    barred_by: tuple[str, ...]  # target: restriction letter (a)-(g)
    free_action: tuple[str, ...]  # no Battle: one of these Actions at no c cost


def _among(name: str, items: tuple[str, ...], within: tuple[str, ...], what: str) -> None:
    for item in items:
        if item not in within:
            raise RuleInputError(f"{name}: {item} is not {what} ({', '.join(within) or 'none'})")
    if len(set(items)) != len(items):
        raise RuleInputError(f"{name}: a target is named twice")


@rule("pop.declare-war", unit="pop:5.5/action-1", inputs=DeclareWar, result=DeclareWarResult,
      facts=("pop.dow.cost", "pop.dow.restriction.*", "pop.dow.stability.no-cb", "pop.dow.stability.marriage",
             "pop.dow.stability.l-side", "pop.dow.targeted-pr-gain", "pop.dow.targeted-pr-exception",
             "pop.dow.free-action"))
def declare_war(facts: Facts, given: DeclareWar) -> Outcome:
    """Declare War: the restrictions (a)-(g), each judged on its own target; the crown cost, the
    stability lost per target without a CB and per target you have a Royal Marriage with (not
    with the L side up); the crown each targeted PR gains, and each PR accepting a targeted NPR's
    Defensive CtA unless already at War with you; with no Battle, a free Activate Units or
    Recruit Units."""
    if not given.targets:
        raise RuleInputError("targets: declare war on at least one Realm")
    _among("targets", given.targets, given.targets, "a target")
    for name in ("without_cb", "with_marriage", "player_realms"):
        _among(name, getattr(given, name), given.targets, "a target")
    _among("marriage_l_side", given.marriage_l_side, given.with_marriage, "a target you have a marriage with")
    if given.accepting_ctas and set(given.player_realms) == set(given.targets):
        raise RuleInputError("accepting_ctas: every target is a PR, so no targeted NPR sends a CtA")
    if len(set(given.accepting_ctas)) != len(given.accepting_ctas):
        raise RuleInputError("accepting_ctas: a PR is named twice")
    _among("already_at_war", given.already_at_war, given.accepting_ctas, "a PR accepting a CtA")
    for barred in given.bars:
        _among("bars", (barred.target,), given.targets, "a target")
    bars = [(b.target, facts[f"pop.dow.restriction.{b.bar.value}"]) for b in given.bars]
    if bars:
        result = DeclareWarResult(False, 0, 0, 0, (), tuple(f"{t}: {f.value}" for t, f in bars), ())
        return decided(declare_war.rule_id, result, *(f for _, f in bars))
    no_cb, marriage = facts["pop.dow.stability.no-cb"], facts["pop.dow.stability.marriage"]
    lost = sum(facts.number(no_cb.id) * (t in given.without_cb)
               + facts.number(marriage.id) * (t in given.with_marriage and t not in given.marriage_l_side)
               for t in given.targets)
    gain, exception = facts["pop.dow.targeted-pr-gain"], facts["pop.dow.targeted-pr-exception"]
    # The "unless" follows "PRs accepting any Defensive CtAs from NPRs" and speaks of "that PR":
    # it is read as theirs alone (the fact's reading); a targeted PR always gains.
    gaining = given.player_realms + tuple(p for p in given.accepting_ctas
                                          if p not in given.already_at_war and p not in given.player_realms)
    free = () if given.battles else facts.list("pop.dow.free-action")
    result = DeclareWarResult(True, facts.number("pop.dow.cost"), lost, facts.number(gain.id) if gaining else 0,
                              gaining, (), free)
    return decided(declare_war.rule_id, result, facts["pop.dow.cost"], no_cb, marriage,
                   facts["pop.dow.stability.l-side"] if given.marriage_l_side else None,
                   gain if gaining else None, exception if given.already_at_war else None,
                   None if given.battles else facts["pop.dow.free-action"])


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
    distant: bool = arg("the move is on one of the Distant Continents", False)
    on_past_hostile: bool = arg("the land move goes on after entering a Hostile or Neutral Area", False)
    mercenaries: Count = arg("Mercenary Units first recruited to move with the Army (Optional Rule 2)", 0)
    neutral_without_access: bool = arg("the land move enters a Neutral Area without Military Access", False)


@dataclass(frozen=True)
class ActivateResult:
    allowed: bool  # the activation is legal
    crowns: int  # the crowns (c) the activation costs
    problems: tuple[str, ...]  # why not, one sentence each


@rule("pop.activate-units", unit="pop:5.5/action-2", inputs=ActivateUnits, result=ActivateResult,
      facts=("pop.activate.cost", "pop.activate.land-move", "pop.activate.naval-move", "pop.activate.siege-extra",
             "pop.activate.bridge", "pop.activate.stop", "pop.activate.distant",
             "pop.activate.optional-mercenaries", "pop.activate.military-access"))
def activate_units(facts: Facts, given: ActivateUnits) -> Outcome:
    """Activate Units: land and naval moves of a limited reach, a siege that pays for every
    Unit beyond the first, and Naval Bridges that carry a few Land Units per Ship."""
    cost = facts["pop.activate.cost"]
    crowns = facts.number(cost.id)
    problems: list[str] = []
    cite: list[Fact] = []
    if given.activation == Activation.SIEGE:
        extra = facts["pop.activate.siege-extra"]
        if given.siege_units < 1:
            raise RuleInputError("siege_units: a Siege needs at least one Unit")
        crowns += facts.number(extra.id) * (given.siege_units - 1)
        cite.append(extra)
    else:
        reach = facts["pop.activate.land-move" if given.activation == Activation.LAND_MOVE
                      else "pop.activate.naval-move"]
        if given.spaces > facts.number(reach.id):
            problems.append(f"{given.spaces} spaces, at most {facts.number(reach.id)}")
        cite.append(reach)
        if given.distant:
            distant = facts["pop.activate.distant"]
            if given.spaces > 1:
                problems.append(f"{given.spaces} spaces on a Distant Continent: movement ends in the first")
            cite.insert(0, distant)
        if given.on_past_hostile:
            if given.activation != Activation.LAND_MOVE:
                raise RuleInputError("on_past_hostile: a land move's limit")
            problems.append("the move must end in the Hostile or Neutral Area it entered")
            cite.insert(0, facts["pop.activate.stop"])
        if given.neutral_without_access:
            if given.activation != Activation.LAND_MOVE:
                raise RuleInputError("neutral_without_access: a land move's condition")
            problems.append("a Neutral Area is entered only with Military Access obtained first")
            cite.insert(0, facts["pop.activate.military-access"])
    if given.mercenaries:
        optional = facts["pop.activate.optional-mercenaries"]
        if given.activation == Activation.NAVAL_MOVE:
            raise RuleInputError("mercenaries: Optional Rule 2 recruits them for an activated Army")
        if given.mercenaries > facts.number(optional.id):
            problems.append(f"{given.mercenaries} Mercenary Units, at most {facts.number(optional.id)} "
                            "(Optional Rule 2)")
        cite.append(optional)
    if given.land_units:
        bridge = facts["pop.activate.bridge"]
        if given.land_units > facts.number(bridge.id) * given.bridge_ships:
            problems.append(f"{given.land_units} Land Units across {given.bridge_ships} Ship(s): at most "
                            f"{facts.number(bridge.id)} per Ship")
        cite.append(bridge)
    return decided(activate_units.rule_id, ActivateResult(not problems, crowns, tuple(problems)), *cite, cost)


@dataclass(frozen=True)
class Recruit(Inputs):
    regulars: dict[str, Count] = arg("Regular Units recruited per Area, e.g. Ile-de-France:2", {})
    mc: dict[str, Count] = arg("your MC in each of those Areas, e.g. Ile-de-France:3", {})
    counted_before: tuple[str, ...] = arg("Areas whose Provinces were already counted for MC this Turn", ())
    mercenaries: Count = arg("Mercenary Units recruited now", 0)
    mercenaries_earlier: Count = arg("Mercenary Units recruited earlier this Turn", 0)
    ships: dict[str, Count] = arg("Ships built in each Port you Own, e.g. Brest:1,Bordeaux:1", {})
    allied_cavalry: Count = arg("Allied Units raised as Cavalry", 0)
    artillery: Count = arg("Artillery Units recruited (among the Regular Units)", 0)
    cannons: bool | None = arg("the Cannons Idea is researched (asked when Artillery is recruited)", None)


@dataclass(frozen=True)
class RecruitResult:
    allowed: bool  # the recruitment is legal
    crowns: int  # plus the ducats of what is recruited (the cost table is not in the corpus)
    ducats_cost: int  # the part of the ducats paid that the corpus states: Allied Cavalry
    problems: tuple[str, ...]  # why not, one sentence each


@rule("pop.recruit-units", unit="pop:5.5/action-3", inputs=Recruit, result=RecruitResult,
      facts=("pop.recruit.cost", "pop.recruit.mc", "pop.recruit.province-once", "pop.recruit.mercenaries",
             "pop.recruit.ships", "pop.recruit.allied-cavalry", "pop.recruit.artillery-cannons"))
def recruit_units(facts: Facts, given: Recruit) -> Outcome:
    """Recruit Units: Regular Units up to each Area's MC (a Province counts once per Turn),
    Mercenaries up to a maximum per Turn (outside MC), Ships up to a limit in each owned Port,
    Allied Units as Cavalry at a price each."""
    for area in given.regulars:
        if area not in given.mc:
            raise RuleInputError(f"mc: give your MC in {area}, where Regular Units are recruited")
    if given.artillery and given.cannons is None:
        raise RuleInputError("cannons: required when Artillery Units are recruited (is the Cannons Idea researched?)")
    ships = facts.number("pop.recruit.ships")
    checks = [(n > given.mc[area], "pop.recruit.mc", f"{area}: {n} Regular Units, MC {given.mc[area]}")
              for area, n in given.regulars.items()]
    checks += [(area in given.counted_before and n > 0, "pop.recruit.province-once",
                f"{area}: its Provinces were already counted for MC this Turn")
               for area, n in given.regulars.items()]
    checks.append((given.mercenaries + given.mercenaries_earlier > facts.number("pop.recruit.mercenaries"),
                   "pop.recruit.mercenaries", f"{given.mercenaries + given.mercenaries_earlier} Mercenary Units "
                   f"this Turn, at most {facts.number('pop.recruit.mercenaries')}"))
    checks += [(n > ships, "pop.recruit.ships", f"{port}: {n} Ships, at most {ships} in each Port")
               for port, n in given.ships.items()]
    checks.append((given.artillery > 0 and not given.cannons, "pop.recruit.artillery-cannons",
                   f"{given.artillery} Artillery Units without the Cannons Idea"))
    failed = [(facts[fact_id], text) for bad, fact_id, text in checks if bad]
    cost, cavalry = facts["pop.recruit.cost"], facts["pop.recruit.allied-cavalry"]
    cite = [f for f, _ in failed]
    cite += [facts["pop.recruit.mc"]] if given.regulars and not failed else []
    cite += [facts["pop.recruit.ships"]] if given.ships and not failed else []
    result = RecruitResult(not failed, facts.number(cost.id), facts.number(cavalry.id) * given.allied_cavalry,
                           tuple(text for _, text in failed))
    return decided(recruit_units.rule_id, result, *cite, cost, cavalry if given.allied_cavalry else None)


class Province(StrEnum):
    """province state"""

    CLEAR = "clear"
    ENEMY_UNITS = "enemy-units"
    REBEL_UNITS = "rebel-units"  # the text's "?" icon after Enemy Units (the fact's reading)
    OCCUPIED_BY_YOU = "occupied-by-you"
    OCCUPIED_BY_ENEMY = "occupied-by-enemy"


@dataclass(frozen=True)
class Suppress(Inputs):
    provinces: tuple[Province, ...] = arg("each Province with Unrest you want to suppress, by its state")


@dataclass(frozen=True)
class SuppressResult:
    suppressed: int  # Provinces whose unrest is suppressed
    crowns: int  # the crowns (c) it costs
    refused: tuple[str, ...]  # the state of each Province that cannot be suppressed


@rule("pop.suppress-unrest", unit="pop:5.5/action-4", inputs=Suppress, result=SuppressResult,
      facts=("pop.suppress.cost", "pop.suppress.not.*"))
def suppress_unrest(facts: Facts, given: Suppress) -> Outcome:
    """Suppress Unrest: a crown per Province, never where the Area holds Enemy Units or "?"
    (read as Rebel Units) or where the Province is Occupied (by you or by an Enemy)."""
    barred = {f.value: f for f in facts.group("pop.suppress.not")}
    refused = [p for p in given.provinces if p.value in barred]
    cost = facts["pop.suppress.cost"]
    done = len(given.provinces) - len(refused)
    result = SuppressResult(done, facts.number(cost.id) * done, tuple(p.value for p in refused))
    return decided(suppress_unrest.rule_id, result, cost, *(barred[p.value] for p in refused))
