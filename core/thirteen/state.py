"""The mutable state of one Thirteen hand, with a hand-written ``clone``.

Hands are 52-bit masks of card ids. Only :mod:`core.thirteen.rules` changes
a state; pages and bots get player views.
"""

from __future__ import annotations

from enum import IntEnum

from core.thirteen.actions import Action
from core.thirteen.combos import Combo
from core.thirteen.config import Config


class Phase(IntEnum):
    """Where a hand stands; the record names are the lower-case ``label``."""

    PLAYING = 0
    HAND_OVER = 1

    @property
    def label(self) -> str:
        return self.name.lower()


class State:
    """One hand, from the deal until one player is left holding cards."""

    __slots__ = (
        "before",
        "bomb_standing",
        "bombs",
        "config",
        "dealt",
        "first_leader",
        "hands",
        "history",
        "lowest",
        "opening",
        "passed",
        "phase",
        "places",
        "played",
        "previous",
        "seed",
        "standing",
        "standing_cards",
        "standing_seat",
        "to_act",
        "trick",
        "tricks",
    )

    def __init__(
        self,
        config: Config,
        dealt: tuple[int, ...],
        first_leader: int | None,
        before: tuple[int, ...],
        seed: int = 0,
    ) -> None:
        self.config = config
        #: Each seat's thirteen cards as dealt, as masks (the record lists them).
        self.dealt = dealt
        self.before = before
        self.seed = seed
        everything = 0
        for mask in dealt:
            everything |= mask
        #: The lowest card dealt (T2).
        self.lowest = (everything & -everything).bit_length() - 1
        #: T2: a game's first hand: the lowest card's holder leads and must play it.
        self.opening = first_leader is None
        holder = next(s for s, m in enumerate(dealt) if m >> self.lowest & 1)
        self.first_leader = holder if first_leader is None else first_leader
        self.hands = list(dealt)
        self.phase = Phase.PLAYING
        self.to_act: int | None = self.first_leader
        #: The play to beat (None on a fresh lead), what it is, and who played it.
        self.standing: Combo | None = None
        self.standing_cards: tuple[int, ...] = ()
        self.standing_seat = -1
        #: Whether the standing play is a bomb that beat 2s (or beat such a bomb).
        self.bomb_standing = False
        #: Seats out of this trick (T5), as a bit mask.
        self.passed = 0
        #: Seats in the order they played out their cards (T6).
        self.places: list[int] = []
        #: This trick's moves in order: (seat, cards), an empty tuple for a pass.
        self.trick: list[tuple[int, tuple[int, ...]]] = []
        #: Tricks finished so far (each reset of T5 ends one), and the last one's moves.
        self.tricks = 0
        self.previous: list[tuple[int, tuple[int, ...]]] = []
        #: Every card played so far, as a mask.
        self.played = 0
        #: Bombs each seat has played this hand.
        self.bombs = [0] * config.players
        self.history: list[Action] = []

    def clone(self) -> State:
        """An independent copy (the Expert advances copies thousands of times a move)."""
        copy = State.__new__(State)
        copy.config = self.config
        copy.dealt = self.dealt
        copy.before = self.before
        copy.seed = self.seed
        copy.lowest = self.lowest
        copy.opening = self.opening
        copy.first_leader = self.first_leader
        copy.hands = self.hands[:]
        copy.phase = self.phase
        copy.to_act = self.to_act
        copy.standing = self.standing
        copy.standing_cards = self.standing_cards
        copy.standing_seat = self.standing_seat
        copy.bomb_standing = self.bomb_standing
        copy.passed = self.passed
        copy.places = self.places[:]
        copy.trick = self.trick[:]
        copy.tricks = self.tricks
        copy.previous = self.previous
        copy.played = self.played
        copy.bombs = self.bombs[:]
        copy.history = self.history[:]
        return copy
