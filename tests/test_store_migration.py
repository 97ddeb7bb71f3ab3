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

from core import importing
from core.rooms import Rooms
from core.store import Store
from core.store.moon3 import stats
from core.store.tables import UNIQUE_KEY
from tests import postgres

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


# ---------------------------------------------------------------- games kept without cards

#: Made by the release before a game kept without cards was stored once only: good.json and
#: good.csv imported, five.json stored three times over (as three imports of it at the same
#: moment stored it on PostgreSQL), and a finished four-player scorebook game.
BEFORE_KEYS = Path(__file__).parent / "data" / "store-before-keys.db"
IMPORTS = Path(__file__).parent / "data" / "imports"


def old_store(database_url: str, tmp_path: Path) -> str:
    """The store made by the earlier release, on the database of ``database_url``."""
    if database_url.startswith("sqlite"):
        copy = tmp_path / "before-keys.db"
        shutil.copy(BEFORE_KEYS, copy)
        return f"sqlite:///{copy}"
    postgres.copy_sqlite_store(BEFORE_KEYS, database_url)
    return database_url


def stored(store: Store) -> dict[str, int]:
    with store.read() as db:
        conn = db.connection()
        return {
            table: conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()
            for table in ("game_record", "game_seat", "round_record", "round_seat", "round_group")
        }


def test_an_old_store_keeps_one_of_each_game_it_holds_more_than_once(
    database_url: str, tmp_path: Path
) -> None:
    store = Store(old_store(database_url, tmp_path))
    with store.read() as db:
        conn = db.connection()
        keys = [k for (k,) in conn.execute(text("SELECT source_key FROM game_record"))]
        rounds = conn.execute(
            text("SELECT room_code, game_number, round_number FROM round_record")
        ).all()
        seats = conn.execute(
            text(
                "SELECT count(*) FROM round_seat JOIN round_record r ON r.id = round_id"
                " GROUP BY r.id HAVING count(*) <> max(r.players)"
            )
        ).all()
    assert len(keys) == len(set(keys)) == 6 + 3 + 5 + 1
    assert len(rounds) == len(set(rounds)) == 28 + 13 + 10 + 2
    assert seats == []  # each round kept has its own rows, once
    with store.read() as db:
        book = db.connection().execute(
            text("SELECT rounds FROM game_record WHERE source = 'scorebook'")
        )
        assert book.scalar_one() == 2  # stored as 0 by the earlier release
    assert UNIQUE_KEY in {
        i["name"] for i in inspect(store.writer).get_indexes("game_record")
    }
    before = stored(store)
    store.close()
    again = Store(store.url)
    assert stored(again) == before
    found = importing.check(again, "moon3", (IMPORTS / "five.json").read_bytes(), "five.json")
    assert importing.store_history(again, "moon3", found) == importing.Added(0, 0, 5)
    again.close()


def test_files_imported_before_keys_held_the_time_are_not_stored_again(
    database_url: str, tmp_path: Path
) -> None:
    store = Store(old_store(database_url, tmp_path))
    before = stored(store)
    for name in ("good.json", "good.csv", "five.json"):
        found = importing.check(store, "moon3", (IMPORTS / name).read_bytes(), name)
        added = importing.store_history(store, "moon3", found)
        assert added.games == 0 and added.skipped == len(found.games), name
    with store.read() as db:
        code = db.connection().execute(text("SELECT code FROM room")).scalar_one()
    rooms = Rooms(store)
    exported = json.dumps(rooms.export_book(code)).encode()
    found = importing.check(store, "moon3", exported, "book.json")
    assert importing.store_history(store, "moon3", found) == importing.Added(0, 0, 1)
    assert stored(store) == before
    store.close()
