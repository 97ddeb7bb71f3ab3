"""``python -m core tournament``: duplicate matches between two bot levels, for any game.

Every deal is played twice from the same seed, the levels' seats swapped, so
the luck of the cards cancels out. The options are shared by every game;
the matches belong to the game, found through the registry:
``core/<game>/tournament.py``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from core import bots, games

R = TypeVar("R")


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


def _call(job: tuple[Callable[..., R], tuple[Any, ...]]) -> R:
    work, args = job
    return work(*args)


def played(work: Callable[..., R], jobs: Iterable[tuple[Any, ...]], workers: int) -> Iterator[R]:
    """``work(*job)`` for every job, as each is done: here, or over ``workers`` spawned
    processes (then in any order). ``work`` is a module-level function: it is sent by name."""
    calls = ((work, job) for job in jobs)
    if workers <= 1:
        yield from map(_call, calls)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap_unordered(_call, calls, chunksize=1)


def interval(diffs: Sequence[float]) -> tuple[float, float]:
    """The mean of the deals' differences and the half-width of its 95% interval
    (normal approximation; infinite below two deals)."""
    n = len(diffs)
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    return mean, half
