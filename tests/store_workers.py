"""Worker processes for the concurrency tests: each opens its own store, as a server would."""

from __future__ import annotations

import random
import time
from typing import Any

from core import importing
from core.rooms import RoomError, Rooms
from core.store import Store
from tests.service_play import confirm_default_removal, pick


def play_seat(url: str, token: str, seed: int, results: Any) -> None:
    """Play one seat as fast as possible, with small random pauses, until the round ends."""
    store = Store(url)
    rooms = Rooms(store)
    rng = random.Random(seed)
    acted = refused = 0
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            view = rooms.view(token)
            if view.status not in ("playing", "choosing"):
                break
            assert view.me is not None
            mine = (view.table is not None and view.table.my_turn) or (
                view.status == "choosing" and view.choice.chooser == view.me.position
            )
            if not mine:
                time.sleep(rng.uniform(0, 0.004))
                continue
            time.sleep(rng.uniform(0, 0.003))
            try:
                if view.status == "choosing":
                    confirm_default_removal(rooms, token, view)
                else:
                    rooms.act(token, pick(view, rng), view.version)
                acted += 1
            except RoomError:
                refused += 1
        results.put((token, acted, refused, time.monotonic() < deadline))
    finally:
        store.close()


def same_moves(
    url: str, plan: list[tuple[str, dict[str, Any]]], barrier: Any, results: Any
) -> None:
    """For each (token, move) of the plan: wait for the others, then all send it at once."""
    store = Store(url)
    rooms = Rooms(store)
    try:
        rooms.version(rooms.room_of(plan[0][0]))  # connect before the race starts
        for number, (token, move) in enumerate(plan):
            barrier.wait(timeout=60)
            try:
                rooms.act(token, move)
                results.put((number, "applied"))
            except RoomError as exc:
                results.put((number, f"refused: {exc}"))
    finally:
        store.close()


def import_file(url: str, data: bytes, barrier: Any, results: Any) -> None:
    """Check a history file, wait for the others to have checked it too, then all store it."""
    store = Store(url)
    try:
        found = importing.check(store, "moon3", data, "race.json")
        barrier.wait(timeout=60)
        added = importing.store_history(store, "moon3", found)
        results.put((added.games, added.rounds, added.skipped))
    finally:
        store.close()
