"""Moon 3 of Spades' Stats figures as plain values: what the store's queries fill in
(``core/store/moon3/stats.py``) and the Stats page and the Recap lay out.

Bids are counted in bands (:func:`band_label`), the bidding side's margin over
its bid in buckets of :data:`MARGIN_WIDTH`; a pair or trio is ranked by its win
rate once together :data:`MIN_TOGETHER` rounds (H5, A10).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from core import figures
from core.moon3.cards import POINTS_PER_DECK
from core.moon3.facts import DEALT

#: Bid bands are this wide, from the lowest default minimum bid (one deck) upwards.
BAND_WIDTH = 25
BAND_START = 125
#: H5's "big bid" is this much above the table's lowest bid, made, counted per player: 200
#: with one deck, 325 with two. Like every threshold here it follows the table's range of bids
#: (from half the points of its decks, 125 a deck, to all of them, :func:`lowest_bid`), so that
#: it never counts every bid (A10).
BIG_ABOVE = 75
#: The headline's high bid is this much above the table's lowest bid: 150, or 275 with two decks.
HIGH_ABOVE = 25


def lowest_bid(decks: int) -> int:
    """The lowest bid of a table of ``decks`` (its default minimum: half the points)."""
    return POINTS_PER_DECK * decks // 2


def from_lowest(above: int, decks: int) -> int:
    """The bid ``above`` the lowest bid of a table of ``decks``."""
    return lowest_bid(decks) + above


#: Margins are counted in buckets this wide: bucket -10 holds margins −10 to −1.
MARGIN_WIDTH = 10
#: Pairs and trios need this many rounds together to be ranked by their win rate.
MIN_TOGETHER = 3


@dataclass(frozen=True)
class Filters(figures.Filters):
    """Which rounds count: besides the table size and dates, a mode, a number of decks and a
    player; any field left ``None`` does not filter."""

    mode: str | None = None
    decks: int | None = None
    #: Only rounds this player sat in (names compare without regard to case).
    player: str | None = None


@dataclass(frozen=True)
class Rate:
    """Bids made out of bids played, for one group of rounds."""

    group: Any
    rounds: int
    made: int

    @property
    def rate(self) -> float:
        return self.made / self.rounds if self.rounds else 0.0


def band_label(band: int) -> str:
    """The bid range of a band number: band 0 is 125–145, band 1 is 150–170, ..."""
    if band < 0:
        return f"under {BAND_START}"
    low = BAND_START + band * BAND_WIDTH
    return f"{low}–{low + BAND_WIDTH - 5}"


@dataclass(frozen=True)
class KaliSummary:
    """How the 3♠ went over a set of rounds (R2: it is worth 30 points)."""

    rounds: int
    #: Rounds in which the bidding side captured a 3♠.
    to_bidders: int
    #: Made bids that would have failed without the 3♠ the bidding side captured.
    made_with_it: int
    #: Failed bids that would have been made with the 3♠ the defenders captured.
    failed_without_it: int

    @property
    def decided(self) -> int:
        """Rounds the 3♠ decided, one way or the other."""
        return self.made_with_it + self.failed_without_it

    def share(self, count: int) -> float:
        return count / self.rounds if self.rounds else 0.0


@dataclass(frozen=True)
class KaliPlayer:
    """One player's captures of the 3♠."""

    name: str
    rounds: int
    #: Rounds in which this player's own tricks took a 3♠.
    rounds_captured: int
    captures: int

    @property
    def share(self) -> float:
        return self.rounds_captured / self.rounds if self.rounds else 0.0


@dataclass(frozen=True)
class Standing:
    """One player's line on the leaderboard; every member of a winning side is credited."""

    name: str
    rounds: int
    rounds_won: int
    #: Auctions won, and of those the bids made.
    bids: int
    bids_made: int
    #: Rounds won as a partner of the bidder, and as a defender.
    partner_wins: int
    defender_wins: int
    #: Rounds on the bidder's side without bidding (called as a teammate in Card-Based, H5).
    partner_rounds: int
    #: Rounds defending against the bid.
    defender_rounds: int
    #: H5: the player's average winning bid, and their big bids made (:data:`BIG_ABOVE`).
    average_bid: float
    #: Card points captured in the player's own tricks.
    points: int
    #: R27 score credited to the player's team (or to the player in Card-Based).
    score: int
    big_bids_made: int = 0
    games: int = 0
    games_won: int = 0

    @property
    def win_rate(self) -> float:
        return self.rounds_won / self.rounds if self.rounds else 0.0


