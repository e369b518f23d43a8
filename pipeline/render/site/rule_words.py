"""What a decision table's columns and cells say: the words for the rules' inputs, results and
values, as a player reads them, in the website's catalogs.

The rules module names its inputs for programmers (``protestant_home_space``, ``re-roll-not-
marked``); a page shows none of those. Each word here is a msgid of the Babel catalogs (this
module is extracted with the rest of pipeline/render/site/), so the Russian pages read them in
Russian. A table whose rule has an input, a result or a value with no word here is refused
when the site is rendered: a new tabulated rule cannot reach a page in code names.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

from ...core.errors import FolioError
from ...rules.decision_tables import Case, DecisionTable
from ...rules.eu_risto_events import Period, Roll
from ...rules.eu_risto_politics import EuPower
from ...rules.his_england_france import Card, PapalAction, Play
from ...rules.inputs import plain


def _(text: str) -> str:
    """A msgid for the catalogs; the page's gettext translates it when the table is shown."""
    return text


#: rule id -> input name -> the column's heading
INPUTS: dict[str, dict[str, str]] = {
    "his.mary-i-impulse": {
        "card_cp": _("CP of the revealed card"),
        "die": _("England's die roll"),
        "card": _("Revealed card"),
        "protestant_home_space": _("An English home space is Protestant"),
    },
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
    "eu-risto.hre-recurrence": {"emperor": _("The emperor's country")},
    "his.jesuit-university": {"society_of_jesus_played": _("The Society of Jesus has been played")},
}

#: rule id -> result field -> the column's heading
OUTCOMES: dict[str, dict[str, str]] = {
    "his.mary-i-impulse": {
        "rolls": _("Die rolled"),
        "papal_actions": _("Papal actions instead"),
        "played_normally": _("Card played normally"),
        "plays": _("Card may be played"),
        "impulse_over": _("England's impulse ends"),
    },
    "eu-risto.hre-recurrence": {"replayed": _("The election is held again")},
    "his.jesuit-university": {"allowed": _("A Jesuit University may be founded")},
    "eu-risto.tordesillas-roll": {"outcome": _("The event"), "occurrence": _("Occurrence"),
                                  "stab_lost": _("Stab lost"), "vp_lost": _("VP lost")},
    "eu-risto.tordesillas-in-effect": {"in_effect": _("The treaty is in effect")},
    "eu-risto.bohemia-hungary-activation": {"activated": _("Activated"), "cancelled": _("Cancelled")},
    "eu-risto.war-with-scotland-roll": {"outcome": _("The event"), "occurrence": _("Occurrence"),
                                        "stab_lost": _("Stab lost"), "vp_lost": _("VP lost")},
}

#: enum -> value -> how a cell says it
VALUES: dict[type[enum.Enum], dict[str, str]] = {
    Card: {"mandatory-event": _("mandatory event"), "combat": _("combat card"),
           "response": _("response card"), "other": _("another card")},
    PapalAction: {"book-burning": _("burn books"), "debate": _("debate")},
    Play: {"event": _("as an event"), "cp": _("for CP")},
    Roll: {"occurs": _("takes place"), "re-roll-not-marked": _("re-rolled, not marked off"),
           "marked-off-played": _("marked off as played"),
           "marked-off-played-r-or-d": _("marked off as played; counts as an R or D result"),
           "marked-off-not-played-r-or-d": _("marked off, not played; an R or D result instead"),
           "marked-off-can-recur": _("marked off; may occur again"),
           "refused-marked-played": _("refused; marked off as played")},
}
#: enums whose values are the game's own notation, the same in every language
AS_WRITTEN = (Period, EuPower)


class TableWords:
    """A decision table's headings and cells in one language."""

    def __init__(self, table: DecisionTable, gettext: Callable[[str], str]):
        self.table, self.gettext = table, gettext
        missing = [f"input {c.name}" for c in table.columns if c.name not in INPUTS.get(table.rule, {})]
        missing += [f"result {name}" for name in table.outcomes if name not in OUTCOMES.get(table.rule, {})]
        if missing:
            raise FolioError(f"the decision table of {table.rule} has no words for its {', '.join(missing)} "
                             "(add them to pipeline/render/site/rule_words.py)")

    def inputs(self) -> list[str]:
        return [self.gettext(INPUTS[self.table.rule][c.name]) for c in self.table.columns]

    def outcomes(self) -> list[str]:
        return [self.gettext(OUTCOMES[self.table.rule][name]) for name in self.table.outcomes]

    def rows(self) -> list[tuple[list[tuple[str, bool]], list[str]]]:
        """Per row: each input cell (its words, whether it is "any"), then each outcome cell."""
        found = []
        for row in self.table.rows:
            cells = [(self.gettext("any"), True) if self.table.any(row, n)
                     else (", ".join(self._case(case) for case in cell), False)
                     for n, cell in enumerate(row.cells)]
            found.append((cells, [self._value(getattr(row.result, name)) for name in self.table.outcomes]))
        return found

    def _case(self, case: Case) -> str:
        return str(case.piece) if case.piece is not None else self._value(case.value)

    def _value(self, value: Any) -> str:
        if value is None or value == ():
            return "—"
        if isinstance(value, bool):
            return self.gettext("yes") if value else self.gettext("no")
        if isinstance(value, tuple):
            return ", ".join(self._value(v) for v in value)
        if isinstance(value, AS_WRITTEN):
            return str(value.value)
        if isinstance(value, enum.Enum):
            words = VALUES.get(type(value), {})
            if value.value not in words:
                raise FolioError(f"the decision table of {self.table.rule} has no words for the value "
                                 f"{value.value!r} of {type(value).__name__} "
                                 "(add them to pipeline/render/site/rule_words.py)")
            return self.gettext(words[value.value])
        if isinstance(value, int):
            return str(value)
        raise FolioError(f"the decision table of {self.table.rule} cannot show {plain(value)!r}")
