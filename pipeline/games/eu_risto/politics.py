"""Risto's Events, Period I: the Holy Roman Emperor's election (2:I), the Reformation's
consequences (8:I), refusing Wars in Italy (4:I), the Veneto-Turkish transfer (3:I)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

from ...rules.facts import Facts, MissingFactError
from ...rules.inputs import Count, Inputs, RuleInputError, arg
from ...rules.registry import Outcome, decided, rule


class EuPower(StrEnum):
    """power"""

    SPA = "SPA"
    POR = "POR"
    FRA = "FRA"
    ENG = "ENG"
    TUR = "TUR"
    VEN = "VEN"


class Electorate(StrEnum):
    """imperial electorate"""

    SAXONY = "saxony"
    PALATINATE = "palatinate"
    BOHEMIA = "bohemia"
    COLOGNE = "cologne"


@dataclass(frozen=True)
class Election(Inputs):
    bids: dict[EuPower, Count] = arg("each candidate's secret bid in ducats, e.g. SPA:100,FRA:120")
    protestant: tuple[EuPower, ...] = arg("monarchs who have become Protestant", ())
    charles_i: bool = arg("the Spanish king is Charles I", False)
    electorates: dict[Electorate, EuPower] = arg("the controller of each electorate, e.g. saxony:FRA "
                                                 "(Bohemia annexed to Habsburgs: the controller of Habsburgs)", {})
    recurrence: bool = arg("the election is held again after an emperor's death or conversion", False)


@dataclass(frozen=True)
class ElectionResult:
    totals: dict[str, int]  # bid plus bonuses, per bidder
    winner: str | None  # the power elected emperor; none on a draw or when cancelled
    draw: tuple[str, ...]  # tied at the top: they bid again, adding to their offer
    cancelled: bool  # no bid or nobody eligible: cancelled, still marked off as played
    winner_ducats: int  # ducats the winner gains
    winner_vp: int  # VP the winner gains
    #: the electorates' 10d paid to controllers who do not bid (the fact's reading), per power
    electorate_ducats: dict[str, int] = field(default_factory=dict)  # ducats to each non-bidding electorate owner


@rule("eu-risto.hre-election", unit="eu-risto:2:I/events-phase", inputs=Election, result=ElectionResult,
      facts=("eu-risto.hre.candidates", "eu-risto.hre.protestants", "eu-risto.hre.highest-bid", "eu-risto.hre.draw",
             "eu-risto.hre.bids-lost", "eu-risto.hre.no-bids", "eu-risto.hre.fugger", "eu-risto.hre.fugger-charles-i",
             "eu-risto.hre.electorates", "eu-risto.hre.electorate-bonus", "eu-risto.hre.winner-ducats",
             "eu-risto.hre.winner-vp", "eu-risto.hre.recurrence-no-fugger"))
def hre_election(facts: Facts, given: Election) -> Outcome:
    """The election of the Holy Roman Emperor: bids plus the Fugger bonuses to SPA (not in a
    repeated election) and a bonus per electorate controlled; the highest total wins ducats
    and VP, a draw is bid again, and without a bid the event is cancelled but marked off."""
    rule_id = hre_election.rule_id
    candidates = facts["eu-risto.hre.candidates"]
    for power in given.bids:
        if power.value not in facts.list(candidates.id):
            raise RuleInputError(f"bids: {power} is not a candidate ({', '.join(facts.list(candidates.id))}, "
                                 f"{candidates.unit})")
        if power in given.protestant:
            raise RuleInputError(f"bids: {power} is Protestant and cannot take part "
                                 f"({facts['eu-risto.hre.protestants'].unit})")
    eligible = [candidates]
    if given.protestant:
        eligible.append(facts["eu-risto.hre.protestants"])
    no_bids = facts["eu-risto.hre.no-bids"]  # its reading: a bid of 0 is no bid
    bidders = [p for p in given.bids if given.bids[p] > 0]
    if not bidders:
        return decided(rule_id, ElectionResult({}, None, (), True, 0, 0), no_bids, *eligible)
    electorates = facts["eu-risto.hre.electorates"]
    cite = [facts["eu-risto.hre.highest-bid"], facts["eu-risto.hre.bids-lost"], *eligible]
    totals = {}
    for power in bidders:
        total = given.bids[power]
        if power == EuPower.SPA and not given.recurrence:
            total += facts.number("eu-risto.hre.fugger")
            cite.append(facts["eu-risto.hre.fugger"])
            if given.charles_i:
                total += facts.number("eu-risto.hre.fugger-charles-i")
                cite.append(facts["eu-risto.hre.fugger-charles-i"])
        held = [e for e, c in given.electorates.items() if c == power and e.value in facts.list(electorates.id)]
        if held:
            total += facts.number("eu-risto.hre.electorate-bonus") * len(held)
            cite += [electorates, facts["eu-risto.hre.electorate-bonus"]]
        totals[power.value] = total
    paid: dict[str, int] = {}  # the bonus's reading decides the controllers who do not bid
    for electorate, controller in given.electorates.items():
        if controller not in bidders and electorate.value in facts.list(electorates.id):
            paid[controller.value] = paid.get(controller.value, 0) + facts.number("eu-risto.hre.electorate-bonus")
    if paid:
        cite += [electorates, facts["eu-risto.hre.electorate-bonus"]]
    if given.recurrence:
        cite.append(facts["eu-risto.hre.recurrence-no-fugger"])
    best = max(totals.values())
    top = tuple(p for p, t in totals.items() if t == best)
    if len(top) > 1:
        return decided(rule_id, ElectionResult(totals, None, top, False, 0, 0, paid), facts["eu-risto.hre.draw"], *cite)
    ducats, vp = facts["eu-risto.hre.winner-ducats"], facts["eu-risto.hre.winner-vp"]
    result = ElectionResult(totals, top[0], (), False, facts.number(ducats.id), facts.number(vp.id), paid)
    return decided(rule_id, result, ducats, vp, *cite)


class Religion(StrEnum):
    """religion"""

    PROTESTANTISM = "protestantism"
    CONCILIATORISM = "conciliatorism"
    COUNTER_REFORM = "counter-reform"


# The phase blocks of 8:I name the powers in full; their keys are the unit ids' own.
_BLOCK = {EuPower.FRA: "france", EuPower.SPA: "spain", EuPower.ENG: "england"}


@dataclass(frozen=True)
class ReformationChoice(Inputs):
    choices: dict[EuPower, Religion] = arg("each power's secret choice, e.g. FRA:protestantism,SPA:counter-reform")


@dataclass(frozen=True)
class Consequence:
    power: str  # the power
    religion: str  # its choice
    stab_lost: int  # Stab it loses
    revolts: int  # revolts it suffers
    vp_gained: int  # VP it gains
    protestant_diplomacy: int  # bonus for diplomacy on Protestant countries
    individual: tuple[str, ...]  # the power's own consequences: fact id = value
    loses_papacy: bool = False  # the control of Papacy is lost
    #: no diplomacy (support included) with Papacy until the end of this period ("current": the
    #: period the choice is made in); None: no such ban
    no_papacy_diplomacy_until: str | None = None  # the period to whose end it has no diplomacy with Papacy


@dataclass(frozen=True)
class ReformationResult:
    consequences: tuple[Consequence, ...]  # each power's consequences
    sole_defender: str | None  # the only power to choose counter-reform, if one did
    defender_by_procedure: tuple[str, ...]  # several chose counter-reform: the normal procedure among them


@rule("eu-risto.reformation", unit="eu-risto:8:I/occ-2", inputs=ReformationChoice, result=ReformationResult,
      facts=("eu-risto.reformation.choosers", "eu-risto.reformation.protestantism.*",
             "eu-risto.reformation.conciliatorism.*", "eu-risto.reformation.counter-reform.*",
             "eu-risto.reformation.france.*", "eu-risto.reformation.spain.*", "eu-risto.reformation.england.*"))
def reformation(facts: Facts, given: ReformationChoice) -> Outcome:
    """The second Reformation: FRA, SPA and ENG choose a religion; the general consequences
    (Stab, revolts, doubled for SPA, diplomacy), the Sole Defender of Catholic Faith, and each
    power's individual consequences."""
    choosers = facts["eu-risto.reformation.choosers"]
    if sorted(p.value for p in given.choices) != sorted(facts.list(choosers.id)):
        raise RuleInputError(f"choices: {', '.join(facts.list(choosers.id))} must each choose ({choosers.unit})")
    r = "eu-risto.reformation"
    counter = [p for p, c in given.choices.items() if c == Religion.COUNTER_REFORM]
    sole = counter[0] if len(counter) == facts.number(f"{r}.counter-reform.sole") else None
    cite = [choosers]
    results = []
    for power, religion in given.choices.items():
        key = religion.value
        stab = revolts = vp = diplomacy = 0
        papacy, until = False, None
        if religion != Religion.COUNTER_REFORM:
            # SPA's own count where the text gives one ("4 in case of SPA"), the general one else
            count = facts[f"{r}.{key}.revolts-spa" if power == EuPower.SPA else f"{r}.{key}.revolts"]
            stab, revolts = facts.number(f"{r}.{key}.stab"), facts.number(count.id)
            cite += [facts[f"{r}.{key}.stab"], count]
        if religion == Religion.PROTESTANTISM:
            ban = facts[f"{r}.protestantism.papacy"]
            papacy, until = True, "current"
            cite.append(ban)
        if religion == Religion.CONCILIATORISM:
            diplomacy = facts.number(f"{r}.conciliatorism.diplomacy")
            cite.append(facts[f"{r}.conciliatorism.diplomacy"])
        if power == sole:
            vp = facts.number(f"{r}.counter-reform.vp")
            cite += [facts[f"{r}.counter-reform.sole"], facts[f"{r}.counter-reform.vp"]]
        if not counter:
            stab += facts.number(f"{r}.counter-reform.none")
        own = _individual(facts, f"{r}.{_BLOCK[power]}.{key}")
        for fact in own:
            if fact.id == f"{r}.france.protestantism.papacy":
                until = fact.value  # France's ban runs to the end of period III
        cite += own
        results.append(Consequence(power.value, key, stab, revolts, vp, diplomacy,
                                   tuple(f"{f.id} = {f.shown()}" for f in own), papacy, until))
    if not counter:
        cite.insert(0, facts[f"{r}.counter-reform.none"])
    several = tuple(p.value for p in counter) if len(counter) > 1 else ()
    if several:
        cite.insert(0, facts[f"{r}.counter-reform.several"])
    return decided(reformation.rule_id, ReformationResult(tuple(results), sole.value if sole else None, several),
                   *cite)


