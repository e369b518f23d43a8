"""Aid 6: The Price of Power, 5.5 Military Actions: each action under its cost, with its rules
and its steps summarised from the facts the rules module reads (pipeline/render/aids/summary.py):
a step's title, or what its facts say, or its text where that is short; never a sentence cut
short, and never a line that only sends the player back to 5.5, the rule the sheet is.

Costs are the facts the rules module charges (pop.yaml), in the rulebook's icons (c, s, D),
which both editions print as they are and the sheet's legend explains (corpus/glossary.yaml).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.model import Kind
from ...render.aids.printed_lines import Callouts
from ...render.aids.repeats import printed_once, without_facts
from ...render.aids.sheet import Line, Sheet, Text
from ...render.aids.summary import summary

SECTION = "pop:5.5"

#: the fact each action's cost comes from, and how the cost is printed
COSTS = {
    "pop.dow.cost": lambda s, n: s.gettext("%(num)dc") % {"num": n},
    "pop.activate.cost": lambda s, n: s.gettext("%(num)dc") % {"num": n},
    "pop.recruit.cost": lambda s, n: s.gettext("%(num)dc + the D of what you recruit") % {"num": n},
    "pop.suppress.cost": lambda s, n: s.gettext("%(num)dc per Province") % {"num": n},
}

CALLOUTS: Callouts = {
    "pop.dow.stability.no-cb": lambda s, f: s.gettext("−%(num)ds for each target without a CB.")
    % {"num": s.number(f.id)},
    "pop.dow.stability.marriage": lambda s, f: s.gettext(
        "−%(num)ds for each target you have a Royal Marriage (M) with, unless its L side is up.")
    % {"num": s.number(f.id)},
    "pop.dow.targeted-pr-gain": lambda s, f: s.gettext("Each targeted PR gains %(num)dc.") % {"num": s.number(f.id)},
    "pop.activate.land-move": lambda s, f: s.ngettext(
        "Land movement: up to %(num)d space.", "Land movement: up to %(num)d spaces.", s.number(f.id)),
    "pop.activate.siege-extra": lambda s, f: s.gettext("Siege: %(num)dc for each Sieging Unit after the first.")
    % {"num": s.number(f.id)},
    "pop.activate.naval-move": lambda s, f: s.ngettext(
        "Naval movement: up to %(num)d space.", "Naval movement: up to %(num)d spaces.", s.number(f.id)),
    "pop.activate.bridge": lambda s, f: s.ngettext(
        "Naval Bridge: up to %(num)d Land Unit per Ship.", "Naval Bridge: up to %(num)d Land Units per Ship.",
        s.number(f.id)),
    "pop.activate.optional-mercenaries": lambda s, f: s.ngettext(
        "Up to %(num)d Mercenary Unit, moving with the Army.",
        "Up to %(num)d Mercenary Units, moving with the Army.", s.number(f.id)),
    "pop.recruit.mercenaries": lambda s, f: s.ngettext(
        "At most %(num)d Mercenary Unit per Turn.", "At most %(num)d Mercenary Units per Turn.", s.number(f.id)),
    "pop.recruit.allied-cavalry": lambda s, f: s.gettext("Allied Units as Cavalry: %(num)dD each.")
    % {"num": s.number(f.id)},
    "pop.recruit.ships": lambda s, f: s.ngettext(
        "At most %(num)d Ship in each Port you Own.", "At most %(num)d Ships in each Port you Own.", s.number(f.id)),
}


@dataclass
class Action:
    id: str
    title: Text | None
    cost: str
    fact: str
    lines: list[Line]  # its rules summarised, its procedure's steps among them, in order


def military_actions(sheet: Sheet) -> dict:
    costs = {_action_of(sheet, sheet.fact(fact_id).unit): fact_id for fact_id in COSTS}
    actions = []
    for unit in sheet.children(SECTION, Kind.ACTION):
        fact_id = costs.get(unit.id)
        cost = COSTS[fact_id](sheet, sheet.number(fact_id)) if fact_id else ""
        title = sheet.text(unit.id, "title")
        # under its heading, a line says neither the action's name nor its cost again
        printed = printed_once(sheet, without_facts(summary(sheet, unit.id, CALLOUTS), {fact_id} if fact_id else set()),
                               title.value if title else None)
        actions.append(Action(unit.id, title, cost, fact_id or "", printed))
    return {"title": sheet.text(SECTION, "title"), "number": sheet.unit(SECTION).attrs.get("number"),
            "actions": actions}


def _action_of(sheet: Sheet, unit_id: str) -> str | None:
    """The action a cost fact belongs to: its unit, or the action that holds it (a cost "per
    Province" is stated in the action's first paragraph)."""
    unit = sheet.unit(unit_id)
    while unit.kind != Kind.ACTION and unit.parent:
        unit = sheet.unit(unit.parent)
    return unit.id if unit.kind == Kind.ACTION else None
