"""The mutable state of one Thirteen hand, with a hand-written ``clone``.

Hands are 52-bit masks of card ids. Only :mod:`core.thirteen.rules` changes
a state; pages and bots get player views.
"""

from __future__ import annotations

from core.state import LabelledPhase, MaskHand
from core.thirteen.actions import Action
from core.thirteen.combos import Combo
from core.thirteen.config import Config


class Phase(LabelledPhase):
    """Where a hand stands; the record names are the lower-case ``label``."""

    PLAYING = 0
    HAND_OVER = 1


class State(MaskHand[Config, Phase, Action, tuple[int, ...]]):
    """One hand, from the deal until one player is left holding cards."""

    __slots__ = (
        "bomb_standing",
        "bombs",
        "first_leader",
        "lowest",
        "opening",
        "passed",
        "places",
        "previous",
        "standing",
        "standing_cards",
        "standing_seat",
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
        everything = 0
        for mask in dealt:
            everything |= mask
        lowest = (everything & -everything).bit_length() - 1
        holder = next(s for s, m in enumerate(dealt) if m >> lowest & 1)
        leader = holder if first_leader is None else first_leader
        super().__init__(config, dealt, before, seed, Phase.PLAYING, leader)
        #: The lowest card dealt (T2).
        self.lowest = lowest
        #: T2: a game's first hand: the lowest card's holder leads and must play it.
        self.opening = first_leader is None
        self.first_leader = leader
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
        #: Bombs each seat has played this hand.
        self.bombs = [0] * config.players

    def clone(self) -> State:
        """An independent copy (the Expert advances copies thousands of times a move)."""
        copy = State.__new__(State)
        self._copy_hand(copy)
        copy.bomb_standing = self.bomb_standing
        copy.bombs = self.bombs[:]
        copy.first_leader = self.first_leader
        copy.lowest = self.lowest
        copy.opening = self.opening
        copy.passed = self.passed
        copy.places = self.places[:]
        copy.previous = self.previous
        copy.standing = self.standing
        copy.standing_cards = self.standing_cards
        copy.standing_seat = self.standing_seat
        copy.trick = self.trick[:]
        copy.tricks = self.tricks
        return copy
