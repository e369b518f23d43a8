"""Europa Universalis: The Price of Power (the ``pop`` rulebook): its rules and its aid."""

from __future__ import annotations

from pathlib import Path

from ...core.diagnostics import _
from ...render.aids import Aid
from ...render.games import Game
from . import aids, military

RULES = (military,)

GAME = Game("pop", aids=(
    Aid("pop-military-actions", _("The Price of Power: Military Actions"), ("pop-military-actions",),
        ("pop:5.5",), aids.military_actions),
), templates=Path(__file__).parent / "templates")
