"""A store written while the shared round row held Moon 3 of Spades' columns opens, gives each
game its own rows, and every stats page shows the same figures as before (P7).

``tests/data/store-before-rows.db`` was written by the release before this change: three
Moon 3 of Spades games (Team-wise, Random and Card-Based), Spades, Three-Player Moon and
Thirteen hands, an imported history and a scorebook game. Its round rows hold Moon 3 of
Spades' bid, trump, calls and result, and Three-Player Moon's bidder, bid, trump (one letter)
and result.

``tests/data/store-before-rows-figures.json`` holds every stats page's figures of that store as
that release read them (:func:`tests.page_figures.figures`). It was made on the commit before
the change (aaf3140), with this repository's ``tests/page_figures.py``::

    git worktree add /tmp/rows-old aaf3140
    cp tests/page_figures.py /tmp/rows-old/tests/
    cp tests/data/store-before-rows.db /tmp/before.db
    cd /tmp/rows-old && python -m tests.page_figures /tmp/before.db \\
        <this repository>/tests/data/store-before-rows-figures.json

Since then (A10) a Recap's best partner that won fewer than half its rounds is none
(set so by hand), and big bids and the headline's high bids follow the range of bids of the
decks (big bids are 200 or more with one deck, 325 with two): the file's ``big_bids_made`` and
``high`` are those of the current definition, read from the same store; every other figure is
as that release read it.
"""

from __future__ import annotations

import json
import random
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, inspect, text

from core import store as opening
from core.moon3.table import RoomSettings
from core.moon_dominoes.table import MoonDominoesSettings
from core.moon_dominoes.tiles import TRUMP_NAMES
from core.rooms import Rooms
from core.spades.table import SpadesSettings
from core.store import Store
from core.store.tables import FORMER_COLUMNS, FORMER_INDEX
from core.thirteen.table import ThirteenSettings
from tests import page_figures, postgres
from tests.conftest import FakeClock
from tests.service_play import play_until_round_ends, seated, tokens_by_position

DATA = Path(__file__).parent / "data"
BEFORE = DATA / "store-before-rows.db"
FIGURES = DATA / "store-before-rows-figures.json"
#: The rounds the store holds, by game (none abandoned).
HELD = {"moon3": 40, "spades": 5, "moon_dominoes": 10, "thirteen": 3}
#: The round row's columns now: what every game's rounds have.
SHARED = {
    "id", "game", "room_code", "game_number", "round_number", "mode", "players", "jokers",
    "names", "abandoned", "source", "facts", "record", "finished_at", "group_id",
}  # fmt: skip


def old_store(database_url: str, tmp_path: Path) -> str:
    """The store written before the change, on the database of ``database_url``, unopened."""
    if database_url.startswith("sqlite"):
        copy = tmp_path / "before-rows.db"
        shutil.copy(BEFORE, copy)
        return f"sqlite:///{copy}"
    postgres.copy_sqlite_store(BEFORE, database_url)
    return database_url


def figures(store: Store) -> Any:
    """Every page's figures, as the JSON file holds them."""
    return json.loads(json.dumps(page_figures.figures(store)))


def counts(store: Store) -> dict[str, int]:
    with store.read() as db:
        conn = db.connection()
        return {
            table: conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()
            for table in (
                "round_record", "moon3_round", "round_seat", "kali_capture", "round_group",
                "moon_dominoes_round", "moon_dominoes_seat", "spades_seat", "thirteen_seat",
                "game_record", "game_seat",
            )
        }  # fmt: skip


def test_p7_every_stats_page_shows_the_figures_it_showed_before(
    database_url: str, tmp_path: Path
) -> None:
    store = Store(old_store(database_url, tmp_path))
    expected = json.loads(FIGURES.read_text(encoding="utf-8"))
    assert figures(store) == expected
    store.close()


def test_the_round_row_keeps_only_what_every_game_has(database_url: str, tmp_path: Path) -> None:
    store = Store(old_store(database_url, tmp_path))
    seen = inspect(store.writer)
    columns = {c["name"] for c in seen.get_columns("round_record")}
    assert columns == SHARED and not columns & set(FORMER_COLUMNS)
    indexes = seen.get_indexes("round_record")
    assert FORMER_INDEX not in {i["name"] for i in indexes}
    assert "ix_round_group_counted" in {i["name"] for i in indexes}
    assert "ix_moon3_round_stats" in {i["name"] for i in seen.get_indexes("moon3_round")}
    with store.read() as db:
        conn = db.connection()
        kept = dict(
            conn.execute(text("SELECT game, count(*) FROM round_record GROUP BY game")).all()
        )
        moon3 = conn.execute(
            text(
                "SELECT count(*) FROM round_record r JOIN moon3_round m ON m.round_id = r.id"
                " WHERE r.game = 'moon3'"
            )
        ).scalar_one()
        kinds = dict(
            conn.execute(
                text(
                    "SELECT r.source, count(*) FROM round_record r"
                    " JOIN moon3_round m ON m.round_id = r.id GROUP BY r.source"
                )
            ).all()
        )
        # The table size, mode and source the bids' cube reads from the round's own row.
        differ = conn.execute(
            text(
                "SELECT count(*) FROM round_record r JOIN moon3_round m ON m.round_id = r.id"
                " WHERE m.players <> r.players OR m.mode <> r.mode OR m.source <> r.source"
            )
        ).scalar_one()
    assert kept == HELD
    assert moon3 == HELD["moon3"]  # each round its own row, the scorebook's and imports' too
    assert differ == 0
    assert kinds == {"table": 10, "scorebook": 2, "import": 28}
    store.close()


