"""Bot strength and speed: duplicate tournaments and the Expert's decision time.

Parts (``--part``, default all):

- ``times``: the Expert's wall-clock time for decisions with a full hand at
  7 players / 2 decks Card-Based (the opening bid and the first lead), at its
  room budget, on one core: median, p95 and max.
- ``rules``: Rules against Random, duplicate deal pairs (``--pairs``, 2,000 by
  default) at 4 players / 1 deck Team-wise and 6 players / 2 decks Card-Based.
- ``expert``: Expert (100 ms a decision) against Rules, ``--expert-pairs``
  pairs (400 by default) at the same two tables, over ``--workers`` processes.
  This part takes the better part of an hour on two cores.

Run with ``python -m bench.bots`` (``make bench`` runs ``--part times --part rules``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from tqdm import tqdm

from core import bots
from core.moon3 import rules
from core.moon3.bots.expert import ExpertBot
from core.moon3.config import Config
from core.moon3.view import player_view
from core.rooms import ROOM_EXPERT_MS
from core.tournament import Setup, deal_sets, summarise

TABLES = [(4, "teams", 1), (6, "partners", 2)]


def decision_times(budget_ms: float, deals: int, players: int = 7) -> dict[str, Any]:
    """Seconds an Expert decision takes with a full hand at ``players`` players, 2 decks."""
    config = Config.make(players, "partners", 2)
    expert = ExpertBot(budget_ms)
    rules_bot = bots.get("moon3", "rules")
    bidding: list[float] = []
    leading: list[float] = []
    for deal in tqdm(range(deals), desc="Expert decisions", unit="deal", file=sys.stderr):
        rng = random.Random(deal)
        state = rules.deal(config, deal % players, deal)
        started = time.perf_counter()
        expert.choose(player_view(state, state.to_act), rng)
        bidding.append(time.perf_counter() - started)
        while state.phase.label != "playing":
            rules.apply(state, rules_bot.choose(player_view(state, state.to_act), rng))
        started = time.perf_counter()
        expert.choose(player_view(state, state.to_act), rng)
        leading.append(time.perf_counter() - started)

    def summary(values: list[float]) -> dict[str, float]:
        ms = sorted(v * 1000 for v in values)
        return {
            "median_ms": round(statistics.median(ms), 1),
            "p95_ms": round(statistics.quantiles(ms, n=20)[-1], 1),
            "max_ms": round(ms[-1], 1),
        }

    return {
        "players": players,
        "budget_ms": budget_ms,
        "deals": deals,
        "bid": summary(bidding),
        "lead": summary(leading),
    }


def duel(
    levels: tuple[str, str], pairs: int, workers: int, budget_ms: float | None
) -> list[dict[str, Any]]:
    results = []
    for players, mode, decks in TABLES:
        config = Config.make(players, mode, decks)
        setup = Setup("moon3", config, levels, seed=2026, budget_ms=budget_ms)
        played = []
        label = f"{levels[0]} v {levels[1]}, {players}p {decks}d {mode}"
        with tqdm(total=pairs, desc=label, unit="pair", file=sys.stderr) as bar:
            try:
                for result in deal_sets(setup, pairs, workers):
                    played.append(result)
                    bar.update()
            except KeyboardInterrupt:
                print("\nstopped: keeping the pairs played", file=sys.stderr)
        results.append(summarise(setup, played, pairs))
    return results


def show(summary: dict[str, Any]) -> None:
    a, b = summary["a"], summary["b"]
    low, high = summary["ci95"]
    print(
        f"  {summary['players']}p {summary['decks']}d {summary['mode']:<8}"
        f" {summary['pairs']} pairs:"
        f" {a['level']} {a['score_per_round']} a round (made {a['bid_success_rate']}),"
        f" {b['level']} {b['score_per_round']} (made {b['bid_success_rate']});"
        f" difference {summary['difference_per_pair']:+} a pair, 95% [{low:+}, {high:+}]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--part", action="append", choices=["times", "rules", "expert"])
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--expert-pairs", type=int, default=400)
    parser.add_argument("--expert-ms", type=float, default=100.0)
    parser.add_argument("--deals", type=int, default=60, help="deals timed by the times part")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    parts = args.part or ["times", "rules", "expert"]
    out: dict[str, Any] = {}
    if "times" in parts:
        # H1: the same budget at the largest table as at seven.
        out["times"] = [decision_times(ROOM_EXPERT_MS, args.deals, n) for n in (7, 12)]
    if "rules" in parts:
        out["rules"] = duel(("rules", "random"), args.pairs, args.workers, None)
    if "expert" in parts:
        out["expert"] = duel(("expert", "rules"), args.expert_pairs, args.workers, args.expert_ms)
    if args.json:
        print(json.dumps(out))
        return
    for t in out.get("times", []):
        print(
            f"Expert decision time, {t['players']} players / 2 decks, full hand, "
            f"budget {t['budget_ms']} ms:"
        )
        for what in ("bid", "lead"):
            v = t[what]
            print(
                f"  {what:<4} median {v['median_ms']} ms, p95 {v['p95_ms']} ms,"
                f" max {v['max_ms']} ms"
            )
    if "times" in out:
        print("  targets: p95 under 500 ms, never over 1,000 ms, at every table size")
    for key in ("rules", "expert"):
        if key in out:
            print(f"Duplicate tournament, {key} level against the one below:")
            for summary in out[key]:
                show(summary)
    print("  target: the 95% interval of the difference above zero")


if __name__ == "__main__":
    main()
