"""Load test: simulated players polling and acting like people, stepped up until it hurts.

Each step seats N players at Team-wise 2v2 tables (all humans, no bots) and
shares them among several processes. Every player polls its room's version
once a second; when the version moved it reads its view and, if it is its
turn, acts after a human pause (0.5 to 2.5 s; the host starts the next round
or a rematch the same way). A step lasts a fixed time. Per step and database
it reports:

- players, accepted actions/s, p50/p95 of a poll (``version``) and of an act;
- errors: any failure other than a refusal of a stale move (must be 0);
- lost or duplicated actions: the accepted acts counted by the players against
  the human actions stored in every round record and every round in play, each
  of which must replay under the rules (must be 0, always).

Steps go 50, 100, 200, 400, 800, 1600 players (``--players``) and stop once
the act p95 passes 250 ms or errors appear, or once the player processes
themselves fall more than a second behind their polls (then the machine
running them is the limit, not the server). SQLite (a file in a temporary folder) and a
throwaway PostgreSQL on loopback. Run with ``make bench`` or
``python -m bench.load``; everything stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import heapq
import json
import multiprocessing
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlmodel import select

from core import records
from core.games import FLAGSHIP, get
from core.rooms import Rooms, Stale
from core.store import Room, RoundRecord, Store
from tests import postgres
from tests.service_play import open_room, pick

SPAWN = multiprocessing.get_context("spawn")
LIMIT_MS = 250.0
#: Past this the player processes cannot keep to one poll a second on this machine.
LAG_LIMIT_MS = 1000.0
PAUSE = (0.5, 2.5)


def play(url: str, players: list[dict[str, Any]], seconds: float, seed: int, out: Any) -> None:
    """Poll once a second per player; act on its turn after a human pause."""
    store = Store(url)
    rooms = Rooms(store)
    rng = random.Random(seed)
    poll_ms: list[float] = []
    act_ms: list[float] = []
    #: How late polls start: the load generator's own saturation, not the server's.
    lag_ms: list[float] = []
    accepted = stale = 0
    errors: list[str] = []
    seen: dict[int, int] = {}
    planned: set[int] = set()
    start = time.monotonic()
    stop = start + seconds
    queue = [(start + rng.random(), i, "poll") for i in range(len(players))]
    heapq.heapify(queue)
    while queue:
        due, index, kind = heapq.heappop(queue)
        if due > stop or time.monotonic() > stop:  # behind or not, the step ends on time
            break
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        elif kind == "poll":
            lag_ms.append(-wait * 1000)
        player = players[index]
        token = player["token"]
        try:
            if kind == "poll":
                began = time.perf_counter()
                version = rooms.version(player["code"])
                poll_ms.append((time.perf_counter() - began) * 1000)
                heapq.heappush(queue, (due + 1.0, index, "poll"))
                if version == seen.get(index) or index in planned:
                    continue
                seen[index] = version
                view = rooms.view(token)
                mine = view.table is not None and view.table.my_turn
                host_turn = player["host"] and view.status in ("results", "over")
                if mine or host_turn:
                    planned.add(index)
                    heapq.heappush(queue, (time.monotonic() + rng.uniform(*PAUSE), index, "act"))
                continue
            planned.discard(index)
            view = rooms.view(token)
            if player["host"] and view.status == "results":
                rooms.next_round(token, view.version)
            elif player["host"] and view.status == "over":
                rooms.rematch(token)
            elif view.table is not None and view.table.my_turn:
                move = pick(view, rng)
                began = time.perf_counter()
                try:
                    rooms.act(token, move, view.version)
                    accepted += 1
                finally:
                    act_ms.append((time.perf_counter() - began) * 1000)
            seen.pop(index, None)  # look again at the next poll
        except Stale:  # the table moved on (a timer fired first): look again
            stale += 1
            seen.pop(index, None)
        except Exception as exc:  # every other failure is a finding
            errors.append(f"{type(exc).__name__}: {exc}")
    elapsed = time.monotonic() - start
    store.close()
    out.put(
        {
            "poll_ms": poll_ms,
            "act_ms": act_ms,
            "lag_ms": lag_ms,
            "polls": len(poll_ms),
            "elapsed": elapsed,
            "accepted": accepted,
            "stale": stale,
            "errors": errors,
        }
    )


def audit(url: str) -> dict[str, int]:
    """Human actions stored (finished rounds and rounds in play), and records that fail."""
    store = Store(url)
    stored = bad = 0
    try:
        with store.read() as db:
            texts = [r.record for r in db.exec(select(RoundRecord))]
            docs = [(r.status, r.doc) for r in db.exec(select(Room))]
    finally:
        store.close()
    rounds = [json.loads(t) for t in texts]
    for status, doc in docs:
        current = json.loads(doc).get("round")
        if status == "playing" and current:
            rounds.append(current)
    for rnd in rounds:
        try:
            records.replay(rnd)
        except (records.RecordError, records.ActionError):
            bad += 1
        auto = len(rnd.get("meta", {}).get("auto", []))
        stored += len(rnd["actions"]) - auto
    return {"stored": stored, "bad_records": bad, "rounds": len(rounds)}


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else (values or [0.0])[0]


def step(url: str, players: int, processes: int, seconds: float) -> dict[str, Any]:
    store = Store(url)
    rooms = Rooms(store)
    seated: list[dict[str, Any]] = []
    for _ in range(players // 4):
        code, tokens = open_room(
            rooms, get(FLAGSHIP).table.settings_from_json({"mode": "teams", "players": 4}), 4
        )
        seated += [{"code": code, "token": t, "host": i == 0} for i, t in enumerate(tokens)]
    store.close()
    random.Random(players).shuffle(seated)
    out = SPAWN.Queue()
    workers = [
        SPAWN.Process(target=play, args=(url, seated[i::processes], seconds, i, out))
        for i in range(processes)
    ]
    for w in workers:
        w.start()
    parts = [out.get(timeout=seconds + 600) for _ in workers]
    for w in workers:
        w.join()
    poll_ms = [v for p in parts for v in p["poll_ms"]]
    lagging = sorted(v for p in parts for v in p["lag_ms"])
    # Polls that ran on time count as no lag.
    lag_p95 = sorted(lagging + [0.0] * (len(poll_ms) - len(lagging)))[int(0.95 * len(poll_ms))]
    act_ms = [v for p in parts for v in p["act_ms"]]
    accepted = sum(p["accepted"] for p in parts)
    errors = [e for p in parts for e in p["errors"]]
    check = audit(url)
    return {
        "players": len(seated),
        "accepted": accepted,
        "actions_per_second": round(accepted / seconds, 1),
        "poll_p50_ms": round(statistics.median(poll_ms), 2),
        "poll_p95_ms": round(p95(poll_ms), 2),
        "act_p50_ms": round(statistics.median(act_ms), 2) if act_ms else None,
        "act_p95_ms": round(p95(act_ms), 2) if act_ms else None,
        "stale": sum(p["stale"] for p in parts),
        "polls_per_second": round(len(poll_ms) / max(p["elapsed"] for p in parts), 1),
        "poll_lag_p95_ms": round(lag_p95, 1),
        "errors": len(errors),
        "first_error": errors[0] if errors else None,
        "lost_or_duplicated": check["stored"] - accepted,
        "bad_records": check["bad_records"],
    }


def run(name: str, url_for: Any, steps: list[int], processes: int, seconds: float) -> list[Any]:
    results = []
    for players in steps:
        result = step(url_for(players), players, processes, seconds)
        results.append(result)
        print(
            f"  {name:<10} {result['players']:>4} players: {result['actions_per_second']:>6} "
            f"actions/s | poll p50 {result['poll_p50_ms']} p95 {result['poll_p95_ms']} ms | "
            f"act p50 {result['act_p50_ms']} p95 {result['act_p95_ms']} ms | "
            f"errors {result['errors']} | lost/duplicated {result['lost_or_duplicated']} | "
            f"bad records {result['bad_records']} | stale {result['stale']} | "
            f"{result['polls_per_second']} polls/s, lag p95 {result['poll_lag_p95_ms']} ms",
            flush=True,
        )
        if result["first_error"]:
            print(f"    first error: {result['first_error']}", flush=True)
        if result["errors"] or (result["act_p95_ms"] or 0) > LIMIT_MS:
            break
        if result["poll_lag_p95_ms"] > LAG_LIMIT_MS:
            print("    the simulated players fell behind: larger steps would measure them")
            break
    return results


def held(results: list[dict[str, Any]]) -> int:
    """The most players of a step within the act limit, without errors, at the full load."""
    good = [
        r["players"]
        for r in results
        if not r["errors"]
        and (r["act_p95_ms"] or 0) <= LIMIT_MS
        and r["poll_lag_p95_ms"] <= LAG_LIMIT_MS
    ]
    return max(good, default=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", default="50,100,200,400,800,1600", help="the steps")
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0, help="length of a step")
    parser.add_argument("--only", choices=["sqlite", "postgresql"])
    args = parser.parse_args()
    steps = [int(s) for s in args.players.split(",")]
    print(
        f"Load: Team-wise 2v2 tables of simulated players, polls 1/s, pauses {PAUSE[0]}-"
        f"{PAUSE[1]} s, {args.processes} processes, {args.seconds:g} s a step"
    )
    summary = {}
    if args.only in (None, "sqlite"):
        with tempfile.TemporaryDirectory() as folder:
            sqlite = run(
                "sqlite",
                lambda n: f"sqlite:///{Path(folder) / f'load-{n}.db'}",
                steps,
                args.processes,
                args.seconds,
            )
            summary["sqlite"] = held(sqlite)
    if args.only in (None, "postgresql"):
        with postgres.server() as base:
            pg = run(
                "postgresql",
                lambda n: postgres.fresh_database(base),
                steps,
                args.processes,
                args.seconds,
            )
            summary["postgresql"] = held(pg)
    for name, players in summary.items():
        print(
            f"  {name}: {players} players held (act p95 <= {LIMIT_MS:g} ms, no errors, "
            f"polls on time)"
        )


if __name__ == "__main__":
    main()
