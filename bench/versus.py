"""Each game's engine against the plain Spades engine (:mod:`bench.plain`), as a ratio.

Random legal play: each round dealt from its own seed, the legal actions
listed and one picked uniformly, then applied. The plain engine applies it
unchecked; every game goes through the game protocol from the registry
(``deal``, ``legal_actions``, the checked ``apply``), the path a room takes.
The runs alternate in one process (plain, then each table, several times), so
that a busy moment of the machine falls on all of them; each figure is the
median, and the ratio is the table's rounds a second over the plain engine's
deals a second. Run with ``make bench`` or ``python -m bench.versus``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from bench.plain import Round
from core import games

#: (label, game, options, rounds a run).
TABLES = [
    ("Moon 3 of Spades, 4 players, 1 deck, Team-wise", "moon3", {"players": 4}, 600),
    (
        "Moon 3 of Spades, 7 players, 2 decks, Card-Based",
        "moon3",
        {"players": 7, "mode": "partners", "decks": 2},
        200,
    ),
    ("Spades, 4 players", "spades", {"players": 4}, 600),
    ("Three-Player Moon", "moon_dominoes", {"players": 3}, 600),
    ("Thirteen, 4 players", "thirteen", {"players": 4}, 600),
]
PLAIN_DEALS = 2000


def plain_per_second(deals: int, seed: int) -> float:
    """Deals a second of the plain engine, played to the end at random."""
    uniform = random.Random(seed).random
    start = time.perf_counter()
    for number in range(deals):
        deal = Round(seed * 100_003 + number, number % 4)
        while actions := deal.legal_actions():
            deal.apply(actions[int(uniform() * len(actions))])
        deal.score()
    return deals / (time.perf_counter() - start)


def game_per_second(name: str, options: dict[str, Any], rounds: int, seed: int) -> float:
    """Rounds a second of a game through the protocol, checked ``apply`` and all."""
    game = games.get(name)
    config = game.make_config(**options)
    seats = game.seats_of(config)
    uniform = random.Random(seed).random
    start = time.perf_counter()
    for number in range(rounds):
        state = game.deal(config, number % seats, seed * 100_003 + number)
        while actions := game.legal_actions(state):
            game.apply(state, actions[int(uniform() * len(actions))])
    return rounds / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="alternating runs of each")
    args = parser.parse_args()
    plain: list[float] = []
    found: dict[str, list[float]] = {label: [] for label, *_ in TABLES}
    for run in range(args.runs):
        plain.append(plain_per_second(PLAIN_DEALS, run))
        for label, name, options, rounds in TABLES:
            found[label].append(game_per_second(name, options, rounds, run))
    base = statistics.median(plain)
    print(f"plain Spades engine (unchecked): {base:,.0f} deals/s (median of {args.runs})")
    for label, per_second in found.items():
        median = statistics.median(per_second)
        print(f"{label}: {median:,.0f} rounds/s, {median / base:.2f} of the plain engine")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
