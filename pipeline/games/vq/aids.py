"""Aid 5: Virgin Queen, Spring Deployment (10) and the Action Phase (11, 11.1): the impulse
options, when a power may pass, and extending an impulse with a treasure.

The sheet is arranged by what a player asks at the table, so it picks the units of each part
by the facts they state (pipeline/render/aids/pick.py), and prints them summarised: their
numbers and titles and what their facts say (pipeline/render/aids/summary.py), the limits the
rules module reads (vq.yaml); the rulebook has the rest.
"""

from __future__ import annotations

from ...core.diagnostics import _
from ...core.model import Kind
from ...render.aids import pick
from ...render.aids.printed_lines import Callouts
from ...render.aids.repeats import printed_once
from ...render.aids.sheet import Sheet
from ...render.aids.summary import summary_line

#: (heading, the units printed under it, in order), each found by a fact it states or beside one
PARTS = (
    (_("Spring Deployment"), lambda s: [*pick.before(s, _procedure(s)), _procedure(s)]),
    (_("An impulse: what a power may do"), lambda s: [
        *pick.before(s, pick.stating(s, "vq.impulse.extend")),
        pick.stating(s, "vq.impulse.mandatory-not-cp"), pick.stating(s, "vq.impulse.event-once-per-turn")]),
    (_("When a power may pass"), lambda s: [
        pick.previous(s, _list(s, "vq.pass.never.home-card")), _list(s, "vq.pass.never.home-card"),
        pick.stating(s, "vq.pass.must")]),
    (_("Extending an impulse with a treasure"), lambda s: [
        pick.stating(s, "vq.impulse.extend"), pick.previous(s, _list(s, "vq.treasure.automatic.draw-card")),
        _list(s, "vq.treasure.automatic.draw-card"), pick.stating(s, "vq.treasure.cp")]),
    (_("Actions"), lambda s: [pick.stating(s, "vq.actions.cost"), pick.stating(s, "vq.actions.patronage-once")]),
)


def _procedure(sheet: Sheet) -> str:
    return pick.stating(sheet, "vq.deployment.formations", Kind.PROCEDURE)


def _list(sheet: Sheet, fact_id: str) -> str:
    return pick.stating(sheet, fact_id, Kind.LIST)


CALLOUTS: Callouts = {
    "vq.escorts.max": lambda s, f: s.ngettext(
        "At most %(num)d galleon in Treasure Fleet Escorts at any time.",
        "At most %(num)d galleons in Treasure Fleet Escorts at any time.", s.number(f.id)),
    # printed under the step's title, "Move Formation from Capital": what it adds is how many
    "vq.deployment.formations": lambda s, f: s.ngettext(
        "Only %(num)d, and from a single capital.", "Only %(num)d, and from a single capital.", s.number(f.id)),
    "vq.deployment.free": lambda s, f: s.gettext("Spring Deployment costs no CP."),
    "vq.deployment.sea-zones": lambda s, f: s.ngettext(
        "The path may cross %(num)d sea zone, port to port.",
        "The path may cross %(num)d sea zones, port to port.", s.number(f.id)),
    "vq.deployment.sea-units": lambda s, f: s.ngettext(
        "At most %(num)d land unit (plus army leaders) crosses a sea zone.",
        "At most %(num)d land units (plus army leaders) cross a sea zone.", s.number(f.id)),
    "vq.impulse.event-once-per-turn": lambda s, f: s.ngettext(
        "A card may be played as an event %(num)d time per turn.",
        "A card may be played as an event %(num)d times per turn.", s.number(f.id)),
    "vq.pass.phase-ends": lambda s, f: s.ngettext(
        "The Action Phase ends when %(num)d power has passed in consecutive impulses.",
        "The Action Phase ends when all %(num)d powers have passed in consecutive impulses.", s.number(f.id)),
    "vq.treasure.cp": lambda s, f: s.gettext("Any other treasure: %(range)s CP.")
    % {"range": s.shown_range(s.range(f.id))},
    "vq.treasure.after-mandatory": lambda s, f: s.ngettext(
        "After a mandatory event: other action types than those its %(num)d CP bought.",
        "After a mandatory event: other action types than those its %(num)d CP bought.", s.number(f.id)),
    "vq.actions.cost": lambda s, f: s.gettext("An action costs %(range)s CP.")
    % {"range": s.shown_range(s.range(f.id))},
    "vq.actions.patronage-once": lambda s, f: s.ngettext(
        "Patronize Artist, Patronize Scholar: %(num)d time per turn each.",
        "Patronize Artist, Patronize Scholar: %(num)d times per turn each.", s.number(f.id)),
}


def deployment_actions(sheet: Sheet) -> dict:
    printed = []
    for heading, units in PARTS:
        found = [summary_line(sheet, sheet.unit(unit_id), CALLOUTS) for unit_id in units(sheet)]
        printed.append((sheet.gettext(heading), [line for line in found if line is not None]))
    # what a line says that its heading, its item or a later title says already is left out
    parts = [(heading, printed_once(sheet, lines, heading, [line for _, after in printed[n + 1:] for line in after]))
             for n, (heading, lines) in enumerate(printed)]
    return {"deployment_title": sheet.text("vq:10", "title"), "actions_title": sheet.text("vq:11", "title"),
            "parts": parts}
