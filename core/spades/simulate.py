"""Spades under ``python -m core simulate --game spades`` (the run itself: core/simulate.py).

The dealer moves on each hand, and scores and bags carry across a game to
its end (S7). The summary gives each side's average score a hand, contracts
made, nils and their success, and bags a hand.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field
from typing import Any

from core.games import Ran, SettingsError
from core.spades.config import Config, ConfigError
from core.spades.match import Match
from core.spades.state import State

UNIT = "hand"

#: ``python -m core demo``: partnership at four, individual at five.
DEMO = ((("--players", "4"), 30), (("--players", "5"), 10))


def options(group: argparse._ActionsContainer) -> None:
    group.add_argument(
        "--individual",
        action="store_true",
        help="every player for themselves at 4 (always so at 3 and 5)",
    )


def config(args: argparse.Namespace, rng: random.Random | None = None) -> Config:
    """Partnership at 4 players unless ``--individual``; individual at 3 and 5 (S1)."""
    try:
        return Config.make(
            args.players, partnership=args.players == 4 and not args.individual, jokers=args.jokers
        )
    except ConfigError as exc:
        raise SettingsError(str(exc)) from None


def match(config: Config, rng: random.Random) -> Match:
    return Match(config)


@dataclass
class Tally:
    config: Config
    score: list[int] = field(default_factory=list)
    contracts: int = 0
    made: int = 0
    nils: int = 0
    nils_made: int = 0
    bags: int = 0

    def __post_init__(self) -> None:
        self.score = [0] * len(self.config.sides)

    def settle(self, match: Match, state: State) -> bool:
        done = match.settle(state)
        for side, members in enumerate(self.config.sides):
            self.score[side] += done.score[side]
            contract = sum(state.bids[s] or 0 for s in members)
            taken = sum(state.taken[s] for s in members if state.bids[s])
            if contract:
                self.contracts += 1
                self.made += taken >= contract
                self.bags += max(0, taken - contract) if taken >= contract else 0
        for seat in range(self.config.players):
            if state.bids[seat] == 0:
                self.nils += 1
                self.nils_made += state.taken[seat] == 0
        return True

    def summary(self, ran: Ran) -> dict[str, Any]:
        hands = max(1, ran.rounds)
        return {
            "config": self.config.to_json(),
            "bot": ran.bot,
            "seed": ran.seed,
            "hands": ran.rounds,
            "games": ran.games,
            "score_per_hand": [round(s / hands, 2) for s in self.score],
            "contracts_made": round(self.made / max(1, self.contracts), 4),
            "nils": self.nils,
            "nils_made": self.nils_made,
            "bags_per_hand": round(self.bags / hands, 2),
            "rounds_per_second": ran.per_second,
        }

    def report(self, summary: dict[str, Any]) -> list[str]:
        form = "partnership" if self.config.partnership else "individual"
        return [
            f"Spades, {self.config.players} players, {form}: {summary['hands']} hands, "
            f"{summary['games']} whole games, {summary['bot']} bots",
            *(
                f"  side {side}: {average:+} a hand"
                for side, average in enumerate(summary["score_per_hand"])
            ),
            f"  contracts made {summary['contracts_made']:.1%} · nils {summary['nils_made']}"
            f"/{summary['nils']} · bags {summary['bags_per_hand']} a hand · "
            f"{summary['rounds_per_second']} hands/s",
        ]


def tally(config: Config) -> Tally:
    return Tally(config)
