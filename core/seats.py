"""All seat arithmetic, in one place (STYLE item 7).

Seats are numbered 0 … n-1 clockwise. Nothing else in the code base adds to a
seat number or reduces it modulo the table size: it calls this module.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

#: The largest table any game seats (the tables of SPEC P4 go up to 12).
MAX_SEATS = 12


#: NEXT[players][seat]: the seat clockwise after ``seat``, for hot loops.
NEXT: tuple[tuple[int, ...], ...] = tuple(
    tuple((s + 1) % n for s in range(n)) if n else () for n in range(MAX_SEATS + 1)
)


#: CLOCKWISE[players][start]: every seat clockwise from ``start``, for hot loops.
CLOCKWISE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((start + i) % n for i in range(n)) for start in range(n))
    for n in range(MAX_SEATS + 1)
)


def next_seat(seat: int, players: int) -> int:
    """The seat clockwise after ``seat``."""
    return NEXT[players][seat]


def previous_seat(seat: int, players: int) -> int:
    """The seat counter-clockwise before ``seat`` (whose left ``seat`` is)."""
    return (seat - 1) % players


def deal_offset(seat: int, start: int, players: int) -> int:
    """Index of ``seat``'s first card in a clockwise deal that begins at ``start``."""
    return (seat - start) % players


def first_bidder(round_one: int, round_index: int, players: int) -> int:
    """R11: each round opens one seat further clockwise than the one before.

    ``round_index`` counts from 0 for the first round of the game.
    """
    return (round_one + round_index) % players


def alternate(team_a: Sequence[T], team_b: Sequence[T]) -> list[tuple[T, int]]:
    """R8 seating: members clockwise from seat 0 with their team (0 = A, 1 = B).

    The larger team sits first (team A when equal); the teams alternate while
    both have players left, then the rest of the larger team follows. Each team
    keeps its own order (join order).
    """
    teams = ((list(team_a), 0), (list(team_b), 1))
    first, second = teams if len(team_a) >= len(team_b) else teams[::-1]
    seating: list[tuple[T, int]] = []
    for i in range(max(len(first[0]), len(second[0]))):
        if i < len(first[0]):
            seating.append((first[0][i], first[1]))
        if i < len(second[0]):
            seating.append((second[0][i], second[1]))
    return seating


def draw_teams(members: Sequence[T], rng: random.Random) -> list[tuple[T, int]]:
    """R9: draw two teams of floor(n/2) and ceil(n/2) and seat them as R8 does."""
    shuffled = list(members)
    rng.shuffle(shuffled)
    half = len(shuffled) // 2
    return alternate(shuffled[half:], shuffled[:half])


def other_team(team: int) -> int:
    """The other of two teams (0 and 1)."""
    return 1 - team


def teams_from_labels(labels: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats of team 0 and of team 1 from each seat's team label."""
    return (
        tuple(s for s, t in enumerate(labels) if t == 0),
        tuple(s for s, t in enumerate(labels) if t == 1),
    )


def teammates(seat: int, labels: Sequence[int]) -> list[int]:
    """The other seats of ``seat``'s team, ascending."""
    return [s for s, t in enumerate(labels) if t == labels[seat] and s != seat]


def around(seat: int, viewer: int | None, players: int) -> int:
    """How many seats clockwise from ``viewer`` ``seat`` sits (0 is the viewer; seat 0 without one).

    Screens draw the table from each player's own place: they put seat 0 of this
    count at the bottom and go on clockwise.
    """
    return (seat - (viewer or 0)) % players


def opposite_partnerships(players: int) -> tuple[int, ...]:
    """Each seat's side when partners sit opposite (4 players: seats 0+2 and 1+3)."""
    return tuple(seat % 2 for seat in range(players))


def others(seats: Sequence[int], players: int) -> list[int]:
    """Every seat not in ``seats``, ascending."""
    inside = set(seats)
    return [s for s in range(players) if s not in inside]


def draw_seat(players: int, rng: random.Random) -> int:
    """A seat drawn at random (R9 opening bidder, R6 chooser in Random mode)."""
    return rng.randrange(players)


def both_ways(split: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A duplicate deal's two seatings: ``split`` (each seat's level, 0 or 1), then the
    same seats with the levels swapped."""
    return tuple(split), tuple(1 - level for level in split)


def alone_in_each_seat(players: int) -> tuple[tuple[int, ...], ...]:
    """A duplicate deal's seatings for a game without sides: level 0 alone in each seat
    against level 1, then level 1 alone in each seat (each seat's level, 0 or 1)."""
    return tuple(
        tuple(level if seat == alone else 1 - level for seat in range(players))
        for level in (0, 1)
        for alone in range(players)
    )
