"""The mutable state of one Three-Player Moon hand, with a hand-written ``clone``.

Hands are bit masks of tile ids (bit ``t`` set while the seat holds tile
``t``): following suit is one ``&`` with the trump's table, and bots copy a
state in a few microseconds. Only :mod:`core.moon_dominoes.rules` changes a
state; pages and bots get player views.
"""

from __future__ import annotations

from core.moon_dominoes.actions import Action
from core.moon_dominoes.config import PLAYERS, Config
from core.state import LabelledPhase, TrickHand


class Phase(LabelledPhase):
    """Where a hand stands; the record names are the lower-case ``label``."""

    BIDDING = 0
    DISCARD = 1
    TRUMP = 2
    PLAYING = 3
    HAND_OVER = 4
    REDEAL = 5


class State(TrickHand[Config, Phase, Action, tuple[int, ...]]):
    """One hand, from the deal to the seventh trick (or to a passed-out redeal). A bid of 0
    is a pass."""

    __slots__ = (
        "bid",
        "bidder",
        "discard",
        "first_bidder",
        "trick_tiles",
        "trump",
        "turns",
        "widow",
    )

    def __init__(
        self,
        config: Config,
        first_bidder: int,
        dealt: tuple[int, ...],
        widow: int,
        before: tuple[int, ...],
        seed: int = 0,
    ) -> None:
        super().__init__(config, dealt, before, seed, Phase.BIDDING, first_bidder, PLAYERS)
        self.first_bidder = first_bidder
        self.widow = widow
        self.turns = 0
        self.bidder: int | None = None
        self.bid: int | None = None
        self.discard: int | None = None
        self.trump: int | None = None
        self.trick_tiles: list[int] = []

    def clone(self) -> State:
        """An independent copy (the Expert advances copies thousands of times a move)."""
        copy = State.__new__(State)
        self._copy_tricks(copy)
        copy.bid = self.bid
        copy.bidder = self.bidder
        copy.discard = self.discard
        copy.first_bidder = self.first_bidder
        copy.trick_tiles = self.trick_tiles[:]
        copy.trump = self.trump
        copy.turns = self.turns
        copy.widow = self.widow
        return copy
