"""The games plugged into the renderers: each game's aids, its aid templates and the words its
decision tables are shown with.

The engine names no game. ``pipeline/games/`` lists the games (``GAMES``, one explicit list)
and registers each here when the driver imports it, the way ``check/families.py`` lists the
check families; the aids and the website read what is registered. A game's rules register
themselves in ``rules.registry`` when its modules are imported.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Words:
    """What a game's decision tables say, as catalog msgids (translated when shown)."""

    inputs: dict[str, dict[str, str]] = field(default_factory=dict)  # rule id -> input -> heading
    outcomes: dict[str, dict[str, str]] = field(default_factory=dict)  # rule id -> result field -> heading
    values: dict[type[enum.Enum], dict[str, str]] = field(default_factory=dict)  # enum -> value -> words
    as_written: tuple[type[enum.Enum], ...] = ()  # enums whose values are the game's own notation


@dataclass(frozen=True)
class Game:
    key: str  # the game's package under pipeline/games/
    aids: tuple[Any, ...] = ()  # render.aids.Aid: what the game prints
    templates: Path | None = None  # the folder of its aids' templates (<aid key>.html)
    words: Words = field(default_factory=Words)


GAMES: list[Game] = []


def register(game: Game) -> None:
    """Plug ``game`` in; registering the same game again changes nothing."""
    if any(known.key == game.key for known in GAMES):
        return
    taken = {aid.key for known in GAMES for aid in known.aids}
    clash = [aid.key for aid in game.aids if aid.key in taken]
    if clash:
        raise AssertionError(f"game {game.key}: aid {clash[0]} is registered by another game")
    GAMES.append(game)


def unregister(key: str) -> None:
    """Take a game out again (a test's game, once the test is done)."""
    GAMES[:] = [game for game in GAMES if game.key != key]


def aids() -> tuple[Any, ...]:
    """Every registered game's aids, in the order the games were registered."""
    return tuple(aid for game in GAMES for aid in game.aids)


def template_folders() -> list[Path]:
    return [game.templates for game in GAMES if game.templates is not None]


def words() -> Words:
    """Every registered game's table words, merged."""
    merged = Words()
    for game in GAMES:
        merged.inputs.update(game.words.inputs)
        merged.outcomes.update(game.words.outcomes)
        merged.values.update(game.words.values)
    return Words(merged.inputs, merged.outcomes, merged.values,
                 tuple(kind for game in GAMES for kind in game.words.as_written))