def _individual(facts: Facts, prefix: str) -> list:
    try:
        return facts.group(prefix)
    except MissingFactError:
        return []  # not every power has a numbered consequence for every religion


class Refuser(StrEnum):
    """refusing side"""

    FRA = "FRA"
    OWNER = "owner"


_OCCURRENCE = {1: "first", 2: "second"}


@dataclass(frozen=True)
class ItalyRefusal(Inputs):
    occurrence: int = arg("which Wars in Italy event: 1 (NAPOLI) or 2 (MILANO)")
    refuser: Refuser = arg("who refuses: FRA, or the owner of the target province")
    owner_major: bool | None = arg("the owner of NAPOLI is a major country (needed when it refuses the first "
                                   "event)", None)


@dataclass(frozen=True)
class RefusalResult:
    allowed: bool  # this side may refuse
    stab_lost: int  # Stab the refusing side loses
    cedes: str | None  # the province the owner cedes to FRA
    treated_as_played: bool  # the event counts as played


@rule("eu-risto.wars-in-italy-refusal", unit="eu-risto:4:I", inputs=ItalyRefusal, result=RefusalResult,
      facts=("eu-risto.occurrences.4", "eu-risto.wars-in-italy.first.target", "eu-risto.wars-in-italy.first.refuse.*",
             "eu-risto.wars-in-italy.second.target", "eu-risto.wars-in-italy.second.refuse.*"))
