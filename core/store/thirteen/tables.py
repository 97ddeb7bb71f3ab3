"""Thirteen's own table: each seat's part in a finished hand."""

from __future__ import annotations

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel


class ThirteenSeat(SQLModel, table=True):
    """One seat in a finished hand: its place, its points (T6), bombs and cards left."""

    __tablename__ = "thirteen_seat"
    __table_args__ = (UniqueConstraint("round_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round_record.id", index=True)
    seat: int
    name: str = Field(max_length=40, index=True)
    #: 1 for the first out … n for the one left holding cards.
    place: int
    score: int
    #: Bombs played on 2s (or on such a bomb) this hand.
    bombs: int
    #: Cards still held when the hand ended (0 for everyone but the last).
    cards_left: int
    #: Whether this seat led the hand's first trick.
    led_first: bool
