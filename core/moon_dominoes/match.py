"""A game of Three-Player Moon across hands (M2, M6, M7): the opener moves on, scores carry.

The first bidder of the game is drawn at random; each hand (a passed-out
deal included) the first bidder moves one seat clockwise. The match is a
plain value that round-trips through JSON, so a room keeps it in its
document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core import seats
from core.match import Race
from core.moon_dominoes import record, rules, scoring
from core.moon_dominoes.config import PLAYERS, TARGET, Config
from core.moon_dominoes.state import State


@dataclass(slots=True)
class Match(Race):
    """Running totals, whose turn it is to open the auction, and the result once over."""

    config: Config
    totals: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    hands: int = 0
    redeals: int = 0
    first_bidder: int = 0
    winner: int | None = None
    over: bool = False
    ended_early: bool = False

    @property
    def target(self) -> int:
        return TARGET

    def deal(self, seed: int) -> State:
        """The next hand, opened by the current first bidder, with the totals before it."""
        return rules.deal(self.config, self.first_bidder, seed, tuple(self.totals))

    def passed_out(self) -> None:
        """M2: nobody bid; the next seat opens a fresh deal."""
        self.redeals += 1
        self.first_bidder = seats.next_seat(self.first_bidder, PLAYERS)

    def settle(self, state: State) -> scoring.HandScore:
        """Score a finished hand, move the opening on, and end the game if M6 or M7 says so."""
        done = record.result(state)
        if done is None:
            raise ValueError("the hand is not over")
        self.totals = list(done.totals)
        self.hands += 1
        self.first_bidder = seats.next_seat(self.first_bidder, PLAYERS)
        self.winner = done.winner
        self.over = done.winner is not None
        return done

    def to_json(self) -> dict[str, Any]:
        return {
            "totals": list(self.totals),
            "hands": self.hands,
            "redeals": self.redeals,
            "first_bidder": self.first_bidder,
            **self.outcome_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Match:
        return cls(
            config=Config(),
            totals=[int(t) for t in data["totals"]],
            hands=int(data["hands"]),
            redeals=int(data.get("redeals", 0)),
            first_bidder=int(data["first_bidder"]),
            **cls.outcome_from(data),
        )
