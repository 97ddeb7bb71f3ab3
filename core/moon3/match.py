"""A game of several rounds: rotation of the opening bid, scores and the end (R11, R27, R28)."""

from __future__ import annotations

from dataclasses import dataclass, field

from core import seats
from core.moon3 import rules
from core.moon3.config import Config
from core.moon3.scoring import (
    GameLength,
    GameOutcome,
    default_length,
    game_outcome,
    round_score,
    units,
)
from core.moon3.state import Phase, State


@dataclass(frozen=True, slots=True)
class RoundResult:
    """What a finished round settled (R26, R27)."""

    first_bidder: int
    bidder: int
    bid: int
    trump: int
    called: tuple[int, ...]
    bidding_side: tuple[int, ...]
    made: bool
    side_points: tuple[int, int]
    points: tuple[int, ...]
    kali_tidi: tuple[int, ...]
    score: tuple[int, ...]


def round_result(state: State) -> RoundResult:
    """The result of a round that is over."""
    if state.phase is not Phase.ROUND_OVER:
        raise ValueError("the round is not over")
    assert state.bidder is not None and state.bid is not None and state.trump is not None
    sides = rules.side_points(state)
    made = sides["bidding"] >= state.bid  # R26, as rules.made has it
    return RoundResult(
        first_bidder=state.first_bidder,
        bidder=state.bidder,
        bid=state.bid,
        trump=state.trump,
        called=state.called or (),
        bidding_side=tuple(rules.bidding_side(state)),
        made=made,
        side_points=(sides["bidding"], sides["defending"]),
        points=tuple(state.points),
        kali_tidi=tuple(sorted(state.kali)),
        score=tuple(round_score(state.config, state.bidder, state.partners, state.bid, made)),
    )


@dataclass(slots=True)
class Match:
    """One game: its rounds so far and the running totals (per team, or per player)."""

    config: Config
    #: R11: the seat that opens the bidding in round 1.
    round_one: int = 0
    length: GameLength | None = None
    results: list[RoundResult] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    outcome: GameOutcome = field(default_factory=lambda: GameOutcome(over=False))

    def __post_init__(self) -> None:
        if self.length is None:
            self.length = default_length(self.config)
        if not self.totals:
            self.totals = [0] * units(self.config)

    @property
    def rounds_played(self) -> int:
        return len(self.results)

    # What every game's match tells the drivers (core.games.Played).

    @property
    def hands(self) -> int:
        """Rounds scored so far."""
        return len(self.results)

    @property
    def over(self) -> bool:
        return self.outcome.over

    @property
    def winners(self) -> list[int]:
        """The winning teams (or players), once the game is over."""
        return list(self.outcome.winners)

    def first_bidder(self) -> int:
        """R11: the opening bidder of the next round."""
        return seats.first_bidder(self.round_one, self.rounds_played, self.config.players)

    def deal(self, seed: int, removed: list[int] | None = None) -> State:
        """The next round, dealt from ``seed``."""
        if self.outcome.over:
            raise ValueError("the game is over")
        return rules.deal(self.config, self.first_bidder(), seed, removed)

    def finish_round(self, state: State) -> RoundResult:
        """Score a finished round (R27) and see whether the game ended (R28)."""
        if self.outcome.over:
            raise ValueError("the game is over")
        result = round_result(state)
        self.results.append(result)
        self.totals = [t + s for t, s in zip(self.totals, result.score, strict=True)]
        assert self.length is not None
        self.outcome = game_outcome(self.totals, self.rounds_played, self.length)
        return result

    def end_early(self) -> GameOutcome:
        """R28: the host ends the game after a round; the leaders win."""
        assert self.length is not None
        self.outcome = game_outcome(self.totals, self.rounds_played, self.length, ended_early=True)
        return self.outcome

    def abandon(self) -> GameOutcome:
        """R30: the game closes with no winner; finished rounds stay."""
        assert self.length is not None
        self.outcome = game_outcome(self.totals, self.rounds_played, self.length, abandoned=True)
        return self.outcome

    def rematch(self, round_one: int) -> Match:
        """A new game with the same seats and teams (R28); R11's round-1 rule applies again."""
        return Match(self.config, round_one, self.length)
