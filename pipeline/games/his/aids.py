"""Aids 2-4: Here I Stand, the English impulse under Mary I (21.3), the Winter Phase (19.3,
19.8) and the New World (20-20.2).

Every branch, limit and cost is read from the facts the rules module decides with (his.yaml),
and grouped the way it groups them (the Habsburgs' colonies apart from England's and
France's); the words around them are the units' own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.diagnostics import _
from ...core.errors import FolioError
from ...core.model import Kind, Unit
from ...render.aids import pick
from ...render.aids.printed_lines import Callouts
from ...render.aids.repeats import printed_once, without_facts
from ...render.aids.sheet import Sheet, Text, stating
from ...render.aids.summary import said, summary

MANDATORY = "his:19.8"


POWERS = {"england": _("England"), "france": _("France"), "habsburgs": _("Habsburgs")}
CARDS = {"combat": _("combat cards"), "response": _("response cards")}  # his.mary-i.cp-only


@dataclass
class Branch:
    when: str  # the condition, with the fact's numbers: "1–3", "4 or more CP"
    then: str | Text | None  # what follows: a catalog sentence or the unit's own words (None: it has none)
    fact: str | None = None


@dataclass
class Node:
    id: str
    marker: str
    title: Text | None
    body: Text | None
    branches: list[Branch] = field(default_factory=list)
    last: bool = False  # the flow ends here


def mary_i(sheet: Sheet) -> dict:
    procedure = pick.stating(sheet, "his.mary-i.applies", Kind.PROCEDURE)
    applies, catholic = sheet.fact("his.mary-i.applies"), sheet.fact("his.mary-i.all-catholic")
    mandatory = sheet.fact("his.mary-i.mandatory-event")
    papal, normal = sheet.fact("his.mary-i.die.papal"), sheet.fact("his.mary-i.die.normal")
    brackets = sheet.group("his.mary-i.papal")
    steps = {unit.attrs["number"]: unit.id for unit in sheet.children(procedure, Kind.STEP)}
    papal_step = _step_of(sheet, brackets[0].unit)
    go_on = sheet.gettext("go to step %(step)s") % {"step": papal_step}
    start = Node(applies.unit, "", None, sheet.text(applies.unit), [
        Branch(sheet.gettext("an English home space is Protestant"), sheet.gettext("follow the steps below"),
               applies.id),
        Branch(sheet.gettext("all English home spaces are Catholic"), sheet.gettext("play the impulse normally"),
               catholic.id)])
    nodes = [start]
    for number, unit_id in steps.items():
        node = Node(unit_id, f"{number}.", sheet.text(unit_id, "title"), sheet.text(unit_id))
        if unit_id == mandatory.unit:
            node.branches = [
                Branch(sheet.gettext("a mandatory event"), sheet.gettext("play it as usual"), mandatory.id),
                Branch(sheet.gettext("any other card"), sheet.gettext("go to step %(step)s")
                       % {"step": _step_of(sheet, papal.unit)})]
        elif unit_id == papal.unit:
            node.branches = [
                Branch(sheet.gettext("die roll %(range)s") % {"range": sheet.shown_range(sheet.range(papal.id))},
                       go_on, papal.id),
                Branch(sheet.gettext("die roll %(range)s") % {"range": sheet.shown_range(sheet.range(normal.id))},
                       sheet.gettext("play the card normally; skip the rest of the procedure"), normal.id)]
        elif number == papal_step:
            node.branches = [Branch(sheet.gettext("%(range)s CP") % {"range": sheet.shown_range(sheet.range(b.id))},
                                    sheet.text(b.unit), b.id) for b in brackets]
        nodes.append(node)
    ends, cp_only = sheet.fact("his.mary-i.impulse-ends"), sheet.fact("his.mary-i.cp-only")
    nodes.append(Node(ends.unit, "", None, sheet.text(ends.unit), last=True))
    cards = sheet.join([sheet.gettext(CARDS.get(card, card)) for card in sheet.list(cp_only.id)])
    restriction, unstated = stating(sheet.text(cp_only.unit), cp_only)
    return {"title": sheet.text(procedure, "title"), "nodes": nodes,
            "restriction": restriction,
            # a summary of its own only where the rule's words do not hold the fact
            "restriction_short": sheet.gettext("Under Mary I, %(cards)s are played for CP only.")
            % {"cards": cards} if unstated else None}


def _step_of(sheet: Sheet, unit_id: str) -> str:
    """The number of the step that holds ``unit_id`` (a bracket of step 4 is in step 4)."""
    unit = sheet.unit(unit_id)
    while unit.kind != Kind.STEP or (unit.parent and sheet.unit(unit.parent).kind == Kind.STEP):
        unit = _parent(sheet, unit)
    return unit.attrs["number"]


def _parent(sheet: Sheet, unit: Unit) -> Unit:
    if unit.parent is None:
        raise FolioError(f"the player aid {sheet.aid_key} looks for the unit around {unit.id}, which has none",
                         path="corpus/manifest.yaml")
    return sheet.unit(unit.parent)


WINTER: Callouts = {
    "his.winter.city-limit": lambda s, f: s.ngettext(
        "At most %(num)d land unit stays in a fortified space the power controls; the excess returns "
        "to the capital.", "At most %(num)d land units stay in a fortified space the power controls; "
        "the excess returns to the capital.", s.number(f.id)),
    "his.winter.return-limit": lambda s, f: s.ngettext(
        "The nearest fortified space only if it then holds at most %(num)d land unit.",
        "The nearest fortified space only if it then holds at most %(num)d land units.", s.number(f.id)),
    "his.winter.split-limit": lambda s, f: s.ngettext(
        "Splitting: at most %(num)d land unit per space.", "Splitting: at most %(num)d land units per space.",
        s.number(f.id)),
    "his.winter.protestant-limit": lambda s, f: s.ngettext(
        "Protestant limit: %(num)d land unit per space.", "Protestant limit: %(num)d land units per space.",
        s.number(f.id)),
    "his.winter.habsburg-capitals": lambda s, f: s.ngettext(
        "The Habsburgs have %(num)d capital.", "The Habsburgs have %(num)d capitals: units may return to "
        "either.", s.number(f.id)),
}


def winter(sheet: Sheet) -> dict:
    procedure = pick.only(sheet, "his:19.3", Kind.PROCEDURE)
    events = [(sheet.label(fact), sheet.gettext("turn %(num)d") % {"num": sheet.number(fact.id)}, fact.unit)
              for fact in sheet.group("his.mandatory.event") if fact.type == "number"]
    cp, when = sheet.fact("his.mandatory.cp-ignored"), sheet.fact("his.mandatory.when")
    title = sheet.text(procedure, "title")
    return {"return_title": title,
            "return_number": _parent(sheet, sheet.unit(procedure)).attrs.get("number"),
            "return_lines": printed_once(sheet, summary(sheet, procedure, WINTER), title.value if title else None),
            "mandatory_title": sheet.text(MANDATORY, "title"),
            "mandatory_number": sheet.unit(MANDATORY).attrs.get("number"),
            # what the rule's paragraph says, from its facts: the rulebook has the rest
            "mandatory_intro": [text for text, _fact in said(sheet, [when, cp], MANDATORY_CP)],
            "mandatory_events": events}


MANDATORY_CP: Callouts = {
    "his.mandatory.cp-ignored": lambda s, f: s.ngettext(
        "Not played by then: play it now; the %(num)d CP the card would give are ignored.",
        "Not played by then: play it now; the %(num)d CP the card would give are ignored.", s.number(f.id)),
}


def new_world(sheet: Sheet) -> dict:
    powers = sheet.list("his.new-world.powers")
    group = {p: "habsburgs" if p == "habsburgs" else "england-france" for p in powers}  # as his.colonize
    cp = lambda fact_id: sheet.gettext("%(num)d CP") % {"num": sheet.number(fact_id)}  # noqa: E731
    per_turn = lambda fact_id: sheet.ngettext(  # noqa: E731
        "%(num)d time per turn", "%(num)d times per turn", sheet.number(fact_id))
    rows = [
        (sheet.gettext("Colonize: cost"), [cp(f"his.colonies.cost.{group[p]}") for p in powers]),
        (sheet.gettext("Colonize: how often"), [per_turn("his.colonies.per-turn") for _p in powers]),
        (sheet.gettext("Colonies at a time"), [str(sheet.number(f"his.colonies.limit.{group[p]}"))
                                               for p in powers]),
        (sheet.gettext("Explore: cost"), [cp("his.exploration.cost") for _p in powers]),
        (sheet.gettext("Explore: how often"), [per_turn("his.exploration.per-turn") for _p in powers]),
    ]
    ties = sheet.list("his.exploration.ties")
    lost = sheet.fact("his.exploration.lost-at-sea")
    order = [
        (sheet.gettext("Resolve the expeditions from the best explorer (the highest value) down."),
         "his.exploration.order"),
        (sheet.gettext("Ties: %(powers)s, in this order.")
         % {"powers": ", ".join(sheet.gettext(POWERS.get(p, p)) for p in ties)}, "his.exploration.ties"),
        (sheet.ngettext("Roll %(num)d die and add the explorer's value.",
                        "Roll %(num)d dice and add the explorer's value.", sheet.number("his.exploration.dice")),
         "his.exploration.dice"),
        (sheet.gettext("%(bonus)s if the expedition was sent with Mercator's Map.")
         % {"bonus": sheet.signed(sheet.number("his.exploration.mercator-bonus"))}, "his.exploration.mercator-bonus"),
        (sheet.gettext("%(range)s: the explorer is lost at sea and removed from the game.")
         % {"range": sheet.shown_range(sheet.range(lost.id))}, lost.id),
    ]
    sheet.fact("his.exploration.order")
    # the rules' other facts, summarised: what the table and the order above say is not said again
    shown = set(sheet.facts_used)
    rules = [(sheet.unit(section).attrs.get("number"), title, printed_once(
        sheet, without_facts(summary(sheet, section), shown), title.value if title else None))
        for section in ("his:20.1", "his:20.2") for title in [sheet.text(section, "title")]]
    return {"title": sheet.text("his:20", "title"), "intro": sheet.text(sheet.fact("his.new-world.powers").unit),
            "powers": [sheet.gettext(POWERS.get(p, p)) for p in powers], "rows": rows, "order": order,
            "rules": [rule for rule in rules if rule[2]]}
