"""``python -m core import FILE``: bring a group's history into the store (SPEC H4).

The game reads and checks the file (``read_history`` on its table, found
through the registry): every line first, with its problems. A file with
problems stores nothing unless ``--clean-only`` asks for its clean lines;
``--check`` writes nothing at all (it creates no store, nor a table in an
empty one). Games already stored (by their key) are
skipped, so importing the same file twice adds nothing. The Stats page
imports through :func:`store_history` too.
"""

from __future__ import annotations

import argparse
import base64
import sys
import zoneinfo
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from core import games
from core.store import Store, existing, history
from core.store.tables import OPEN_GROUP

#: Imported games are filed under a code of their own: never a room's (those have six letters).
CODE_LENGTH = 8


@dataclass(frozen=True, slots=True)
class Added:
    """What an import stored."""

    games: int
    rounds: int
    skipped: int


def reader_of(game: str) -> Callable[..., Any]:
    """The game's history reader; KeyError if the game takes no history."""
    history = games.get(game).history
    if history is None:
        raise KeyError(f"{games.get(game).title} has no history to import")
    return history.read_history


def code_of(key: str) -> str:
    """The code an imported game is filed under: from its key, so a game has one code."""
    return base64.b32encode(bytes.fromhex(key)).decode()[:CODE_LENGTH]


def check(
    store: Store | None,
    game: str,
    data: bytes,
    filename: str,
    zone: str = "UTC",
    undated: date | None = None,
    group: str = OPEN_GROUP,
) -> Any:
    """Read and check a file, counting its games' days in the time zone ``zone``, a game
    without a date taken as played on ``undated`` when given; games already in the store
    (``None``: there is none yet) in ``group`` are marked as such."""
    found = reader_of(game)(data, filename, zone=zone, undated=undated)
    if store is None:
        found.mark_stored({})
        return found
    with store.read() as session:
        keys = [g.key for g in found.keepable(True)]
        found.mark_stored(history.known_keys(session, game, keys, group))
    return found


def store_history(
    store: Store, game: str, found: Any, clean_only: bool = False, group: str = OPEN_GROUP
) -> Added:
    """Store what a checked file holds (all of it, or with ``clean_only`` its clean lines) in
    ``group``.

    A game whose key is stored already in the group, by an earlier import or by another
    one at the same moment, is skipped: the store's unique key decides, so each is stored
    once in each group.
    """
    keep = found.keepable(clean_only)
    with store.write() as session:
        known = history.known_keys(session, game, [g.key for g in keep], group)
        fresh = [
            item
            for item in keep
            if item.key not in known
            and history.save_kept(session, game, item.kept(), code_of(item.key), 1, group)
        ]
        session.commit()
    skipped = len([g for g in found.games if g.duplicate]) + len(keep) - len(fresh)
    return Added(len(fresh), sum(len(g.entries) for g in fresh), skipped)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the history, JSON or CSV (see the README)")
    parser.add_argument("--game", default=games.FLAGSHIP, help="the game it is of")
    parser.add_argument("--store", help="database URL (default DATABASE_URL, else the SQLite file)")
    parser.add_argument(
        "--timezone",
        default="UTC",
        type=time_zone,
        help="where the games were played, as a tz database name such as Asia/Kolkata: their "
        "days are counted there, and a game dated without a time is an evening there "
        "(default UTC)",
    )
    parser.add_argument(
        "--date",
        type=day,
        help="YYYY-MM-DD: the day the games without a date were played (an evening of it); "
        "without it they are refused",
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--check", action="store_true", help="check and preview; store nothing")
    what.add_argument(
        "--clean-only", action="store_true", help="store the clean games and rounds only"
    )
    parser.set_defaults(run=run)


def time_zone(name: str) -> str:
    """A time zone's name from the tz database, checked (``--timezone``)."""
    if name not in zoneinfo.available_timezones():
        raise argparse.ArgumentTypeError(
            f"unknown time zone {name!r}: use a name such as Asia/Kolkata"
        )
    return name


def day(text: str) -> date:
    """A day written YYYY-MM-DD (``--date``)."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date written YYYY-MM-DD") from None


def run(args: argparse.Namespace) -> int:
    try:
        data = Path(args.file).read_bytes()
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 1
    try:
        reader_of(args.game)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 1
    # A check only reads: it creates no store, and no table in an empty one.
    store = existing(args.store) if args.check else Store(args.store)
    try:
        found = check(store, args.game, data, Path(args.file).name, args.timezone, args.date)
        print(f"days counted in {args.timezone}")
        for line in found.preview():
            print(line)
        for problem in found.problems:
            print(problem, file=sys.stderr)
        if args.check:
            return 1 if found.problems else 0
        assert store is not None
        if found.problems and not args.clean_only:
            print(
                f"nothing imported: {len(found.problems)} bad line"
                f"{'s' * (len(found.problems) != 1)}; fix them, or import the clean lines "
                "only with --clean-only",
                file=sys.stderr,
            )
            return 1
        added = store_history(store, args.game, found, args.clean_only)
    finally:
        if store is not None:
            store.close()
    print(
        f"imported {added.games} game{'s' * (added.games != 1)} "
        f"({added.rounds} round{'s' * (added.rounds != 1)}); "
        f"{added.skipped} already stored"
    )
    return 0
