"""Moon 3 of Spades' own tables: each round's bid, trump, calls and result, each seat's part
in it, every Kali Tidi captured, and every pair and trio of players together on one side
(written by :mod:`core.moon3.facts`)."""

from __future__ import annotations

from sqlalchemy import Index, Select, Table, UniqueConstraint, select, text
from sqlmodel import Column, Field, SQLModel, Text

from core.store.tables import FROM_FORMER, RUNNING, Running, SeatOfRound

#: The game whose rounds these rows belong to.
GAME = "moon3"
#: The round columns the figures filter and group on, in the order of their covering index
#: (led by the round's id, by which every figure finds them from the shared round row).
ROUND_STATS = (
    "round_id", "made", "bid", "decks", "bidder_name", "bidding_points", "points_known",
    "kali_ours", "kali_theirs",
)  # fmt: skip
#: The bids' cube's columns, in the order it groups them: over every round (no date or player
#: asked) it reads this covering index alone, in order, with no join to the shared round row
#: (whose table size, mode and source the round's own row repeats for it).
CUBE_STATS = (
    "bid", "players", "mode", "decks", "bidder_name", "made", "source", "bidding_points",
    "kali_ours", "kali_theirs",
)  # fmt: skip
#: The per-seat columns the leaderboard reads, in the order of their covering index.
SEAT_STATS = ("name", "role", "won", "points", "score", "kali", "dealt", "round_id")


def _from_former(former: Table) -> Select[tuple[object, ...]]:
    """Each finished round's row from the round row of a store from before, which held these
    columns itself (P7); an abandoned round has none."""
    c = former.c
    return select(
        c.id.label("round_id"),
        c.players,
        c.mode,
        c.source,
        c.decks,
        c.bidder,
        c.bidder_name,
        c.bid,
        c.trump,
        c.called,
        c.partners,
        c.made,
        c.bidding_points,
        c.defending_points,
        c.points_known,
        c.kali_tidi,
        c.kali_ours,
        c.kali_theirs,
    ).where(c.game == GAME, c.abandoned.is_(False), c.made.is_not(None))


class Moon3Round(SQLModel, table=True):
    """A finished round of Moon 3 of Spades: its bid, trump, calls and result, one row per
    ``round_record`` row (an abandoned round has none)."""

    __tablename__ = "moon3_round"
    __table_args__ = (
        # Every column the figures filter and group on: their scans read this index beside the
        # shared round row's, never the rows with the calls and captures.
        Index("ix_moon3_round_stats", *ROUND_STATS),
        Index("ix_moon3_round_cube", *CUBE_STATS),
        {"info": {FROM_FORMER: _from_former}},
    )

    round_id: int = Field(primary_key=True, foreign_key="round_record.id")
    #: The table size, mode and source of the shared round row, repeated (see CUBE_STATS).
    players: int
    mode: str = Field(max_length=16)
    source: str = Field(max_length=10)
    decks: int
    #: The bidder's seat and name.
    bidder: int
    bidder_name: str = Field(max_length=40)
    bid: int
    #: The trump suit's letter (R15); none for a round kept without cards.
    trump: str | None = Field(default=None, max_length=1)
    #: The called cards (Card-Based) and the bidder's partners' seats, JSON lists.
    called: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    partners: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    made: bool
    bidding_points: int = 0
    defending_points: int = 0
    #: Whether the bidding side's points were counted (a scorebook round may only say made).
    points_known: bool = True
    #: [{"seat": s, "trick": t}, ...] for every 3♠ captured (trick counted from 1).
    kali_tidi: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    #: How many 3♠ the bidding side and the defenders captured (the Kali Tidi figures' columns).
    kali_ours: int = 0
    kali_theirs: int = 0


class RoundSeat(SeatOfRound, table=True):
    """One seat's part in a finished round: the facts the leaderboard and player stats sum."""

    __tablename__ = "round_seat"
    #: One row per seat: a second backfill racing the first fails instead of doubling.
    __table_args__ = (
        UniqueConstraint("round_id", "seat"),
        # The leaderboard's columns, grouped by name: it reads this index in order, not the rows.
        Index("ix_round_seat_stats", *SEAT_STATS),
        # The player filter finds a player's rounds by name, whatever its case.
        Index("ix_round_seat_lower_name", text("lower(name)"), "round_id"),
        # A round's seats with their sides and scores, by round: who beat whom and who led
        # after each round read this index, not the rows.
        Index("ix_round_seat_sides", "round_id", "won", "name", "score"),
        # Who led after each round, by name: the lead's figure reads this index alone.
        Index("ix_round_seat_leads", "name", "leads", "round_id"),
        {"info": {RUNNING: Running(score="score", total="total", leads="leads")}},
    )

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
    #: The player's running score in this game after this round (the sum of their ``score``
    #: so far), and whether it was the top of the round's seats: filled by the store as it
    #: adds the round (:class:`~core.store.tables.Running`); empty only in a store from before
    #: them until it is opened.
    total: int | None = None
    leads: bool | None = None


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
