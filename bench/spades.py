"""Spades engine benchmark: random hands per second through the game protocol, against a baseline.

Each hand is dealt from its own seed and played to the end by a uniform pick
among the legal actions, through the registry (``games.get("spades")``) —
with the checked ``apply`` a room uses and the unchecked one bots and
simulation use. The same driver plays a straightforward pure-Python Spades
engine written here (cards as strings, hands as lists, legal actions by
scanning the hand), so both figures come from one run on one core. Each
engine first plays a warm-up; the figure is the median of several runs.
Run with ``make bench`` (or ``python -m bench.spades``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from core import games
from core.spades.config import Config

RANKS = "AKQJT98765432"
SUITS = "SHCD"

# ---------------------------------------------------------------- the baseline


class BaselineHand:
    """Partnership Spades the plain way: lists of card names, scanned for every move."""

    def __init__(self, seed: int, dealer: int = 0) -> None:
        deck = [r + s for s in SUITS for r in RANKS]
        random.Random(seed).shuffle(deck)
        self.hands = [sorted(deck[i::4], key=self.order) for i in range(4)]
        self.bids: list[int | None] = [None] * 4
        self.to_act: int | None = (dealer + 1) % 4
        self.trick: list[tuple[int, str]] = []
        self.taken = [0] * 4
        self.broken = False
        self.played = 0

    @staticmethod
    def order(card: str) -> tuple[int, int]:
        return SUITS.index(card[1]), RANKS.index(card[0])

    def legal_actions(self) -> list[tuple[int, str, Any]]:
        seat = self.to_act
        if seat is None:
            return []
        if None in self.bids:
            return [(seat, "bid", amount) for amount in range(0, 14)]
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1][1]
            follow = [c for c in hand if c[1] == led]
            cards = follow or hand
        elif self.broken or all(c[1] == "S" for c in hand):
            cards = hand
        else:
            cards = [c for c in hand if c[1] != "S"]
        return [(seat, "play", c) for c in cards]

    def apply(self, action: tuple[int, str, Any]) -> None:
        seat, kind, value = action
        if kind == "bid":
            self.bids[seat] = value
            self.to_act = (seat + 1) % 4
            return
        self.hands[seat].remove(value)
        self.trick.append((seat, value))
        if value[1] == "S":
            self.broken = True
        if len(self.trick) < 4:
            self.to_act = (seat + 1) % 4
            return
        led = self.trick[0][1][1]

        def strength(play: tuple[int, str]) -> int:
            card = play[1]
            if card[1] == "S":
                return 200 - RANKS.index(card[0])
            return 100 - RANKS.index(card[0]) if card[1] == led else 0

        winner = max(self.trick, key=strength)[0]
        self.taken[winner] += 1
        self.trick = []
        self.played += 1
        self.to_act = None if self.played == 13 else winner


def baseline_hands_per_second(hands: int, seed: int) -> float:
    rng = random.Random(seed)
    uniform = rng.random
    start = time.perf_counter()
    for number in range(hands):
        hand = BaselineHand(rng.getrandbits(32), number % 4)
        while actions := hand.legal_actions():
            hand.apply(actions[int(uniform() * len(actions))])
    return hands / (time.perf_counter() - start)


# ---------------------------------------------------------------- the product


def product_hands_per_second(config: Config, hands: int, seed: int, checked: bool) -> float:
    game = games.get("spades")
    rng = random.Random(seed)
    uniform = rng.random
    legal_actions = game.legal_actions
    apply = game.apply if checked else game.apply_unchecked
    deal = game.deal
    players = config.players
    start = time.perf_counter()
    for number in range(hands):
        state = deal(config, number % players, rng.getrandbits(32))
        while actions := legal_actions(state):
            # A uniform pick, cheaper than random.choice so the figure is the engine's.
            apply(state, actions[int(uniform() * len(actions))])
    return hands / (time.perf_counter() - start)


def median_of(runs: int, measure: Callable[[int], float]) -> tuple[float, float, float]:
    figures = [measure(run) for run in range(runs)]
    return statistics.median(figures), min(figures), max(figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3000, help="hands a run")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    tables = {
        "4 players, partnership": Config.make(4),
        "3 players, individual": Config.make(3),
        "5 players, individual, jokers": Config.make(5, jokers=True),
    }
    results: dict[str, Any] = {}
    baseline_hands_per_second(args.hands, 99)  # warm-up
    results["baseline, 4 players"] = median_of(
        args.runs, lambda run: baseline_hands_per_second(args.hands, run)
    )
    for label, config in tables.items():
        product_hands_per_second(config, args.hands * 3, 99, False)  # warm-up (caches)
        for checked in (False, True):
            key = f"{label}, {'checked' if checked else 'unchecked'} apply"
            results[key] = median_of(
                args.runs,
                lambda run, config=config, checked=checked: product_hands_per_second(
                    config, args.hands, run, checked
                ),
            )
    if args.json:
        print(
            json.dumps({k: {"median": v[0], "min": v[1], "max": v[2]} for k, v in results.items()})
        )
        return
    print(f"Spades: random hands a second on one core (median of {args.runs} runs)")
    for key, (median, low, high) in results.items():
        print(f"  {key:<52} {median:>8,.0f}  ({low:,.0f}–{high:,.0f})")


if __name__ == "__main__":
    main()
