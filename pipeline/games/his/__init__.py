"""Here I Stand (the ``his`` rulebooks): its rules and its aids."""

from __future__ import annotations

from pathlib import Path

from ...core.diagnostics import _
from ...render.aids import Aid
from ...render.games import Game
from . import aids, england_france, new_world, papacy, winter
from .table_words import WORDS

RULES = (papacy, england_france, winter, new_world)

GAME = Game("his", aids=(
    Aid("his-mary-i-impulse", _("Here I Stand: the English impulse under Mary I"), ("his-power-rules",),
        ("his:21.3",), aids.mary_i),
    Aid("his-winter-phase", _("Here I Stand: Winter Phase, returning home and mandatory events"),
        ("his-winter-new-world",), ("his:19.3", "his:19.8"), aids.winter),
    Aid("his-new-world", _("Here I Stand: colonies and exploration"), ("his-winter-new-world",),
        ("his:20", "his:20.1", "his:20.2"), aids.new_world),
), templates=Path(__file__).parent / "templates", words=WORDS)
