"""Spades under ``python -m core tournament --game spades`` (the run itself: core/tournament.py).

Every deal is played twice, dealt by the same seat (the deal goes round
from deal to deal). Partnership: level A holds one partnership, B the
other, then they swap. Individual: A holds the even seats and B the odd
ones, then they swap. A level's figure is its score a hand (S6, one hand
from zero), a side's when it holds several, averaged over the two plays;
it also counts the contracts its sides made.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from core import seats
from core.games import DealSet, Seating
from core.spades import record, simulate
from core.spades.config import Config
from core.spades.state import State

UNIT = "deal pair"
DIGITS = 2


def options(group: argparse._ActionsContainer) -> None:
    simulate.options(group)


def config(args: argparse.Namespace) -> Config:
    return simulate.config(args)


def opener(config: Config, index: int) -> int:
    """The first bidder: the seat on the left of the deal's dealer."""
    dealer = seats.first_bidder(0, index, config.players)
    return seats.next_seat(dealer, config.players)


def seatings(config: Config) -> tuple[Seating, Seating]:
    return seats.both_ways([side % 2 for side in config.side_of])


def scored(config: Config, plays: Sequence[tuple[Seating, State]]) -> DealSet:
    score = [0.0, 0.0]
    made = [0, 0]
    for owner, state in plays:
        done = record.result(state)
        assert done is not None
        for level in (0, 1):
            sides = sorted({config.side_of[s] for s in range(config.players) if owner[s] == level})
            score[level] += sum(done.score[side] for side in sides) / len(sides) / len(plays)
            for side in sides:
                members = config.sides[side]
                contract = sum(state.bids[s] or 0 for s in members)
                taken = sum(state.taken[s] for s in members if state.bids[s])
                made[level] += int(contract > 0 and taken >= contract)
    return DealSet((score[0], score[1]), ({"contracts_made": made[0]}, {"contracts_made": made[1]}))


def head(config: Config) -> dict[str, Any]:
    return {"players": config.players, "partnership": config.partnership}


def describe(config: Config) -> str:
    form = "partnership" if config.partnership else "individual"
    return f"Spades, {config.players} players, {form}"


def level_summary(mean: float, counts: dict[str, int]) -> dict[str, Any]:
    return {"score_per_hand": round(mean, 2), "contracts_made": counts["contracts_made"]}


def level_line(level: dict[str, Any]) -> str:
    return f"score/hand {level['score_per_hand']:>8}  contracts made {level['contracts_made']:>5}"
