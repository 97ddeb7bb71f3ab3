"""A game of Spades across hands (S3, S6, S7): the dealer moves on, scores and bags carry.

The match is a plain value that round-trips through JSON, so a room keeps it
in its document: each side's total and bags, the hands played, the next
dealer, and how the game ended.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core import seats
from core.match import Race
from core.spades import record, rules, scoring
from core.spades.config import Config
from core.spades.state import State


@dataclass(slots=True)
class Match(Race):
    """Running totals and bags per side, whose deal it is, and the result once over."""

    config: Config
    totals: list[int] = field(default_factory=list)
    bags: list[int] = field(default_factory=list)
    hands: int = 0
    dealer: int = 0
    winner: int | None = None
    over: bool = False
    ended_early: bool = False

    def __post_init__(self) -> None:
        sides = len(self.config.sides)
        self.totals = self.totals or [0] * sides
        self.bags = self.bags or [0] * sides

    @property
    def target(self) -> int:
        return self.config.target

    @property
    def before(self) -> tuple[tuple[int, int], ...]:
        return tuple(zip(self.totals, self.bags, strict=True))

    def deal(self, seed: int) -> State:
        """The next hand, dealt by the current dealer, with the scores before it."""
        return rules.deal(self.config, self.dealer, seed, self.before)

    def settle(self, state: State) -> scoring.HandScore:
        """Score a finished hand, move the deal on, and end the game if S7 says so."""
        done = record.result(state)
        if done is None:
            raise ValueError("the hand is not over")
        self.totals = list(done.totals)
        self.bags = list(done.bags)
        self.hands += 1
        self.dealer = seats.next_seat(self.dealer, self.config.players)
        self.winner = scoring.winner(self.config, done.totals)
        self.over = self.winner is not None
        return done

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config.to_json(),
            "totals": list(self.totals),
            "bags": list(self.bags),
            "hands": self.hands,
            "dealer": self.dealer,
            **self.outcome_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Match:
        return cls(
            config=Config.make(**data["config"]),
            totals=list(data["totals"]),
            bags=list(data["bags"]),
            hands=int(data["hands"]),
            dealer=int(data["dealer"]),
            **cls.outcome_from(data),
        )
