"""Plain Tricks' figures, from the shared scaffolding alone: hands played, games finished,
each player's games and wins, and the latest hands for the replay."""

from __future__ import annotations

from dataclasses import dataclass

from core.figures import Filters, HandLine
from core.store import Store
from core.store import stats as shared
from core.store.stats import together
from tests.example.rules import NAME

GAME = NAME


@dataclass(frozen=True, slots=True)
class Overview:
    """Hands played, games finished, and each player's (name, games, wins), best first."""

    hands: int
    games: int
    players: list[tuple[str, int, int]]


def overview(store: Store, filters: Filters | None = None) -> Overview:
    counted = shared.rounds_where(GAME, filters)
    played, ended, won = together(
        lambda: shared.fingerprint(store, GAME, counted)[0],
        lambda: shared.games_ended(store, shared.games_where(GAME, filters or Filters())),
        lambda: shared.games_won(store, GAME, rounds=counted),
    )
    players = sorted(((name, n, w) for name, (n, w) in won.items()), key=lambda p: (-p[2], p[0]))
    return Overview(hands=played, games=ended, players=players)


def hands(store: Store, filters: Filters | None = None, limit: int = 50) -> list[HandLine]:
    """The latest finished hands, newest first."""
    return [
        HandLine(*shared.hand_fields(row))
        for row in shared.latest(store, shared.rounds_where(GAME, filters), limit=limit)
    ]
