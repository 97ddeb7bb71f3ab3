"""What every game's player view shares (``core/<game>/view.py``, STYLE item 6).

A view is one seat's picture of a round (seat ``None``: a spectator). The
seat it is asked for, whether that seat is to act now, and the last trick
taken read the same in every game; each game's view takes them from here.
"""

from __future__ import annotations

from typing import Generic, TypeVar

#: A game's own picture of one trick.
T = TypeVar("T")


def check_seat(seat: int | None, players: int) -> None:
    """Refuse a view for a seat the table does not have (``None``, a spectator, is fine)."""
    if seat is not None and not 0 <= seat < players:
        raise ValueError(f"there is no seat {seat}")


class SeatTurn:
    """A view that knows its seat and the seat to act: whether it is the viewer's turn."""

    __slots__ = ()

    seat: int | None
    to_act: int | None

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.to_act


class TrickTaking(SeatTurn, Generic[T]):
    """A trick-taking game's view: its finished tricks, and the last of them."""

    __slots__ = ()

    tricks: tuple[T, ...]

    @property
    def last_trick(self) -> T | None:
        return self.tricks[-1] if self.tricks else None
