"""Bots behind one interface, for every game: a bot sees a player view, never the state.

``choose(view, rng)`` returns one of ``view.legal``. Every game offers the
same three levels (SPEC P5); :func:`get` finds a game's bot of a level
through the game registry, so rooms and the command line never import a
game's bots. What is shared lives here: the interface, the Random level
(any view with ``legal`` will do) and the Monte-Carlo machinery
(:mod:`core.bots.montecarlo`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, Self, TypeVar

from core import games

#: A player that decides from a view alone (the contract's :class:`core.games.Player`).
Bot = games.Player[Any, Any]


class RandomBot:
    """Uniform over the legal actions: the baseline every other level must beat."""

    level = "random"

    def choose(self, view: Any, rng: random.Random) -> Any:
        if not view.legal:
            raise ValueError("the bot has nothing to do: it is not its turn")
        return rng.choice(list(view.legal))


class Offering(Protocol):
    """A player view as every bot reads it: the seat's legal actions."""

    @property
    def legal(self) -> Sequence[Any]: ...


#: A game's own player view and action, for an Expert that decides on them.
View = TypeVar("View", bound=Offering)
Act = TypeVar("Act")


@dataclass(frozen=True)
class SampledExpert(ABC, Generic[View, Act]):
    """An Expert that weighs sampled worlds within a time budget a decision (``budget_ms``),
    dealing at most ``worlds`` of them (fewer if the budget runs out first). It has nothing
    to weigh when only one action is legal."""

    budget_ms: float
    worlds: int
    level: str = "expert"

    def with_budget(self, budget_ms: float) -> Self:
        return replace(self, budget_ms=budget_ms)

    def choose(self, view: View, rng: random.Random) -> Act:
        if not view.legal:
            raise ValueError("the bot has nothing to do: it is not its turn")
        if len(view.legal) == 1:
            only: Act = view.legal[0]
            return only
        return self.weigh(view, rng)

    @abstractmethod
    def weigh(self, view: View, rng: random.Random) -> Act:
        """The best of two or more legal actions, by the worlds sampled in time."""


#: The levels of every game, and how each is offered to players.
LEVELS = ("random", "rules", "expert")
LABELS = {
    "random": "Random (a beginner)",
    "rules": "Rules (sound habits)",
    "expert": "Expert (thinks ahead)",
}


class Budgeted(Protocol):
    """An Expert: a bot whose time a decision may be set."""

    def with_budget(self, budget_ms: float) -> Self: ...


#: A game's own Rules and Expert bots.
RulesLevel = TypeVar("RulesLevel")
ExpertLevel = TypeVar("ExpertLevel", bound=Budgeted)


class Levels(Generic[RulesLevel, ExpertLevel]):
    """A game's bot of each level: the shared Random one, then its own Rules and Expert.

    Called as ``get(level, budget_ms)``, it is the game's bot factory (the Expert with
    ``budget_ms`` a decision, if given), so each game names its two bots and nothing more.
    """

    def __init__(self, rules: RulesLevel, expert: ExpertLevel) -> None:
        self.expert = expert
        self.bots: dict[str, RandomBot | RulesLevel | ExpertLevel] = {
            "random": RandomBot(),
            "rules": rules,
            "expert": expert,
        }

    def __call__(
        self, level: str, budget_ms: float | None = None
    ) -> RandomBot | RulesLevel | ExpertLevel:
        try:
            found = self.bots[level]
        except KeyError:
            known = ", ".join(self.bots)
            raise KeyError(f"unknown bot level {level!r}; known: {known}") from None
        if budget_ms is not None and found is self.expert:
            return self.expert.with_budget(budget_ms)
        return found


def get(game: str, level: str, budget_ms: float | None = None) -> Bot:
    """The bot of ``game`` at ``level`` (``budget_ms``: the Expert's time a decision)."""
    if level not in LEVELS:
        raise KeyError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    found: Bot = games.get(game).bot(level, budget_ms)
    return found
