"""``python -m core simulate --game thirteen``: Thirteen hands or whole games played by bots.

Every deal comes from a seed drawn from ``--seed`` (a run is repeatable); a
game's first hand is led by the lowest card, later ones by the last winner
(T2), and totals carry across the game's hands (T6). Bots see player views
only. The summary gives the hands and games played, each seat's average
place and points a hand, the bombs played, how often the first leader went
out first, and the hands played a second.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from core.thirteen import record, rules, table
from core.thirteen.bots import players
from core.thirteen.config import DEFAULT_HANDS, Config, ConfigError
from core.thirteen.match import Match
from core.thirteen.view import player_view


def simulate(
    config: Config,
    level: str,
    hands: int,
    games: int | None,
    seed: int,
    records: Path | None = None,
    keeper: Any = None,
    roster: list[str] | None = None,
) -> dict[str, Any]:
    """Play ``hands`` hands (or ``games`` whole games) and return the summary.

    With a ``keeper`` (``simulate --store``) every hand and finished game is
    kept for the stats, seated from ``roster`` a game at a time.
    """
    rng = random.Random(seed)
    seated_count = config.players
    everyone = roster or [f"Bot {s + 1}" for s in range(seated_count)]

    def seated() -> list[str]:
        if len(everyone) == seated_count:
            return list(everyone)
        return rng.sample(everyone, seated_count)

    names = seated()
    bot = players.get(level)
    places = [0] * seated_count
    points = [0] * seated_count
    bombs = played = finished = first_won = 0
    match = Match(config)
    started = time.perf_counter()
    when = None
    if records:
        records.mkdir(parents=True, exist_ok=True)
    while (finished < games) if games is not None else (played < hands):
        state = match.deal(rng.getrandbits(32))
        while state.to_act is not None:
            rules.apply(state, bot.choose(player_view(state, state.to_act), rng))
        score = match.settle(state)
        played += 1
        first_won += state.places[0] == state.first_leader
        bombs += sum(state.bombs)
        for place, seat in enumerate(state.places):
            places[seat] += place + 1
            points[seat] += score[seat]
        meta: dict[str, Any] = {"hand": played, "round": match.hands, "names": names}
        if keeper is not None:
            when = keeper.dated(finished + 1, match.hands, played)
            meta.update(game=finished + 1, room=keeper.code)
            keeper.keep_round(
                "thirteen",
                table.round_facts(state, names),
                names,
                record.dump(state, meta),
                game_number=finished + 1,
                round_number=match.hands,
                finished_at=when,
            )
        if records:
            path = records / f"hand-{played:05d}.json"
            path.write_text(json.dumps(record.dump(state, meta)), encoding="utf-8")
        if match.over:
            finished += 1
            if keeper is not None:
                keeper.keep_game(
                    "thirteen",
                    table.game_facts(config, names, match.totals, match.winners),
                    names,
                    match.totals,
                    match.winners,
                    game_number=finished,
                    rounds=match.hands,
                    finished_at=when,
                )
            match = Match(config)
            names = seated()
    seconds = time.perf_counter() - started
    return {
        "game": "thirteen",
        "bot": level,
        "players": seated_count,
        "seed": seed,
        "hands": played,
        "games": finished,
        "place_per_hand": [round(p / max(1, played), 3) for p in places],
        "points_per_hand": [round(p / max(1, played), 3) for p in points],
        "bombs": bombs,
        "first_leader_won": round(first_won / max(1, played), 4),
        "rounds_per_second": round(played / seconds, 1) if seconds else None,
        **({"stored_as": keeper.code} if keeper is not None else {}),
    }


def cli(args: argparse.Namespace) -> int:
    """``simulate --game thirteen``: 2 to 4 players, ``--hands`` a game, no jokers."""
    hands = args.hands if getattr(args, "hands", None) is not None else DEFAULT_HANDS
    try:
        if args.jokers:
            raise ConfigError("Thirteen is played without jokers")
        config = Config.make(players=args.players, hands=hands)
    except ConfigError as exc:
        print(f"bad options: {exc}", file=sys.stderr)
        return 1
    summary = simulate(
        config, args.bot, args.rounds, args.games, args.seed, args.records,
        getattr(args, "keeper", None), getattr(args, "roster", None),
    )  # fmt: skip
    if args.json:
        print(json.dumps(summary))
        return 0
    print(
        f"Thirteen: {summary['hands']} hands, {summary['games']} whole games of {hands} hands, "
        f"{config.players} {args.bot} bots"
    )
    for seat in range(config.players):
        print(
            f"  seat {seat}: average place {summary['place_per_hand'][seat]:.2f}, "
            f"{summary['points_per_hand'][seat]:.2f} points a hand"
        )
    print(
        f"  bombs {summary['bombs']} · first leader out first {summary['first_leader_won']:.1%}"
        f" · {summary['rounds_per_second']} hands/s"
    )
    if "stored_as" in summary:
        print(f"  stored as room {summary['stored_as']}, games 1 to {summary['games']}")
    return 0