def test_m3_three_player_moons_trump_is_kept_as_m3_names_it(
    database_url: str, tmp_path: Path
) -> None:
    store = Store(old_store(database_url, tmp_path))
    with store.read() as db:
        conn = db.connection()
        hands = conn.execute(
            text(
                "SELECT round_id, bidder, bid, trump, made, record FROM moon_dominoes_round"
                " JOIN round_record ON id = round_id ORDER BY round_id"
            )
        ).all()
    assert len(hands) == HELD["moon_dominoes"]
    for round_id, bidder, bid, trump, made, record in hands:
        actions = json.loads(record)["actions"]
        [named] = [a for a in actions if a["type"] == "trump"]
        assert trump == str(named["suit"]) and trump in TRUMP_NAMES, round_id
        assert bid == max(a["amount"] for a in actions if a["type"] == "bid")
        assert bidder == named["seat"] and made in (True, False)
    assert "none" in {trump for _, _, _, trump, _, _ in hands}  # stored as "N" before
    store.close()


def test_opening_the_store_again_moves_nothing_twice(database_url: str, tmp_path: Path) -> None:
    store = Store(old_store(database_url, tmp_path))
    before = counts(store)
    store.close()
    again = Store(store.url)
    assert counts(again) == before
    assert figures(again) == json.loads(FIGURES.read_text(encoding="utf-8"))
    again.close()


def test_two_servers_opening_the_store_at_the_same_moment_move_it_once(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = old_store(database_url, tmp_path)
    # Both servers look before either moves anything: both find the old columns.
    both_looked = threading.Barrier(2)
    look = opening._former_columns

    def at_once(bind: Engine | Connection) -> list[str]:
        found = look(bind)
        if isinstance(bind, Engine):  # the look before the lock
            both_looked.wait()
        return found

    monkeypatch.setattr(opening, "_former_columns", at_once)
    opened: list[Store] = []
    failed: list[BaseException] = []

    def server() -> None:
        try:
            opened.append(Store(url))
        except BaseException as exc:  # reported below, with the other server's result
            failed.append(exc)
            both_looked.abort()

    servers = [threading.Thread(target=server) for _ in range(2)]
    for thread in servers:
        thread.start()
    for thread in servers:
        thread.join()
    assert not failed, failed
    first, second = opened
    assert counts(first)["moon3_round"] == HELD["moon3"]
    assert figures(second) == json.loads(FIGURES.read_text(encoding="utf-8"))
    for store in opened:
        store.close()


def test_a_moved_store_takes_new_rounds_of_every_game(
    database_url: str, tmp_path: Path, clock: FakeClock
) -> None:
    store = Store(old_store(database_url, tmp_path))
    before = counts(store)
    rooms = Rooms(store, clock)
    rng = random.Random(11)
    _, _, moon3 = seated(rooms, RoomSettings(mode="teams", players=4))
    assert play_until_round_ends(rooms, moon3, rng).status in ("results", "over")
    for settings, names in (
        (SpadesSettings(), ("Ben", "Chen", "Dev")),
        (MoonDominoesSettings(), ("Ben", "Chen")),
        (ThirteenSettings(players=3), ("Ben", "Chen")),
    ):
        code, host = rooms.create("Asha", settings)
        tokens = [host, *(rooms.join(code, name) for name in names)]
        rooms.begin(host)
        end = play_until_round_ends(rooms, tokens_by_position(rooms, tokens), rng)
        assert end.status in ("results", "over")
    after = counts(store)
    grown = {table: after[table] - before[table] for table in after}
    assert grown["round_record"] == 4
    assert (grown["moon3_round"], grown["round_seat"]) == (1, 4)
    assert (grown["spades_seat"], grown["thirteen_seat"]) == (4, 3)
    assert (grown["moon_dominoes_round"], grown["moon_dominoes_seat"]) == (1, 3)
    with store.read() as db:
        trump = db.connection().execute(
            text("SELECT trump FROM moon_dominoes_round ORDER BY round_id DESC LIMIT 1")
        )
        assert trump.scalar_one() in TRUMP_NAMES
    found = figures(store)
    expected = json.loads(FIGURES.read_text(encoding="utf-8"))
    moon3_rounds = found["moon3"]["overview"]["all"]["overall"]["rounds"]
    assert moon3_rounds == expected["moon3"]["overview"]["all"]["overall"]["rounds"] + 1
    for game in ("spades", "moon_dominoes", "thirteen"):
        assert len(found[game]["hands"]["all"]) == len(expected[game]["hands"]["all"]) + 1
    store.close()


def test_a_store_older_than_the_kali_tidi_columns_gets_them_from_its_hand_records(
    tmp_path: Path,
) -> None:
    # Written before games were named: its round rows have no kali_ours, kali_theirs nor
    # points_known, and its rounds' own rows are derived again from their hand records.
    copy = tmp_path / "before-games.db"
    shutil.copy(DATA / "store-before-games.db", copy)
    store = Store(f"sqlite:///{copy}")
    with store.read() as db:
        own = db.connection().execute(
            text("SELECT kali_tidi, kali_ours, kali_theirs, points_known FROM moon3_round")
        )
        found = own.all()
    assert len(found) == 7
    assert all(len(json.loads(k)) == ours + theirs and known for k, ours, theirs, known in found)
    assert sum(ours for _, ours, _, _ in found) > 0
    store.close()
