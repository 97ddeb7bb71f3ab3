"""The mutable state of one Spades hand, with a hand-written ``clone``.

Hands are bit masks of card ids (bit ``c`` set while the seat holds card
``c``): following suit is one ``&``, and bots copy a state in a few
microseconds. Only :mod:`core.spades.rules` changes a state; pages and bots
get player views.
"""

from __future__ import annotations

from core import seats
from core.spades.actions import Action
from core.spades.config import Config
from core.state import LabelledPhase, TrickHand


class Phase(LabelledPhase):
    """Where a hand stands; the record names are the lower-case ``label``."""

    BIDDING = 0
    PLAYING = 1
    HAND_OVER = 2


class State(TrickHand[Config, Phase, Action, tuple[tuple[int, int], ...]]):
    """One hand of Spades, from the deal to the last trick."""

    __slots__ = ("blind", "broken", "clockwise", "dealer", "players", "size", "trick_cards")

    def __init__(
        self,
        config: Config,
        dealer: int,
        dealt: tuple[int, ...],
        before: tuple[tuple[int, int], ...],
        seed: int = 0,
    ) -> None:
        first = seats.next_seat(dealer, config.players)
        super().__init__(config, dealt, before, seed, Phase.BIDDING, first, config.players)
        self.players = config.players
        #: The seat after each seat, kept for the hot play path.
        self.clockwise = seats.NEXT[config.players]
        self.size = config.hand_size
        self.dealer = dealer
        self.blind = [False] * config.players
        self.trick_cards: list[int] = []
        self.broken = False

    def clone(self) -> State:
        """An independent copy (bots advance copies thousands of times a move)."""
        copy = State.__new__(State)
        self._copy_tricks(copy)
        copy.blind = self.blind[:]
        copy.broken = self.broken
        copy.clockwise = self.clockwise
        copy.dealer = self.dealer
        copy.players = self.players
        copy.size = self.size
        copy.trick_cards = self.trick_cards[:]
        return copy
