"""Moon 3 of Spades under ``python -m core simulate`` (the run itself: core/simulate.py).

Games follow R11 (rotating opening bid; Random mode draws the first), R27
(scores) and R28 (game end); Random mode draws its teams once a run (R9),
``--split`` seats uneven Team-wise teams. The summary gives bids made, the
average bid, how often Kali Tidi went to the bidding side, the trumps
chosen and the wins per team (or player).
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field
from typing import Any

from core import seats
from core.games import Ran, SettingsError
from core.moon3.cards import SUITS
from core.moon3.config import MODE_LABELS, Config, ConfigError, Mode
from core.moon3.match import Match
from core.moon3.scoring import units
from core.moon3.state import State

UNIT = "round"

#: ``python -m core demo``: about 330 games across table sizes and modes.
DEMO = (
    (("--players", "4"), 150),
    (("--players", "6"), 40),
    (("--players", "5", "--mode", "random"), 50),
    (("--players", "5", "--mode", "partners"), 40),
    (("--players", "7", "--mode", "partners"), 20),
    (("--players", "3", "--mode", "partners"), 30),
)


def table_options(group: argparse._ActionsContainer) -> None:
    """The table's options, for simulate and tournament alike."""
    group.add_argument("--decks", type=int, help="1 or 2 (default 1 for 2-4 players, else 2)")
    group.add_argument("--mode", default="teams", choices=["teams", "random", "partners"])
    group.add_argument("--partner-rule", default="first", choices=["first", "last"])


def options(group: argparse._ActionsContainer) -> None:
    table_options(group)
    group.add_argument("--split", help="Team-wise team sizes, e.g. 1v3 (default: even)")
    group.add_argument("--min-bid", type=int, help="default 125 per deck")


def _teams(args: argparse.Namespace, rng: random.Random) -> list[int] | None:
    if args.mode == Mode.PARTNERS:
        return None
    if args.mode == Mode.RANDOM:
        return [team for _, team in seats.draw_teams(range(args.players), rng)]
    if args.split:
        a, _, b = args.split.lower().partition("v")
        if not (a.isdigit() and b.isdigit()) or int(a) + int(b) != args.players:
            raise ConfigError(f"--split {args.split} does not seat {args.players} players")
        return [team for _, team in seats.alternate(range(int(a)), range(int(b)))]
    return None


def config(args: argparse.Namespace, rng: random.Random) -> Config:
    try:
        return Config.make(
            args.players,
            args.mode,
            args.decks,
            args.min_bid,
            args.jokers,
            args.partner_rule,
            _teams(args, rng),
        )
    except ConfigError as exc:
        raise SettingsError(str(exc)) from None


def match(config: Config, rng: random.Random) -> Match:
    """R11: Random mode draws the opening bidder of round 1; the others start at seat 0."""
    return Match(config, seats.draw_seat(config.players, rng) if config.mode is Mode.RANDOM else 0)


@dataclass
class Tally:
    config: Config
    made: int = 0
    kali_bidding: int = 0
    bids: list[int] = field(default_factory=list)
    trumps: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SUITS, 0))
    wins: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = [0] * units(self.config)

    def settle(self, match: Match, state: State) -> bool:
        result = match.finish_round(state)
        self.made += result.made
        self.kali_bidding += any(s in result.bidding_side for s in result.kali_tidi)
        self.bids.append(result.bid)
        self.trumps[SUITS[result.trump]] += 1
        if match.over:
            for w in match.winners:
                self.wins[w] += 1
        return True

    def summary(self, ran: Ran) -> dict[str, Any]:
        rounds = ran.rounds
        return {
            "players": self.config.players,
            "decks": self.config.decks,
            "mode": self.config.mode.value,
            "jokers": self.config.jokers,
            "bot": ran.bot,
            "seed": ran.seed,
            "rounds": rounds,
            "seconds": round(ran.seconds, 3),
            "rounds_per_second": ran.per_second,
            "bid_success_rate": round(self.made / rounds, 4) if rounds else None,
            "average_bid": round(sum(self.bids) / rounds, 1) if rounds else None,
            "kali_tidi_to_bidding_side": round(self.kali_bidding / rounds, 4) if rounds else None,
            "trumps": self.trumps,
            "games_finished": ran.games,
            "wins": self.wins,
        }

    def report(self, summary: dict[str, Any]) -> list[str]:
        unit = "team" if summary["mode"] != Mode.PARTNERS else "player"
        return [
            f"{summary['rounds']} rounds of {summary['players']} players, {summary['decks']} "
            f"deck(s), {MODE_LABELS[Mode(summary['mode'])]}, {summary['bot']} bots "
            f"in {summary['seconds']} s ({summary['rounds_per_second']} rounds/s)",
            f"  bids made: {summary['bid_success_rate']:.1%}, average bid {summary['average_bid']}",
            f"  Kali Tidi to the bidding side: {summary['kali_tidi_to_bidding_side']:.1%}",
            f"  trumps chosen: {summary['trumps']}",
            f"  games finished: {summary['games_finished']}, wins per {unit}: {summary['wins']}",
        ]


def tally(config: Config) -> Tally:
    return Tally(config)
