"""What the games' round states share, written once: the phase enum's record
label, and the slots and copying of a hand dealt as bit masks.

Spades, Three-Player Moon and Thirteen hold each seat's hand as one bit mask
of piece ids; the two trick-taking games of those also keep the trick under
way and the tricks taken alike. Each game's ``State`` extends the base that
fits it, adds its own slots and copies them in its own hand-written
``clone`` after the base has copied the shared ones: no ``deepcopy``, and
every class keeps ``__slots__``, since bots copy states thousands of times a
move.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Generic, Self, TypeVar


class LabelledPhase(IntEnum):
    """The base of each game's ``Phase``: records name a phase by its lower-case label."""

    @property
    def label(self) -> str:
        return self.name.lower()


C = TypeVar("C")
P = TypeVar("P", bound=LabelledPhase)
A = TypeVar("A")
B = TypeVar("B")


class MaskHand(Generic[C, P, A, B]):
    """A hand dealt as one bit mask per seat: the config ``C``, the deal, the totals before
    it ``B``, its seed, its phase ``P``, whose turn it is and the actions ``A`` so far."""

    __slots__ = (
        "before",
        "config",
        "dealt",
        "hands",
        "history",
        "phase",
        "played",
        "seed",
        "to_act",
    )

    def __init__(
        self, config: C, dealt: tuple[int, ...], before: B, seed: int, phase: P, to_act: int | None
    ) -> None:
        self.config = config
        #: Each seat's pieces as dealt, as masks (the record lists them).
        self.dealt = dealt
        self.before = before
        self.seed = seed
        self.hands = list(dealt)
        self.phase = phase
        self.to_act = to_act
        #: Every piece played so far, as a mask.
        self.played = 0
        self.history: list[A] = []

    def _copy_hand(self, copy: Self) -> None:
        """Give ``copy``, a bare instance of this class, this hand's shared slots."""
        copy.before = self.before
        copy.config = self.config
        copy.dealt = self.dealt
        copy.hands = self.hands[:]
        copy.history = self.history[:]
        copy.phase = self.phase
        copy.played = self.played
        copy.seed = self.seed
        copy.to_act = self.to_act


class TrickHand(MaskHand[C, P, A, B]):
    """A trick-taking hand dealt as masks: the auction's bids, the trick under way (who led,
    the suit led, the best piece's power and seat) and the tricks finished and taken."""

    __slots__ = (
        "best_power",
        "best_seat",
        "bids",
        "leader",
        "led_suit",
        "taken",
        "trick_winners",
        "tricks",
    )

    def __init__(
        self,
        config: C,
        dealt: tuple[int, ...],
        before: B,
        seed: int,
        phase: P,
        to_act: int | None,
        players: int,
    ) -> None:
        super().__init__(config, dealt, before, seed, phase, to_act)
        #: What each seat said in the auction: None before its turn, else its bid.
        self.bids: list[int | None] = [None] * players
        #: Who led the trick under way (its players follow clockwise).
        self.leader = -1
        self.led_suit = -1
        self.best_power = -1
        self.best_seat = -1
        #: Finished tricks: (the seat that led, the pieces in play order).
        self.tricks: list[tuple[int, tuple[int, ...]]] = []
        self.trick_winners: list[int] = []
        self.taken = [0] * players

    def _copy_tricks(self, copy: Self) -> None:
        """Give ``copy``, a bare instance of this class, the shared slots of a trick hand."""
        self._copy_hand(copy)
        copy.best_power = self.best_power
        copy.best_seat = self.best_seat
        copy.bids = self.bids[:]
        copy.leader = self.leader
        copy.led_suit = self.led_suit
        copy.taken = self.taken[:]
        copy.trick_winners = self.trick_winners[:]
        copy.tricks = self.tricks[:]