@dataclass(frozen=True)
class GameLine:
    """A game in the history list: finished, or still being played."""

    room_code: str
    game_number: int
    mode: str
    players: int
    decks: int
    rounds: int
    last_played: datetime
    names: list[str]
    #: The winners' names; empty while the game goes on or when it was abandoned.
    winners: list[str]
    over: bool
    #: ``table`` (dealt here), ``scorebook`` or ``import``: the last two have no cards to replay.
    source: str = DEALT


@dataclass(frozen=True)
class RoundLine(figures.HandLine):
    """A round in the history list, and in the replay's picker."""

    bidder_name: str
    bid: int
    trump: str | None
    made: bool
    bidding_points: int
    kali: list[dict[str, int]]
    #: Whether the bidding side's points were counted (a scorebook round may say only made).
    points_known: bool = True


@dataclass(frozen=True)
class Overview:
    """Every figure of the Stats page for one set of filters."""

    overall: Rate
    bands: list[Rate]
    by_players: list[Rate]
    by_table: list[Rate]
    by_bidder: list[Rate]
    margins: list[tuple[int, int]]
    kali: KaliSummary
    kali_by_trick: list[tuple[int, int, int]]
    kali_by_player: list[KaliPlayer]
    leaderboard: list[Standing]
    #: Rounds kept without their cards (scorebook, import): in every figure but Kali Tidi's.
    cardless: int = 0
    #: High bids (:data:`HIGH_ABOVE`), made out of played.
    high: Rate = Rate("high", 0, 0)


# ---------------------------------------------------------------- partnerships (H5)


@dataclass(frozen=True)
class Group:
    """Two or three players and the rounds they were together on one side (H5)."""

    names: tuple[str, ...]
    together: int
    won: int

    @property
    def rate(self) -> Fraction:
        """Rounds won out of rounds together, exactly (so ties are ties)."""
        return Fraction(self.won, self.together) if self.together else Fraction(0)

    def has(self, name: str) -> bool:
        return name in self.names


def favourites(found: list[Group], count: int = 5) -> list[Group]:
    """The groups most often together; ties to the higher win rate, then the names."""
    return sorted(found, key=lambda g: (-g.together, -g.rate, g.names))[:count]


def best(found: list[Group], least: int = MIN_TOGETHER, count: int = 5) -> list[Group]:
    """The highest win rates among groups together at least ``least`` rounds; ties to more
    rounds together, then the names."""
    ranked = [g for g in found if g.together >= least]
    return sorted(ranked, key=lambda g: (-g.rate, -g.together, g.names))[:count]


def worst(found: list[Group], least: int = MIN_TOGETHER, count: int = 5) -> list[Group]:
    """The lowest win rates among groups together at least ``least`` rounds, lowest first;
    ties to more rounds together, then the names."""
    ranked = [g for g in found if g.together >= least]
    return sorted(ranked, key=lambda g: (g.rate, -g.together, g.names))[:count]


@dataclass(frozen=True)
class Partnerships:
    """The Partnerships tab: each player's H5 figures, every pair and every trio."""

    players: list[Standing]
    pairs: list[Group]
    trios: list[Group]


@dataclass(frozen=True)
class RecapCard:
    """One player's year (or any date range) in headline facts."""

    standing: Standing
    #: The highest bid they made, and the highest of their bids that was made.
    boldest: int | None
    boldest_made: int | None
    #: The partner they were most often with, and the one they won with most (by rate).
    favourite: Group | None
    best: Group | None
    #: The trio they won with most, among trios together at least the minimum.
    best_trio: Group | None

    @property
    def name(self) -> str:
        return self.standing.name
