"""Three-Player Moon's own tables: each finished hand's bid, trump and result, and each seat's
part in it."""

from __future__ import annotations

from sqlalchemy import Index, Select, Table, case, select
from sqlmodel import Field, SQLModel

from core.moon_dominoes.tiles import DOUBLES, NO_TRUMP, TRUMP_NAMES
from core.store.tables import FROM_FORMER, SeatOfRound

#: The game whose hands these rows belong to.
GAME = "moon_dominoes"
#: The hand columns the figures filter and group on, in the order of their covering index
#: (led by the hand's id, by which every figure finds them from the shared round row).
ROUND_STATS = ("round_id", "bid", "trump", "made", "bidder")
#: How a store from before kept doubles and no trump in its one-letter trump column.
FORMER_TRUMPS = {"D": TRUMP_NAMES[DOUBLES], "N": TRUMP_NAMES[NO_TRUMP]}


def _from_former(former: Table) -> Select[tuple[object, ...]]:
    """Each finished hand's row from the round row of a store from before, which held its
    bidder, bid, trump (one letter) and result itself (P7)."""
    c = former.c
    return select(
        c.id.label("round_id"),
        c.bidder,
        c.bid,
        case(FORMER_TRUMPS, value=c.trump, else_=c.trump).label("trump"),
        c.made,
    ).where(c.game == GAME, c.abandoned.is_(False), c.made.is_not(None))


class MoonDominoesRound(SQLModel, table=True):
    """A finished hand: who won the auction, the bid, the trump named and whether it was made
    (M2, M3, M6), one row per ``round_record`` row (an abandoned hand has none)."""

    __tablename__ = "moon_dominoes_round"
    __table_args__ = (
        # The figures' columns: their scans read this index beside the shared round row's.
        Index("ix_moon_dominoes_round_stats", *ROUND_STATS),
        {"info": {FROM_FORMER: _from_former}},
    )

    round_id: int = Field(primary_key=True, foreign_key="round_record.id")
    #: The seat that won the auction.
    bidder: int
    bid: int
    #: The trump as M3 names it: a number "0" to "6", "doubles" or "none".
    trump: str = Field(max_length=7)
    made: bool


class MoonDominoesSeat(SeatOfRound, table=True):
    """One seat in a finished hand: bidder or defender, its tricks and its score (M6)."""

    __tablename__ = "moon_dominoes_seat"

    #: Whether this seat won the auction (the others defend).
    bidder: bool
    tricks: int
    #: The seat's score for the hand: the bid won or lost, or 1 a trick for a defender.
    score: int
