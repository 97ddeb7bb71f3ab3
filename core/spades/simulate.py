"""``python -m core simulate --game spades``: whole Spades hands or games played by bots.

Every hand is dealt from a seed drawn from ``--seed`` (a run is repeatable),
the dealer moves on each hand, and scores and bags carry across a game to
its end (S7). Bots see player views only. The summary gives the hands and
games played, each side's average score a hand, contracts made, nils and
their success, bags a hand, and the hands played a second.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from core.spades import record, rules, table
from core.spades.bots import players
from core.spades.config import Config, ConfigError
from core.spades.match import Match
from core.spades.view import player_view


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
    everyone = roster or [f"Bot {s + 1}" for s in range(config.players)]

    def seated() -> list[str]:
        if len(everyone) == config.players:
            return list(everyone)
        return rng.sample(everyone, config.players)

    names = seated()
    bot = players.get(level)
    sides = len(config.sides)
    score = [0] * sides
    made = contracts = nils = nils_made = bags = played = finished = 0
    match = Match(config)
    started = time.perf_counter()
    if records:
        records.mkdir(parents=True, exist_ok=True)
    while (finished < games) if games is not None else (played < hands):
        state = match.deal(rng.getrandbits(32))
        while state.to_act is not None:
            seat = state.to_act
            rules.apply(state, bot.choose(player_view(state, seat), rng))
        done = match.settle(state)
        played += 1
        for side, members in enumerate(config.sides):
            score[side] += done.score[side]
            contract = sum(state.bids[s] or 0 for s in members)
            taken = sum(state.taken[s] for s in members if state.bids[s])
            if contract:
                contracts += 1
                made += taken >= contract
                bags += max(0, taken - contract) if taken >= contract else 0
        for seat in range(config.players):
            if state.bids[seat] == 0:
                nils += 1
                nils_made += state.taken[seat] == 0
        meta: dict[str, Any] = {"hand": played, "round": match.hands, "names": names}
        if keeper is not None:
            when = keeper.dated(finished + 1, match.hands, played)
            meta.update(game=finished + 1, room=keeper.code)
            keeper.keep_round(
                "spades",
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
                    "spades",
                    table.game_facts(config, names, match.totals, winners),
                    names,
                    match.totals,
                    winners,
                    game_number=finished,
                    rounds=match.hands,
                    finished_at=when,
                )
            match = Match(config)
            names = seated()
    seconds = time.perf_counter() - started
    return {
        "game": "spades",
        "config": config.to_json(),
        "bot": level,
        "seed": seed,
        "hands": played,
        "games": finished,
        "score_per_hand": [round(s / max(1, played), 2) for s in score],
        "contracts_made": round(made / max(1, contracts), 4),
        "nils": nils,
        "nils_made": nils_made,
        "bags_per_hand": round(bags / max(1, played), 2),
        "rounds_per_second": round(played / seconds, 1) if seconds else None,
        **({"stored_as": keeper.code} if keeper is not None else {}),
    }


def run(config: Config, level: str, hands: int, games: int | None, seed: int,
        records: Path | None, as_json: bool, keeper: Any = None,
        roster: list[str] | None = None) -> int:  # fmt: skip
    """Print the summary of a simulation, as text or one JSON object."""
    summary = simulate(config, level, hands, games, seed, records, keeper, roster)
    if as_json:
        print(json.dumps(summary))
        return 0
    form = "partnership" if config.partnership else "individual"
    print(
        f"Spades, {config.players} players, {form}: {summary['hands']} hands, "
        f"{summary['games']} whole games, {level} bots",
        file=sys.stdout,
    )
    for side, average in enumerate(summary["score_per_hand"]):
        print(f"  side {side}: {average:+} a hand")
    print(
        f"  contracts made {summary['contracts_made']:.1%} · nils {summary['nils_made']}"
        f"/{summary['nils']} · bags {summary['bags_per_hand']} a hand · "
        f"{summary['rounds_per_second']} hands/s"
    )
    if "stored_as" in summary:
        print(f"  stored as room {summary['stored_as']}, games 1 to {summary['games']}")
    return 0


def cli(args: argparse.Namespace) -> int:
    """``simulate --game spades``: the command line's options to a run."""
    try:
        config = Config.make(
            args.players, partnership=args.players == 4 and not args.individual, jokers=args.jokers
        )
    except ConfigError as exc:
        print(f"bad options: {exc}", file=sys.stderr)
        return 1
    return run(
        config, args.bot, args.rounds, args.games, args.seed, args.records, args.json,
        getattr(args, "keeper", None), getattr(args, "roster", None),
    )  # fmt: skip
