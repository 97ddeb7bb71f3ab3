"""A store written before games were named opens, gains its columns and keeps its history (P7).

``tests/data/store-before-games.db`` was made by the release before this
change (``python -m core simulate --store`` for three games, and a room begun
through the room service). Opened now, every room, round and game in it is
Moon 3 of Spades, the stats read it as before, and its room plays on.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from sqlalchemy import inspect, text

from core.rooms import Rooms
from core.store import Store
from core.store.moon3 import stats

OLD = Path(__file__).parent / "data" / "store-before-games.db"


def opened(tmp_path: Path) -> Store:
    copy = tmp_path / "old.db"
    shutil.copy(OLD, copy)
    return Store(f"sqlite:///{copy}")


def test_an_old_store_gains_the_game_column_everywhere(tmp_path: Path) -> None:
    store = opened(tmp_path)
    columns = {
        table: {c["name"] for c in inspect(store.writer).get_columns(table)}
        for table in ("room", "round_record", "game_record")
    }
    assert all("game" in names for names in columns.values())
    with store.read() as db:
        conn = db.connection()
        for table in ("room", "round_record", "game_record"):
            games = {row[0] for row in conn.execute(text(f"SELECT game FROM {table}"))}
            assert games == {"moon3"}, table
    store.close()


def test_an_old_store_keeps_its_history_for_the_stats(tmp_path: Path) -> None:
    store = opened(tmp_path)
    figures = stats.overview(store, stats.Filters())
    assert figures.overall.rounds == 7  # every round the old release stored
    assert {s.name for s in figures.leaderboard} == {"Asha", "Ben", "Chen", "Dev"}
    store.close()


def test_an_old_room_plays_on(tmp_path: Path) -> None:
    store = opened(tmp_path)
    with store.read() as db:
        code, doc = db.connection().execute(text("SELECT code, doc FROM room")).one()
    since = json.loads(doc)["since"]
    rooms = Rooms(store, clock=lambda: since + 1)  # the moment it was left, not R30 later
    view = rooms.watch(code)
    assert view.status == "playing" and view.table is not None
    store.close()


def test_opening_twice_changes_nothing_more(tmp_path: Path) -> None:
    store = opened(tmp_path)
    store.close()
    again = Store(store.url)
    with again.read() as db:
        assert db.connection().execute(text("SELECT count(*) FROM round_record")).scalar_one() > 0
    again.close()
