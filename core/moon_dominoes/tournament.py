"""Three-Player Moon under ``python -m core tournament --game moon_dominoes`` (the run
itself: core/tournament.py).

Every deal is played six ways, each play opened by the same first bidder
(the opening goes round from deal to deal): A alone in each of the three
seats against two B's, then B alone in each seat against two A's. A
level's figure is its average hand score a seat (M6, from zero; a
passed-out deal scores 0 for everyone); it also counts the bids it won and
made.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from core import seats
from core.games import DealSet, Seating
from core.moon_dominoes import record, simulate
from core.moon_dominoes.config import PLAYERS, Config
from core.moon_dominoes.state import State

UNIT = "deal set"
DIGITS = 2
SEATINGS = seats.alone_in_each_seat(PLAYERS)


def options(group: argparse._ActionsContainer) -> None:
    simulate.options(group)


def config(args: argparse.Namespace) -> Config:
    return simulate.config(args)


def opener(config: Config, index: int) -> int:
    return seats.first_bidder(0, index, PLAYERS)


def seatings(config: Config) -> tuple[Seating, ...]:
    return SEATINGS


def scored(config: Config, plays: Sequence[tuple[Seating, State]]) -> DealSet:
    score = [0, 0]
    seated = [0, 0]
    bids = [0, 0]
    made = [0, 0]
    for owner, state in plays:
        done = record.result(state)
        for seat, level in enumerate(owner):
            seated[level] += 1
            if done is not None:
                score[level] += done.score[seat]
        if done is not None and state.bidder is not None:
            bids[owner[state.bidder]] += 1
            made[owner[state.bidder]] += done.made
    a, b = ({"bids": bids[level], "bids_made": made[level]} for level in (0, 1))
    return DealSet((score[0] / seated[0], score[1] / seated[1]), (a, b))


def head(config: Config) -> dict[str, Any]:
    return {}


def describe(config: Config) -> str:
    return f"Three-Player Moon, each deal played {len(SEATINGS)} ways (every level in every seat)"


def level_summary(mean: float, counts: dict[str, int]) -> dict[str, Any]:
    return {
        "score_per_hand": round(mean, 2),
        "bids": counts["bids"],
        "bids_made": counts["bids_made"],
    }


def level_line(level: dict[str, Any]) -> str:
    return (
        f"score/hand a seat {level['score_per_hand']:>6}"
        f"  bids made {level['bids_made']:>5} of {level['bids']}"
    )
