"""Three decisions of the Expert in telling spots, with the figures behind them.

Searches seeded Rules-played rounds for: a trick with the 3 of spades at stake,
a Card-Based teammate call, and a close bid; prints what the Expert chose and
the playout values (or estimates) that made it choose so. Run with
``python -m bench.gallery``.
"""

from __future__ import annotations

import random
import time

from core import bots
from core.moon3 import cards, rules
from core.moon3.bots import expert, knowledge, rulebot
from core.moon3.cards import KALI_TIDI
from core.moon3.config import Config
from core.moon3.state import State
from core.moon3.view import PlayerView, player_view

BUDGET = 0.5  # seconds a decision: more than in play, for steadier figures


def names(ids: object) -> str:
    return " ".join(cards.label(c) for c in ids)  # type: ignore[attr-defined]


def table_line(view: PlayerView) -> str:
    trick = ", ".join(
        f"seat {s} {cards.label(c)}"
        for s, c in zip(view.trick.seats, view.trick.cards, strict=True)
    )
    trump = cards.SUIT_SYMBOLS[view.trump] if view.trump is not None else "-"
    return (
        f"seat {view.seat}, trump {trump}, bid {view.bid} by seat {view.bidder};"
        f" trick so far: {trick or 'none (leading)'}; hand: {names(view.hand)}"
    )


def kali_spot() -> None:
    rng = random.Random(3)
    rules_bot = bots.get("moon3", "rules")
    for seed in range(500):
        state = rules.deal(Config.make(4, "teams"), seed % 4, seed)
        while state.to_act is not None:
            view = player_view(state, state.to_act)
            legal_cards = {a.value for a in view.legal if a.kind == "play"}
            at_stake = KALI_TIDI in view.trick.cards and len(view.trick.cards) < 3
            if view.phase == "playing" and at_stake and len(legal_cards) > 1:
                show_play("A trick with Kali Tidi at stake", view, rng)
                return
            rules.apply(state, rules_bot.choose(view, rng))


def show_play(title: str, view: PlayerView, rng: random.Random) -> None:
    values = expert.play_values(view, rng, time.perf_counter() + BUDGET)
    best = max(values, key=lambda c: values[c][0])
    habit = rulebot.choose_card(knowledge.from_view(view))
    print(f"## {title}\n{table_line(view)}")
    for c, (mean, n) in sorted(values.items(), key=lambda kv: -kv[1][0]):
        print(f"  {cards.label(c):>4}: {mean:7.1f} over {n} playouts")
    print(f"  Expert plays {cards.label(best)}; the Rules habit would play {cards.label(habit)}\n")


def call_spot() -> None:
    rng = random.Random(5)
    for seed in range(200):
        state = rules.deal(Config.make(5, "partners", 1), 0, seed)
        while state.phase.label == "bidding":
            rules.apply(
                state, bots.get("moon3", "expert").choose(player_view(state, state.to_act), rng)
            )
        if state.phase.label != "calling":
            continue
        view = player_view(state, state.to_act)
        trump, value = rulebot.best_trump(view)
        call = bots.get("moon3", "expert").choose(view, rng)
        print("## A teammate call (5 players, Card-Based)")
        print(f"seat {view.seat} won the auction at {view.bid}; hand: {names(view.hand)}")
        print(
            f"  intended trump {cards.SUIT_SYMBOLS[trump]} (hand valued at {value:.0f} points);"
            f" calls {names(call.value)}\n"  # type: ignore[arg-type]
        )
        return


def bid_spot() -> None:
    rng = random.Random(9)
    for seed in range(300):
        state: State = rules.deal(Config.make(4, "teams"), seed % 4, seed)
        while state.phase.label == "bidding":
            view = player_view(state, state.to_act)
            bids = [a.value for a in view.legal if a.kind == "bid"]
            if bids and view.high_bid is not None:
                values = expert.estimates(view, rng, time.perf_counter() + BUDGET)
                lowest = min(bids)  # type: ignore[type-var]
                if abs(max(values) - lowest) <= 10:  # type: ignore[operator]
                    action = expert.bid_from(view, values)
                    print("## A close bid (4 players, Team-wise)")
                    print(
                        f"seat {view.seat}, high bid {view.high_bid} by seat {view.high_bidder};"
                        f" hand: {names(view.hand)}"
                    )
                    guesses = ", ".join(
                        f"{s} {v:.0f}" for s, v in zip(cards.SUIT_SYMBOLS, values, strict=True)
                    )
                    print(f"  expected side points as bidder: {guesses}; next bid {lowest}")
                    verb = "bids" if action.kind == "bid" else "passes"
                    print(f"  Expert {verb} {action.value if action.kind == 'bid' else ''}\n")
                    return
            rules.apply(state, bots.get("moon3", "rules").choose(view, rng))


if __name__ == "__main__":
    kali_spot()
    call_spot()
    bid_spot()
