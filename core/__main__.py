"""Command line: ``python -m core replay|simulate|tournament|import`` (SPEC section 5, H4)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from core import importing, records, simulate, tournament


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a hand record and print where it ends")
    replay.add_argument("file", help="the record file, or - for standard input")
    replay.add_argument("--jsonl", action="store_true", help="one record per line")
    replay.set_defaults(run=_replay)
    simulate.add_arguments(
        commands.add_parser("simulate", help="play whole rounds with bots and summarise")
    )
    tournament.add_arguments(
        commands.add_parser("tournament", help="duplicate matches between two bot levels")
    )
    importing.add_arguments(
        commands.add_parser("import", help="check a group's history file and store it (H4)")
    )
    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
