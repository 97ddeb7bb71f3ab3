"""Three-Player Moon's Stats figures as plain values: what the store's queries fill in
(``core/store/moon_dominoes/stats.py``) and the Stats page lays out.

Bids are counted per amount (M2, M6) and per trump chosen (M3), 21s among
them; a defender's tricks a hand overall and per player; a leaderboard of
games, hands, bids, points and defence.
"""

from __future__ import annotations

from dataclasses import dataclass

from core import figures
from core.moon_dominoes.config import MOON


@dataclass(frozen=True)
class Success:
    """Bids tried and made, for one bid amount or one trump."""

    key: int
    tried: int
    made: int

    @property
    def rate(self) -> float:
        return self.made / self.tried if self.tried else 0.0


@dataclass(frozen=True)
class Player:
    """One player's line on the leaderboard."""

    name: str
    games: int
    games_won: int
    hands: int
    #: Hands won at auction, and of those the bids made.
    bids: int
    bids_made: int
    #: Bids of 21 (all seven tricks), and of those made.
    moons: int
    moons_made: int
    #: The sum of the player's hand scores (M6): bids won or lost, and a point a defending trick.
    points: int
    #: Hands defended, and the tricks taken in them.
    defended: int
    defender_tricks: int

    @property
    def defender_average(self) -> float:
        """Tricks a hand as a defender."""
        return self.defender_tricks / self.defended if self.defended else 0.0


@dataclass(frozen=True)
class Overview:
    """Every figure of the Stats page."""

    hands: int
    #: One line per bid of M2, lowest first (zeros where never bid).
    by_bid: list[Success]
    #: One line per trump of M3, keyed by trump id: 0–6, then doubles (7), then none (8).
    by_trump: list[Success]
    #: How many defenders took 0, 1 … 7 tricks in a hand (two defenders a hand).
    defender_spread: list[int]
    leaderboard: list[Player]

    @property
    def made(self) -> int:
        return sum(line.made for line in self.by_bid)

    @property
    def moon(self) -> Success:
        """The 21 bids (M6: all seven tricks, a made one wins the game)."""
        return next(line for line in self.by_bid if line.key == MOON)

    @property
    def defender_hands(self) -> int:
        return sum(self.defender_spread)

    @property
    def defender_average(self) -> float:
        """Tricks a defender takes in a hand, over every defender of every hand."""
        taken = sum(tricks * count for tricks, count in enumerate(self.defender_spread))
        return taken / self.defender_hands if self.defender_hands else 0.0


@dataclass(frozen=True)
class HandLine(figures.HandLine):
    """A stored hand in the replay's picker, with what its label says."""

    bidder: int
    bid: int
    #: The trump id: 0–6, 7 doubles, 8 none.
    trump: int
    made: bool
