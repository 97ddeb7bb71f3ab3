"""Three-Player Moon's own table: each seat's part in a finished hand."""

from __future__ import annotations

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel


class MoonDominoesSeat(SQLModel, table=True):
    """One seat in a finished hand: bidder or defender, its tricks and its score (M6)."""

    __tablename__ = "moon_dominoes_seat"
    __table_args__ = (UniqueConstraint("round_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round_record.id", index=True)
    seat: int
    name: str = Field(max_length=40, index=True)
    #: Whether this seat won the auction (the others defend).
    bidder: bool
    tricks: int
    #: The seat's score for the hand: the bid won or lost, or 1 a trick for a defender.
    score: int
