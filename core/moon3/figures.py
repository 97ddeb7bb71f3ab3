"""Moon 3 of Spades' Stats figures as plain values: what the store's queries fill in
(``core/store/moon3/stats.py``) and the Stats page and the Recap lay out.

Bids are counted in bands (:func:`band_label`), the bidding side's margin over
its bid in buckets of :data:`MARGIN_WIDTH`; a pair or trio is ranked by its win
rate once together the rounds :func:`least_together` asks, which grow with the
group's activity (H5, A10). Guests (players with few rounds) and bots are told
apart from the regulars (:func:`kind_of`), so the regulars' figures come first.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from statistics import median
from typing import Any

from core import figures
from core.moon3.cards import POINTS_PER_DECK
from core.moon3.facts import DEALT
from core.names import is_bot_name

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
#: Pairs and trios need at least this many rounds together to be ranked by their win rate.
MIN_TOGETHER = 3
#: ...and at least this share of a regular's median rounds (A10): a busy group's rankings are
#: of pairs that play together often, not of a guest's one evening.
LEAST_SHARE = Fraction(1, 10)
#: A regular plays at least this share of the busiest player's rounds; anyone else is a guest.
REGULAR_SHARE = Fraction(1, 5)
#: How a player is told apart on the Recap: the people who play, those who came once, bots.
REGULAR, GUEST, BOT = "regular", "guest", "bot"
#: The finishing places counted as a top finish in a Card-Based game.
TOP_PLACES = 3


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
    """The highest win rates among groups together at least ``least`` rounds that won at least
    half of them (A10: a group that mostly loses is no best one); ties to more rounds
    together, then the names."""
    ranked = [g for g in found if g.together >= least and 2 * g.won >= g.together]
    return sorted(ranked, key=lambda g: (-g.rate, -g.together, g.names))[:count]


def worst(found: list[Group], least: int = MIN_TOGETHER, count: int = 5) -> list[Group]:
    """The lowest win rates among groups together at least ``least`` rounds that lost at least
    half of them (A10: a pair that never lost is no worst pair), lowest first; ties to more
    rounds together, then the names."""
    ranked = [g for g in found if g.together >= least and 2 * g.won <= g.together]
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


def preferred(found: list[Group], name: str) -> Group | None:
    """``name``'s preferred partner: the pair with them that won the most rounds together;
    ties to the higher win rate, then the names."""
    mine = [g for g in found if len(g.names) == 2 and g.has(name) and g.won]
    return min(mine, key=lambda g: (-g.won, -g.rate, g.names), default=None)


# ---------------------------------------------------------------- who plays, how much (A10)


def kind_of(standing: Standing, busiest: int) -> str:
    """:data:`BOT` for a bot's name; :data:`GUEST` for fewer than :data:`REGULAR_SHARE` of the
    ``busiest`` person's rounds; else :data:`REGULAR`."""
    if is_bot_name(standing.name):
        return BOT
    return REGULAR if standing.rounds >= REGULAR_SHARE * busiest else GUEST


def kinds(board: list[Standing]) -> dict[str, str]:
    """Every player's :func:`kind_of`, the busiest person (bots aside) setting the bar."""
    busiest = max((s.rounds for s in board if not is_bot_name(s.name)), default=0)
    return {s.name: kind_of(s, busiest) for s in board}


def least_together(board: list[Standing]) -> int:
    """The rounds together a pair or trio needs to be ranked (A10): :data:`MIN_TOGETHER`, or
    :data:`LEAST_SHARE` of the regulars' median rounds when that is more (rounded up)."""
    kind = kinds(board)
    regular = [s.rounds for s in board if kind[s.name] == REGULAR]
    if not regular:
        return MIN_TOGETHER
    share = Fraction(median(regular)) * LEAST_SHARE
    return max(MIN_TOGETHER, -(-share.numerator // share.denominator))


# ---------------------------------------------------------------- who calls whom, who beats whom


def big_bid(decks: int) -> int:
    """A big bid at a table of ``decks`` decks: :data:`BIG_ABOVE` over its lowest bid (200 with
    one deck, 325 with two, where every bid is 250 or more: A10)."""
    return from_lowest(BIG_ABOVE, decks)


def big_label(decks: list[int]) -> str:
    """The big bids' threshold in words, for the deck counts played (``200+``, ``325+``, or
    ``200+ with one deck, 325+ with two``)."""
    found = sorted(set(decks)) or [1]
    if len(found) == 1:
        return f"{big_bid(found[0])}+"
    words = {1: "one deck", 2: "two decks"}
    return ", ".join(f"{big_bid(d)}+ with {words.get(d, f'{d} decks')}" for d in found)


@dataclass(frozen=True)
class Call:
    """A Card-Based bidder and a player their called cards made their partner: directed
    (Yogesh calling Pinkey is not Pinkey calling Yogesh)."""

    bidder: str
    partner: str
    times: int
    #: The bidder's Card-Based bids, of which ``times`` called this partner.
    bids: int


@dataclass(frozen=True)
class Rival:
    """A player and an opponent: rounds on opposite sides, and how many the player lost."""

    name: str
    opponent: str
    against: int
    lost: int


@dataclass(frozen=True)
class Habits:
    """A player's figures beyond the leaderboard's: the lead, big bids and top finishes."""

    name: str
    rounds: int
    #: Rounds after which they had the top running score of their game (ties lead together).
    leads: int
    #: Their bids, and those of a big bid or more (:func:`big_bid` of the table's decks).
    bids: int
    big_bids: int
    #: Card-Based games finished, and those in the top :data:`TOP_PLACES` by final total.
    placed_games: int
    top_finishes: int


@dataclass(frozen=True)
class Matchups:
    """Who calls whom, who beats whom, and each player's :class:`Habits`, for one set of
    filters; ``decks``: the deck counts of the bids (for :func:`big_label`)."""

    calls: list[Call]
    rivals: list[Rival]
    habits: dict[str, Habits]
    decks: list[int]

    def most_called(self, bidder: str) -> Call | None:
        """Whom ``bidder`` called most; ties to the name."""
        mine = [c for c in self.calls if c.bidder == bidder]
        return min(mine, key=lambda c: (-c.times, c.partner), default=None)

    def nemesis(self, name: str) -> Rival | None:
        """The opponent ``name`` lost the most rounds to (on opposite sides, ``name``'s side
        lost); ties to the higher share lost, then the name."""
        mine = [r for r in self.rivals if r.name == name and r.lost]
        return min(
            mine, key=lambda r: (-r.lost, -Fraction(r.lost, r.against), r.opponent), default=None
        )
