"""Duplicate Spades matches between two bot levels: each deal played twice, seats swapped.

Partnership: level A holds one partnership, B the other, then they swap.
Individual: A holds the even seats and B the odd ones, then they swap; a
level's score is the average of its seats. The figure per deal pair is A's
score less B's (S6, one hand from zero), averaged over the two plays, with a
95% confidence interval over the pairs.
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
from core.spades import record, rules
from core.spades.bots import players
from core.spades.config import Config, ConfigError
from core.spades.view import player_view


@dataclass(frozen=True)
class Setup:
    config: Config
    levels: tuple[str, str]
    seed: int
    budget_ms: float | None = None


@dataclass(frozen=True)
class Pair:
    """One deal pair: A's and B's average score a seat, each way round, and the difference."""

    a: float
    b: float
    made_a: int
    made_b: int

    @property
    def diff(self) -> float:
        return self.a - self.b


def play_hand(setup: Setup, seed: int, dealer: int, owner: list[int]) -> tuple[Any, Any]:
    """One hand; ``owner[seat]`` is 0 for level A's seats, 1 for B's. Returns state and score."""
    config = setup.config
    seated = [players.get(setup.levels[o], setup.budget_ms) for o in owner]
    state = rules.deal(config, dealer, seed)
    rng = random.Random(seed ^ 0x5EED)
    while state.to_act is not None:
        seat = state.to_act
        rules.apply(state, seated[seat].choose(player_view(state, seat), rng))
    return state, record.result(state)


def play_pair(setup: Setup, index: int) -> Pair:
    config = setup.config
    seed = random.Random(f"{setup.seed}/{index}").getrandbits(32)
    dealer = index % config.players
    split = [side % 2 for side in config.side_of]
    score = {0: 0.0, 1: 0.0}
    made = {0: 0, 1: 0}
    for swap in (0, 1):
        owner = [o ^ swap for o in split]
        state, done = play_hand(setup, seed, dealer, owner)
        for level in (0, 1):
            sides = sorted({config.side_of[s] for s in range(config.players) if owner[s] == level})
            score[level] += sum(done.score[side] for side in sides) / len(sides) / 2
            for side in sides:
                members = config.sides[side]
                contract = sum(state.bids[s] or 0 for s in members)
                taken = sum(state.taken[s] for s in members if state.bids[s])
                made[level] += int(contract > 0 and taken >= contract)
    return Pair(score[0], score[1], made[0], made[1])


def run_pairs(setup: Setup, pairs: int, workers: int) -> Iterator[Pair]:
    return tournament.played(play_pair, ((setup, i) for i in range(pairs)), workers)


def summarise(setup: Setup, results: list[Pair], planned: int) -> dict[str, Any]:
    diffs = [r.diff for r in results]
    n = len(diffs)
    mean, half = tournament.interval(diffs)
    return {
        "game": "spades",
        "players": setup.config.players,
        "partnership": setup.config.partnership,
        "pairs": n,
        "planned_pairs": planned,
        "stopped_early": n < planned,
        "difference_per_pair": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
        "a": {
            "level": setup.levels[0],
            "score_per_hand": round(statistics.fmean(r.a for r in results), 2) if n else 0,
            "contracts_made": sum(r.made_a for r in results),
        },
        "b": {
            "level": setup.levels[1],
            "score_per_hand": round(statistics.fmean(r.b for r in results), 2) if n else 0,
            "contracts_made": sum(r.made_b for r in results),
        },
    }


def cli(args: argparse.Namespace) -> int:
    """``tournament --game spades``: duplicate Spades hands (core.spades.tournament)."""
    try:
        config = Config.make(
            args.players, partnership=args.players == 4 and not args.individual, jokers=args.jokers
        )
    except ConfigError as exc:
        print(f"bad options: {exc}", file=sys.stderr)
        return 1
    setup = Setup(config, (args.a, args.b), args.seed, args.budget_ms)
    results = progress(run_pairs(setup, args.pairs, args.workers), args.pairs)
    summary = summarise(setup, results, args.pairs)
    if args.json:
        print(json.dumps(summary))
        return 0
    form = "partnership" if config.partnership else "individual"
    print(f"{summary['pairs']} deal pairs, Spades, {config.players} players, {form}")
    for side in (summary["a"], summary["b"]):
        print(
            f"  {side['level']:<7} score/hand {side['score_per_hand']:>8}"
            f"  contracts made {side['contracts_made']:>5}"
        )
    low, high = summary["ci95"]
    print(
        f"  {summary['a']['level']} − {summary['b']['level']}: "
        f"{summary['difference_per_pair']:+} a deal pair, 95% interval [{low:+}, {high:+}]"
    )
    return 0
