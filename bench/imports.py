"""Import benchmark: the time to check a history file of the largest size taken (5 MB), by shape.

A history upload comes from anyone who can open the Stats page, so the check
must answer quickly whatever the file holds. Each shape fills nearly
``MAX_BYTES`` with one kind of bulk: many games, many rounds, many names,
deep nesting, wide rows, long cells, many problems. For each it reports:

- ``read``: ``read_history`` on the bytes (the median of ``--repeat`` runs);
- ``command``: ``python -m core import FILE --check`` in a fresh process,
  against an empty SQLite store (start-up, reading, the store look-up and
  printing the preview and problems).

Target: both under 5 s for every shape on a two-core machine. Run with
``make bench`` or ``python -m bench.imports``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from core.moon3.imports import MAX_BYTES as LIMIT
from core.moon3.imports import read_history

ROOT = Path(__file__).resolve().parents[1]
TARGET_S = 5.0
CSV_HEAD = "date,game,leader,teammates,bid,made\n"
PLAYERS = ["Asha", "Ben", "Chen", "Dev", "Esha", "Farhan", "Gita", "Hari"]


def _fill(head: str, items: Callable[[int], str], tail: str, joint: str = "") -> str:
    """``head``, then ``items(0)``, ``items(1)``… joined by ``joint``, then ``tail``: as many
    items as fit in the size limit."""
    parts, size, index = [head], len(head) + len(tail), 0
    while True:
        item = (joint if index else "") + items(index)
        if size + len(item.encode()) > LIMIT:
            break
        parts.append(item)
        size += len(item.encode())
        index += 1
    return "".join(parts) + tail


def _round(leader: str, mates: list[str], bid: int = 150) -> dict[str, object]:
    return {"leader": leader, "teammates": mates, "points": bid, "result": "made"}


def _game(day: int, rounds: int) -> str:
    game = {
        "date": f"2024-{1 + day % 12:02d}-{1 + day % 28:02d}",
        "players": PLAYERS,
        "rounds": [
            _round(PLAYERS[r % 8], [PLAYERS[(r + 3) % 8]], 150 + 5 * (r % 20))
            for r in range(rounds)
        ],
    }
    return json.dumps(game, indent=1)


def shapes() -> Iterator[tuple[str, str, str]]:
    """(label, file name, text) of each shape, each close to the size limit."""
    yield "many games", "games.json", _fill('{"games": [', lambda i: _game(i, 8), "]}", ",\n")
    yield (
        "many one-round games",
        "small.json",
        _fill(
            "[",
            lambda i: json.dumps(
                {"date": "2024-05-01", "rounds": [_round(f"P{i}", [f"Q{i}"])], "scores": {"R": 0}}
            ),
            "]",
            ",\n",
        ),
    )
    rounds = _fill(
        "", lambda i: json.dumps(_round(PLAYERS[i % 8], [PLAYERS[(i + 1) % 8]])), "", ",\n"
    )
    yield "many rounds", "rounds.json", f'[{{"date": "2024-05-01", "rounds": [{rounds}]}}]'
    yield (
        "many names, mentioned",
        "mentioned.json",
        _fill(
            '[{"date": "2024-05-01", "rounds": [',
            lambda i: json.dumps(_round(f"Player {i}", [])),
            "]}]",
            ",\n",
        ),
    )
    yield (
        "many names, listed",
        "listed.json",
        _fill(
            '[{"date": "2024-05-01", "rounds": [], "players": [', lambda i: f'"P{i}"', "]}]", ","
        ),
    )
    yield (
        "many leaders (CSV)",
        "leaders.csv",
        _fill(CSV_HEAD, lambda i: f"2024-05-01,1,Leader {i},Partner {i},150,yes\n", ""),
    )
    yield (
        "many games (CSV)",
        "games.csv",
        _fill(
            CSV_HEAD,
            lambda i: f"2024-05-01,{i // 8},{PLAYERS[i % 8]},{PLAYERS[(i + 1) % 8]},150,yes\n",
            "",
        ),
    )
    depth = (LIMIT - 1) // 2
    yield "deep arrays", "deep.json", "[" * depth + "]" * depth
    yield "deep objects", "objects.json", _fill("", lambda i: '{"a":', "1" + "}" * 10)
    yield (
        "wide object",
        "wide.json",
        _fill('[{"date": "2024-05-01", "rounds": [], ', lambda i: f'"k{i}": {i}', "}]", ", "),
    )
    yield (
        "wide row (CSV)",
        "wide.csv",
        _fill("date,game,leader,teammates,bid,made", lambda i: f",c{i}", "\n"),
    )
    notes = "y" * 120_000
    yield (
        "long cells (CSV)",
        "cells.csv",
        _fill(
            "date,game,leader,teammates,bid,made,notes\n",
            lambda i: f"2024-05-01,{i},Asha,Ben;Chen,150,yes,{notes}\n",
            "",
        ),
    )
    long_name = "N" * (LIMIT - 200)
    yield (
        "one long name",
        "name.json",
        json.dumps([{"date": "2024-05-01", "players": [long_name], "rounds": []}]),
    )
    yield (
        "every round bad",
        "bad.json",
        _fill(
            '[{"date": "2024-05-01", "players": ["Asha", "Ben", "Chen"], "rounds": [',
            lambda i: json.dumps(_round("Dana", ["Eve"], 152)),
            "]}]",
            ",\n",
        ),
    )


def read_seconds(data: bytes, name: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        read_history(data, name)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def command_seconds(path: Path, store: str) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "core", "import", str(path), "--check", "--store", store],
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of read_history per shape")
    parser.add_argument("--shape", action="append", help="only this shape (by its label)")
    args = parser.parse_args(argv)
    missed = []
    with tempfile.TemporaryDirectory() as folder:
        store = f"sqlite:///{Path(folder) / 'empty.db'}"
        for label, name, text in shapes():
            if args.shape and label not in args.shape:
                continue
            data = text.encode()
            assert len(data) <= LIMIT, (label, len(data))
            path = Path(folder) / name
            path.write_bytes(data)
            read = read_seconds(data, name, args.repeat)
            command = command_seconds(path, store)
            print(
                f"{label:<24} {len(data) / 1e6:4.2f} MB: read {read:5.2f} s, "
                f"command {command:5.2f} s",
                flush=True,
            )
            if max(read, command) >= TARGET_S:
                missed.append(label)
    verdict = "met" if not missed else "MISSED (" + ", ".join(missed) + ")"
    print(f"target: every 5 MB shape checked under {TARGET_S:g} s: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
