"""Room store benchmark: many rooms in play at once, driven by several processes.

50 rooms of 4 to 7 players each are opened; driver processes share them out
and play as fast as they can for a fixed time — poll ``version(code)``, read
the view of the seat to act, send its move through ``act`` — on SQLite and on
a throwaway PostgreSQL server on loopback. Reports the median and p95 latency
of ``version`` and of ``act`` and the accepted actions per second across all
rooms. Run with ``make bench`` (or ``python -m bench.store``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from core.games import FLAGSHIP, get
from core.rooms import RoomError, Rooms
from core.store import Store
from tests import postgres
from tests.service_play import confirm_default_removal, open_room, pick, tokens_by_position

SPAWN = multiprocessing.get_context("spawn")
TARGETS = {"version_p95_ms": 2.0, "act_p95_ms": 25.0, "actions_per_second": 300.0}


def drive(url: str, rooms_plan: list[dict[str, Any]], seconds: float, seed: int, out: Any) -> None:
    """Play the given rooms round after round until time is up; report latencies."""
    store = Store(url)
    rooms = Rooms(store)
    rng = random.Random(seed)
    version_ms: list[float] = []
    act_ms: list[float] = []
    accepted = refused = 0
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        for room in rooms_plan:
            start = time.perf_counter()
            rooms.version(room["code"])
            version_ms.append((time.perf_counter() - start) * 1000)
            view = rooms.view(room["host"])
            if view.status == "results":
                rooms.next_round(room["host"])
                continue
            if view.status == "over":
                rooms.rematch(room["host"])
                continue
            if view.status == "choosing" and view.choice is not None:
                chooser = room["tokens"][view.choice.chooser]
                confirm_default_removal(rooms, chooser, view)
                continue
            if view.table is None or view.table.to_act is None:
                continue
            token = room["tokens"][view.table.to_act]
            mine = rooms.view(token)
            move = pick(mine, rng)
            start = time.perf_counter()
            try:
                rooms.act(token, move, mine.version)
                accepted += 1
            except RoomError:
                refused += 1
            act_ms.append((time.perf_counter() - start) * 1000)
    store.close()
    out.put({"version_ms": version_ms, "act_ms": act_ms, "accepted": accepted, "refused": refused})


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def run(url: str, rooms_count: int, drivers: int, seconds: float) -> dict[str, Any]:
    store = Store(url)
    rooms = Rooms(store)
    rng = random.Random(1)
    plans = []
    for number in range(rooms_count):
        players = 4 + number % 4
        mode = ("teams", "random", "partners")[number % 3]
        settings = get(FLAGSHIP).table.settings_from_json({"mode": mode, "players": players})
        _, tokens = open_room(rooms, settings, players)
        host = tokens[0]
        by_position = tokens_by_position(rooms, tokens)
        code = rooms.room_of(host)
        view = rooms.view(host)
        if view.status == "choosing":  # the chooser confirms the preselected cards
            assert view.choice is not None
            chooser = by_position[view.choice.chooser]
            confirm_default_removal(rooms, chooser, view)
        plans.append({"code": code, "host": host, "tokens": by_position})
    store.close()
    rng.shuffle(plans)
    out = SPAWN.Queue()
    workers = [
        SPAWN.Process(target=drive, args=(url, plans[i::drivers], seconds, i, out))
        for i in range(drivers)
    ]
    started = time.monotonic()
    for w in workers:
        w.start()
    parts = [out.get(timeout=seconds + 300) for _ in workers]
    for w in workers:
        w.join()
    elapsed = time.monotonic() - started
    version_ms = [v for p in parts for v in p["version_ms"]]
    act_ms = [v for p in parts for v in p["act_ms"]]
    accepted = sum(p["accepted"] for p in parts)
    return {
        "rooms": rooms_count,
        "drivers": drivers,
        "seconds": round(elapsed, 1),
        "version_median_ms": round(statistics.median(version_ms), 2),
        "version_p95_ms": round(p95(version_ms), 2),
        "act_median_ms": round(statistics.median(act_ms), 2),
        "act_p95_ms": round(p95(act_ms), 2),
        "accepted": accepted,
        "refused": sum(p["refused"] for p in parts),
        "actions_per_second": round(accepted / seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--drivers", type=int, default=2, help="driver processes (one a core)")
    parser.add_argument("--seconds", type=float, default=20.0, help="play time per database")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        results["sqlite"] = run(url, args.rooms, args.drivers, args.seconds)
    with postgres.server() as base:
        results["postgresql"] = run(
            postgres.fresh_database(base), args.rooms, args.drivers, args.seconds
        )
    if args.json:
        print(json.dumps(results))
        return
    print(f"Room store: {args.rooms} rooms of 4-7 players, {args.drivers} driver processes")
    for name, r in results.items():
        print(
            f"  {name:<10} version median {r['version_median_ms']} ms, p95 {r['version_p95_ms']} ms"
            f" | act median {r['act_median_ms']} ms, p95 {r['act_p95_ms']} ms"
            f" | {r['actions_per_second']} accepted actions/s ({r['refused']} stale)"
        )
    print("  targets: version p95 < 2 ms, act p95 < 25 ms on SQLite, >= 300 accepted actions/s")


if __name__ == "__main__":
    main()
