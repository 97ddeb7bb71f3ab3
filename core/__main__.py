"""Command line: ``python -m core replay|simulate|tournament|import|demo|backup|restore``
(SPEC section 5, H4, G3)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from core import backup, games, importing, records, simulate, tournament
from core.store import Store


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_text(encoding="utf-8")


def _replay(args: argparse.Namespace) -> int:
    try:
        text = _read(args.file)
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 1
    if args.jsonl:
        failed = False
        for result in records.replay_lines(text.splitlines()):
            failed = failed or "error" in result
            print(json.dumps(result))
        return 1 if failed else 0
    try:
        result = records.replay(records.parse(text))
    except (records.RecordError, records.ActionError) as exc:
        print(str(exc), file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


def _backup(args: argparse.Namespace) -> int:
    """Write the store of ``DATABASE_URL`` (or one group's part of it) to a file (G3)."""
    store = Store()
    try:
        with open(args.file, "wb") as out:
            written = backup.dump_to(store, out, args.group)
    except OSError as exc:
        print(f"cannot write {args.file}: {exc.strerror}", file=sys.stderr)
        return 1
    finally:
        store.close()
    size = Path(args.file).stat().st_size
    print(
        f"wrote {args.file} ({size:,} bytes): {written.total('friend_group')} groups, "
        f"{written.total('room')} rooms, {written.total('game_record')} games, "
        f"{written.total('round_record')} rounds, {written.total():,} rows in all"
    )
    return 0


def _restore(args: argparse.Namespace) -> int:
    """Add what a backup file holds and the store of ``DATABASE_URL`` lacks (G3)."""
    try:
        with open(args.file, "rb") as source:
            store = Store()
            try:
                done = backup.restore_from(store, source)
            finally:
                store.close()
    except backup.BackupError as exc:
        print(f"{args.file} was not restored, nothing was stored: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 1
    kinds = ("groups", "rooms", "scorebooks", "games", "rounds")
    added = ", ".join(f"{done.added.get(k, 0)} {k}" for k in kinds)
    present = ", ".join(f"{done.present.get(k, 0)} {k}" for k in kinds)
    print(f"restored {args.file}: added {added}")
    renamed = f"; {done.renamed} rooms kept under a fresh code" if done.renamed else ""
    print(f"already there, not added again: {present}{renamed}")
    return 0


def game_named(argv: Sequence[str]) -> str:
    """The game ``--game`` names on a command line (the flagship when none does), known
    before the commands' parsers are built, so that each holds that game's own options and
    no other game's."""
    peek = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    peek.add_argument("--game", default=games.FLAGSHIP)
    try:
        named: str = peek.parse_known_args(argv)[0].game
    except argparse.ArgumentError:  # the command's own parser will say what is wrong
        return games.FLAGSHIP
    return named if named in games.names() else games.FLAGSHIP


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    game = game_named(argv)
    parser = argparse.ArgumentParser(prog="python -m core", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a hand record and print where it ends")
    replay.add_argument("file", help="the record file, or - for standard input")
    replay.add_argument("--jsonl", action="store_true", help="one record per line")
    replay.set_defaults(run=_replay)
    simulate.add_arguments(
        commands.add_parser("simulate", help="play whole rounds with bots and summarise"), game
    )
    tournament.add_arguments(
        commands.add_parser("tournament", help="duplicate matches between two bot levels"), game
    )
    importing.add_arguments(
        commands.add_parser("import", help="check a group's history file and store it (H4)")
    )
    simulate.add_demo_arguments(
        commands.add_parser("demo", help="bot-played games of every game, for the Stats page")
    )
    saving = commands.add_parser("backup", help="save every group, game and round to a file")
    saving.add_argument("file", help="the file to write (gzip-compressed JSON lines)")
    saving.add_argument("--group", metavar="ID", help="only this group's rooms, games and rounds")
    saving.set_defaults(run=_backup)
    bringing = commands.add_parser(
        "restore", help="add what a backup file holds and the store lacks"
    )
    bringing.add_argument("file", help="a file written by backup")
    bringing.set_defaults(run=_restore)
    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
