"""The games Folio knows, each a package of its own: its rules, its aids and its aids' templates.

``GAMES`` is the one explicit list, the way ``check/families.py`` lists the check families.
Importing this package imports each game (its rule modules register their rules in
``rules.registry``) and plugs it into the renderers (:mod:`pipeline.render.games`): the driver
imports it once, and the engine (``rules/``, ``render/aids/``, ``render/site/``, ``check/``)
reads only what is registered. Adding a game is a package here and a line below; see the
manual's "Adding a game".
"""

from __future__ import annotations

from ..render import games as plugged
from . import eu_risto, his, pop, vq

GAMES = (eu_risto.GAME, his.GAME, vq.GAME, pop.GAME)

for _game in GAMES:
    plugged.register(_game)
