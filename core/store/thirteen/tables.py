"""Thirteen's own table: each seat's part in a finished hand."""

from __future__ import annotations

from core.store.tables import SeatOfRound


class ThirteenSeat(SeatOfRound, table=True):
    """One seat in a finished hand: its place, its points (T6), bombs and cards left."""

    __tablename__ = "thirteen_seat"

    #: 1 for the first out … n for the one left holding cards.
    place: int
    score: int
    #: Bombs played on 2s (or on such a bomb) this hand.
    bombs: int
    #: Cards still held when the hand ended (0 for everyone but the last).
    cards_left: int
    #: Whether this seat led the hand's first trick.
    led_first: bool
