"""``python -m core simulate``: whole rounds played by bots, summarised.

Each round is dealt from a seed drawn from ``--seed``, so a run is repeatable;
games follow R11 (rotating opening bid), R27 (scores) and R28 (game end).
Bots see player views only, as they do in a room.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core import bots, seats
from core.cards import SUITS
from core.moon3 import record, rules
from core.moon3.config import MODE_LABELS, Config, ConfigError, Mode
from core.moon3.match import Match
from core.moon3.view import player_view


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``simulate`` options."""
    parser.add_argument("--players", type=int, default=4, help="2 to 7 (default 4)")
    parser.add_argument("--decks", type=int, help="1 or 2 (default 1 for 2-4 players, else 2)")
    parser.add_argument("--mode", default="teams", choices=[m.value for m in Mode])
    parser.add_argument("--split", help="Team-wise team sizes, e.g. 1v3 (default: even)")
    parser.add_argument("--jokers", action="store_true", help="add one joker per deck (R3)")
    parser.add_argument("--partner-rule", default="first", choices=["first", "last"])
    parser.add_argument("--min-bid", type=int, help="default 125 per deck")
    parser.add_argument("--bot", default="random", choices=sorted(bots.LEVELS))
    parser.add_argument("--rounds", type=int, default=100, help="rounds to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    parser.add_argument("--records", type=Path, help="write each round's hand record here")
    parser.add_argument("--json", action="store_true", help="print one JSON summary object")
    parser.set_defaults(run=run)


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


def simulate(args: argparse.Namespace) -> dict[str, Any]:
    """Play ``args.rounds`` rounds and return the summary."""
    rng = random.Random(args.seed)
    config = Config.make(
        args.players,
        args.mode,
        args.decks,
        args.min_bid,
        args.jokers,
        args.partner_rule,
        _teams(args, rng),
    )
    bot = bots.get(args.bot)
    if args.records:
        args.records.mkdir(parents=True, exist_ok=True)

    def new_match() -> Match:
        # R11: Random mode draws the opening bidder of round 1; the others start at seat 0.
        first = seats.draw_seat(config.players, rng) if config.mode is Mode.RANDOM else 0
        return Match(config, first)

    match = new_match()
    made = kali_bidding = 0
    bids: list[int] = []
    trumps = dict.fromkeys(SUITS, 0)
    wins = [0] * len(match.totals)
    games = 0
    started = time.perf_counter()
    for number in range(1, args.rounds + 1):
        seed = rng.getrandbits(32)
        state = match.deal(seed)
        while state.to_act is not None:
            rules.apply(state, bot.choose(player_view(state, state.to_act), rng))
        result = match.finish_round(state)
        made += result.made
        kali_bidding += sum(1 for s in result.kali_tidi if s in result.bidding_side) > 0
        bids.append(result.bid)
        trumps[SUITS[result.trump]] += 1
        if args.records:
            meta = {
                "round": number,
                "names": [f"Bot {s + 1}" for s in range(config.players)],
                "auto": [],
                "abandoned": False,
                "started": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            }
            path = args.records / f"round-{number:05d}.json"
            path.write_text(json.dumps(record.dump(state, meta)) + "\n", encoding="utf-8")
        if match.outcome.over:
            games += 1
            for w in match.outcome.winners:
                wins[w] += 1
            match = new_match()
    elapsed = time.perf_counter() - started
    rounds = args.rounds
    return {
        "players": config.players,
        "decks": config.decks,
        "mode": config.mode.value,
        "jokers": config.jokers,
        "bot": args.bot,
        "seed": args.seed,
        "rounds": rounds,
        "seconds": round(elapsed, 3),
        "rounds_per_second": round(rounds / elapsed, 1) if elapsed else None,
        "bid_success_rate": round(made / rounds, 4) if rounds else None,
        "average_bid": round(sum(bids) / rounds, 1) if rounds else None,
        "kali_tidi_to_bidding_side": round(kali_bidding / rounds, 4) if rounds else None,
        "trumps": trumps,
        "games_finished": games,
        "wins": wins,
    }


def run(args: argparse.Namespace) -> int:
    """The ``simulate`` command."""
    if args.rounds < 0:
        print("--rounds must be 0 or more", file=sys.stderr)
        return 1
    try:
        summary = simulate(args)
    except ConfigError as exc:
        print(f"bad options: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(summary))
        return 0
    unit = "team" if summary["mode"] != Mode.PARTNERS else "player"
    print(
        f"{summary['rounds']} rounds of {summary['players']} players, {summary['decks']} "
        f"deck(s), {MODE_LABELS[Mode(summary['mode'])]}, {summary['bot']} bots "
        f"in {summary['seconds']} s ({summary['rounds_per_second']} rounds/s)"
    )
    print(f"  bids made: {summary['bid_success_rate']:.1%}, average bid {summary['average_bid']}")
    print(f"  Kali Tidi to the bidding side: {summary['kali_tidi_to_bidding_side']:.1%}")
    print(f"  trumps chosen: {summary['trumps']}")
    print(f"  games finished: {summary['games_finished']}, wins per {unit}: {summary['wins']}")
    return 0
