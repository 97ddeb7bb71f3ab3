"""Numbers can't lie (SPEC A2): a typed number out of range sends nothing and says the range.

Each page is driven as a player would: a number typed into a box (out of its
range, or just before a click, in the same rerun as the click, as a browser
commits a box when a button takes the focus), then the button that would
send it. What is stored is checked in the store, never only on the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlmodel import select
from streamlit.testing.v1 import AppTest

from core.moon3.book import BookSettings
from core.moon3.table import RoomSettings
from core.rooms import Rooms
from core.store import Seat, Store
from tests.apptests import page, pages_on
from tests.service_play import open_room

SAID = "is out of range: type a number from"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('numbers') / 'rooms.db'}") as url:
        yield url


@pytest.fixture
def rooms(database: str) -> Iterator[Rooms]:
    opened = Rooms(Store(database))
    yield opened
    opened.store.close()


def button(at: AppTest, label: str) -> Any:
    return next(b for b in at.button if b.label == label)


def box(at: AppTest, label: str) -> Any:
    return next(n for n in at.number_input if n.label == label)


def alerts(at: AppTest) -> str:
    return "\n".join(str(e.value) for e in at.error)


def seated_named(database: str, name: str) -> bool:
    store = Store(database)
    with store.read() as db:
        found = any(s.name == name for s in db.exec(select(Seat)))
    store.close()
    return found


# ---------------------------------------------------------------- at the table


@pytest.mark.parametrize("typed", [9999, 0, -5])
def test_a_bid_typed_out_of_range_bids_nothing_and_says_the_range(rooms: Rooms, typed: int) -> None:
    code, tokens = open_room(rooms, RoomSettings(mode="teams", players=2), humans=2)
    bidder = next(t for t in tokens if rooms.view(t).table.my_turn)  # type: ignore[union-attr]
    before = rooms.view(bidder).version
    at = page("room", room=code, seat=bidder).run()
    box(at, "Your bid").set_value(typed)
    button(at, "Bid").click().run()  # the click carries the number typed just before it
    assert not at.exception
    assert rooms.view(bidder).version == before  # nothing was bid
    assert f"{typed} {SAID} 125 to 250. Bid stays off until then." in alerts(at)
    assert button(at, "Bid").disabled


# ---------------------------------------------------------------- the scorebook


def entry(at: AppTest, part: str) -> Any:
    """The entry's button group (bidder, partners, result) by the end of its key."""
    return next(g for g in at.get("button_group") if str(g.key).endswith(f"-new-{part}"))


def entry_box(at: AppTest, part: str) -> Any:
    return next(n for n in at.number_input if str(n.key).endswith(f"-new-{part}"))


def fay_made_it(rooms: Rooms) -> tuple[str, AppTest]:
    """A scorebook whose host has tapped Fay as bidder and "Made"; returns its host's page."""
    _, host = rooms.create_book("Asha", BookSettings(others=("Fay", "Chen", "Dev")))
    code = rooms.view(host).code
    at = page("room", room=code, seat=host).run()
    entry(at, "bidder").set_value(1).run()
    entry(at, "result").set_value("made").run()
    return host, at


def test_a_scorebook_bid_typed_out_of_range_enters_no_round(rooms: Rooms) -> None:
    host, at = fay_made_it(rooms)
    entry_box(at, "bid").set_value(200).run()
    entry_box(at, "bid").set_value(9999)
    button(at, "Enter round").click().run()
    assert not at.exception
    assert rooms.view(host).book.rounds == ()  # type: ignore[union-attr]
    assert f"9999 {SAID} 125 to 250. Enter round stays off until then." in alerts(at)
    assert button(at, "Enter round").disabled


@pytest.mark.parametrize("typed", [-10, 99999])
def test_points_taken_out_of_range_enter_no_round(rooms: Rooms, typed: int) -> None:
    host, at = fay_made_it(rooms)
    entry_box(at, "taken").set_value(typed)
    button(at, "Enter round").click().run()
    assert not at.exception
    assert rooms.view(host).book.rounds == ()  # type: ignore[union-attr]
    assert f"{typed} {SAID} 0 to 250. Enter round stays off until then." in alerts(at)
    assert button(at, "Enter round").disabled


def test_a_scorebook_bid_typed_just_before_enter_round_is_the_bid_stored(rooms: Rooms) -> None:
    host, at = fay_made_it(rooms)
    entry_box(at, "bid").set_value(200)
    button(at, "Enter round").click().run()
    assert not at.exception
    (stored,) = rooms.view(host).book.rounds  # type: ignore[union-attr]
    assert (stored.bidder, stored.bid, stored.made) == (1, 200, True)


def test_a_correction_out_of_range_saves_nothing_and_says_the_range(rooms: Rooms) -> None:
    _, host = rooms.create_book("Asha", BookSettings(others=("Fay", "Chen", "Dev")))
    rooms.enter_round(host, {"bidder": 1, "bid": 150, "partners": [2], "made": True})
    at = page("room", room=rooms.view(host).code, seat=host).run()
    fix = next(n for n in at.number_input if str(n.key).endswith("-fix-bid"))
    assert fix.value == 150  # the form starts from the round as entered
    fix.set_value(5)
    button(at, "Save correction").click().run()
    assert not at.exception
    assert rooms.view(host).book.rounds[0].bid == 150  # type: ignore[union-attr]
    assert f"5 {SAID} 125 to 250. Save correction stays off until then." in alerts(at)
    assert button(at, "Save correction").disabled


@pytest.mark.parametrize(
    ("length", "label", "typed", "said"),
    [
        ("default", "Minimum bid", 1, f"1 {SAID} 5 to 250."),
        ("target", "First to", 0, f"0 {SAID} 5 to 100,000."),
        ("rounds", "Rounds", 101, f"101 {SAID} 1 to 100."),
    ],
)
def test_keep_score_opens_nothing_with_a_number_out_of_range(
    database: str, length: str, label: str, typed: int, said: str
) -> None:
    host = f"Keeper {label}"
    at = page("keep").run()
    at.text_input(key="book-host").input(host)
    at.text_area(key="book-others").input("Ben, Chen\nDev")
    at.selectbox(key="book-length").set_value(length).run()
    box(at, label).set_value(typed)
    button(at, "Open the scorebook").click().run()
    assert not at.exception
    assert not seated_named(database, host)
    assert said in alerts(at)
    assert button(at, "Open the scorebook").disabled


# ---------------------------------------------------------------- Create Room


@pytest.mark.parametrize(
    ("label", "typed", "said"),
    [("Minimum bid", 9999, f"9999 {SAID} 5 to 250."), ("Players in team A", 0, f"0 {SAID} 1")],
)
def test_create_room_creates_nothing_with_a_number_out_of_range(
    database: str, label: str, typed: int, said: str
) -> None:
    host = f"Host {typed}"
    at = page("create").run()
    at.text_input[0].input(host).run()
    box(at, label).set_value(typed)
    button(at, "Create Room").click().run()
    assert not at.exception
    assert not seated_named(database, host)
    assert said in alerts(at)
    assert "Create Room stays off until then." in alerts(at)
    assert button(at, "Create Room").disabled
