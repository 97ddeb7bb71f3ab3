"""A small host: one server process on one core, 25 tables playing at once (SPEC G5).

The room service runs in one process pinned to one core (``os.sched_setaffinity``),
as on a free host that gives one process and a share of a core; it serves its
calls to the players over a local socket (``multiprocessing.managers``), one
thread a connection, as a web server would. The players are simulated at the
service level in other processes, pinned to the other cores when there are
any: 25 tables of the four games, 100 seats, half of them bots of every level
(Random, Rules and Expert in turn across the tables). Each human polls its
room's version once a second, as the room page does, reads its view when the
version moved, and on its turn acts after a human pause (0.5 to 2.5 s); a
host deals the next round and starts a rematch the same way.

It reports, against the goals:

- idle-poll CPU: the server thread's CPU time (``time.thread_time``) of a
  ``version`` call that found the room as the player last saw it (goal under
  5 ms); the service's own work, not Streamlit's rerun around it
  (``bench/ui.py`` measures that);
- click-to-visible p95: from a human's action to the other human at the table
  holding the new view, after the poll that saw the version move (goal under
  1.5 s);
- the server process's peak memory (``ru_maxrss``; goal under 1 GB);

and beside them the server's share of its core, the bot moves played and the
longest queue of Experts waiting to think. Run with ``make bench`` or
``python -m bench.host``; everything stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import multiprocessing
import os
import random
import resource
import secrets
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from multiprocessing.connection import Connection
from multiprocessing.managers import BaseManager
from pathlib import Path
from typing import Any

from core import games
from core.moon3 import cards
from core.rooms import RoomError, Rooms, RoomView, Stale
from core.rooms.timers import WORKER
from core.store import Store
from tests.service_play import pick

SPAWN = multiprocessing.get_context("spawn")
TABLES = 25
#: Seats a table of each game, in turn across the tables: 100 seats in all.
SEATS = (("moon3", 4), ("spades", 5), ("thirteen", 4), ("moon_dominoes", 3))
LEVELS = ("random", "rules", "expert")
PAUSE = (0.5, 2.5)
POLL = 1.0
IDLE_GOAL_MS = 5.0
VISIBLE_GOAL_S = 1.5
MEMORY_GOAL_MB = 1024.0


class Host(BaseManager):
    """The server's room service, called from the player processes."""


class Served:
    """The room service as the server process runs it, timing each poll's CPU."""

    def __init__(self, url: str) -> None:
        self.rooms = Rooms(Store(url))
        self.lock = threading.Lock()
        self.idle_ms: list[float] = []
        self.moved_ms: list[float] = []
        self.longest_queue = 0
        #: Seconds from an Expert's move being asked for to its being thought.
        self.expert_s: list[float] = []
        self.started = time.monotonic()
        self.cpu_started = time.process_time()
        submit = WORKER.submit

        def timed(job: Callable[[], Any]) -> Future[Any]:
            asked = time.monotonic()
            future = submit(job)
            future.add_done_callback(lambda _: self.expert_s.append(time.monotonic() - asked))
            return future

        WORKER.submit = timed  # type: ignore[method-assign]

    def version(self, code: str, seen: int | None) -> int:
        began = time.thread_time()
        version = self.rooms.version(code)
        spent = (time.thread_time() - began) * 1000
        with self.lock:
            (self.idle_ms if version == seen else self.moved_ms).append(spent)
            self.longest_queue = max(self.longest_queue, WORKER.busy())
        return version

    def view(self, token: str) -> RoomView:
        return self.rooms.view(token)

    def act(self, token: str, move: dict[str, object], version: int) -> int:
        return self.rooms.act(token, move, version)

    def choose(self, token: str, picked: list[str], version: int) -> None:
        self.rooms.choose(token, picked, version)

    def next_round(self, token: str, version: int) -> None:
        self.rooms.next_round(token, version)

    def rematch(self, token: str) -> None:
        self.rooms.rematch(token)

    def figures(self) -> dict[str, Any]:
        with self.lock:
            idle, moved = list(self.idle_ms), list(self.moved_ms)
        return {
            "idle_ms": idle,
            "moved_ms": moved,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "core_share": (time.process_time() - self.cpu_started)
            / (time.monotonic() - self.started),
            "longest_queue": self.longest_queue,
            "expert_s": list(self.expert_s),
        }


def serve(url: str, core: int, authkey: bytes, out: Connection) -> None:
    """The server process: pinned to ``core`` before any thread starts, then serving."""
    os.sched_setaffinity(0, {core})
    served = Served(url)
    Host.register("rooms", callable=lambda: served)
    server = Host(address=("127.0.0.1", 0), authkey=authkey).get_server()
    out.send(server.address)
    server.serve_forever()


