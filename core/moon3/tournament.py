"""Moon 3 of Spades under ``python -m core tournament`` (the run itself: core/tournament.py).

Every deal is played twice from the same seed and opening bidder (R11: the
opening goes round from deal to deal): first with level A in one set of
seats and level B in the other, then with the seats swapped. Team-wise and
Random give each level one team; Card-Based gives A the larger half of the
seats, alternating, and B the rest.

Reported per level: R27 score per round (the figure), card points captured
per round, and bid success (auctions won, and made).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from core import seats
from core.games import DealSet, Seating, SettingsError
from core.moon3 import rules
from core.moon3.config import Config, ConfigError, Mode
from core.moon3.scoring import round_score
from core.moon3.simulate import table_options
from core.moon3.state import State

UNIT = "deal pair"
DIGITS = 2


def options(group: argparse._ActionsContainer) -> None:
    table_options(group)


def config(args: argparse.Namespace) -> Config:
    try:
        return Config.make(
            args.players, args.mode, args.decks, None, args.jokers, args.partner_rule, None
        )
    except ConfigError as exc:
        raise SettingsError(str(exc)) from None


def opener(config: Config, index: int) -> int:
    return seats.first_bidder(0, index, config.players)


def seatings(config: Config) -> tuple[Seating, Seating]:
    if config.mode is Mode.PARTNERS:
        half = config.players // 2
        return seats.both_ways(
            [level for _, level in seats.alternate(range(config.players - half), range(half))]
        )
    return seats.both_ways(config.teams)


def _units_of(config: Config, mine: list[int]) -> list[int]:
    if config.mode is Mode.PARTNERS:
        return mine
    return sorted({config.teams[s] for s in mine})


def scored(config: Config, plays: Sequence[tuple[Seating, State]]) -> DealSet:
    """Each level's R27 score a round, and its points, auctions won and bids made."""
    score, points, bids, made = [0, 0], [0, 0], [0, 0], [0, 0]
    for owner, state in plays:
        assert state.bidder is not None and state.bid is not None
        won = bool(rules.made(state))
        scores = round_score(config, state.bidder, state.partners, state.bid, won)
        for level in (0, 1):
            mine = [s for s in range(config.players) if owner[s] == level]
            score[level] += sum(scores[u] for u in _units_of(config, mine))
            points[level] += sum(state.points[s] for s in mine)
        bids[owner[state.bidder]] += 1
        made[owner[state.bidder]] += won
    a, b = (
        {"rounds": len(plays), "points": points[level], "bids": bids[level], "made": made[level]}
        for level in (0, 1)
    )
    return DealSet((score[0] / len(plays), score[1] / len(plays)), (a, b))


def head(config: Config) -> dict[str, Any]:
    return {"players": config.players, "decks": config.decks, "mode": config.mode.value}


def describe(config: Config) -> str:
    return f"{config.players} players, {config.decks} deck(s), {config.mode.value}"


def level_summary(mean: float, counts: dict[str, int]) -> dict[str, Any]:
    rounds = max(1, counts["rounds"])
    return {
        "score_per_round": round(mean, 2),
        "points_per_round": round(counts["points"] / rounds, 2),
        "auctions_won": counts["bids"],
        "bid_success_rate": round(counts["made"] / counts["bids"], 4) if counts["bids"] else None,
    }


def level_line(level: dict[str, Any]) -> str:
    rate = level["bid_success_rate"]
    return (
        f"score/round {level['score_per_round']:>8}"
        f"  points/round {level['points_per_round']:>7}"
        f"  auctions won {level['auctions_won']:>5}"
        f"  made {'-' if rate is None else f'{rate:.1%}'}"
    )
