"""The mutable state of one round, with a hand-written ``clone``.

Only :mod:`core.moon3.rules` changes a state; pages and bots never see one,
they get player views (:mod:`core.moon3.view`). The state is a plain class with
``__slots__`` because bots copy and advance it thousands of times a move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from core.moon3.actions import Action
from core.moon3.config import Config
from core.state import LabelledPhase

if TYPE_CHECKING:
    from core.moon3.view import Memo


class Phase(LabelledPhase):
    """Where a round stands. The record names are the lower-case ``label``."""

    BIDDING = 0
    CALLING = 1
    TRUMP = 2
    PLAYING = 3
    ROUND_OVER = 4


class State:
    """One round of Moon 3 of Spades, from the deal to the last trick."""

    __slots__ = (
        "active",
        "best_key",
        "best_seat",
        "bid",
        "bidder",
        "called",
        "clockwise",
        "config",
        "copies_left",
        "dealt",
        "decided",
        "eff_suit",
        "first_bidder",
        "hands",
        "high_bid",
        "high_bidder",
        "history",
        "kali",
        "keys",
        "last_player",
        "led_suit",
        "memo",
        "partners",
        "passed",
        "phase",
        "playable",
        "points",
        "removed",
        "seed",
        "to_act",
        "trick_cards",
        "trick_seats",
        "trick_winners",
        "tricks",
        "trump",
    )

    #: Slots that only remember what was derived from the others (``memo``): no part of the
    #: round, so equal rounds may differ there (a replayed one has derived nothing yet).
    CACHES: ClassVar[tuple[str, ...]] = ("memo",)

    config: Config
    seed: int | None
    first_bidder: int
    removed: tuple[int, ...]
    #: The deal after removal, seat by seat, each hand sorted.
    dealt: tuple[tuple[int, ...], ...]
    hands: list[list[int]]
    #: The seat after each seat (from core.seats), kept for the hot play path.
    clockwise: tuple[int, ...]
    #: Per seat, its distinct plays by suit (S H C D, jokers): derived from ``hands``
    #: and kept alongside because legal plays are asked for at every step.
    playable: list[list[list[Action]]]
    phase: Phase
    to_act: int | None
    history: list[Action]
    # auction
    high_bid: int | None
    high_bidder: int | None
    passed: list[bool]
    active: int
    bid: int | None
    bidder: int | None
    # call and trump
    called: tuple[int, ...] | None
    trump: int | None
    eff_suit: tuple[int, ...]
    # partner resolution (R19/R20): per called card id
    copies_left: dict[int, int]
    decided: dict[int, int]
    last_player: dict[int, int]
    partners: list[int]
    # play
    trick_seats: list[int]
    trick_cards: list[int]
    led_suit: int
    #: Trick keys of every card for the trick in progress (see rules).
    keys: tuple[int, ...]
    best_key: int
    best_seat: int
    tricks: list[tuple[tuple[int, ...], tuple[int, ...]]]
    trick_winners: list[int]
    points: list[int]
    kali: list[int]
    #: What the views have read so far of the append-only parts (core.moon3.view): an
    #: immutable value, replaced, never changed, so a clone may share it.
    memo: Memo | None

    def clone(self) -> State:
        """An independent copy: lists are copied, immutable parts shared."""
        new = State.__new__(State)
        new.config = self.config
        new.seed = self.seed
        new.first_bidder = self.first_bidder
        new.removed = self.removed
        new.dealt = self.dealt
        new.hands = [h[:] for h in self.hands]
        new.clockwise = self.clockwise
        new.playable = [[s[:] for s in p] for p in self.playable]
        new.phase = self.phase
        new.to_act = self.to_act
        new.history = self.history[:]
        new.high_bid = self.high_bid
        new.high_bidder = self.high_bidder
        new.passed = self.passed[:]
        new.active = self.active
        new.bid = self.bid
        new.bidder = self.bidder
        new.called = self.called
        new.trump = self.trump
        new.eff_suit = self.eff_suit
        new.copies_left = dict(self.copies_left)
        new.decided = dict(self.decided)
        new.last_player = dict(self.last_player)
        new.partners = self.partners[:]
        new.trick_seats = self.trick_seats[:]
        new.trick_cards = self.trick_cards[:]
        new.led_suit = self.led_suit
        new.keys = self.keys
        new.best_key = self.best_key
        new.best_seat = self.best_seat
        new.tricks = self.tricks[:]
        new.trick_winners = self.trick_winners[:]
        new.points = self.points[:]
        new.kali = self.kali[:]
        new.memo = self.memo
        return new

    def snapshot(self) -> tuple[object, ...]:
        """Every field as one comparable value (used to check rebuilds are exact)."""
        return tuple(
            tuple(map(tuple, v))
            if name == "hands"
            else (tuple(sorted(v.items())) if isinstance(v, dict) else v)
            if not isinstance(v, list)
            else tuple(v)
            for name in State.__slots__
            if name != "playable" and name not in State.CACHES
            for v in (getattr(self, name),)
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"State({self.config.players}p {self.config.decks}d {self.config.mode.value}, "
            f"{self.phase.label}, to_act={self.to_act}, actions={len(self.history)})"
        )
