"""What the matches of games that race to a target share (``core/<game>/match.py``).

Such a game (Spades, Three-Player Moon) has a single winner, or none: while
it goes on, and when the host ends it early with the lead tied.
"""

from __future__ import annotations

from typing import Any


class Race:
    """A match won by the first to a target, not after a number of rounds."""

    # The match's own dataclass declares these fields; their slots are kept here.
    __slots__ = ("ended_early", "over", "totals", "winner")

    totals: list[int]
    winner: int | None
    over: bool
    ended_early: bool

    @property
    def winners(self) -> list[int]:
        """The winner (none while the game goes on, or after a tie ended early)."""
        return [] if self.winner is None else [self.winner]

    @property
    def length_rounds(self) -> None:
        """A race to the target lasts no set number of rounds."""
        return None

    def end_early(self) -> None:
        """The host ends the game between rounds: the leader wins (a tie: nobody)."""
        best = max(self.totals)
        self.winner = self.totals.index(best) if self.totals.count(best) == 1 else None
        self.over = True
        self.ended_early = True

    def outcome_json(self) -> dict[str, Any]:
        """How the race ended (if it did), as the match's JSON ends."""
        return {"winner": self.winner, "over": self.over, "ended_early": self.ended_early}

    @staticmethod
    def outcome_from(data: dict[str, Any]) -> dict[str, Any]:
        """How the race ended, back from the match's JSON: its fields by name."""
        return {
            "winner": data["winner"],
            "over": bool(data["over"]),
            "ended_early": bool(data["ended_early"]),
        }
