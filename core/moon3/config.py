"""Round configuration of Moon 3 of Spades: table size, decks, mode and options.

Implements the deck-size and deal arithmetic of R5, the bid bounds of R12, the
call count of R17 and H2, and the defaults of SPEC section 5 and H1 (1 deck for
2–4 players, 2 from 5; minimum bid 125 per deck; no jokers; the "first"
partner rule). Tables seat 2 to 12 (H1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from core import seats
from core.echo import echo
from core.moon3.cards import POINTS_PER_DECK


class Mode(StrEnum):
    """Team formation (R8–R10)."""

    TEAMS = "teams"
    RANDOM = "random"
    PARTNERS = "partners"


class PartnerRule(StrEnum):
    """Which player of a called card becomes partner with two decks (R19)."""

    FIRST = "first"
    LAST = "last"


class ConfigError(ValueError):
    """A configuration that the rules do not allow."""


MODE_LABELS = {Mode.TEAMS: "Team-wise", Mode.RANDOM: "Random", Mode.PARTNERS: "Card-Based"}
#: H1: Moon 3 of Spades seats two to twelve.
MIN_PLAYERS, MAX_PLAYERS = 2, 12
#: H2: the bidder calls one to three teammate cards, at most players − 2.
MAX_CALLS = 3
#: R8–R10: the smallest table of each mode (Random and Card-Based need three).
MODE_MIN_PLAYERS = {Mode.TEAMS: 2, Mode.RANDOM: 3, Mode.PARTNERS: 3}
BID_STEP = 5


def default_decks(players: int) -> int:
    """1 deck for 2–4 players, 2 from 5 (H1)."""
    return 1 if players <= 4 else 2


def call_count(players: int) -> int:
    """R17 and H2's default: cards the Card-Based bidder calls (1, 2, then 3 from 7 players)."""
    if players <= 4:
        return 1
    return 2 if players <= 6 else 3


def call_counts(players: int) -> tuple[int, ...]:
    """H2: the teammate counts a host may choose at this table (1 to 3, at most players − 2)."""
    return tuple(range(1, min(MAX_CALLS, players - 2) + 1))


@dataclass(frozen=True, slots=True)
class Config:
    """Everything fixed for a round. Build with :meth:`make`, which validates."""

    players: int
    decks: int
    mode: Mode
    min_bid: int
    jokers: bool = False
    partner_rule: PartnerRule = PartnerRule.FIRST
    #: Team label (0 or 1) of every seat in Team-wise and Random mode; empty otherwise.
    teams: tuple[int, ...] = field(default=())
    #: H2: teammate cards the bidder calls (Card-Based); 0 in the other modes.
    calls: int = 0

    @classmethod
    def make(
        cls,
        players: int,
        mode: Mode | str = Mode.TEAMS,
        decks: int | None = None,
        min_bid: int | None = None,
        jokers: bool = False,
        partner_rule: PartnerRule | str = PartnerRule.FIRST,
        teams: Sequence[int] | None = None,
        calls: int | None = None,
    ) -> Config:
        """A validated config; omitted options take SPEC section 5's and H1–H2's defaults.

        In Team-wise and Random mode, omitted ``teams`` alternate round the
        table as R8/R9 seat them (the larger team from seat 0).
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError("players must be an integer")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ConfigError(f"players must be from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}")
        try:
            mode = Mode(mode)
        except ValueError:
            raise ConfigError(
                f"unknown mode {echo(mode, 12)}: use teams, random or partners"
            ) from None
        if players < MODE_MIN_PLAYERS[mode]:
            raise ConfigError(
                f"{MODE_LABELS[mode]} mode needs {MODE_MIN_PLAYERS[mode]} to {MAX_PLAYERS} players"
            )
        if decks is None:
            decks = default_decks(players)
        if isinstance(decks, bool) or decks not in (1, 2):
            raise ConfigError(f"decks must be 1 or 2, not {echo(decks, 12)}")
        max_bid = POINTS_PER_DECK * decks
        if min_bid is None:
            min_bid = max_bid // 2
        if isinstance(min_bid, bool) or not isinstance(min_bid, int):
            raise ConfigError("min_bid must be an integer")
        if min_bid % BID_STEP or not BID_STEP <= min_bid <= max_bid:
            raise ConfigError(f"min_bid must be a multiple of 5 from 5 to {max_bid}, not {min_bid}")
        if not isinstance(jokers, bool):
            raise ConfigError("jokers must be true or false")
        try:
            partner_rule = PartnerRule(partner_rule)
        except ValueError:
            raise ConfigError(
                f"unknown partner_rule {echo(partner_rule, 12)}: use first or last"
            ) from None
        labels: tuple[int, ...] = ()
        if mode is not Mode.PARTNERS:
            if teams is None:
                half = players // 2
                seating = seats.alternate(range(players - half), range(half))
                labels = tuple(team for _, team in seating)
            else:
                labels = tuple(teams)
                if len(labels) != players or any(t not in (0, 1) for t in labels):
                    raise ConfigError("teams must give every seat team 0 or 1")
                if 0 not in labels or 1 not in labels:
                    raise ConfigError("each team needs at least one player")
                if mode is Mode.RANDOM and abs(labels.count(0) - labels.count(1)) > 1:
                    raise ConfigError("Random mode draws teams of floor(n/2) and ceil(n/2)")
        count = 0
        if mode is Mode.PARTNERS:
            count = call_count(players) if calls is None else calls
            allowed = call_counts(players)
            if isinstance(count, bool) or count not in allowed:
                raise ConfigError(
                    f"teammate cards must be from 1 to {allowed[-1]} at {players} players, "
                    f"not {echo(count, 12)}"
                )
        elif calls is not None:
            raise ConfigError("teammate cards are called in Card-Based mode only")
        return cls(players, decks, mode, min_bid, jokers, partner_rule, labels, count)

    @property
    def max_bid(self) -> int:
        """R12: the deck's total points."""
        return POINTS_PER_DECK * self.decks

    @property
    def deck_size(self) -> int:
        """Cards in play before removal, jokers included (R5)."""
        return (52 + (1 if self.jokers else 0)) * self.decks

    @property
    def hand_size(self) -> int:
        """R5: floor(deck size / players)."""
        return self.deck_size // self.players

    @property
    def removal_count(self) -> int:
        """R5: cards removed so that the deal comes out even."""
        return self.deck_size % self.players

    @property
    def call_count(self) -> int:
        """R17/H2: teammate cards the bidder calls (Card-Based only)."""
        return self.calls

    @property
    def last_rule(self) -> bool:
        """True when R19's "last matching card" rule decides partners."""
        return self.decks == 2 and self.partner_rule is PartnerRule.LAST

    def team_seats(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Seats of team 0 and team 1 (Team-wise and Random)."""
        return seats.teams_from_labels(self.teams)

    def to_json(self) -> dict[str, object]:
        """The hand record's ``config`` object."""
        out: dict[str, object] = {
            "players": self.players,
            "decks": self.decks,
            "mode": self.mode.value,
            "min_bid": self.min_bid,
            "jokers": self.jokers,
            "partner_rule": self.partner_rule.value,
        }
        if self.teams:
            out["teams"] = [list(t) for t in self.team_seats()]
        if self.calls and self.calls != call_count(self.players):
            out["calls"] = self.calls  # H2: only a house rule's count, so old records read alike
        return out
