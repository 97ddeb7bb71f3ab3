"""``python -m core simulate``: whole rounds or games played by bots, for any game.

The options are shared by every game (each uses those that apply to it);
the run belongs to the game, found through the registry:
``core/<game>/simulate.py``.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from core import bots, games
from core.games import GameFacts, RoundFacts
from core.store import Store, history


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``simulate`` options."""
    parser.add_argument(
        "--game",
        default=games.FLAGSHIP,
        choices=games.names(),
        help=f"the game to play (default {games.FLAGSHIP})",
    )
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
    for name in games.names():
        game = games.get(name)
        game.cli_options(parser.add_argument_group(f"{game.title} only"), "simulate")
    parser.set_defaults(run=run)


#: How far apart the stored rounds of one simulated game are dated.
ROUND_MINUTES = timedelta(minutes=4)
#: A simulated game is dated as starting this long before its slot's end.
GAME_HOURS = timedelta(hours=1)


class Keeper:
    """Keeps a run's rounds and games in the room store, one transaction per game.

    The game's run hands it the facts its table works out; the stored rows
    are the same as a room's, under a room code of its own (``S`` + 7).
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

    def keep_round(
        self,
        game: str,
        facts: RoundFacts,
        names: Sequence[str],
        doc: dict[str, Any],
        *,
        game_number: int,
        round_number: int,
        finished_at: datetime,
    ) -> None:
        """A finished round, written with its game."""
        self.rows.append(
            history.round_rows(
                game,
                facts,
                names,
                doc,
                room_code=self.code,
                game_number=game_number,
                round_number=round_number,
                finished_at=finished_at,
            )
        )

    def keep_game(
        self,
        game: str,
        facts: GameFacts,
        names: Sequence[str],
        totals: Sequence[int],
        winners: Sequence[int],
        *,
        game_number: int,
        rounds: int,
        finished_at: datetime,
    ) -> None:
        """A finished game: written at once, with its rounds."""
        self.rows.append(
            history.game_rows(
                game,
                facts,
                names,
                totals,
                winners,
                room_code=self.code,
                game_number=game_number,
                rounds=rounds,
                finished_at=finished_at,
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


def run(args: argparse.Namespace) -> int:
    """The ``simulate`` command: the chosen game's own run, its games kept when ``--store``."""
    if args.rounds < 0 or (args.games is not None and args.games < 0):
        print("--rounds and --games must be 0 or more", file=sys.stderr)
        return 1
    if args.spread_days < 0:
        print("--spread-days must be 0 or more", file=sys.stderr)
        return 1
    try:
        args.roster = roster(args.names, args.players)
    except ValueError as exc:
        print(f"bad options: {exc}", file=sys.stderr)
        return 1
    total = args.games if args.games is not None else args.rounds
    by_games = args.games is not None
    args.keeper = (
        None if args.store is None else Keeper(args.store, total, args.spread_days, by_games)
    )
    try:
        code: int = games.get(args.game).cli_simulate(args)
    finally:
        if args.keeper is not None:
            args.keeper.close()
    return code
