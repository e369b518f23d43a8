"""What Virgin Queen's decision tables and "ask the rules" say: the words for its rules' inputs,
results and values, as a player reads them. Each is a msgid of the website's catalogs (extracted
with the rest of pipeline/games/), so the Russian pages read them in Russian.
"""

from __future__ import annotations

from ...core.diagnostics import _
from ...render.games import Words
from .actions import Patron
from .deployment import VqPower

WORDS = Words(
    inputs={
        "vq.patronage": {"action": _("Patronage action"),
                         "times_this_turn": _("Times the power already took it this turn")},
        "vq.action-phase-end": {"consecutive_passes": _("Powers that passed in consecutive impulses")},
        "vq.event-actor": {"active": _("The power playing the event"),
                           "directed": _("The power the event directs to act")},
    },
    outcomes={
        "vq.patronage": {"allowed": _("The action is allowed")},
        "vq.action-phase-end": {"ends": _("The Action Phase ends")},
        "vq.event-actor": {"acts": _("The power that takes the action")},
    },
    values={
        Patron: {"artist": _("Patronize Artist"), "scholar": _("Patronize Scholar")},
        VqPower: {"ottoman": _("the Ottomans"), "spain": _("Spain"), "england": _("England"),
                  "france": _("France"), "empire": _("the Empire"), "protestant": _("the Protestant")},
    },
)
