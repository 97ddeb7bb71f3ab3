"""Duplicate Three-Player Moon matches between two bot levels: each deal played six ways.

A deal set is one deal, every play of it opened by the same first bidder,
under the six seatings that put each level in every seat equally: A alone
in each of the three seats against two B's, then B alone in each seat
against two A's. A level's figure is its average hand score a seat (M6, from
zero; a passed-out deal scores 0 for everyone), and the figure of a deal set
is A's less B's, with a 95% confidence interval over the deal sets.
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
from core.moon_dominoes import record, rules
from core.moon_dominoes.bots import players
from core.moon_dominoes.config import PLAYERS, Config
from core.moon_dominoes.state import State
from core.moon_dominoes.view import player_view
from core.progress import progress

#: The six seatings of a deal set: ``owner[seat]`` is 0 for level A's seats, 1 for B's.
SEATINGS = tuple(
    tuple(level if seat == alone else 1 - level for seat in range(PLAYERS))
    for level in (0, 1)
    for alone in range(PLAYERS)
)


@dataclass(frozen=True)
class Setup:
    levels: tuple[str, str]
    seed: int
    budget_ms: float | None = None


@dataclass(frozen=True)
class DealSet:
    """One deal set: each level's average score a seat, and its bids won and made."""

    a: float
    b: float
    bids: tuple[int, int]
    made: tuple[int, int]

    @property
    def diff(self) -> float:
        return self.a - self.b


def play_hand(setup: Setup, seed: int, first_bidder: int, owner: tuple[int, ...]) -> State:
    """One hand; ``owner[seat]`` is 0 for level A's seats, 1 for B's."""
    seated = [players.get(setup.levels[o], setup.budget_ms) for o in owner]
    state = rules.deal(Config(), first_bidder, seed)
    rng = random.Random(seed ^ 0x5EED)
    while state.to_act is not None:
        seat = state.to_act
        rules.apply(state, seated[seat].choose(player_view(state, seat), rng))
    return state


def play_set(setup: Setup, index: int) -> DealSet:
    seed = random.Random(f"{setup.seed}/{index}").getrandbits(32)
    first_bidder = index % PLAYERS
    score = [0.0, 0.0]
    seated = [0, 0]
    bids = [0, 0]
    made = [0, 0]
    for owner in SEATINGS:
        state = play_hand(setup, seed, first_bidder, owner)
        done = record.result(state)
        for seat, level in enumerate(owner):
            seated[level] += 1
            if done is not None:
                score[level] += done.score[seat]
        if done is not None and state.bidder is not None:
            level = owner[state.bidder]
            bids[level] += 1
            made[level] += done.made
    return DealSet(
        score[0] / seated[0], score[1] / seated[1], (bids[0], bids[1]), (made[0], made[1])
    )


def run_sets(setup: Setup, sets: int, workers: int) -> Iterator[DealSet]:
    return tournament.played(play_set, ((setup, i) for i in range(sets)), workers)


def summarise(setup: Setup, results: list[DealSet], planned: int) -> dict[str, Any]:
    diffs = [r.diff for r in results]
    n = len(diffs)
    mean, half = tournament.interval(diffs)

    def level(index: int) -> dict[str, Any]:
        scores = [r.a if index == 0 else r.b for r in results]
        return {
            "level": setup.levels[index],
            "score_per_hand": round(statistics.fmean(scores), 2) if n else 0,
            "bids": sum(r.bids[index] for r in results),
            "bids_made": sum(r.made[index] for r in results),
        }

    return {
        "game": "moon_dominoes",
        "pairs": n,
        "planned_pairs": planned,
        "stopped_early": n < planned,
        "plays_per_pair": len(SEATINGS),
        "difference_per_pair": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
        "a": level(0),
        "b": level(1),
    }


def cli(args: argparse.Namespace) -> int:
    """``tournament --game moon_dominoes``: duplicate deal sets (core.moon_dominoes.tournament)."""
    if args.players not in (PLAYERS, 4) or args.jokers:  # 4: the shared default, left alone
        print("bad options: Three-Player Moon is for exactly 3 players, no jokers", file=sys.stderr)
        return 1
    setup = Setup((args.a, args.b), args.seed, args.budget_ms)
    results = progress(run_sets(setup, args.pairs, args.workers), args.pairs)
    summary = summarise(setup, results, args.pairs)
    if args.json:
        print(json.dumps(summary))
        return 0
    print(
        f"{summary['pairs']} deal sets, Three-Player Moon, each deal played "
        f"{len(SEATINGS)} ways (every level in every seat)"
    )
    for side in (summary["a"], summary["b"]):
        print(
            f"  {side['level']:<7} score/hand a seat {side['score_per_hand']:>6}"
            f"  bids made {side['bids_made']:>5} of {side['bids']}"
        )
    low, high = summary["ci95"]
    print(
        f"  {summary['a']['level']} − {summary['b']['level']}: "
        f"{summary['difference_per_pair']:+} a deal set, 95% interval [{low:+}, {high:+}]"
    )
    return 0
