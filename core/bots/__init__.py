"""Bots behind one interface, for every game: a bot sees a player view, never the state.

``choose(view, rng)`` returns one of ``view.legal``. Every game offers the
same three levels (SPEC P5); :func:`get` finds a game's bot of a level
through the game registry, so rooms and the command line never import a
game's bots. What is shared lives here: the interface, the Random level
(any view with ``legal`` will do), the Expert's budget (:class:`Thinking`)
and the Monte-Carlo machinery (:mod:`core.bots.montecarlo`).

An Expert thinks by a count of work, not by the clock: a budget of
``budget_ms`` is that many milliseconds of its search on the machine it was
measured on, turned into units of work once (a card played out in a
playout, a position an exact search stores). The same seed then gives the
same decision on an idle host and on a busy one, and a slow host takes
longer rather than playing worse. The clock only caps a decision at
``CAP_FACTOR`` times its budget: a safety net for a host many times slower.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from core import games

#: A player that decides from a view alone (the contract's :class:`core.games.Player`).
Bot = games.Player[Any, Any]


class RandomBot:
    """Uniform over the legal actions: the baseline every other level must beat."""

    level = "random"

    def choose(self, view: Any, rng: random.Random) -> Any:
        # Drawn from the sequence itself, not a copy: the same draw, and a lazy sequence
        # (Moon 3's calls) is never listed.
        legal = view.legal
        if not legal:
            raise ValueError("the bot has nothing to do: it is not its turn")
        return rng.choice(legal)


class Offering(Protocol):
    """A player view as every bot reads it: the seat's legal actions."""

    @property
    def legal(self) -> Sequence[Any]: ...


#: A game's own player view and action, for an Expert that decides on them.
View = TypeVar("View", bound=Offering)
Act = TypeVar("Act")


#: Seconds, as ``time.perf_counter`` counts them.
Clock = Callable[[], float]

#: A decision's wall-time cap, as a multiple of its budget: below it the count of work alone
#: decides, so only a host many times slower than the measuring one ever reaches it.
CAP_FACTOR = 50.0


class Thinking:
    """One decision's thinking: worlds of counted work, until ``work`` units or ``most``
    worlds are done; at least one world, always whole. No new world starts past the
    wall-time cap (``cap_ms``), the safety net."""

    def __init__(self, work: float, most: int, cap_ms: float, clock: Clock) -> None:
        self.work = work
        self.most = most
        self.clock = clock
        self.until = clock() + cap_ms / 1000
        self.done = 0.0
        self.worlds = 0

    def another(self, units: float) -> bool:
        """Count a world of ``units`` done; whether to deal one more."""
        self.done += units
        self.worlds += 1
        return self.worlds < self.most and self.done < self.work and self.clock() < self.until


@dataclass(frozen=True)
class SampledExpert(ABC, Generic[View, Act]):
    """An Expert that weighs sampled worlds, ``budget_ms`` of counted work a decision
    (:class:`Thinking`), dealing at most ``worlds`` of them. It has nothing to weigh when
    only one action is legal."""

    budget_ms: float
    worlds: int
    level: str = "expert"
    #: The wall clock the cap reads (a test may stop it or slow it down).
    clock: Clock = time.perf_counter
    #: Units of this game's search a millisecond, measured on an idle machine at the
    #: Expert's default budget: what turns ``budget_ms`` into a count.
    work_per_ms: ClassVar[float]

    def with_budget(self, budget_ms: float) -> Self:
        return replace(self, budget_ms=budget_ms)

    def thinking(self) -> Thinking:
        """A decision's allowance: its budget as work, capped at ``CAP_FACTOR`` times it."""
        return Thinking(
            self.budget_ms * self.work_per_ms, self.worlds, CAP_FACTOR * self.budget_ms, self.clock
        )

    def choose(self, view: View, rng: random.Random) -> Act:
        if not view.legal:
            raise ValueError("the bot has nothing to do: it is not its turn")
        if len(view.legal) == 1:
            only: Act = view.legal[0]
            return only
        return self.weigh(view, rng)

    @abstractmethod
    def weigh(self, view: View, rng: random.Random) -> Act:
        """The best of two or more legal actions, by the worlds the budget allows."""


#: The levels of every game, and how each is offered to players.
LEVELS = ("random", "rules", "expert")
LABELS = {
    "random": "Random (a beginner)",
    "rules": "Rules (sound habits)",
    "expert": "Expert (thinks ahead)",
}


class Budgeted(Protocol):
    """An Expert: a bot whose budget a decision (in milliseconds of counted work) may be set."""

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
    """The bot of ``game`` at ``level`` (``budget_ms``: the Expert's budget a decision)."""
    if level not in LEVELS:
        raise KeyError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    found: Bot = games.get(game).bot(level, budget_ms)
    return found
