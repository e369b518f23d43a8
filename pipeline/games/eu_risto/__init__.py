"""Risto's Events for Europa Universalis (the ``eu-risto`` rulebook): its rules and its aid."""

from __future__ import annotations

from pathlib import Path

from ...core.diagnostics import _
from ...render.aids import Aid
from ...render.games import Game
from . import aids, casus_belli, effects, events, italy, politics, scotland
from .table_words import WORDS

RULES = (events, politics, effects, italy, scotland, casus_belli)

GAME = Game("eu_risto", aids=(
    Aid("eu-risto-events-period-1", _("Risto's Events, Period I: event cards"), ("eu-risto-period-1",),
        ("eu-risto:period-I",), aids.events, cards=True),
), templates=Path(__file__).parent / "templates", words=WORDS)
