"""Thirteen benchmark: the legal-move generator, engine speed and the Expert's decision time.

- ``generator``: the time to list every distinct play of a full 13-card hand
  (T7), uncached, on a fresh lead (every play) and mid-trick (the plays that
  beat a standing pair, the cached list filtered as the engine does each
  turn); median and p95 over ``--hands`` random hands, and the most plays
  one of them held.
- ``engine``: random 4-player hands a second through the game protocol, each
  dealt from its own seed and played to the end by a uniform pick among the
  legal actions, with the checked ``apply`` a room uses and the unchecked one
  bots use; the median of several runs after a warm-up.
- ``expert``: the Expert's wall-clock time a decision (median, p95, max) over
  ``--decisions`` decisions on one core, the Expert playing every seat of
  4-player hands at its default budget. A lone legal action is not counted.

Prints a short table, then one JSON line. Run with ``python -m bench.thirteen``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from core import games
from core.thirteen import cards, combos, rules
from core.thirteen.bots import players
from core.thirteen.config import Config
from core.thirteen.view import player_view


def _spread(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median": statistics.median(ordered),
        "p95": ordered[int(0.95 * (len(ordered) - 1))],
        "max": ordered[-1],
    }


def generator(hands: int, seed: int) -> dict[str, Any]:
    """Microseconds to list a 13-card hand's plays: fresh lead and mid-trick."""
    rng = random.Random(seed)
    fresh: list[float] = []
    beating: list[float] = []
    most = 0
    everything = combos.plays.__wrapped__  # the uncached generator
    for _ in range(hands):
        mask = cards.mask_of(rng.sample(range(cards.COUNT), 13))
        started = time.perf_counter()
        found = everything(mask)
        fresh.append((time.perf_counter() - started) * 1e6)
        most = max(most, len(found))
        state = rules.start(Config(2, 1), [cards.bits(mask), []], first_leader=0)
        state.standing = combos.Combo(combos.PAIR, 2, rng.randrange(4, 40))
        combos.plays.cache_clear()
        started = time.perf_counter()
        rules.legal_actions(state)
        beating.append((time.perf_counter() - started) * 1e6)
    return {"fresh_lead_us": _spread(fresh), "mid_trick_us": _spread(beating), "most_plays": most}


def hands_per_second(hands: int, seed: int, checked: bool) -> float:
    game = games.get("thirteen")
    config = game.make_config(players=4)
    rng = random.Random(seed)
    uniform = rng.random
    legal_actions = game.legal_actions
    apply = game.apply if checked else game.apply_unchecked
    started = time.perf_counter()
    for _ in range(hands):
        state = game.deal(config, 0, rng.getrandbits(32))
        while actions := legal_actions(state):
            # A uniform pick, cheaper than random.choice so the figure is the engine's.
            apply(state, actions[int(uniform() * len(actions))])
    return hands / (time.perf_counter() - started)


def engine(hands: int, runs: int) -> dict[str, dict[str, float]]:
    hands_per_second(hands, 99, False)  # warm-up
    out = {}
    for checked in (False, True):
        # Fresh deals for each mode: replaying the same ones would find the generator's
        # cache already filled and flatter the second mode.
        first = 1000 if checked else 0
        figures = [hands_per_second(hands, first + run, checked) for run in range(runs)]
        key = "checked apply" if checked else "unchecked apply"
        out[key] = {"median": statistics.median(figures), "min": min(figures), "max": max(figures)}
    return out


def expert(decisions: int, seed: int) -> dict[str, float]:
    """Milliseconds an Expert decision takes, over whole 4-player hands."""
    bot = players.get("expert")
    rng = random.Random(seed)
    times: list[float] = []
    while len(times) < decisions:
        state = rules.deal(Config(4), rng.getrandbits(32))
        while state.to_act is not None and len(times) < decisions:
            view = player_view(state, state.to_act)
            started = time.perf_counter()
            action = bot.choose(view, rng)
            if len(view.legal) > 1:
                times.append((time.perf_counter() - started) * 1000)
            rules.apply(state, action)
    return {**_spread(times), "decisions": len(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands for the generator")
    parser.add_argument("--games", type=int, default=1000, help="hands a run for the engine")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=300)
    args = parser.parse_args()
    gen = generator(args.hands, 1)
    speed = engine(args.games, args.runs)
    decide = expert(args.decisions, 2)
    print("Thirteen")
    for key in ("fresh_lead_us", "mid_trick_us"):
        spread = gen[key]
        print(f"  generator, {key[:-3].replace('_', ' ')}: median {spread['median']:.0f} µs, "
              f"p95 {spread['p95']:.0f} µs, max {spread['max']:.0f} µs")  # fmt: skip
    print(f"  most plays in one hand: {gen['most_plays']}")
    for key, figures in speed.items():
        print(f"  engine, {key}: {figures['median']:,.0f} hands/s (4 players)")
    print(
        f"  expert: median {decide['median']:.1f} ms, p95 {decide['p95']:.1f} ms, "
        f"max {decide['max']:.1f} ms over {decide['decisions']:.0f} decisions"
    )
    print(json.dumps({"generator": gen, "engine": speed, "expert": decide}))


if __name__ == "__main__":
    main()
