"""What every game's table (``core/<game>/table.py``) does alike beside the hosting base.

:mod:`core.hosting` plays a match in a room; around it each game's side of
hosting still seats its players, keeps its Create Room settings, says how a
finished game went for each seat and gives the Expert time for a hint. Where
that work is the same in every game it is written here once, with the game's
own part (its teams, its mode, how seats make units) passed in.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from core.games import GameFacts, TableRoom


def seat_in_join_order(
    room: TableRoom, host_id: int | None, teams: Sequence[int] | None = None
) -> None:
    """Seat the players in join order, the host first; each takes the team of its position
    where the game has teams (``teams``, position by position), none otherwise."""
    members = sorted(room.seats, key=lambda s: (s.id != host_id, s.join_order))
    for position, seat in enumerate(members):
        seat.position = position
        seat.team = teams[position] if teams is not None else None


def settings_json(settings: Any) -> dict[str, Any]:
    """Create Room settings as a room keeps them: the game's name, then every field."""
    return {"game": settings.game, **{f.name: getattr(settings, f.name) for f in fields(settings)}}


def seat_results(
    mode: str,
    names: Sequence[str],
    totals: Sequence[int],
    winners: Sequence[int],
    units: Sequence[int],
) -> GameFacts:
    """Each seat's result in a finished game, for the stats: a seat wins with its unit (its
    team or side, or the seat itself; ``units`` holds each seat's) and has that unit's total."""
    return GameFacts(
        mode,
        [
            {"seat": seat, "name": names[seat], "won": unit in winners, "total": totals[unit]}
            for seat, unit in enumerate(units)
        ],
    )


def hint_budget(deadline: float) -> float:
    """The milliseconds the Expert may think for a hint due at ``deadline`` (at least one)."""
    return max(1.0, (deadline - time.perf_counter()) * 1000)
