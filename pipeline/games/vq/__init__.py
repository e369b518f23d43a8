"""Virgin Queen (the ``vq`` rulebook): its rules and its aid."""

from __future__ import annotations

from pathlib import Path

from ...core.diagnostics import _
from ...render.aids import Aid
from ...render.games import Game
from . import actions, aids, deployment
from .table_words import WORDS

RULES = (deployment, actions)

GAME = Game("vq", aids=(
    Aid("vq-deployment-action-phase", _("Virgin Queen: Spring Deployment and the Action Phase"),
        ("vq-deployment-actions",), ("vq:10", "vq:11", "vq:11.1"), aids.deployment_actions),
), templates=Path(__file__).parent / "templates", words=WORDS)
