"""Moon 3 of Spades' own tables: each seat's part in a round, every Kali Tidi captured, and
every pair and trio of players together on one side (written by :mod:`core.moon3.facts`)."""

from __future__ import annotations

from sqlalchemy import Index, UniqueConstraint, text
from sqlmodel import Field, SQLModel

#: The per-seat columns the leaderboard reads, in the order of their covering index.
SEAT_STATS = ("name", "role", "won", "points", "score", "kali", "dealt", "round_id")


class RoundSeat(SQLModel, table=True):
    """One seat's part in a finished round: the facts the leaderboard and player stats sum."""

    __tablename__ = "round_seat"
    #: One row per seat: a second backfill racing the first fails instead of doubling.
    __table_args__ = (
        UniqueConstraint("round_id", "seat"),
        # The leaderboard's columns, grouped by name: it reads this index in order, not the rows.
        Index("ix_round_seat_stats", *SEAT_STATS),
        # The player filter finds a player's rounds by name, whatever its case.
        Index("ix_round_seat_lower_name", text("lower(name)"), "round_id"),
    )

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
    #: Whether the round was dealt here (its cards known); scorebook and imported rounds are not.
    dealt: bool = Field(default=True, sa_column_kwargs={"server_default": "1", "nullable": False})


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


class RoundGroup(SQLModel, table=True):
    """Two or three players together on one side of a finished round, and whether it won (H5).

    Names are in order (``first`` < ``second`` < ``third``; ``third`` is empty for a pair), so
    a group's figures are one GROUP BY over an index.
    """

    __tablename__ = "round_group"
    __table_args__ = (
        Index("ix_round_group_stats", "size", "first", "second", "third", "won", "round_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round_record.id", index=True)
    size: int
    first: str = Field(max_length=40)
    second: str = Field(max_length=40)
    third: str = Field(default="", max_length=40)
    won: bool
