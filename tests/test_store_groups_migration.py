"""A store written before groups opens with everything in the open group, and every stats
page shows the figures it showed before (SPEC G4, P7).

``tests/data/store-before-groups.db`` was written by the release before groups (87476a1):
``python -m core demo --games 1`` (every game's demo tables, bot-played) and a Moon 3 of
Spades room left in its lobby. ``tests/data/store-before-groups-figures.json`` holds every
stats page's figures of it as that release read them::

    git worktree add /tmp/old 87476a1
    cd /tmp/old && python -m core demo --store sqlite:////tmp/before.db --games 1
    python -m tests.page_figures /tmp/before.db store-before-groups-figures.json

Since then (A10) a Recap's best trio that won fewer than half its rounds is none
(set so by hand), and big bids and the headline's high bids follow the range of bids of the
decks (big bids are 200 or more with one deck, 325 with two): the file's ``big_bids_made`` and
``high`` are those of the current definition, read from the same store; every other figure is
as that release read it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from sqlalchemy import text

from core.boundary import Gate
from core.rooms import Rooms
from core.store import Store
from core.store.tables import OPEN_GROUP
from tests import page_figures, postgres

DATA = Path(__file__).parent / "data"
BEFORE = DATA / "store-before-groups.db"
FIGURES = DATA / "store-before-groups-figures.json"
#: The room left in its lobby in that store.
LOBBY = "3HPT3L"


def _old_store(database_url: str, tmp_path: Path) -> Store:
    if database_url.startswith("sqlite"):
        copy = tmp_path / "before-groups.db"
        shutil.copy(BEFORE, copy)
        return Store(f"sqlite:///{copy}")
    postgres.copy_sqlite_store(BEFORE, database_url)
    return Store(database_url)


def _owners(store: Store) -> dict[str, set[Any]]:
    with store.read() as session:
        conn = session.connection()
        return {
            table: {row[0] for row in conn.execute(text(f"SELECT group_id FROM {table}"))}
            for table in ("room", "round_record", "game_record")
        }


def test_g4_a_store_from_before_groups_puts_every_room_round_and_game_in_the_open_group(
    database_url: str, tmp_path: Path
) -> None:
    store = _old_store(database_url, tmp_path)
    try:
        assert _owners(store) == {t: {OPEN_GROUP} for t in ("room", "round_record", "game_record")}
    finally:
        store.close()


def test_g4_a_store_from_before_groups_shows_every_figure_it_showed_before(
    database_url: str, tmp_path: Path
) -> None:
    store = _old_store(database_url, tmp_path)
    try:
        expected = json.loads(FIGURES.read_text(encoding="utf-8"))
        assert json.loads(json.dumps(page_figures.figures(store))) == expected
    finally:
        store.close()


def test_g4_a_room_from_before_groups_opens_by_its_code_and_plays_on(
    database_url: str, tmp_path: Path
) -> None:
    store = _old_store(database_url, tmp_path)
    try:
        gate = Gate(Rooms(store))
        view = gate.watch(LOBBY)
        assert view.status == "lobby" and [s.name for s in view.seats] == ["Asha"]
        gate.join(LOBBY, "Bikram")
        assert [s.name for s in gate.watch(LOBBY).seats] == ["Asha", "Bikram"]
    finally:
        store.close()
