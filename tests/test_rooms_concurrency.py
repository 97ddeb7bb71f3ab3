"""Many processes on one room at once, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import multiprocessing

from sqlmodel import select

from core import records
from core.moon3 import record
from core.moon3.table import RoomSettings
from core.rooms import Rooms
from core.store import Room, RoundRecord, Store
from tests import store_workers
from tests.service_play import open_room

#: Each worker is a process of its own that opens its own store, as a server would. They come
#: from a fork server that has imported the worker module once: no process inherits this one's
#: connections (as "fork" would give them) and none imports everything again (as "spawn" does).
PROCESSES = multiprocessing.get_context("forkserver")
PROCESSES.set_forkserver_preload(["tests.store_workers"])


def test_seven_processes_play_a_seven_player_two_deck_round(
    store: Store, database_url: str
) -> None:
    rooms = Rooms(store)  # the real clock, as the worker processes use
    settings = RoomSettings(mode="partners", players=7, decks=2)
    code, tokens = open_room(rooms, settings, 7)
    results = PROCESSES.Queue()
    workers = [
        PROCESSES.Process(target=store_workers.play_seat, args=(database_url, t, i, results))
        for i, t in enumerate(tokens)
    ]
    for w in workers:
        w.start()
    outcomes = [results.get(timeout=300) for _ in workers]
    for w in workers:
        w.join(timeout=60)
        assert w.exitcode == 0
    assert all(finished for *_, finished in outcomes)  # nobody stuck: no deadlock
    view = rooms.view(tokens[0])
    assert view.status in ("results", "over")
    with store.read() as session:
        [row] = list(session.exec(select(RoundRecord)))
        stored = json.loads(row.record)
        room_doc = json.loads(session.get(Room, code).doc)  # type: ignore[union-attr]
    # The stored log is exactly the engine's replay of it: nothing lost, nothing doubled.
    state = record.replay(record.load(stored))
    assert record.dump(state)["actions"] == stored["actions"] == room_doc["round"]["actions"]
    assert records.replay(stored)["phase"] == "round_over"
    played = sum(1 for a in stored["actions"] if a["type"] == "play")
    assert played == 7 * 14
    assert sum(acted for _, acted, _, _ in outcomes) == len(stored["actions"]) + 1  # + removal


def test_eight_processes_send_the_same_move_and_exactly_one_applies(
    store: Store, database_url: str
) -> None:
    rooms = Rooms(store)
    code, tokens = open_room(rooms, RoomSettings(mode="teams", players=2), 2)
    moves = [{"type": "bid", "amount": a} for a in (130, 135, 140, 145)] + [{"type": "pass"}]
    # Each time, all eight send the move of the seat to act, at the same moment.
    plan = [(tokens[number % 2], move) for number, move in enumerate(moves)]
    barrier = PROCESSES.Barrier(8)
    results = PROCESSES.Queue()
    racers = [
        PROCESSES.Process(
            target=store_workers.same_moves, args=(database_url, plan, barrier, results)
        )
        for _ in range(8)
    ]
    for r in racers:
        r.start()
    answers = [results.get(timeout=300) for _ in range(8 * len(moves))]
    for r in racers:
        r.join(timeout=60)
        assert r.exitcode == 0
    for number in range(len(moves)):
        these = [a for n, a in answers if n == number]
        assert these.count("applied") == 1, these
        assert all("not your turn" in a or "round is in" in a for a in these if a != "applied")
    with store.read() as session:
        doc = json.loads(session.get(Room, code).doc)  # type: ignore[union-attr]
    actions = doc["round"]["actions"]
    assert [{k: v for k, v in a.items() if k != "seat"} for a in actions] == moves
    assert [a["seat"] for a in actions] == [0, 1, 0, 1, 0]
    assert rooms.view(tokens[1]).table.phase == "trump"  # type: ignore[union-attr]
