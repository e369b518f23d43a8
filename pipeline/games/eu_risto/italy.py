"""Risto's Events 4:I, the Wars in Italy: the CBs the wars give powers other than FRA's own
against the target's owner. The second event arms Milan's protectors (Habsburgs and SPA) when
Milan itself owns MILANO; the first gives FRA, once it conquers NAPOLI, a CB against TUR and the
right to annex its capital. FRA's own CBs, Stab and VPs are eu-risto.wars-in-italy-effects'."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ...rules.facts import Facts
from ...rules.inputs import Bounds, Inputs, RuleInputError, arg
from ...rules.registry import Outcome, decided, rule

W = "eu-risto.wars-in-italy"

#: the event occurs twice (eu-risto.occurrences.4): the first is NAPOLI's, the second MILANO's
Occurrence = Annotated[int, Bounds(1, 2, "an occurrence of Wars in Italy")]


@dataclass(frozen=True)
class WarsInItalyCBs(Inputs):
    occurrence: Occurrence = arg("which Wars in Italy event: 1 (NAPOLI) or 2 (MILANO)")
    milan_owns_milano: bool = arg("the second event: the owner of MILANO is Milan", False)
    milan_habsburg_vassal: bool = arg("the second event: Milan is already in VA of Habsburgs", False)
    napoli_conquered: bool = arg("the first event: FRA conquered NAPOLI (not necessarily annexed) in a war "
                                 "the event caused", False)


@dataclass(frozen=True)
class WarsInItalyCBsResult:
    habsburgs_spa_cb: bool  # Habsburgs and SPA hold a free CB against FRA, used as FRA declares war on Milan
    milan_in_habsburg_eg: bool  # for that war Milan counts as in Habsburgs' EG
    fra_cb_vs_tur: bool  # FRA holds a CB against TUR to the end of the current period
    thracia_annexable: bool  # in a war against TUR meanwhile FRA may annex THRACIA, TUR's capital


@rule("eu-risto.wars-in-italy-cbs", unit="eu-risto:4:I", inputs=WarsInItalyCBs, result=WarsInItalyCBsResult,
      facts=("eu-risto.occurrences.4", f"{W}.second.milan-cb", f"{W}.second.milan-eg", f"{W}.first.tur-cb",
             f"{W}.first.thracia"))
def wars_in_italy_cbs(facts: Facts, given: WarsInItalyCBs) -> Outcome:
    """The Wars in Italy's CBs for others: Habsburgs and SPA against FRA when Milan owns MILANO
    (second event; Milan then in Habsburgs' EG unless already their vassal), and FRA's against
    TUR, with THRACIA annexable, once FRA conquers NAPOLI (first event)."""
    count = facts["eu-risto.occurrences.4"]
    if given.occurrence > facts.number(count.id):
        raise RuleInputError(f"occurrence={given.occurrence}: Wars in Italy occurs {count.value} times ({count.unit})")
    first = given.occurrence == 1
    if first and (given.milan_owns_milano or given.milan_habsburg_vassal):
        raise RuleInputError("milan_owns_milano, milan_habsburg_vassal: the first event's war is over NAPOLI; "
                             "MILANO's owner counts in the second")
    if not first and given.napoli_conquered:
        raise RuleInputError("napoli_conquered: only the first event's war (over NAPOLI) gives the CB against TUR")
    if given.milan_habsburg_vassal and not given.milan_owns_milano:
        raise RuleInputError("milan_habsburg_vassal: it matters only when Milan owns MILANO")
    rule_id = wars_in_italy_cbs.rule_id
    if first:
        tur, thracia = facts[f"{W}.first.tur-cb"], facts[f"{W}.first.thracia"]
        won = given.napoli_conquered
        return decided(rule_id, WarsInItalyCBsResult(False, False, won, won), tur, thracia if won else None)
    cb, eg = facts[f"{W}.second.milan-cb"], facts[f"{W}.second.milan-eg"]
    milan = given.milan_owns_milano
    in_eg = milan and not given.milan_habsburg_vassal
    return decided(rule_id, WarsInItalyCBsResult(milan, in_eg, False, False), cb, eg if milan else None)
