"""``python -m core simulate``: whole rounds or games played by bots, for any game.

Every deal comes from a seed drawn from ``--seed``, so a run is repeatable;
bots see player views only, as they do in a room; each finished round is
scored into the game's match, and a game that ends makes way for the next.
``--records`` writes every round's hand record; with ``--store`` every round
and game goes into the room store exactly as a room would keep it, so the
Stats page can show them (``python -m core demo`` fills a fresh install this
way, at every game's own tables).

The run is written once, here. A game declares only its own part
(:class:`core.games.Simulation`, ``core/<game>/simulate.py``): its options,
which only its own command line holds, its config and match, what a run
counts and how its summary reads.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tqdm import tqdm

from core import bots, games
from core.games import AnyGame, Played, Ran, SettingsError
from core.store import Store, history


def playable() -> list[str]:
    """Every registered game bots can play here."""
    return games.having(lambda declared: declared.simulation)


def add_arguments(parser: argparse.ArgumentParser, game: str) -> None:
    """The ``simulate`` options: those every game shares, then ``game``'s own."""
    games.game_option(parser, playable())
    parser.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    parser.add_argument("--jokers", action="store_true", help="play with the game's jokers")
    parser.add_argument("--bot", default="random", choices=sorted(bots.LEVELS))
    parser.add_argument("--rounds", type=int, default=100, help="rounds to play (default 100)")
    parser.add_argument("--games", type=int, help="play this many whole games instead of --rounds")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    parser.add_argument("--records", type=Path, help="write each round's hand record here")
    parser.add_argument("--json", action="store_true", help="print one JSON summary object")
    parser.add_argument(
        "--store",
        nargs="?",
        const="",
        metavar="URL",
        help="keep every round and game in the room store (default: DATABASE_URL, else SQLite)",
    )
    parser.add_argument(
        "--names",
        help="comma-separated player names; each game seats some of them at random "
        "(default: Bot 1, Bot 2, ...)",
    )
    parser.add_argument(
        "--spread-days",
        type=float,
        default=0.0,
        help="date the stored rounds evenly over this many past days (default: now)",
    )
    chosen = games.get(game)
    if chosen.simulation is not None:
        chosen.simulation.options(parser.add_argument_group(f"{chosen.title} options"))
    parser.set_defaults(run=run)


#: How far apart the stored rounds of one simulated game are dated.
ROUND_MINUTES = timedelta(minutes=4)
#: A simulated game is dated as starting this long before its slot's end.
GAME_HOURS = timedelta(hours=1)


class Keeper:
    """Keeps a run's rounds and games in the room store, one transaction per game.

    The stored rows are the same as a room's (the facts its table works out),
    under a room code of its own (``S`` + 7).
    """

    def __init__(self, url: str, total: int, spread_days: float, by_games: bool) -> None:
        self.store = Store(url or None)
        self.code = "S" + "".join(
            secrets.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(7)
        )
        self.rows: list[Any] = []
        self.total = max(total, 1)
        self.now = datetime.now(UTC)
        self.spread = timedelta(days=spread_days)
        self.by_games = by_games

    def dated(self, game: int, round_in_game: int, rounds: int) -> datetime:
        """When the ``round_in_game``-th round of the ``game``-th game (``rounds`` played so
        far) finished, the run spread evenly over its days up to now."""
        if self.by_games:
            # A game's rounds a few minutes apart, the last game ending about now.
            late = ROUND_MINUTES * round_in_game - GAME_HOURS
            share = game / self.total
        else:
            late, share = timedelta(), rounds / self.total
        return min(self.now - self.spread * (1 - share) + late, self.now)

    def keep(
        self,
        game: AnyGame,
        config: Any,
        match: Played[Any],
        state: Any,
        names: Sequence[str],
        meta: dict[str, Any],
        *,
        number: int,
        rounds: int,
    ) -> None:
        """A finished round of game ``number`` (``rounds`` played in the run), and the game
        with it when the round ended it: written at once, with its rounds."""
        when = self.dated(number, match.hands, rounds)
        doc = {**game.dump_record(state), "meta": {**meta, "game": number, "room": self.code}}
        facts = game.table.round_facts(state, names)
        self.rows.append(
            history.round_rows(
                game.name,
                facts,
                names,
                doc,
                room_code=self.code,
                game_number=number,
                round_number=match.hands,
                finished_at=when,
            )
        )
        if not match.over:
            return
        self.rows.append(
            history.game_rows(
                game.name,
                game.table.game_facts(config, names, match.totals, match.winners),
                names,
                match.totals,
                match.winners,
                room_code=self.code,
                game_number=number,
                rounds=match.hands,
                finished_at=when,
            )
        )
        self.flush()

    def flush(self) -> None:
        with self.store.write() as session:
            history.save(session, self.rows)
            session.commit()
        self.rows = []

    def close(self) -> None:
        if self.rows:
            self.flush()
        self.store.close()


def roster(text: str | None, players: int) -> list[str]:
    """The names ``--names`` gives (each game seats ``players`` of them), else "Bot 1"…"""
    if not text:
        return [f"Bot {s + 1}" for s in range(players)]
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) < players or len(set(names)) < len(names):
        raise ValueError(f"--names needs {players} different names or more")
    if any(len(n) > 40 for n in names):
        raise ValueError("--names: a name has at most 40 characters")
    return names


