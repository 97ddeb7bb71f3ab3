"""Simulation benchmark: ``python -m core simulate`` rounds per second, in process.

Moon 3 of Spades at 4 players (one deck, Team-wise), played by Random bots and
by Rules bots exactly as the command plays them: a deal, a player view for the
seat to act at every step, the bot's choice, the checked ``apply``, and each
finished round scored into the match. The figure is the median of several runs
of different seeds; beside it, rounds a second of the process's own CPU time,
which a busy host (other processes on its two cores) disturbs less. Run with
``make bench`` (or ``python -m bench.simulate``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from core import games, simulate

#: Rounds a second each level should reach at 4 players, and the rounds a run plays.
LEVELS = {"random": (3000, 2000), "rules": (1000, 600)}


def rounds_per_second(level: str, rounds: int, seed: int) -> tuple[float, float]:
    """One ``simulate --bot level --rounds rounds --seed seed`` run's rounds per second, by
    the wall clock (as the command reports it) and by the CPU time it took."""
    parser = argparse.ArgumentParser()
    simulate.add_arguments(parser, "moon3")
    args = parser.parse_args(["--bot", level, "--rounds", str(rounds), "--seed", str(seed)])
    game = games.get("moon3")
    assert game.simulation is not None
    rng = random.Random(seed)
    config = game.simulation.config(args, rng)
    cpu = time.process_time()
    summary, _ = simulate.simulate(game, config, rng, args, simulate.roster(None, 4))
    cpu = time.process_time() - cpu
    return float(summary["rounds_per_second"]), rounds / cpu if cpu else 0.0


def measure(runs: int, scale: float) -> list[dict[str, object]]:
    results = []
    for level, (target, rounds) in LEVELS.items():
        count = max(1, round(rounds * scale))
        measured = [rounds_per_second(level, count, seed) for seed in range(runs)]
        rates = [wall for wall, _ in measured]
        results.append(
            {
                "bot": level,
                "rounds_per_second": round(statistics.median(rates)),
                "runs": [round(r) for r in rates],
                "cpu_rounds_per_second": round(statistics.median(cpu for _, cpu in measured)),
                "rounds": count,
                "target": target,
            }
        )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs per level (median)")
    parser.add_argument("--scale", type=float, default=1.0, help="scale each run's rounds")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    results = measure(args.runs, args.scale)
    if args.json:
        print(json.dumps(results))
        return
    print(f"Simulate: Moon 3 of Spades, 4 players, median of {args.runs} runs")
    for r in results:
        rate, target = int(str(r["rounds_per_second"])), int(str(r["target"]))
        runs = list(r["runs"])  # type: ignore[call-overload]
        print(
            f"  {r['bot']:<8} bots {rate:>6} rounds/s median "
            f"({'meets' if rate >= target else 'BELOW'} target {target}; "
            f"{r['rounds']} rounds a run, runs from {min(runs)} to {max(runs)}; "
            f"{r['cpu_rounds_per_second']} a CPU second)"
        )


if __name__ == "__main__":
    main()
