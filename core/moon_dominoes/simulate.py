"""Three-Player Moon under ``python -m core simulate --game moon_dominoes`` (the run itself:
core/simulate.py).

The first bidder of a game is drawn, and the opening bid moves one seat on
each deal, a passed-out deal included (M2); totals carry across a game to
its end (M6, M7). The summary gives the deals passed out, bids made by
amount, 21s tried and made, and each seat's average score a hand.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from core.games import Ran, SettingsError
from core.moon_dominoes.config import MOON, PLAYERS, Config
from core.moon_dominoes.match import Match
from core.moon_dominoes.state import Phase, State

UNIT = "hand"

#: ``python -m core demo``: one table of three, the game's only size.
DEMO = ((("--players", "3"), 40),)


def options(group: argparse._ActionsContainer) -> None:
    """Three-Player Moon has no options of its own: always three players, to 21."""


def config(args: argparse.Namespace, rng: random.Random | None = None) -> Config:
    """Three players, no jokers (4: the players every game is offered by default, left
    alone)."""
    if args.players not in (PLAYERS, 4) or args.jokers:
        raise SettingsError("Three-Player Moon is for exactly 3 players, no jokers")
    return Config()


def match(config: Config, rng: random.Random) -> Match:
    return Match(config, first_bidder=rng.randrange(PLAYERS))


@dataclass
class Tally:
    score: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    tried: Counter[int] = field(default_factory=Counter)
    made: Counter[int] = field(default_factory=Counter)
    passed_out: int = 0

    def settle(self, match: Match, state: State) -> bool:
        if state.phase is Phase.REDEAL:
            match.passed_out()
            self.passed_out += 1
            return False
        done = match.settle(state)
        assert state.bid is not None
        self.tried[state.bid] += 1
        self.made[state.bid] += done.made
        for seat in range(PLAYERS):
            self.score[seat] += done.score[seat]
        return True

    def summary(self, ran: Ran) -> dict[str, Any]:
        return {
            "bot": ran.bot,
            "seed": ran.seed,
            "hands": ran.rounds,
            "passed_out": self.passed_out,
            "games": ran.games,
            "score_per_hand": [round(s / max(1, ran.rounds), 2) for s in self.score],
            "bids": {
                str(b): {"tried": self.tried[b], "made": self.made[b]} for b in sorted(self.tried)
            },
            "moon_tried": self.tried[MOON],
            "moon_made": self.made[MOON],
            "made": round(sum(self.made.values()) / max(1, ran.rounds), 4),
            "rounds_per_second": ran.per_second,
        }

    def report(self, summary: dict[str, Any]) -> list[str]:
        bids = " · ".join(f"{b}: {v['made']}/{v['tried']}" for b, v in summary["bids"].items())
        return [
            f"Three-Player Moon: {summary['hands']} hands ({summary['passed_out']} deals passed "
            f"out), {summary['games']} whole games, {summary['bot']} bots",
            *(
                f"  seat {seat}: {average:+} a hand"
                for seat, average in enumerate(summary["score_per_hand"])
            ),
            f"  bids made {summary['made']:.1%} ({bids}) · {summary['rounds_per_second']} deals/s",
        ]


def tally(config: Config) -> Tally:
    return Tally()
