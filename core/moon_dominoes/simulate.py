"""``python -m core simulate --game moon_dominoes``: Three-Player Moon hands or games by bots.

Every deal comes from a seed drawn from ``--seed`` (a run is repeatable);
the opening bid moves one seat on each deal, a passed-out deal included
(M2), and totals carry across a game to its end (M6, M7). Bots see player
views only. The summary gives the hands played, the deals passed out, whole
games, bids made by amount, 21s tried and made, each seat's average score a
hand and the deals played a second.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from core.moon_dominoes import record, rules, table
from core.moon_dominoes.bots import players
from core.moon_dominoes.config import MOON, PLAYERS, Config
from core.moon_dominoes.match import Match
from core.moon_dominoes.state import Phase
from core.moon_dominoes.view import player_view


def simulate(
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
    everyone = roster or [f"Bot {s + 1}" for s in range(PLAYERS)]

    def seated() -> list[str]:
        return list(everyone) if len(everyone) == PLAYERS else rng.sample(everyone, PLAYERS)

    names = seated()
    bot = players.get(level)
    config = Config()
    score = [0] * PLAYERS
    tried: Counter[int] = Counter()
    made: Counter[int] = Counter()
    played = redeals = finished = 0
    match = Match(config, first_bidder=rng.randrange(PLAYERS))
    started = time.perf_counter()
    when = None
    if records:
        records.mkdir(parents=True, exist_ok=True)
    while (finished < games) if games is not None else (played < hands):
        state = match.deal(rng.getrandbits(32))
        while state.to_act is not None:
            seat = state.to_act
            rules.apply(state, bot.choose(player_view(state, seat), rng))
        if state.phase is Phase.REDEAL:
            match.passed_out()
            redeals += 1
            continue
        done = match.settle(state)
        played += 1
        assert state.bid is not None
        tried[state.bid] += 1
        made[state.bid] += done.made
        for seat in range(PLAYERS):
            score[seat] += done.score[seat]
        meta: dict[str, Any] = {"hand": played, "round": match.hands, "names": names}
        if keeper is not None:
            when = keeper.dated(finished + 1, match.hands, played)
            meta.update(game=finished + 1, room=keeper.code)
            keeper.keep_round(
                "moon_dominoes",
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
                winners = [] if match.winner is None else [match.winner]
                keeper.keep_game(
                    "moon_dominoes",
                    table.game_facts(config, names, match.totals, winners),
                    names,
                    match.totals,
                    winners,
                    game_number=finished,
                    rounds=match.hands,
                    finished_at=when,
                )
            match = Match(config, first_bidder=rng.randrange(PLAYERS))
            names = seated()
    seconds = time.perf_counter() - started
    return {
        "game": "moon_dominoes",
        "bot": level,
        "seed": seed,
        "hands": played,
        "passed_out": redeals,
        "games": finished,
        "score_per_hand": [round(s / max(1, played), 2) for s in score],
        "bids": {str(b): {"tried": tried[b], "made": made[b]} for b in sorted(tried)},
        "moon_tried": tried[MOON],
        "moon_made": made[MOON],
        "made": round(sum(made.values()) / max(1, played), 4),
        "rounds_per_second": round((played + redeals) / seconds, 1) if seconds else None,
        **({"stored_as": keeper.code} if keeper is not None else {}),
    }


def cli(args: argparse.Namespace) -> int:
    """``simulate --game moon_dominoes``: the shared options that apply (no players but 3)."""
    if args.players not in (PLAYERS, 4) or args.jokers:  # 4: the shared default, left alone
        print("bad options: Three-Player Moon is for exactly 3 players, no jokers", file=sys.stderr)
        return 1
    summary = simulate(
        args.bot, args.rounds, args.games, args.seed, args.records,
        getattr(args, "keeper", None), getattr(args, "roster", None),
    )  # fmt: skip
    if args.json:
        print(json.dumps(summary))
        return 0
    print(
        f"Three-Player Moon: {summary['hands']} hands ({summary['passed_out']} deals passed "
        f"out), {summary['games']} whole games, {args.bot} bots"
    )
    for seat, average in enumerate(summary["score_per_hand"]):
        print(f"  seat {seat}: {average:+} a hand")
    bids = " · ".join(f"{b}: {v['made']}/{v['tried']}" for b, v in summary["bids"].items())
    print(f"  bids made {summary['made']:.1%} ({bids}) · {summary['rounds_per_second']} deals/s")
    if "stored_as" in summary:
        print(f"  stored as room {summary['stored_as']}, games 1 to {summary['games']}")
    return 0
