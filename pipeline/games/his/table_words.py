"""What Here I Stand's decision tables say: the words for its rules' inputs, results and values,
as a player reads them. Each is a msgid of the website's catalogs (extracted with the rest of
pipeline/games/), so the Russian pages read them in Russian.
"""

from __future__ import annotations

from ...core.diagnostics import _
from ...render.games import Words
from .england_france import Card, PapalAction, Play
from .papacy import Target, Zone
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
        "his.reformer-debate": {"reformer_zone": _("The excommunicated reformer's language zone"),
                                "removed": _("He has been removed from play")},
        "his.excommunication": {
            "target": _("The Papal Bull is aimed at"),
            "at_war_with_papacy": _("The ruler's power is at war with the Papacy"),
            "allied_with_ottomans": _("The ruler's power is allied with the Ottomans"),
            "henry_viii_protestant_home_space": _("The ruler is Henry VIII and an English home space is Protestant"),
            "ally_of_power_at_war": _("The ruler's power is allied with a power at war with the Papacy"),
            "heir_of_henry_viii": _("The ruler is an heir of Henry VIII"),
            "excommunicated_before": _("Excommunicated on an earlier turn"),
            "other_french_king_excommunicated": _("The ruler is a French king and the other French king was "
                                                  "excommunicated"),
        },
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
        "his.reformer-debate": {"zones": _("The Papacy may initiate a theological debate in")},
        "his.excommunication": {"allowed": _("Excommunication allowed"),
                                "cards_fewer": _("Cards dealt fewer"),
                                "unrest_spaces": _("Catholic home spaces put in unrest")},
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
        Target: {"reformer": _("a reformer"), "ruler": _("a ruler")},
        Zone: {"english": _("the English language zone"), "french": _("the French language zone"),
               "german": _("the German language zone")},
    },
)
