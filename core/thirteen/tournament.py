"""Thirteen under ``python -m core tournament --game thirteen`` (the run itself:
core/tournament.py).

Every deal (one hand, T2: the lowest card's holder leads it) is played
under seatings that put each level in every seat equally often:

- 2 players: A–B, then B–A.
- 3 players: A alone in each of the three seats against two B's, then B
  alone in each seat against two A's (six plays).
- 4 players: A in seats 0 and 2 and B in 1 and 3, then the other way round:
  each level sits in every seat once and always between two of the other.

A level's figure is its average place points a seat (T6: n−1 for first …
0 for last); it also counts its first places.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from core import seats
from core.games import DealSet, Seating, SettingsError
from core.thirteen import rules
from core.thirteen.config import MAX_PLAYERS, MIN_PLAYERS, Config
from core.thirteen.state import State

UNIT = "deal set"
DIGITS = 3


def options(group: argparse._ActionsContainer) -> None:
    """``--hands``, as ``simulate`` takes it, changes nothing here: a deal is one hand."""
    group.add_argument("--hands", type=int, help="not used: a deal is one hand")


def config(args: argparse.Namespace) -> Config:
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS or args.jokers:
        raise SettingsError(f"Thirteen is for {MIN_PLAYERS} to {MAX_PLAYERS} players, no jokers")
    return Config(args.players, 1)


def opener(config: Config, index: int) -> int:
    """No seat opens by turn: the lowest card's holder leads (T2)."""
    return 0


def seatings(config: Config) -> tuple[Seating, ...]:
    if config.players == 3:
        return seats.alone_in_each_seat(3)
    return seats.both_ways(seats.opposite_partnerships(config.players))


def scored(config: Config, plays: Sequence[tuple[Seating, State]]) -> DealSet:
    points = [0.0, 0.0]
    seated = [0, 0]
    firsts = [0, 0]
    for owner, state in plays:
        score = rules.score(state)
        assert score is not None
        for seat, level in enumerate(owner):
            seated[level] += 1
            points[level] += score[seat]
        firsts[owner[state.places[0]]] += 1
    return DealSet(
        (points[0] / seated[0], points[1] / seated[1]),
        ({"firsts": firsts[0]}, {"firsts": firsts[1]}),
    )


def head(config: Config) -> dict[str, Any]:
    return {"players": config.players}


def describe(config: Config) -> str:
    return (
        f"Thirteen, {config.players} players, each deal played {len(seatings(config))} ways"
        " (every level in every seat)"
    )


def level_summary(mean: float, counts: dict[str, int]) -> dict[str, Any]:
    return {"points_per_hand": round(mean, 3), "firsts": counts["firsts"]}


def level_line(level: dict[str, Any]) -> str:
    return (
        f"place points/hand a seat {level['points_per_hand']:>6}  first places {level['firsts']:>5}"
    )