def simulate(
    game: AnyGame,
    config: Any,
    rng: random.Random,
    args: argparse.Namespace,
    everyone: Sequence[str],
    keeper: Keeper | None = None,
) -> tuple[dict[str, Any], list[str]]:
    """Play ``args.rounds`` rounds (or ``args.games`` whole games) of ``config``, seated from
    ``everyone`` a game at a time; the summary, and its lines of text."""
    part = game.simulation
    assert part is not None
    tally = part.tally(config)
    bot = game.bot(args.bot)
    seats = game.seats_of(config)
    by_games = args.games is not None
    total: int = args.games if by_games else args.rounds

    def seated() -> list[str]:
        return list(everyone) if len(everyone) == seats else rng.sample(list(everyone), seats)

    names = seated()
    match = part.match(config, rng)
    rounds = deals = finished = 0
    if args.records:
        args.records.mkdir(parents=True, exist_ok=True)
    # The loop below runs once an action: what it calls is looked up once.
    to_act, apply, view, choose = game.to_act, game.apply, game.player_view, bot.choose
    started = time.perf_counter()
    bar = tqdm(
        total=total,
        unit="game" if by_games else part.UNIT,
        file=sys.stderr,
        disable=keeper is None or None,
    )
    try:
        while (finished if by_games else rounds) < total:
            deals += 1
            state = match.deal(rng.getrandbits(32))
            while (seat := to_act(state)) is not None:
                apply(state, choose(view(state, seat), rng))
            if not tally.settle(match, state):
                continue  # passed out: no round to keep, the match has moved on
            rounds += 1
            if args.records or keeper is not None:
                meta = {
                    "round": match.hands,
                    "names": names,
                    "auto": [],
                    "abandoned": False,
                    "started": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                }
            if args.records:
                doc = {**game.dump_record(state), "meta": meta}
                path = args.records / f"{part.UNIT}-{rounds:05d}.json"
                path.write_text(json.dumps(doc) + "\n", encoding="utf-8")
            if keeper is not None:
                keeper.keep(
                    game, config, match, state, names, meta, number=finished + 1, rounds=rounds
                )
            if match.over:
                finished += 1
                match = part.match(config, rng)
                names = seated()
                if by_games:
                    bar.update(1)
            if not by_games:
                bar.update(1)
    finally:
        bar.close()
    seconds = time.perf_counter() - started
    ran = Ran(args.bot, args.seed, rounds, deals, finished, seconds)
    summary = {"game": game.name, **tally.summary(ran)}
    lines = tally.report(summary)
    if keeper is not None:
        summary["stored_as"] = keeper.code
        lines.append(f"  stored as room {keeper.code}, games 1 to {finished}")
    return summary, lines


def run(args: argparse.Namespace) -> int:
    """The ``simulate`` command: the run of the chosen game, its games kept when ``--store``."""
    if args.rounds < 0 or (args.games is not None and args.games < 0):
        print("--rounds and --games must be 0 or more", file=sys.stderr)
        return 1
    if args.spread_days < 0:
        print("--spread-days must be 0 or more", file=sys.stderr)
        return 1
    game = games.get(args.game)
    assert game.simulation is not None  # --game offers no other
    rng = random.Random(args.seed)
    try:
        everyone = roster(args.names, args.players)
        config = game.simulation.config(args, rng)
    except (ValueError, SettingsError) as exc:
        print(f"bad options: {exc}", file=sys.stderr)
        return 1
    total = args.games if args.games is not None else args.rounds
    keeper = (
        None
        if args.store is None
        else Keeper(args.store, total, args.spread_days, args.games is not None)
    )
    try:
        summary, lines = simulate(game, config, rng, args, everyone, keeper)
    finally:
        if keeper is not None:
            keeper.close()
    print(json.dumps(summary) if args.json else "\n".join(lines))
    return 0


#: The players of ``python -m core demo``: each game seats some of them at random.
DEMO_NAMES = "Asha,Bikram,Chandra,Dipa,Esha,Farhan,Gita,Hari,Indu,Jamal"
#: The days over which the demo's games are dated.
DEMO_DAYS = 60


def add_demo_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``demo`` options."""
    parser.add_argument(
        "--store",
        default="",
        metavar="URL",
        help="the room store to fill (default: DATABASE_URL, else SQLite)",
    )
    parser.add_argument(
        "--games", type=int, help="whole games at every table (default: each table's own)"
    )
    parser.set_defaults(run=demo)


def demo(args: argparse.Namespace) -> int:
    """The ``demo`` command: Rules bots play every game at the tables it declares for the
    demo, each table a ``simulate --store`` run of its own seed, dated over the last
    ``DEMO_DAYS`` days, so a fresh install's Stats page shows every game."""
    seed = 0
    for name in playable():
        part = games.get(name).simulation
        assert part is not None
        for options, count in part.DEMO:
            seed += 1
            table = argparse.ArgumentParser(prog=f"python -m core demo ({name})")
            add_arguments(table, name)
            shared = ["--game", name, "--store", args.store, "--bot", "rules"]
            shared += ["--names", DEMO_NAMES, "--spread-days", str(DEMO_DAYS)]
            shared += ["--games", str(count if args.games is None else args.games)]
            code = run(table.parse_args([*shared, "--seed", str(seed), *options]))
            if code:
                return code
    return 0
