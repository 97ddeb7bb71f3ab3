"""Spades' own table: each seat's bid, tricks and nil in a hand, and its side's result."""

from __future__ import annotations

from sqlmodel import Field

from core.store.tables import SeatOfRound


class SpadesSeat(SeatOfRound, table=True):
    """One seat's part in a finished Spades hand: its bid, tricks, nil and its side's result."""

    __tablename__ = "spades_seat"

    #: The seat's side: its partnership, or the seat itself in individual play.
    side: int
    #: Tricks bid; 0 is nil.
    bid: int
    blind: bool = False
    tricks: int
    #: For a nil bid: whether its bidder took no trick.
    nil_made: bool | None = Field(default=None)
    #: Whether the side made its contract (none when every member bid nil).
    contract_made: bool | None = Field(default=None)
    #: The side's score for the hand (S6).
    score: int
