"""Moon 3 of Spades' own tables: each seat's part in a round, and every Kali Tidi captured."""

from __future__ import annotations

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel


class RoundSeat(SQLModel, table=True):
    """One seat's part in a finished round: the facts the leaderboard and player stats sum."""

    __tablename__ = "round_seat"
    #: One row per seat: a second backfill racing the first fails instead of doubling.
    __table_args__ = (UniqueConstraint("round_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round_record.id", index=True)
    seat: int
    name: str = Field(max_length=40, index=True)
    #: "bidder", "partner" (any other member of the bidding side) or "defender".
    role: str = Field(max_length=8)
    #: Whether this seat's side won the round (every member is credited, R26).
    won: bool
    #: Card points this seat captured in its own tricks.
    points: int
    #: R27 score credited to this seat's team (Team-wise, Random) or to the seat (Card-Based).
    score: int
    #: How many 3♠ (Kali Tidi) this seat captured.
    kali: int = 0


class KaliCapture(SQLModel, table=True):
    """A 3♠ captured in a finished round: by whom, in which trick, for which side."""

    __tablename__ = "kali_capture"

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round_record.id", index=True)
    seat: int
    name: str = Field(max_length=40)
    #: Trick number, counted from 1.
    trick: int
    bidding_side: bool