def config_for(name: str, seats: int) -> Any:
    """A table of ``seats`` of the game, teams or partnerships where it has them."""
    configs = [c for c in games.get(name).sample_configs() if getattr(c, "players", 0) == seats]
    return next((c for c in configs if getattr(c, "partnership", True)), configs[0])


def open_tables(url: str) -> list[list[dict[str, Any]]]:
    """The tables, begun: per table its humans (code, token, whether the host)."""
    rooms = Rooms(Store(url))
    levels = itertools.cycle(LEVELS)
    tables = []
    for number in range(TABLES):
        name, seats = SEATS[number % len(SEATS)]
        settings = games.get(name).table.settings_for(config_for(name, seats))
        # Half the seats are bots; odd tables round the other way, so they are 50 of 100.
        humans = seats // 2 + (seats % 2) * (number // len(SEATS) % 2)
        code, host = rooms.create("Player 1", settings)
        tokens = [host] + [rooms.join(code, f"Player {n}") for n in range(2, humans + 1)]
        for _ in range(seats - humans):
            rooms.add_bot(host, next(levels))
        rooms.begin(host)
        tables.append([{"code": code, "token": t, "host": t == host} for t in tokens])
    rooms.store.close()
    return tables


def connect(address: Any, authkey: bytes) -> Any:
    Host.register("rooms")
    manager = Host(address=address, authkey=authkey)
    manager.connect()
    return manager.rooms()  # type: ignore[attr-defined]


def play(
    address: Any, authkey: bytes, tables: list[list[dict[str, Any]]], seconds: float, seed: int
) -> dict[str, Any]:
    """The humans of ``tables``: poll each second, read the view when it moved, act on a turn."""
    rooms = connect(address, authkey)
    rng = random.Random(seed)
    players = [dict(p, table=t) for t, table in enumerate(tables) for p in table]
    #: Per table: the version a human's action made, when the click was, and by whom.
    clicks: dict[int, tuple[int, float, int]] = {}
    visible: list[float] = []
    round_trips: list[float] = []
    seen: dict[int, int] = {}
    planned: set[int] = set()
    errors: list[str] = []
    acts = 0
    start = time.monotonic()
    stop = start + seconds
    queue = [(start + rng.random(), i, "poll") for i in range(len(players))]
    heapq.heapify(queue)
    while queue:
        due, index, kind = heapq.heappop(queue)
        if due > stop:
            break
        time.sleep(max(0.0, due - time.monotonic()))
        player = players[index]
        token = player["token"]
        try:
            if kind == "poll":
                heapq.heappush(queue, (due + POLL, index, "poll"))
                began = time.monotonic()
                version = rooms.version(player["code"], seen.get(index))
                round_trips.append(time.monotonic() - began)
                if version == seen.get(index) or index in planned:
                    continue
                view = rooms.view(token)
                seen[index] = view.version
                click = clicks.get(player["table"])
                if click is not None and view.version >= click[0] and click[2] != index:
                    visible.append(time.monotonic() - click[1])
                    del clicks[player["table"]]
                if wants_to_act(view, player["host"]):
                    planned.add(index)
                    heapq.heappush(queue, (time.monotonic() + rng.uniform(*PAUSE), index, "act"))
                continue
            planned.discard(index)
            view = rooms.view(token)
            clicked = time.monotonic()
            made = act(rooms, token, view, player["host"], rng)
            if made is not None:
                acts += 1
                clicks[player["table"]] = (made, clicked, index)
            seen.pop(index, None)  # look again at the next poll
        except Stale:  # the table moved on: look again
            seen.pop(index, None)
        except RoomError as exc:
            errors.append(f"{type(exc).__name__}: {exc}")
            seen.pop(index, None)
    return {"visible": visible, "round_trips": round_trips, "acts": acts, "errors": errors}


def wants_to_act(view: RoomView, host: bool) -> bool:
    if view.table is not None and view.table.my_turn:
        return True
    if view.status == "choosing" and view.me is not None and view.choice is not None:
        return view.choice.chooser == view.me.position
    return host and view.status in ("results", "over")


def act(rooms: Any, token: str, view: RoomView, host: bool, rng: random.Random) -> int | None:
    """The human's move on the view it holds; the version it made, for a move at the table."""
    if view.table is not None and view.table.my_turn:
        made: int = rooms.act(token, pick(view, rng), view.version)
        return made
    if view.status == "choosing" and view.choice is not None:
        rooms.choose(token, cards.names(view.choice.default), view.version)
    elif host and view.status == "results":
        rooms.next_round(token, view.version)
    elif host and view.status == "over":
        rooms.rematch(token)
    return None


