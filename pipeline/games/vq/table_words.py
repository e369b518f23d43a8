"""What Virgin Queen's decision tables and "ask the rules" say: the words for its rules' inputs,
results and values, as a player reads them. Each is a msgid of the website's catalogs (extracted
with the rest of pipeline/games/), so the Russian pages read them in Russian.
"""

from __future__ import annotations

from ...core.diagnostics import _
from ...render.games import Words
from .actions import Patron

WORDS = Words(
    inputs={
        "vq.patronage": {"action": _("Patronage action"),
                         "times_this_turn": _("Times the power already took it this turn")},
        "vq.action-phase-end": {"consecutive_passes": _("Powers that passed in consecutive impulses")},
    },
    outcomes={
        "vq.patronage": {"allowed": _("The action is allowed")},
        "vq.action-phase-end": {"ends": _("The Action Phase ends")},
    },
    values={
        Patron: {"artist": _("Patronize Artist"), "scholar": _("Patronize Scholar")},
    },
)
