"""``python -m core tournament``: duplicate matches between two bot levels, for any game.

Every deal is played under several seatings from the same seed and opening
seat, each level in every seat equally (the levels' seats swapped, or each
level alone in each seat), so the luck of the cards cancels out. The figure
of a deal is level A's less level B's, reported with its mean and 95%
interval over the deals; a progress bar shows the time left, and Ctrl-C
stops early and reports the deals already played.

The run is written once, here: the deals and their seeds, the bots, the
process pool, the interval and the summary. A game declares only its own
part (:class:`core.games.Tournament`, ``core/<game>/tournament.py``): its
options, the seatings, who opens each deal, and how a deal's plays score.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from core import bots, games
from core.games import DealSet, Seating, SettingsError
from core.progress import progress

R = TypeVar("R")


def add_arguments(parser: argparse.ArgumentParser, game: str) -> None:
    """The ``tournament`` options: those every game shares, then ``game``'s own; ``--game``
    offers every registered game with duplicate matches."""
    games.game_option(parser, games.having(lambda declared: declared.tournament))
    parser.add_argument("--a", default="rules", choices=sorted(bots.LEVELS), help="level A")
    parser.add_argument("--b", default="random", choices=sorted(bots.LEVELS), help="level B")
    parser.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    parser.add_argument("--jokers", action="store_true", help="play with the game's jokers")
    parser.add_argument("--pairs", type=int, default=200, help="deal pairs to play")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes (one a core)")
    parser.add_argument("--budget-ms", type=float, help="the Expert's time a decision")
    parser.add_argument("--json", action="store_true", help="print one JSON summary object")
    chosen = games.get(game)
    if chosen.tournament is not None:
        chosen.tournament.options(parser.add_argument_group(f"{chosen.title} options"))
    parser.set_defaults(run=run)


@dataclass(frozen=True)
class Setup:
    """A tournament: the game and its table, the two levels, the seed of every deal, and the
    Expert's time a decision."""

    game: str
    config: Any
    levels: tuple[str, str]
    seed: int
    budget_ms: float | None = None


def play_set(setup: Setup, index: int) -> DealSet:
    """The deal numbered ``index``, played under each of the game's seatings, scored."""
    game = games.get(setup.game)
    part = game.tournament
    assert part is not None
    seed = random.Random(f"{setup.seed}/{index}").getrandbits(32)
    opener = part.opener(setup.config, index)
    plays: list[tuple[Seating, Any]] = []
    for owner in part.seatings(setup.config):
        seated = [game.bot(setup.levels[level], setup.budget_ms) for level in owner]
        state = game.deal(setup.config, opener, seed)
        rng = random.Random(seed ^ 0x5EED)
        while (seat := game.to_act(state)) is not None:
            game.apply(state, seated[seat].choose(game.player_view(state, seat), rng))
        plays.append((owner, state))
    return part.scored(setup.config, plays)


def deal_sets(setup: Setup, sets: int, workers: int) -> Iterator[DealSet]:
    """Each deal's result as it is done (in any order with several workers)."""
    return played(play_set, ((setup, i) for i in range(sets)), workers)


def summarise(setup: Setup, results: Sequence[DealSet], planned: int) -> dict[str, Any]:
    """The tournament's figures, as ``--json`` prints them."""
    part = games.get(setup.game).tournament
    assert part is not None
    n = len(results)
    mean, half = interval([r.diff for r in results])
    digits = part.DIGITS

    def level(index: int) -> dict[str, Any]:
        counts: Counter[str] = Counter()
        for r in results:
            counts.update(r.counts[index])
        figure = statistics.fmean(r.figures[index] for r in results) if n else 0.0
        return {"level": setup.levels[index], **part.level_summary(figure, counts)}

    return {
        "game": setup.game,
        **part.head(setup.config),
        "pairs": n,
        "planned_pairs": planned,
        "stopped_early": n < planned,
        "plays_per_pair": len(part.seatings(setup.config)),
        "difference_per_pair": round(mean, digits),
        "ci95": [round(mean - half, digits), round(mean + half, digits)],
        "a": level(0),
        "b": level(1),
    }


def report(setup: Setup, summary: dict[str, Any]) -> list[str]:
    """The summary in lines of text."""
    part = games.get(setup.game).tournament
    assert part is not None
    a, b = summary["a"], summary["b"]
    low, high = summary["ci95"]
    return [
        f"{summary['pairs']} {part.UNIT}s, {part.describe(setup.config)}",
        *(f"  {side['level']:<7} {part.level_line(side)}" for side in (a, b)),
        f"  {a['level']} − {b['level']}: {summary['difference_per_pair']:+} a {part.UNIT},"
        f" 95% interval [{low:+}, {high:+}]",
    ]


def run(args: argparse.Namespace) -> int:
    """The ``tournament`` command: the chosen game's duplicate matches."""
    if args.pairs < 1:
        print("--pairs must be 1 or more", file=sys.stderr)
        return 1
    part = games.get(args.game).tournament
    assert part is not None  # --game offers no other
    try:
        config = part.config(args)
    except SettingsError as exc:
        print(f"bad options: {exc}", file=sys.stderr)
        return 1
    setup = Setup(args.game, config, (args.a, args.b), args.seed, args.budget_ms)
    results = progress(deal_sets(setup, args.pairs, args.workers), args.pairs)
    summary = summarise(setup, results, args.pairs)
    print(json.dumps(summary) if args.json else "\n".join(report(setup, summary)))
    return 0


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
