"""App tests of the room screens: each loads and its main controls work."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import select
from streamlit.testing.v1 import AppTest

from core.rooms import Rooms, RoomSettings
from core.store import Seat, Store

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One SQLite file for the module: the pages' room service is cached per process."""
    url = f"sqlite:///{tmp_path_factory.mktemp('pages') / 'rooms.db'}"
    before = os.environ.get("DATABASE_URL")
    os.environ["DATABASE_URL"] = url
    from ui import session

    session.rooms.clear()  # type: ignore[attr-defined]
    yield url
    session.rooms.clear()  # type: ignore[attr-defined]
    if before is None:
        os.environ.pop("DATABASE_URL", None)
    else:
        os.environ["DATABASE_URL"] = before


def page(name: str, **query: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.switch_page(f"pages/{name}.py")
    for key, value in query.items():
        at.query_params[key] = value
    return at


def test_create_room_opens_the_lobby_of_a_new_room(database: str) -> None:
    at = page("create").run()
    assert not at.exception
    at.text_input[0].input("Asha").run()
    next(b for b in at.button if b.label == "Create Room").click().run()
    assert not at.exception
    store = Store(database)
    with store.read() as db:
        names = [s.name for s in db.exec(select(Seat))]
    store.close()
    assert "Asha" in names


def test_room_page_without_a_code_asks_for_one(database: str) -> None:
    at = page("room").run()
    assert not at.exception
    assert any("Join a room" in t.value for t in at.title)


def test_a_wrong_room_code_says_so(database: str) -> None:
    at = page("room", room="ZZZZZZ").run()
    assert not at.exception
    assert any("no room ZZZZZZ" in e.value for e in at.error)


def test_the_invite_link_offers_a_seat_and_joining_takes_it(database: str) -> None:
    rooms = Rooms(Store(database))
    code, _ = rooms.create("Host", RoomSettings(mode="teams", players=2))
    at = page("room", room=code).run()
    assert not at.exception
    assert any("Invite your friends" in m.value for m in at.markdown)
    at.text_input[0].input("<b>Ben</b>").run()
    assert not at.exception
    rooms.store.close()


def test_a_seat_link_shows_the_players_table(database: str) -> None:
    rooms = Rooms(Store(database))
    code, host = rooms.create("Host", RoomSettings(mode="teams", players=2))
    rooms.add_bot(host)
    rooms.begin(host)
    at = page("room", room=code, seat=host).run()
    assert not at.exception
    html = "\n".join(str(m.value) for m in at.markdown)
    assert "Your turn: bid or pass" in html or "Waiting for" in html
    assert 'class="m3-felt"' in html
    labels = [b.label for b in at.button]
    assert "Pass" in labels and "Bid" in labels
    next(b for b in at.button if b.label == "Pass").click().run()
    assert not at.exception
    rooms.store.close()


def test_stats_shows_a_clear_empty_state(database: str) -> None:
    at = page("stats").run()
    assert not at.exception
    assert any("No round has been finished yet" in i.value for i in at.info)