def wars_in_italy_refusal(facts: Facts, given: ItalyRefusal) -> Outcome:
    """Refusing Wars in Italy in a negotiations step: what it costs FRA, or the owner of the
    target province (Stab and the province); either way the event counts as played."""
    count = facts["eu-risto.occurrences.4"]
    if given.occurrence not in range(1, facts.number(count.id) + 1) or given.occurrence not in _OCCURRENCE:
        raise RuleInputError(f"occurrence={given.occurrence}: Wars in Italy occurs {count.value} times ({count.unit})")
    prefix = f"eu-risto.wars-in-italy.{_OCCURRENCE[given.occurrence]}"
    owner_first = given.refuser == Refuser.OWNER and given.occurrence == 1
    if owner_first and given.owner_major is None:
        raise RuleInputError("owner_major: required when the owner of NAPOLI refuses: only a major country may "
                             f"({facts[f'{prefix}.refuse.owner-major'].unit})")
    if given.owner_major is not None and not owner_first:
        raise RuleInputError("owner_major: only the first event's refusal by the owner of NAPOLI asks it")
    if owner_first and not given.owner_major:
        major = facts[f"{prefix}.refuse.owner-major"]
        return decided(wars_in_italy_refusal.rule_id, RefusalResult(False, 0, None, False), major)
    cost = facts[f"{prefix}.refuse.{'fra' if given.refuser == Refuser.FRA else 'owner'}"]
    target = facts[f"{prefix}.target"]
    cedes = facts.text(target.id) if given.refuser == Refuser.OWNER else None
    return decided(wars_in_italy_refusal.rule_id, RefusalResult(True, facts.number(cost.id), cedes, True), cost,
                   facts[f"{prefix}.refuse.owner-major"] if owner_first else None, target, count)


@dataclass(frozen=True)
class VenetoTransfer(Inputs):
    income: Count = arg("TUR's income from the Grand Orient trade centre, in ducats")


@dataclass(frozen=True)
class TransferResult:
    to_venice: int  # ducats TUR pays VEN


@rule("eu-risto.veneto-turkish-transfer", unit="eu-risto:3:I/diplomacy-phase/1", inputs=VenetoTransfer,
      result=TransferResult,
      facts=("eu-risto.veneto-turkish.share", "eu-risto.veneto-turkish.rounding"))
def veneto_turkish_transfer(facts: Facts, given: VenetoTransfer) -> Outcome:
    """What TUR hands VEN to negate VEN's CB: a share of the Grand Orient income, rounded up."""
    share, rounding = facts["eu-risto.veneto-turkish.share"], facts["eu-risto.veneto-turkish.rounding"]
    if rounding.value != "up":
        raise MissingFactError(f"{rounding.id}: the rules round up only, the data says {rounding.value}")
    amount = math.ceil(given.income * facts.number(share.id) / 100)
    return decided(veneto_turkish_transfer.rule_id, TransferResult(amount), share, rounding)
