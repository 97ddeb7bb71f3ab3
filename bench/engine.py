"""Engine benchmark: whole random rounds per second through the public API.

Each round is dealt from its own seed and played to the end by choosing
uniformly among ``legal_actions`` and passing the choice to the checked
``apply`` — the path a room takes. The figure is the median of several runs
on one core; the cost of one ``apply`` and one ``legal_actions`` call is
measured mid-round. Run with ``make bench`` (or ``python bench/engine.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from core.moon3 import rules
from core.moon3.actions import Action
from core.moon3.config import Config
from core.moon3.state import State

TABLES = {
    "4 players, 1 deck, Team-wise": (Config.make(4, "teams", 1), 5000),
    "7 players, 2 decks, Card-Based": (Config.make(7, "partners", 2), 2000),
}


def rounds_per_second(config: Config, rounds: int, seed: int) -> float:
    """Play ``rounds`` random rounds and return how many finished per second."""
    rng = random.Random(seed)
    uniform = rng.random
    legal_actions = rules.legal_actions
    apply = rules.apply
    deal = rules.deal
    players = config.players
    start = time.perf_counter()
    for number in range(rounds):
        state = deal(config, number % players, rng.getrandbits(32))
        while actions := legal_actions(state):
            # A uniform pick, cheaper than random.choice so the figure is the engine's.
            apply(state, actions[int(uniform() * len(actions))])
    return rounds / (time.perf_counter() - start)


def mid_round(config: Config, seed: int) -> State:
    """A round a few tricks into play, for the per-call costs."""
    rng = random.Random(seed)
    state = rules.deal(config, 0, seed)
    while state.trick_winners == [] or state.trick_cards == []:
        rules.apply(state, rng.choice(rules.legal_actions(state)))
    return state


def per_call_ns(fn: Callable[[], object], repeat: int = 20000) -> float:
    """Median cost of one call in nanoseconds, over five batches."""
    batches = []
    for _ in range(5):
        start = time.perf_counter_ns()
        for _ in range(repeat):
            fn()
        batches.append((time.perf_counter_ns() - start) / repeat)
    return statistics.median(batches)


def apply_cost_ns(state: State, action: Action, batches: int = 100, size: int = 200) -> float:
    """Median cost of one checked ``apply`` on fresh copies of ``state``.

    Copies are made in small batches outside the timed loop, so they are warm
    in the cache as a live round's state is.
    """
    costs = []
    for _ in range(batches):
        copies = [state.clone() for _ in range(size)]
        start = time.perf_counter_ns()
        for copy in copies:
            rules.apply(copy, action)
        costs.append((time.perf_counter_ns() - start) / size)
    return statistics.median(costs)


def measure(runs: int, rounds: int) -> list[dict[str, object]]:
    results = []
    for name, (config, target) in TABLES.items():
        rates = [rounds_per_second(config, rounds, seed) for seed in range(runs)]
        state = mid_round(config, 1)
        action = rules.legal_actions(state)[0]
        apply_ns = apply_cost_ns(state, action)
        clone_ns = per_call_ns(state.clone)
        results.append(
            {
                "table": name,
                "rounds_per_second": round(statistics.median(rates)),
                "runs": [round(r) for r in rates],
                "target": target,
                "legal_actions_ns": round(per_call_ns(lambda s=state: rules.legal_actions(s))),
                "apply_ns": round(apply_ns),
                "clone_ns": round(clone_ns),
            }
        )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7, help="runs per table (median)")
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per run")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    results = measure(args.runs, args.rounds)
    if args.json:
        print(json.dumps(results))
        return
    print(f"Engine: random legal play, median of {args.runs} runs x {args.rounds} rounds")
    for r in results:
        verdict = "meets" if int(str(r["rounds_per_second"])) >= int(str(r["target"])) else "BELOW"
        runs = list(r["runs"])  # type: ignore[call-overload]
        print(
            f"  {r['table']:<32} {r['rounds_per_second']:>6} rounds/s median "
            f"({verdict} target {r['target']}; runs from {min(runs)} to {max(runs)})"
        )
        print(
            f"  {'':<32} legal_actions {r['legal_actions_ns']} ns, apply {r['apply_ns']} ns, "
            f"clone {r['clone_ns']} ns"
        )


if __name__ == "__main__":
    main()
