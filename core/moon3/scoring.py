"""Round scores (R27) and the end of a game (R28), as pure functions.

Team-wise and Random keep one total per team (index = team label 0 or 1);
Card-Based keeps one total per player (index = seat). A "unit" below is
whichever of the two the mode keeps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.moon3.config import Config, Mode


def units(config: Config) -> int:
    """How many totals the game keeps: 2 teams, or one per player in Card-Based."""
    return config.players if config.mode is Mode.PARTNERS else 2


def unit_of(config: Config, seat: int) -> int:
    """The total a seat's results count toward."""
    return seat if config.mode is Mode.PARTNERS else config.teams[seat]


def round_score(
    config: Config, bidder: int, partners: Sequence[int], bid: int, made: bool
) -> list[int]:
    """R27: what each unit scores for one round.

    Team-wise and Random: the bidding team scores the bid when it is made,
    the defending team scores it when it fails. Card-Based: made — bidder
    +2×bid, each partner +bid, defenders 0; failed — bidder −bid, partners 0,
    each defender +bid.
    """
    scores = [0] * units(config)
    if config.mode is not Mode.PARTNERS:
        team = config.teams[bidder]
        scores[team if made else 1 - team] = bid
        return scores
    side = {bidder, *partners}
    for seat in range(config.players):
        if seat == bidder:
            scores[seat] = 2 * bid if made else -bid
        elif seat in side:
            scores[seat] = bid if made else 0
        else:
            scores[seat] = 0 if made else bid
    return scores


@dataclass(frozen=True, slots=True)
class GameLength:
    """R28: play to a target score, or for a number of rounds (exactly one is set)."""

    target: int | None = None
    rounds: int | None = None

    def __post_init__(self) -> None:
        if (self.target is None) == (self.rounds is None):
            raise ValueError("a game length is a target score or a number of rounds")
        value = self.target if self.target is not None else self.rounds
        if value is None or value < 1:
            raise ValueError("a game length must be positive")

    def describe(self) -> str:
        if self.target is not None:
            return f"first to {self.target} points"
        return f"{self.rounds} round{'s' if self.rounds != 1 else ''}"


def default_length(config: Config) -> GameLength:
    """R28 defaults: a team target of 250 per deck; Card-Based, one round per player."""
    if config.mode is Mode.PARTNERS:
        return GameLength(rounds=config.players)
    return GameLength(target=config.max_bid)


def chosen_length(config: Config, target: int | None, rounds: int | None) -> GameLength:
    """R28: the host's choice (a target score or a number of rounds), or the mode's default."""
    if target is not None:
        return GameLength(target=target)
    if rounds is not None:
        return GameLength(rounds=rounds)
    return default_length(config)


def new_match(config: Config, length: GameLength, number: int) -> dict[str, object]:
    """A game's match as a room keeps it (JSON): no round yet, every total 0, its length."""
    return {
        "number": number,
        "config": config.to_json(),
        "totals": [0] * units(config),
        "rounds": 0,
        "target": length.target,
        "length_rounds": length.rounds,
        "over": False,
        "winners": [],
        "ended_early": False,
        "abandoned": False,
    }


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """Whether a game is over and who won (several winners share a tie)."""

    over: bool
    winners: tuple[int, ...] = ()
    ended_early: bool = False
    abandoned: bool = False


def leaders(totals: Sequence[int]) -> tuple[int, ...]:
    """Every unit with the highest total."""
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)


def game_outcome(
    totals: Sequence[int],
    rounds_played: int,
    length: GameLength,
    *,
    ended_early: bool = False,
    abandoned: bool = False,
) -> GameOutcome:
    """R28: the game's state after a round.

    It ends after the set number of rounds, or once any total reaches the
    target; then the highest total wins and ties share. The host may end it
    early after any round (the leaders win, marked ended early). An abandoned
    game has no winner.
    """
    if abandoned:
        return GameOutcome(over=True, abandoned=True)
    if ended_early:
        return GameOutcome(over=True, winners=leaders(totals), ended_early=True)
    done = (length.rounds is not None and rounds_played >= length.rounds) or (
        length.target is not None and max(totals) >= length.target
    )
    return GameOutcome(over=True, winners=leaders(totals)) if done else GameOutcome(over=False)
