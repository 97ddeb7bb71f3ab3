"""Thirteen's Stats figures as plain values: what the store's queries fill in
(``core/store/thirteen/stats.py``) and the Stats page lays out.

Per table size (2, 3, 4 players): hands, first-lead wins and bombs; per
player: games, hands, places (T6), points, bombs, and hands led first and won
from the first lead.
"""

from __future__ import annotations

from dataclasses import dataclass

from core import figures
from core.thirteen.config import MAX_PLAYERS, MIN_PLAYERS

#: The table sizes a hand can have (T1).
SIZES = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))


@dataclass(frozen=True)
class TableSize:
    """The hands played at one table size."""

    players: int
    hands: int
    #: Hands the seat that led the first trick went on to win (place 1).
    first_lead_wins: int
    bombs: int
    #: Hands in which at least one bomb was played.
    bomb_hands: int

    @property
    def first_lead_rate(self) -> float:
        return self.first_lead_wins / self.hands if self.hands else 0.0

    @property
    def fair_share(self) -> float:
        """What the first leader would win if leading first were worth nothing: 1 in n."""
        return 1 / self.players


@dataclass(frozen=True)
class Player:
    """One player's line on the leaderboard."""

    name: str
    games: int
    games_won: int
    hands: int
    #: Hands finished 1st, 2nd, 3rd and 4th (T6).
    places: tuple[int, int, int, int]
    #: The places added up (for the average).
    place_sum: int
    #: The sum of the player's hand scores (T6: n−1 for 1st down to 0 for last).
    points: int
    bombs: int
    #: Hands in which the player led the first trick, and of those the hands won.
    led_first: int
    first_lead_wins: int
    #: Cards left in hand when last, added up.
    cards_left: int

    @property
    def hands_won(self) -> int:
        return self.places[0]

    @property
    def average_place(self) -> float:
        return self.place_sum / self.hands if self.hands else 0.0

    @property
    def first_lead_rate(self) -> float:
        return self.first_lead_wins / self.led_first if self.led_first else 0.0


@dataclass(frozen=True)
class Overview:
    """Every figure of the Stats page."""

    #: One line per table size, 2 players first (zeros where none was played).
    by_size: list[TableSize]
    games: int
    leaderboard: list[Player]

    @property
    def hands(self) -> int:
        return sum(line.hands for line in self.by_size)

    @property
    def first_lead_wins(self) -> int:
        return sum(line.first_lead_wins for line in self.by_size)

    @property
    def first_lead_rate(self) -> float:
        return self.first_lead_wins / self.hands if self.hands else 0.0

    @property
    def bombs(self) -> int:
        return sum(line.bombs for line in self.by_size)

    @property
    def bomb_hands(self) -> int:
        return sum(line.bomb_hands for line in self.by_size)


@dataclass(frozen=True)
class HandLine(figures.HandLine):
    """A stored hand in the replay's picker, with what its label says."""

    players: int
    #: The seat that went out first.
    winner: int
    #: Whether that seat led the hand's first trick.
    won_from_lead: bool
    #: Bombs played in the hand, by every seat.
    bombs: int
