"""The mutable state of one Spades hand, with a hand-written ``clone``.

Hands are bit masks of card ids (bit ``c`` set while the seat holds card
``c``): following suit is one ``&``, and bots copy a state in a few
microseconds. Only :mod:`core.spades.rules` changes a state; pages and bots
get player views.
"""

from __future__ import annotations

from enum import IntEnum

from core import seats
from core.spades.actions import Action
from core.spades.config import Config


class Phase(IntEnum):
    """Where a hand stands; the record names are the lower-case ``label``."""

    BIDDING = 0
    PLAYING = 1
    HAND_OVER = 2

    @property
    def label(self) -> str:
        return self.name.lower()


class State:
    """One hand of Spades, from the deal to the last trick."""

    __slots__ = (
        "before",
        "best_power",
        "best_seat",
        "bids",
        "blind",
        "broken",
        "config",
        "dealer",
        "dealt",
        "hands",
        "history",
        "leader",
        "led_suit",
        "phase",
        "played",
        "players",
        "seed",
        "size",
        "taken",
        "to_act",
        "trick_cards",
        "trick_winners",
        "tricks",
    )

    def __init__(
        self,
        config: Config,
        dealer: int,
        dealt: tuple[int, ...],
        before: tuple[tuple[int, int], ...],
        seed: int = 0,
    ) -> None:
        self.config = config
        self.players = config.players
        self.size = config.hand_size
        self.dealer = dealer
        #: Each seat's cards as dealt, as masks (the record lists them).
        self.dealt = dealt
        self.before = before
        self.seed = seed
        self.hands = list(dealt)
        self.bids: list[int | None] = [None] * config.players
        self.blind = [False] * config.players
        self.phase = Phase.BIDDING
        self.to_act: int | None = seats.next_seat(dealer, config.players)
        #: Who led the trick under way (its players follow clockwise).
        self.leader = -1
        self.trick_cards: list[int] = []
        self.led_suit = -1
        self.best_power = -1
        self.best_seat = -1
        #: Finished tricks: (the seat that led, the cards in play order).
        self.tricks: list[tuple[int, tuple[int, ...]]] = []
        self.trick_winners: list[int] = []
        self.taken = [0] * config.players
        self.broken = False
        #: Every card played so far, as a mask.
        self.played = 0
        self.history: list[Action] = []

    def clone(self) -> State:
        """An independent copy (bots advance copies thousands of times a move)."""
        copy = State.__new__(State)
        copy.config = self.config
        copy.players = self.players
        copy.size = self.size
        copy.dealer = self.dealer
        copy.dealt = self.dealt
        copy.before = self.before
        copy.seed = self.seed
        copy.hands = self.hands[:]
        copy.bids = self.bids[:]
        copy.blind = self.blind[:]
        copy.phase = self.phase
        copy.to_act = self.to_act
        copy.leader = self.leader
        copy.trick_cards = self.trick_cards[:]
        copy.led_suit = self.led_suit
        copy.best_power = self.best_power
        copy.best_seat = self.best_seat
        copy.tricks = self.tricks[:]
        copy.trick_winners = self.trick_winners[:]
        copy.taken = self.taken[:]
        copy.broken = self.broken
        copy.played = self.played
        copy.history = self.history[:]
        return copy
