"""``python -m core simulate``: whole rounds played by bots, summarised, and optionally stored.

Each round is dealt from a seed drawn from ``--seed``, so a run is repeatable;
games follow R11 (rotating opening bid), R27 (scores) and R28 (game end).
Bots see player views only, as they do in a room. With ``--store`` every
round and game goes into the room store exactly as a room would keep it, so
the Stats page can show them (``make demo`` fills a fresh install this way).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from datetime import UTC, datetime
from typing import Any

from tqdm import tqdm

from core import bots, seats
from core.moon3 import record, rules, table
from core.moon3.cards import SUITS
from core.moon3.config import MODE_LABELS, Config, ConfigError, Mode
from core.moon3.match import Match
from core.moon3.view import player_view


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
    """Play ``args.rounds`` rounds (or ``args.games`` games) and return the summary."""
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
    roster: list[str] = args.roster
    bot = bots.get("moon3", args.bot)
    if args.records:
        args.records.mkdir(parents=True, exist_ok=True)
    total = args.games if args.games is not None else args.rounds
    keeper = getattr(args, "keeper", None)  # the store, when the run keeps its games

    def new_match() -> tuple[Match, list[str]]:
        # R11: Random mode draws the opening bidder of round 1; the others start at seat 0.
        first = seats.draw_seat(config.players, rng) if config.mode is Mode.RANDOM else 0
        names = roster if len(roster) == config.players else rng.sample(roster, config.players)
        return Match(config, first), names

    match, names = new_match()
    when: datetime | None = None
    made = kali_bidding = 0
    bids: list[int] = []
    trumps = dict.fromkeys(SUITS, 0)
    wins = [0] * len(match.totals)
    games = rounds = 0
    started = time.perf_counter()
    bar = tqdm(
        total=total,
        unit="game" if args.games is not None else "round",
        file=sys.stderr,
        disable=keeper is None or None,
    )
    try:
        while (games if args.games is not None else rounds) < total:
            rounds += 1
            seed = rng.getrandbits(32)
            state = match.deal(seed)
            while state.to_act is not None:
                rules.apply(state, bot.choose(player_view(state, state.to_act), rng))
            result = match.finish_round(state)
            made += result.made
            kali_bidding += sum(1 for s in result.kali_tidi if s in result.bidding_side) > 0
            bids.append(result.bid)
            trumps[SUITS[result.trump]] += 1
            meta = {
                "round": match.rounds_played,
                "names": names,
                "auto": [],
                "abandoned": False,
                "started": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            }
            if args.records:
                path = args.records / f"round-{rounds:05d}.json"
                path.write_text(json.dumps(record.dump(state, meta)) + "\n", encoding="utf-8")
            if keeper is not None:
                when = keeper.dated(games + 1, match.rounds_played, rounds)
                meta["game"] = games + 1
                meta["room"] = keeper.code
                keeper.keep_round(
                    "moon3",
                    table.round_facts(state, names),
                    names,
                    record.dump(state, meta),
                    game_number=games + 1,
                    round_number=match.rounds_played,
                    finished_at=when,
                )
            if match.outcome.over:
                games += 1
                for w in match.outcome.winners:
                    wins[w] += 1
                if keeper is not None:
                    assert when is not None
                    keeper.keep_game(
                        "moon3",
                        table.game_facts(config, names, match.totals, match.outcome.winners),
                        names,
                        match.totals,
                        match.outcome.winners,
                        game_number=games,
                        rounds=match.rounds_played,
                        finished_at=when,
                    )
                match, names = new_match()
                if args.games is not None:
                    bar.update(1)
            if args.games is None:
                bar.update(1)
    finally:
        bar.close()
    elapsed = time.perf_counter() - started
    summary: dict[str, Any] = {
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
    if keeper is not None:
        summary["stored_as"] = keeper.code
    return summary


def run(args: argparse.Namespace) -> int:
    """``simulate`` for Moon 3 of Spades (the command's options: core/simulate.py)."""
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
    if "stored_as" in summary:
        print(f"  stored as room {summary['stored_as']}, games 1 to {summary['games_finished']}")
    return 0
