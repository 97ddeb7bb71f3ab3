"""Each registered game's screens, found by its name in ``ui/<game>/``.

Pages never name a game: they ask here for the modules of the game a room or a
selector holds, so a new game is a new ``ui/<game>/`` folder and nothing else.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from core import games


def screens(game: str, part: str) -> ModuleType:
    """The game's UI module ``part`` (``table``: the felt's words; ``play``: the controls,
    results and lobby words; ``stats``: its Stats page)."""
    if game not in games.names():
        raise KeyError(f"unknown game {game!r}")
    return importlib.import_module(f"ui.{game}.{part}")


def ordered() -> list[str]:
    """Every game's name, the flagship first (preselected in every game choice)."""
    return sorted(games.names(), key=lambda name: name != games.FLAGSHIP)