def players_part(
    address: Any,
    authkey: bytes,
    tables: list[Any],
    seconds: float,
    seed: int,
    cores: set[int],
    out: Connection,
) -> None:
    """A player process: pinned away from the server's core, its humans played to the end."""
    if cores:
        os.sched_setaffinity(0, cores)
    out.send(play(address, authkey, tables, seconds, seed))


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else (values or [0.0])[0]


def run(seconds: float, processes: int) -> dict[str, Any]:
    authkey = secrets.token_bytes(16)
    cores = sorted(os.sched_getaffinity(0))
    server_core, others = cores[0], set(cores[1:])
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'host.db'}"
        Store(url).close()
        tables = open_tables(url)
        inbox, outbox = SPAWN.Pipe(duplex=False)
        server = SPAWN.Process(target=serve, args=(url, server_core, authkey, outbox), daemon=True)
        server.start()
        address = inbox.recv()
        pipes = [SPAWN.Pipe(duplex=False) for _ in range(processes)]
        parts = [
            SPAWN.Process(
                target=players_part,
                args=(address, authkey, tables[i::processes], seconds, i, others, sender),
            )
            for i, (_, sender) in enumerate(pipes)
        ]
        for part in parts:
            part.start()
        results = [receiver.recv() for receiver, _ in pipes]
        for part in parts:
            part.join()
        figures = connect(address, authkey).figures()
        server.terminate()
        server.join()
    visible = [v for r in results for v in r["visible"]]
    round_trips = [v for r in results for v in r["round_trips"]]
    errors = [e for r in results for e in r["errors"]]
    idle = figures["idle_ms"]
    return {
        "seats": sum(seats for _, seats in itertools.islice(itertools.cycle(SEATS), TABLES)),
        "server_core": server_core,
        "idle_polls": len(idle),
        "idle_poll_cpu_p50_ms": round(statistics.median(idle), 3),
        "idle_poll_cpu_p95_ms": round(p95(idle), 3),
        "idle_poll_cpu_mean_ms": round(statistics.mean(idle), 3),
        "moved_poll_cpu_p95_ms": round(p95(figures["moved_ms"]), 2),
        "poll_round_trip_p95_ms": round(p95(round_trips) * 1000, 1),
        "poll_round_trip_p99_ms": round(statistics.quantiles(round_trips, n=100)[-1] * 1000, 1),
        "poll_round_trip_max_ms": round(max(round_trips) * 1000, 1),
        "click_to_visible_p50_s": round(statistics.median(visible), 3) if visible else None,
        "click_to_visible_p95_s": round(p95(visible), 3) if visible else None,
        "peak_mb": round(figures["peak_mb"], 1),
        "server_core_share": round(figures["core_share"], 2),
        "longest_expert_queue": figures["longest_queue"],
        "expert_moves": len(figures["expert_s"]),
        "expert_wait_p95_s": round(p95(figures["expert_s"]), 2),
        "human_moves": sum(r["acts"] for r in results),
        "errors": len(errors),
        "first_error": errors[0] if errors else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the tables play")
    parser.add_argument("--processes", type=int, default=2, help="player processes")
    args = parser.parse_args()
    print(
        f"Small host: one server process pinned to one core, {TABLES} tables of "
        f"{', '.join(name for name, _ in SEATS)}, half the seats bots "
        f"({'/'.join(LEVELS)}), polls each {POLL:g} s, {args.seconds:g} s",
        flush=True,
    )
    result = run(args.seconds, args.processes)
    print(
        f"  {result['seats']} seats, server on core {result['server_core']}: idle poll CPU "
        f"p50 {result['idle_poll_cpu_p50_ms']} p95 {result['idle_poll_cpu_p95_ms']} ms "
        f"(goal < {IDLE_GOAL_MS:g} ms, {result['idle_polls']} polls) | click-to-visible "
        f"p50 {result['click_to_visible_p50_s']} p95 {result['click_to_visible_p95_s']} s "
        f"(goal < {VISIBLE_GOAL_S:g} s) | peak memory {result['peak_mb']} MB "
        f"(goal < {MEMORY_GOAL_MB:g} MB)",
        flush=True,
    )
    print(
        f"  poll round trip p95 {result['poll_round_trip_p95_ms']} p99 "
        f"{result['poll_round_trip_p99_ms']} max {result['poll_round_trip_max_ms']} ms | "
        f"server busy {result['server_core_share']:.0%} of its core | longest queue of "
        f"Experts {result['longest_expert_queue']}, {result['expert_moves']} Expert moves "
        f"asked to thought p95 {result['expert_wait_p95_s']} s | "
        f"{result['human_moves']} human moves | errors {result['errors']}",
        flush=True,
    )
    if result["first_error"]:
        print(f"    first error: {result['first_error']}", flush=True)


if __name__ == "__main__":
    main()
