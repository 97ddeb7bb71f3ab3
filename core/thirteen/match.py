"""A game of Thirteen across hands (T2, T6): who leads each hand, totals, the end.

The first hand is led by the holder of the lowest card dealt, who must play
it; each later hand by the last hand's winner, freely. After the host's
number of hands the highest total wins, and a tie shares the win. The match
is a plain value that round-trips through JSON, so a room keeps it in its
document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.thirteen import record, rules
from core.thirteen.config import Config
from core.thirteen.state import State


@dataclass(slots=True)
class Match:
    """Running totals, who leads the next hand, and the winners once over."""

    config: Config
    totals: list[int] = field(default_factory=list)
    hands: int = 0
    #: The seat leading the next hand freely (None: the first hand, led by the lowest card).
    leader: int | None = None
    winners: list[int] = field(default_factory=list)
    over: bool = False
    ended_early: bool = False

    def __post_init__(self) -> None:
        if not self.totals:
            self.totals = [0] * self.config.players

    @property
    def target(self) -> int | None:
        """A game of Thirteen is a number of hands, not a race to a score."""
        return None

    @property
    def length_rounds(self) -> int:
        return self.config.hands

    def deal(self, seed: int) -> State:
        """The next hand, with the totals before it."""
        return rules.deal(self.config, seed, self.leader, tuple(self.totals))

    def settle(self, state: State) -> list[int]:
        """Score a finished hand (T6), pass the lead to its winner, end the game after the
        last hand; the hand's points per seat."""
        score = rules.score(state)
        totals = record.totals(state)
        if score is None or totals is None:
            raise ValueError("the hand is not over")
        self.totals = totals
        self.hands += 1
        self.leader = state.places[0]
        if self.hands >= self.config.hands:
            self._close()
        return score

    def _close(self) -> None:
        best = max(self.totals)
        self.winners = [s for s, t in enumerate(self.totals) if t == best]
        self.over = True

    def end_early(self) -> None:
        """The host ends the game between hands: the highest total wins, ties share."""
        self._close()
        self.ended_early = True

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.config.players,
            "length": self.config.hands,
            "totals": list(self.totals),
            "hands": self.hands,
            "leader": self.leader,
            "winners": list(self.winners),
            "over": self.over,
            "ended_early": self.ended_early,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Match:
        leader = data.get("leader")
        return cls(
            config=Config(int(data["players"]), int(data["length"])),
            totals=[int(t) for t in data["totals"]],
            hands=int(data["hands"]),
            leader=None if leader is None else int(leader),
            winners=[int(w) for w in data["winners"]],
            over=bool(data["over"]),
            ended_early=bool(data["ended_early"]),
        )
