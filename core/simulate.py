"""``python -m core simulate``: whole rounds or games played by bots, for any game.

The options are shared by every game (each uses those that apply to it);
the run belongs to the game, found through the registry:
``core/<game>/simulate.py``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from core import bots, games


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``simulate`` options."""
    parser.add_argument(
        "--game", default="moon3", choices=games.names(), help="the game to play (default moon3)"
    )
    parser.add_argument("--players", type=int, default=4, help="2 to 7 (default 4)")
    parser.add_argument(
        "--individual", action="store_true", help="Spades: every player for themselves"
    )
    parser.add_argument("--decks", type=int, help="1 or 2 (default 1 for 2-4 players, else 2)")
    parser.add_argument("--mode", default="teams", choices=["teams", "random", "partners"])
    parser.add_argument("--split", help="Team-wise team sizes, e.g. 1v3 (default: even)")
    parser.add_argument("--jokers", action="store_true", help="add one joker per deck (R3)")
    parser.add_argument("--partner-rule", default="first", choices=["first", "last"])
    parser.add_argument("--min-bid", type=int, help="default 125 per deck")
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
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """The ``simulate`` command: the chosen game's own run."""
    if args.rounds < 0 or (args.games is not None and args.games < 0):
        print("--rounds and --games must be 0 or more", file=sys.stderr)
        return 1
    code: int = games.get(args.game).cli_simulate(args)
    return code
