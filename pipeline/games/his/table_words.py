"""What Here I Stand's decision tables say: the words for its rules' inputs, results and values,
as a player reads them. Each is a msgid of the website's catalogs (extracted with the rest of
pipeline/games/), so the Russian pages read them in Russian.
"""

from __future__ import annotations

from ...core.diagnostics import _
from ...render.games import Words
from .england_france import Card, PapalAction, Play
from .winter import Fate, WinterMarker

WORDS = Words(
    inputs={
        "his.mary-i-impulse": {
            "card_cp": _("CP of the revealed card"),
            "die": _("England's die roll"),
            "card": _("Revealed card"),
            "protestant_home_space": _("An English home space is Protestant"),
        },
        "his.jesuit-university": {"society_of_jesus_played": _("The Society of Jesus has been played")},
        "his.winter-markers": {"marker": _("Marker")},
    },
    outcomes={
        "his.mary-i-impulse": {
            "rolls": _("Die rolled"),
            "papal_actions": _("Papal actions instead"),
            "played_normally": _("Card played normally"),
            "plays": _("Card may be played"),
            "impulse_over": _("England's impulse ends"),
        },
        "his.jesuit-university": {"allowed": _("A Jesuit University may be founded")},
        "his.winter-markers": {"fate": _("In the Winter Phase")},
    },
    values={
        Card: {"mandatory-event": _("mandatory event"), "combat": _("combat card"),
               "response": _("response card"), "other": _("another card")},
        PapalAction: {"book-burning": _("burn books"), "debate": _("debate")},
        Play: {"event": _("as an event"), "cp": _("for CP")},
        WinterMarker: {"major-alliance": _("alliance between major powers"),
                       "minor-alliance": _("alliance with a minor power (by an event card)"),
                       "piracy": _("piracy marker"), "debater": _("debater")},
        Fate: {"removed": _("removed"), "remains": _("remains"), "uncommitted": _("turned uncommitted")},
    },
)
