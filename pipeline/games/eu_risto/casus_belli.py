"""Period I's casus belli with conditions a player can answer: VEN's temporary CB against TUR
(3:I) and the Habsburgs' free CB against Hungary with its price (5:I, first event)."""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.facts import Facts
from ...rules.inputs import Inputs, arg
from ...rules.registry import Outcome, decided, rule


@dataclass(frozen=True)
class VenetoTurkishCb(Inputs):
    turkish_alexandria: bool = arg("ALEXANDRIA is Turkish")
    tur_at_war_with_mamluks: bool = arg("TUR is at war with the Mamluks")


@dataclass(frozen=True)
class VenetoTurkishCbResult:
    cb: bool  # VEN receives a temporary CB against TUR


@rule("eu-risto.veneto-turkish-cb", unit="eu-risto:3:I/events-phase/1", inputs=VenetoTurkishCb,
      result=VenetoTurkishCbResult, facts=("eu-risto.casus-belli.veneto-turkish.cb",
                                           "eu-risto.casus-belli.veneto-turkish.when.*"))
def veneto_turkish_cb(facts: Facts, given: VenetoTurkishCb) -> Outcome:
    """Event 3:I: VEN receives a temporary CB against TUR if ALEXANDRIA is Turkish or TUR is at
    war with the Mamluks."""
    when = {f.value: f for f in facts.group("eu-risto.casus-belli.veneto-turkish.when")}
    holding = [when[name] for name, holds in (("turkish-alexandria", given.turkish_alexandria),
                                              ("tur-at-war-with-mamluks", given.tur_at_war_with_mamluks))
               if holds]
    cb = facts["eu-risto.casus-belli.veneto-turkish.cb"]
    return decided(veneto_turkish_cb.rule_id, VenetoTurkishCbResult(bool(holding)), cb, *(holding or when.values()))


@dataclass(frozen=True)
class HungaryCb(Inputs):
    cb_used: bool = arg("the Habsburgs use the free CB against Hungary")


@dataclass(frozen=True)
class HungaryCbResult:
    cb: bool  # the Habsburgs hold a temporary free CB against Hungary
    loses_control_of_hungary: bool  # the controller of the Habsburgs loses the control of Hungary


@rule("eu-risto.hungary-cb", unit="eu-risto:5:I/occ-1/diplomacy-phase/1", inputs=HungaryCb, result=HungaryCbResult,
      facts=("eu-risto.casus-belli.hungary.cb", "eu-risto.casus-belli.hungary.used"))
def hungary_cb(facts: Facts, given: HungaryCb) -> Outcome:
    """Event 5:I, first event: the Habsburgs receive a temporary free CB against Hungary; using
    it costs their controller the control of Hungary."""
    cb, used = facts["eu-risto.casus-belli.hungary.cb"], facts["eu-risto.casus-belli.hungary.used"]
    return decided(hungary_cb.rule_id, HungaryCbResult(True, given.cb_used), used if given.cb_used else cb,
                   cb if given.cb_used else None)
