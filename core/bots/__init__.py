"""Bots behind one interface: a bot sees a player view, never the state.

``choose(view, rng)`` returns one of ``view.legal``. Levels are registered by
name in :data:`LEVELS` so rooms and the command line pick them the same way.
"""

from __future__ import annotations

import random
from typing import Protocol

from core.moon3.actions import Action
from core.moon3.view import PlayerView


class Bot(Protocol):
    """A player that decides from a view alone."""

    level: str

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """One legal action for ``view.seat``."""
        ...


class RandomBot:
    """Uniform over the legal actions: the baseline every other level must beat."""

    level = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if not view.legal:
            raise ValueError("the bot has nothing to do: it is not its turn")
        return rng.choice(view.legal)


from core.bots.expert import ExpertBot  # noqa: E402  (the levels build on the interface above)
from core.bots.rulebot import RulesBot  # noqa: E402

LEVELS: dict[str, Bot] = {"random": RandomBot(), "rules": RulesBot(), "expert": ExpertBot()}
#: How each level is offered to players.
LABELS = {
    "random": "Random (a beginner)",
    "rules": "Rules (sound habits)",
    "expert": "Expert (thinks ahead)",
}


def get(level: str, budget_ms: float | None = None) -> Bot:
    """The bot of a level name (``budget_ms``: the Expert's time a decision)."""
    try:
        bot = LEVELS[level]
    except KeyError:
        raise KeyError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}") from None
    if budget_ms is not None and hasattr(bot, "with_budget"):
        return bot.with_budget(budget_ms)  # type: ignore[no-any-return]
    return bot
