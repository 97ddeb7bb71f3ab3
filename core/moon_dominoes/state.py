"""The mutable state of one Three-Player Moon hand, with a hand-written ``clone``.

Hands are bit masks of tile ids (bit ``t`` set while the seat holds tile
``t``): following suit is one ``&`` with the trump's table, and bots copy a
state in a few microseconds. Only :mod:`core.moon_dominoes.rules` changes a
state; pages and bots get player views.
"""

from __future__ import annotations

from enum import IntEnum

from core.moon_dominoes.actions import Action
from core.moon_dominoes.config import Config


class Phase(IntEnum):
    """Where a hand stands; the record names are the lower-case ``label``."""

    BIDDING = 0
    DISCARD = 1
    TRUMP = 2
    PLAYING = 3
    HAND_OVER = 4
    REDEAL = 5

    @property
    def label(self) -> str:
        return self.name.lower()


class State:
    """One hand, from the deal to the seventh trick (or to a passed-out redeal)."""

    __slots__ = (
        "before",
        "best_power",
        "best_seat",
        "bid",
        "bidder",
        "bids",
        "config",
        "dealt",
        "discard",
        "first_bidder",
        "hands",
        "history",
        "leader",
        "led_suit",
        "phase",
        "played",
        "seed",
        "taken",
        "to_act",
        "trick_tiles",
        "trick_winners",
        "tricks",
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
        self.config = config
        self.first_bidder = first_bidder
        #: Each seat's seven tiles as dealt, as masks (the record lists them).
        self.dealt = dealt
        self.widow = widow
        self.before = before
        self.seed = seed
        self.hands = list(dealt)
        #: What each seat said in the auction: None before its turn, 0 a pass, else its bid.
        self.bids: list[int | None] = [None, None, None]
        self.turns = 0
        self.bidder: int | None = None
        self.bid: int | None = None
        self.discard: int | None = None
        self.trump: int | None = None
        self.phase = Phase.BIDDING
        self.to_act: int | None = first_bidder
        self.leader = -1
        self.trick_tiles: list[int] = []
        self.led_suit = -1
        self.best_power = -1
        self.best_seat = -1
        #: Finished tricks: (the seat that led, the tiles in play order).
        self.tricks: list[tuple[int, tuple[int, ...]]] = []
        self.trick_winners: list[int] = []
        self.taken = [0, 0, 0]
        #: Every tile played so far, as a mask.
        self.played = 0
        self.history: list[Action] = []

    def clone(self) -> State:
        """An independent copy (the Expert advances copies thousands of times a move)."""
        copy = State.__new__(State)
        copy.config = self.config
        copy.first_bidder = self.first_bidder
        copy.dealt = self.dealt
        copy.widow = self.widow
        copy.before = self.before
        copy.seed = self.seed
        copy.hands = self.hands[:]
        copy.bids = self.bids[:]
        copy.turns = self.turns
        copy.bidder = self.bidder
        copy.bid = self.bid
        copy.discard = self.discard
        copy.trump = self.trump
        copy.phase = self.phase
        copy.to_act = self.to_act
        copy.leader = self.leader
        copy.trick_tiles = self.trick_tiles[:]
        copy.led_suit = self.led_suit
        copy.best_power = self.best_power
        copy.best_seat = self.best_seat
        copy.tricks = self.tricks[:]
        copy.trick_winners = self.trick_winners[:]
        copy.taken = self.taken[:]
        copy.played = self.played
        copy.history = self.history[:]
        return copy
