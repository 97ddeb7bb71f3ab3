"""What every game's table does alike around the match (core.hosting): seating, settings
and each seat's result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from core.games import TableRoom
from core.hosting import hint_budget, seat_in_join_order, seat_results, settings_json


@dataclass
class _Seat:
    id: int
    join_order: int
    position: int | None = None
    team: int | None = 7


@dataclass
class _Room:
    seats: list[_Seat] = field(default_factory=list)


def _room(*seats: _Seat) -> TableRoom:
    return cast(TableRoom, _Room(list(seats)))


def test_host_sits_first_then_join_order() -> None:
    late, host, early = _Seat(1, 3), _Seat(2, 2), _Seat(3, 1)
    seat_in_join_order(_room(late, host, early), host_id=2)
    assert (host.position, early.position, late.position) == (0, 1, 2)
    assert (host.team, early.team, late.team) == (None, None, None)


def test_each_position_takes_its_team() -> None:
    seated = [_Seat(i, i) for i in range(4)]
    seat_in_join_order(_room(*seated), host_id=0, teams=(0, 1, 0, 1))
    assert [s.team for s in seated] == [0, 1, 0, 1]


def test_a_seat_wins_with_its_unit_and_has_its_total() -> None:
    facts = seat_results("partnership", ["A", "B", "C", "D"], [120, 80], [1], (0, 1, 0, 1))
    assert facts.mode == "partnership"
    assert [(s["name"], s["won"], s["total"]) for s in facts.seats] == [
        ("A", False, 120),
        ("B", True, 80),
        ("C", False, 120),
        ("D", True, 80),
    ]


@dataclass(frozen=True)
class _Settings:
    game: ClassVar[str] = "example"

    players: int = 3
    hints: bool = False


def test_settings_keep_the_game_name_then_every_field() -> None:
    kept: dict[str, Any] = settings_json(_Settings(players=4))
    assert list(kept.items()) == [("game", "example"), ("players", 4), ("hints", False)]


def test_a_late_hint_still_gets_a_millisecond() -> None:
    assert hint_budget(0.0) == 1.0
