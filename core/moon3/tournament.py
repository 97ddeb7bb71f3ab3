"""``python -m core tournament``: duplicate matches between two bot levels.

Every deal is played twice from the same seed and opening bidder: first with
level A in one set of seats and level B in the other, then with the seats
swapped, so the luck of the cards cancels out. Team-wise and Random give each
level one team; Card-Based gives A the even seats and B the odd ones.

Reported per level: R27 score per round, card points captured per round, and
bid success rate (rounds it won the auction, and made); then the mean
difference A − B of the score per deal pair with its 95% confidence interval.
Long runs show a progress bar with the time left; Ctrl-C stops early and
reports the pairs already played.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from core import bots, seats, tournament
from core.moon3 import rules
from core.moon3.config import Config, ConfigError, Mode
from core.moon3.scoring import round_score
from core.moon3.state import State
from core.moon3.view import player_view
from core.progress import progress


@dataclass(frozen=True)
class Setup:
    config: Config
    levels: tuple[str, str]
    seed: int
    budget_ms: float | None = None


@dataclass
class Tally:
    """What one level did over the games played so far."""

    games: int = 0
    score: int = 0
    points: int = 0
    bids: int = 0
    made: int = 0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.score += other.score
        self.points += other.points
        self.bids += other.bids
        self.made += other.made


@dataclass
class PairResult:
    diff: float
    tallies: tuple[Tally, Tally] = field(default_factory=lambda: (Tally(), Tally()))


def _units_of(config: Config, seats: list[int]) -> list[int]:
    if config.mode is Mode.PARTNERS:
        return seats
    return sorted({config.teams[s] for s in seats})


def play_game(setup: Setup, seed: int, first: int, owner: list[int]) -> State:
    """One round from ``seed``; ``owner[seat]`` is 0 for level A's seats, 1 for B's."""
    config = setup.config
    players = [bots.get("moon3", setup.levels[o], setup.budget_ms) for o in owner]
    state = rules.deal(config, first, seed)
    rng = random.Random(seed ^ 0x5EED)
    while state.to_act is not None:
        seat = state.to_act
        rules.apply(state, players[seat].choose(player_view(state, seat), rng))
    return state


def play_pair(setup: Setup, index: int) -> PairResult:
    """The deal numbered ``index``, played both ways round."""
    config = setup.config
    seed = random.Random(f"{setup.seed}/{index}").getrandbits(32)
    first = seats.first_bidder(0, index, config.players)  # R11: the opening bid goes round
    if config.mode is Mode.PARTNERS:
        half = config.players // 2
        split = [o for _, o in seats.alternate(range(config.players - half), range(half))]
    else:
        split = list(config.teams)
    result = PairResult(0.0)
    for swap in (0, 1):
        owner = [o ^ swap for o in split]
        state = play_game(setup, seed, first, owner)
        assert state.bidder is not None and state.bid is not None
        made = bool(rules.made(state))
        scores = round_score(config, state.bidder, state.partners, state.bid, made)
        for level in (0, 1):
            mine = [s for s in range(config.players) if owner[s] == level]
            tally = result.tallies[level]
            tally.games += 1
            tally.score += sum(scores[u] for u in _units_of(config, mine))
            tally.points += sum(state.points[s] for s in mine)
            if owner[state.bidder] == level:
                tally.bids += 1
                tally.made += made
    a, b = result.tallies
    result.diff = (a.score - b.score) / 2
    return result


def run_pairs(setup: Setup, pairs: int, workers: int) -> Iterator[PairResult]:
    """Each pair's result as it is done (in any order with several workers)."""
    return tournament.played(play_pair, ((setup, i) for i in range(pairs)), workers)


def summarise(setup: Setup, results: list[PairResult], planned: int) -> dict[str, Any]:
    totals = (Tally(), Tally())
    for r in results:
        totals[0].add(r.tallies[0])
        totals[1].add(r.tallies[1])
    diffs = [r.diff for r in results]
    n = len(diffs)
    mean, half = tournament.interval(diffs)
    summary: dict[str, Any] = {
        "players": setup.config.players,
        "decks": setup.config.decks,
        "mode": setup.config.mode.value,
        "pairs": n,
        "planned_pairs": planned,
        "stopped_early": n < planned,
        "difference_per_pair": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
    }
    for name, level, tally in zip("ab", setup.levels, totals, strict=True):
        games = max(1, tally.games)
        summary[name] = {
            "level": level,
            "score_per_round": round(tally.score / games, 2),
            "points_per_round": round(tally.points / games, 2),
            "auctions_won": tally.bids,
            "bid_success_rate": round(tally.made / tally.bids, 4) if tally.bids else None,
        }
    return summary


def run(args: argparse.Namespace) -> int:
    """``tournament`` for Moon 3 of Spades (the command's options: core/tournament.py)."""
    if args.pairs < 1:
        print("--pairs must be 1 or more", file=sys.stderr)
        return 1
    try:
        config = Config.make(
            args.players, args.mode, args.decks, None, args.jokers, args.partner_rule, None
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
    a, b = summary["a"], summary["b"]
    print(
        f"{summary['pairs']} deal pairs, {config.players} players, {config.decks} deck(s),"
        f" {config.mode.value}"
    )
    for side in (a, b):
        rate = side["bid_success_rate"]
        print(
            f"  {side['level']:<7} score/round {side['score_per_round']:>8}"
            f"  points/round {side['points_per_round']:>7}"
            f"  auctions won {side['auctions_won']:>5}"
            f"  made {'-' if rate is None else f'{rate:.1%}'}"
        )
    low, high = summary["ci95"]
    print(
        f"  {a['level']} − {b['level']}: {summary['difference_per_pair']:+} a deal pair,"
        f" 95% interval [{low:+}, {high:+}]"
    )
    return 0
