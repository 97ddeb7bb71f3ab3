"""``python -m core tournament``: duplicate matches between two bot levels, for any game.

Every deal is played twice from the same seed, the levels' seats swapped, so
the luck of the cards cancels out. The options are shared by every game;
the matches belong to the game, found through the registry:
``core/<game>/tournament.py``.
"""

from __future__ import annotations

import argparse
import sys

from core import bots, games


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``tournament`` options."""
    parser.add_argument(
        "--game",
        default=games.FLAGSHIP,
        choices=games.names(),
        help=f"the game to play (default {games.FLAGSHIP})",
    )
    parser.add_argument("--a", default="rules", choices=sorted(bots.LEVELS), help="level A")
    parser.add_argument("--b", default="random", choices=sorted(bots.LEVELS), help="level B")
    parser.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    parser.add_argument("--jokers", action="store_true", help="play with the game's jokers")
    parser.add_argument("--pairs", type=int, default=200, help="deal pairs to play")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes (one a core)")
    parser.add_argument("--budget-ms", type=float, help="the Expert's time a decision")
    parser.add_argument("--json", action="store_true", help="print one JSON summary object")
    for name in games.names():
        game = games.get(name)
        game.cli_options(parser.add_argument_group(f"{game.title} only"), "tournament")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """The ``tournament`` command: the chosen game's own duplicate matches."""
    if args.pairs < 1:
        print("--pairs must be 1 or more", file=sys.stderr)
        return 1
    code: int = games.get(args.game).cli_tournament(args)
    return code
