"""Thirteen under ``python -m core simulate --game thirteen`` (the run itself: core/simulate.py).

A game's first hand is led by the lowest card, later ones by the last
winner (T2), and totals carry across the game's ``--hands`` hands (T6). The
summary gives each seat's average place and points a hand, the bombs
played, and how often the first leader went out first.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field
from typing import Any

from core.games import Ran, SettingsError
from core.thirteen.config import DEFAULT_HANDS, Config, ConfigError
from core.thirteen.match import Match
from core.thirteen.state import State

UNIT = "hand"

#: ``python -m core demo``: games of five hands at four, three and two players.
DEMO = ((("--players", "4"), 30), (("--players", "3"), 20), (("--players", "2"), 10))


def options(group: argparse._ActionsContainer) -> None:
    group.add_argument(
        "--hands", type=int, default=None, help=f"hands in a game (default {DEFAULT_HANDS})"
    )


def config(args: argparse.Namespace, rng: random.Random) -> Config:
    """2 to 4 players, ``--hands`` a game, no jokers."""
    try:
        if args.jokers:
            raise ConfigError("Thirteen is played without jokers")
        hands = DEFAULT_HANDS if args.hands is None else args.hands
        return Config.make(players=args.players, hands=hands)
    except ConfigError as exc:
        raise SettingsError(str(exc)) from None


def match(config: Config, rng: random.Random) -> Match:
    return Match(config)


@dataclass
class Tally:
    config: Config
    places: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    bombs: int = 0
    first_won: int = 0

    def __post_init__(self) -> None:
        self.places = [0] * self.config.players
        self.points = [0] * self.config.players

    def settle(self, match: Match, state: State) -> bool:
        score = match.settle(state)
        self.first_won += state.places[0] == state.first_leader
        self.bombs += sum(state.bombs)
        for place, seat in enumerate(state.places):
            self.places[seat] += place + 1
            self.points[seat] += score[seat]
        return True

    def summary(self, ran: Ran) -> dict[str, Any]:
        hands = max(1, ran.rounds)
        return {
            "bot": ran.bot,
            "players": self.config.players,
            "seed": ran.seed,
            "hands": ran.rounds,
            "games": ran.games,
            "place_per_hand": [round(p / hands, 3) for p in self.places],
            "points_per_hand": [round(p / hands, 3) for p in self.points],
            "bombs": self.bombs,
            "first_leader_won": round(self.first_won / hands, 4),
            "rounds_per_second": ran.per_second,
        }

    def report(self, summary: dict[str, Any]) -> list[str]:
        return [
            f"Thirteen: {summary['hands']} hands, {summary['games']} whole games of "
            f"{self.config.hands} hands, {self.config.players} {summary['bot']} bots",
            *(
                f"  seat {seat}: average place {summary['place_per_hand'][seat]:.2f}, "
                f"{summary['points_per_hand'][seat]:.2f} points a hand"
                for seat in range(self.config.players)
            ),
            f"  bombs {summary['bombs']} · first leader out first {summary['first_leader_won']:.1%}"
            f" · {summary['rounds_per_second']} hands/s",
        ]


def tally(config: Config) -> Tally:
    return Tally(config)
