"""Three-Player Moon benchmark: engine speed, the Expert's decision time, and bot strength.

- ``engine``: random hands a second through the game protocol
  (``games.get("moon_dominoes")``), each dealt from its own seed and played to
  the end (or the redeal) by a uniform pick among the legal actions, with the
  checked ``apply`` a room uses and the unchecked one bots use; the median of
  several runs after a warm-up.
- ``expert``: the Expert's wall-clock time a decision in each phase (median,
  p95, max) over ``--decisions`` decisions on one core, the Expert playing
  every seat at its budget (``--budget-ms``, its default otherwise). A lone
  legal action costs nothing and is not counted.
- ``--tournament``: duplicate tournaments Expert against Rules and Rules
  against Random (``--pairs`` deal sets, ``--workers`` processes).

Prints a short table, then one JSON line. Run with ``python -m bench.moon_dominoes``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from core import games, tournament
from core.moon_dominoes import rules
from core.moon_dominoes.bots import players
from core.moon_dominoes.config import Config
from core.moon_dominoes.view import player_view

PHASES = ("bidding", "discard", "trump", "playing")


def hands_per_second(hands: int, seed: int, checked: bool) -> float:
    game = games.get("moon_dominoes")
    config = game.make_config()
    rng = random.Random(seed)
    uniform = rng.random
    legal_actions = game.legal_actions
    apply = game.apply if checked else game.apply_unchecked
    deal = game.deal
    started = time.perf_counter()
    for number in range(hands):
        state = deal(config, number % 3, rng.getrandbits(32))
        while actions := legal_actions(state):
            # A uniform pick, cheaper than random.choice so the figure is the engine's.
            apply(state, actions[int(uniform() * len(actions))])
    return hands / (time.perf_counter() - started)


def engine(hands: int, runs: int) -> dict[str, dict[str, float]]:
    hands_per_second(hands, 99, False)  # warm-up
    out = {}
    for checked in (False, True):
        figures = [hands_per_second(hands, run, checked) for run in range(runs)]
        key = "checked apply" if checked else "unchecked apply"
        out[key] = {"median": statistics.median(figures), "min": min(figures), "max": max(figures)}
    return out


def expert_times(decisions: int, budget_ms: float | None, seed: int) -> dict[str, dict[str, float]]:
    """Milliseconds an Expert decision takes, by phase, the Expert at every seat."""
    expert = players.get("expert", budget_ms)
    config = Config()
    rng = random.Random(seed)
    taken: dict[str, list[float]] = {phase: [] for phase in PHASES}
    first = 0
    while sum(map(len, taken.values())) < decisions:
        state = rules.deal(config, first, rng.getrandbits(32))
        first = (first + 1) % 3
        while state.to_act is not None:
            view = player_view(state, state.to_act)
            started = time.perf_counter()
            action = expert.choose(view, rng)
            if len(view.legal) > 1:
                taken[view.phase].append((time.perf_counter() - started) * 1000)
            rules.apply(state, action)
    everything = [ms for values in taken.values() for ms in values]
    return {
        phase: _summary(values) for phase, values in (*taken.items(), ("all", everything)) if values
    }


def _summary(values: list[float]) -> dict[str, float]:
    ms = sorted(values)
    return {
        "count": len(ms),
        "median": round(statistics.median(ms), 1),
        "p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 1),
        "max": round(ms[-1], 1),
    }


def tournaments(pairs: int, workers: int, budget_ms: float | None) -> dict[str, Any]:
    out = {}
    for a, b in (("expert", "rules"), ("rules", "random")):
        setup = tournament.Setup("moon_dominoes", Config(), (a, b), seed=0, budget_ms=budget_ms)
        results = list(tournament.deal_sets(setup, pairs, workers))
        out[f"{a} vs {b}"] = tournament.summarise(setup, results, pairs)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000, help="random hands a run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--decisions", type=int, default=300, help="Expert decisions timed")
    parser.add_argument("--budget-ms", type=float, help="the Expert's time a decision")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--tournament", action="store_true", help="Expert–Rules, Rules–Random")
    parser.add_argument("--pairs", type=int, default=100, help="deal sets a tournament")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    results: dict[str, Any] = {
        "game": "moon_dominoes",
        "engine_hands_per_second": engine(args.hands, args.runs),
        "expert_ms": expert_times(args.decisions, args.budget_ms, args.seed),
    }
    if args.tournament:
        results["tournaments"] = tournaments(args.pairs, args.workers, args.budget_ms)
    print(f"Three-Player Moon: random hands a second on one core (median of {args.runs} runs)")
    for key, figures in results["engine_hands_per_second"].items():
        print(
            f"  {key:<18} {figures['median']:>9,.0f}  ({figures['min']:,.0f}–{figures['max']:,.0f})"
        )
    budget = args.budget_ms or players.DEFAULT_BUDGET_MS
    print(f"Expert decision time, ms ({budget:g} ms budget)      count  median     p95     max")
    for phase, figures in results["expert_ms"].items():
        print(
            f"  {phase:<40} {figures['count']:>5} {figures['median']:>7} "
            f"{figures['p95']:>7} {figures['max']:>7}"
        )
    for label, summary in results.get("tournaments", {}).items():
        low, high = summary["ci95"]
        print(
            f"  {label}: {summary['difference_per_pair']:+} a deal set, "
            f"95% interval [{low:+}, {high:+}] over {summary['pairs']} deal sets"
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
