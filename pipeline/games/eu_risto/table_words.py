"""What Risto's Events' decision tables say: the words for its rules' inputs, results and values,
as a player reads them. Each is a msgid of the website's catalogs (extracted with the rest of
pipeline/games/), so the Russian pages read them in Russian.
"""

from __future__ import annotations

from ...core.diagnostics import _
from ...render.games import Words
from .effects import End
from .events import Period, Roll
from .politics import EuPower
from .scotland import Controller, Recipient

WORDS = Words(
    inputs={
        "eu-risto.tordesillas-roll": {
            "america_discovered": _("America discovered"),
            "spa_accepts": _("SPA accepts"),
            "por_accepts": _("POR accepts"),
        },
        "eu-risto.tordesillas-in-effect": {
            "period": _("Current period"),
            "event_7_iii_occurred": _("Event 7:III has occurred"),
        },
        "eu-risto.bohemia-hungary-activation": {
            "period": _("Current period"),
            "d_result_on_hungary": _("A D result on Hungary"),
            "event_5_occurred": _("Event 5:I has occurred"),
            "habsburg_war_on_hungary_or_bohemia": _("Habsburg war on Hungary or Bohemia"),
        },
        "eu-risto.war-with-scotland-roll": {
            "scotland_inactive": _("Scotland inactive"),
            "eng_refuses": _("ENG refuses"),
        },
        "eu-risto.veneto-turkish-cb": {"turkish_alexandria": _("ALEXANDRIA is Turkish"),
                                       "tur_at_war_with_mamluks": _("TUR is at war with the Mamluks")},
        "eu-risto.hungary-cb": {"cb_used": _("The CB against Hungary is used")},
        "eu-risto.war-with-scotland-control": {
            "enemy_of_eng": _("An enemy of ENG"),
            "controller": _("Scotland's controller"),
            "non_ally_of_eng": _("Another power not allied to ENG"),
            "ally_of_eng": _("Another ally of ENG"),
            "ally_refuses": _("An ally offered Scotland refuses it"),
        },
        "eu-risto.hre-recurrence": {"emperor": _("The emperor's country"),
                                    "end": _("How the election ends")},
        "eu-risto.wars-in-italy-cbs": {
            "occurrence": _("Wars in Italy: which event"),
            "milan_owns_milano": _("The owner of MILANO is Milan"),
            "milan_habsburg_vassal": _("Milan is already in VA of Habsburgs"),
            "napoli_conquered": _("FRA conquered NAPOLI in the war"),
        },
        "eu-risto.event-die-modifiers": {
            "period": _("Current period"),
            "america_discovered": _("America discovered"),
            "tordesillas_occurred": _("Event 1:I (Treaty of Tordesillas) has occurred"),
            "spa_counter_reform": _("SPA is Catholic/counter-reform"),
            "reformation_second_occurred": _("Event 8:I/13:II has occurred for the second time"),
            "new_col_tp_last_turn": _("New COL/TP counters were placed in America last turn"),
            "spa_or_por_control_papacy": _("SPA or POR control Papacy"),
        },
    },
    outcomes={
        "eu-risto.hre-recurrence": {"replayed": _("The election is held again"),
                                    "fugger_bonus": _("The Fugger bonus")},
        "eu-risto.wars-in-italy-cbs": {"habsburgs_spa_cb": _("Habsburgs and SPA: a free CB against FRA"),
                                       "milan_in_habsburg_eg": _("Milan counts as in Habsburgs' EG"),
                                       "fra_cb_vs_tur": _("FRA: a CB against TUR"),
                                       "thracia_annexable": _("FRA may annex THRACIA")},
        "eu-risto.event-die-modifiers": {"applies": _("The modifiers apply"), "per_die": _("Modifier per die")},
        "eu-risto.tordesillas-roll": {"outcome": _("The event"), "occurrence": _("Occurrence"),
                                      "stab_lost": _("Stab lost"), "vp_lost": _("VP lost")},
        "eu-risto.tordesillas-in-effect": {"in_effect": _("The treaty is in effect")},
        "eu-risto.bohemia-hungary-activation": {"activated": _("Activated"), "cancelled": _("Cancelled")},
        "eu-risto.war-with-scotland-roll": {"outcome": _("The event"), "occurrence": _("Occurrence"),
                                            "stab_lost": _("Stab lost"), "vp_lost": _("VP lost")},
        "eu-risto.veneto-turkish-cb": {"cb": _("VEN's temporary CB against TUR")},
        "eu-risto.hungary-cb": {"cb": _("The Habsburgs' free CB against Hungary"),
                                "loses_control_of_hungary": _("The Habsburgs' controller loses Hungary")},
        "eu-risto.war-with-scotland-control": {"takes_control": _("Takes the control of Scotland"),
                                               "breaks_alliance": _("Breaks its alliance with ENG"),
                                               "refusals": _("Allies refusing Scotland"),
                                               "stab_lost": _("Stab lost by each")},
    },
    values={
        End: {"death": _("the emperor's death"), "conversion": _("the emperor turns Protestant")},
        Roll: {"occurs": _("takes place"), "re-roll-not-marked": _("re-rolled, not marked off"),
               "marked-off-played": _("marked off as played"),
               "marked-off-played-r-or-d": _("marked off as played; counts as an R or D result"),
               "marked-off-not-played-r-or-d": _("marked off, not played; an R or D result instead"),
               "marked-off-can-recur": _("marked off; may occur again"),
               "refused-marked-played": _("refused; marked off as played")},
        Controller: {"none": _("nobody"), "enemy": _("an enemy of ENG"), "non-ally": _("a power not allied to ENG"),
                     "ally": _("an ally of ENG")},
        Recipient: {"enemy-of-eng": _("an enemy of ENG"), "current-controller": _("its current controller"),
                    "non-ally-of-eng": _("a power not allied to ENG"), "ally-of-eng": _("an ally of ENG"),
                    "nobody": _("nobody")},
    },
    #: the periods and the powers' abbreviations are the game's own notation, the same in every language
    as_written=(Period, EuPower),
)
