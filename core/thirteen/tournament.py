"""Duplicate Thirteen matches between two bot levels: each deal played several ways.

A deal set is one deal (one hand, T2: the lowest card's holder leads it)
played under seatings that put each level in every seat equally often, so
the luck of the cards cancels out:

- 2 players: A–B, then B–A.
- 3 players: A alone in each of the three seats against two B's, then B
  alone in each seat against two A's (six plays).
- 4 players: A in seats 0 and 2 and B in 1 and 3, then the other way round:
  each level sits in every seat once and always between two of the other.

A level's figure is its average place points a seat (T6: n−1 for first …
0 for last), and the figure of a deal set is A's less B's, with a 95%
confidence interval over the deal sets. ``--hands`` is not used: a set
plays one hand a deal.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from core import tournament
from core.progress import progress
from core.thirteen import rules
from core.thirteen.bots import players
from core.thirteen.config import MAX_PLAYERS, MIN_PLAYERS, Config
from core.thirteen.state import State
from core.thirteen.view import player_view


def seatings(count: int) -> tuple[tuple[int, ...], ...]:
    """The seatings of a deal set: ``owner[seat]`` is 0 for level A's seats, 1 for B's."""
    if count == 2:
        return ((0, 1), (1, 0))
    if count == 4:
        return ((0, 1, 0, 1), (1, 0, 1, 0))
    return tuple(
        tuple(level if seat == alone else 1 - level for seat in range(count))
        for level in (0, 1)
        for alone in range(count)
    )


@dataclass(frozen=True)
class Setup:
    config: Config
    levels: tuple[str, str]
    seed: int
    budget_ms: float | None = None


@dataclass(frozen=True)
class DealSet:
    """One deal set: each level's average place points a seat, and its first places."""

    a: float
    b: float
    firsts: tuple[int, int]

    @property
    def diff(self) -> float:
        return self.a - self.b


def play_hand(setup: Setup, seed: int, owner: tuple[int, ...]) -> State:
    """One hand; ``owner[seat]`` is 0 for level A's seats, 1 for B's."""
    seated = [players.get(setup.levels[o], setup.budget_ms) for o in owner]
    state = rules.deal(setup.config, seed)
    rng = random.Random(seed ^ 0x5EED)
    while state.to_act is not None:
        seat = state.to_act
        rules.apply(state, seated[seat].choose(player_view(state, seat), rng))
    return state


def play_set(setup: Setup, index: int) -> DealSet:
    seed = random.Random(f"{setup.seed}/{index}").getrandbits(32)
    points = [0.0, 0.0]
    seated = [0, 0]
    firsts = [0, 0]
    for owner in seatings(setup.config.players):
        state = play_hand(setup, seed, owner)
        score = rules.score(state)
        assert score is not None
        for seat, level in enumerate(owner):
            seated[level] += 1
            points[level] += score[seat]
        firsts[owner[state.places[0]]] += 1
    return DealSet(points[0] / seated[0], points[1] / seated[1], (firsts[0], firsts[1]))


def run_sets(setup: Setup, sets: int, workers: int) -> Iterator[DealSet]:
    return tournament.played(play_set, ((setup, i) for i in range(sets)), workers)


def summarise(setup: Setup, results: list[DealSet], planned: int) -> dict[str, Any]:
    diffs = [r.diff for r in results]
    n = len(diffs)
    mean, half = tournament.interval(diffs)

    def level(index: int) -> dict[str, Any]:
        points = [r.a if index == 0 else r.b for r in results]
        return {
            "level": setup.levels[index],
            "points_per_hand": round(statistics.fmean(points), 3) if n else 0,
            "firsts": sum(r.firsts[index] for r in results),
        }

    return {
        "game": "thirteen",
        "players": setup.config.players,
        "pairs": n,
        "planned_pairs": planned,
        "stopped_early": n < planned,
        "plays_per_pair": len(seatings(setup.config.players)),
        "difference_per_pair": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "a": level(0),
        "b": level(1),
    }


def cli(args: argparse.Namespace) -> int:
    """``tournament --game thirteen``: duplicate deal sets (core.thirteen.tournament)."""
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS or args.jokers:
        print(
            f"bad options: Thirteen is for {MIN_PLAYERS} to {MAX_PLAYERS} players, no jokers",
            file=sys.stderr,
        )
        return 1
    setup = Setup(Config(args.players, 1), (args.a, args.b), args.seed, args.budget_ms)
    results = progress(run_sets(setup, args.pairs, args.workers), args.pairs)
    summary = summarise(setup, results, args.pairs)
    if args.json:
        print(json.dumps(summary))
        return 0
    print(
        f"{summary['pairs']} deal sets, Thirteen, {setup.config.players} players, each deal "
        f"played {summary['plays_per_pair']} ways (every level in every seat)"
    )
    for side in (summary["a"], summary["b"]):
        print(
            f"  {side['level']:<7} place points/hand a seat {side['points_per_hand']:>6}"
            f"  first places {side['firsts']:>5}"
        )
    low, high = summary["ci95"]
    print(
        f"  {summary['a']['level']} − {summary['b']['level']}: "
        f"{summary['difference_per_pair']:+} a deal set, 95% interval [{low:+}, {high:+}]"
    )
    return 0
