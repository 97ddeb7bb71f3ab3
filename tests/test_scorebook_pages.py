"""App tests of the scorebook screens (H3): Keep score, the host's page, a watcher's page, and
hostile names shown as text everywhere they appear."""

from __future__ import annotations

import html
from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

from core.moon3.book import BookSettings
from core.rooms import Rooms
from core.store import Store
from tests.apptests import page, pages_on
from tests.test_hostile_pages import NAMES, check_page


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('book') / 'rooms.db'}") as url:
        yield url


@pytest.fixture
def rooms(database: str) -> Iterator[Rooms]:
    opened = Rooms(Store(database))
    yield opened
    opened.store.close()


def group(at: AppTest, part: str) -> object:
    """The entry's button group (bidder, partners, result) by the end of its key."""
    return next(g for g in at.get("button_group") if str(g.key).endswith(f"-new-{part}"))


def test_h3_keep_score_opens_a_scorebook_and_seats_the_host(database: str) -> None:
    at = page("keep").run()
    assert not at.exception
    at.text_input(key="book-host").input("Asha")
    at.text_area(key="book-others").input("Ben, Chen\nDev")
    at.run()
    next(b for b in at.button if b.label == "Open the scorebook").click()
    at.run()
    assert not at.exception
    assert at.query_params["room"] and at.query_params["seat"]


def test_h3_keep_score_refuses_a_table_too_small_with_a_message(database: str) -> None:
    at = page("keep").run()
    at.text_input(key="book-host").input("Asha")
    at.text_area(key="book-others").input("Ben")
    at.run()
    next(b for b in at.button if b.label == "Open the scorebook").click()
    at.run()
    assert "3 to 12 players" in at.error[0].value


def test_h3_the_host_enters_a_round_by_tapping(rooms: Rooms) -> None:
    code, host = rooms.create_book("Asha", BookSettings(others=("Ben", "Chen", "Dev")))
    at = page("room", room=code, seat=host).run()
    assert [b.label for b in at.button if b.label == "Enter round"] == ["Enter round"]
    group(at, "bidder").set_value(1).run()  # type: ignore[attr-defined]
    group(at, "partners").set_value([2]).run()  # type: ignore[attr-defined]
    group(at, "result").set_value("made").run()  # type: ignore[attr-defined]
    next(b for b in at.button if b.label == "Enter round").click().run()
    assert not at.exception
    # Ben bid the minimum (125 at four players, one deck) with Chen and made it.
    assert rooms.view(host).book.totals == (0, 250, 125, 0)
    assert any("Scores** after 1 round" in m.value for m in at.markdown)


def test_h3_a_watcher_sees_the_scores_and_may_take_a_named_seat(rooms: Rooms) -> None:
    code, host = rooms.create_book("Asha", BookSettings(others=("Ben", "Chen", "Dev")))
    rooms.enter_round(host, {"bidder": 0, "bid": 150, "partners": [3], "made": False})
    at = page("room", room=code).run()
    assert not at.exception
    assert not [b for b in at.button if b.label == "Enter round"]
    labels = [b.label for b in at.button]
    assert {"Ben", "Chen", "Dev"} <= set(labels) and "Asha" not in labels
    next(b for b in at.button if b.label == "Chen").click().run()
    assert at.query_params["seat"]


def test_h3_team_wise_entry_shows_the_bidding_team(rooms: Rooms) -> None:
    code, host = rooms.create_book(
        "Asha", BookSettings(mode="teams", others=("Ben", "Chen", "Dev"), team_b=(1, 3))
    )
    at = page("room", room=code, seat=host).run()
    group(at, "bidder").set_value(3).run()  # type: ignore[attr-defined]
    captions = [html.unescape(c.value) for c in at.caption]
    assert any("Bidding side: Ben, Dev" in c for c in captions), captions
    assert not [g for g in at.get("button_group") if str(g.key).endswith("-new-partners")]


def test_h3_hostile_player_names_are_shown_as_text(rooms: Rooms) -> None:
    code, host = rooms.create_book("Safe", BookSettings(others=tuple(NAMES)))
    rooms.enter_round(host, {"bidder": 1, "bid": 250, "partners": [2, 3], "made": True})
    check_page(page("room", room=code, seat=host).run())
    check_page(page("room", room=code).run())


def test_h3_the_scorebook_exports_json_and_csv(rooms: Rooms) -> None:
    code, host = rooms.create_book("Asha", BookSettings(others=("Ben", "Chen", "=1+1")))
    rooms.enter_round(host, {"bidder": 3, "bid": 150, "partners": [0], "made": True})
    at = page("room", room=code, seat=host).run()
    assert {"Export JSON", "Export CSV"} <= {b.label for b in at.get("download_button")}
    header, rows = rooms.export_book_rows(code)
    assert header[:6] == ["date", "game", "leader", "teammates", "bid", "made"]
    assert rows[0][2:6] == ["=1+1", "Asha", 150, "yes"]


def test_a10_a_game_over_after_one_round_says_so_in_the_singular(rooms: Rooms) -> None:
    code, host = rooms.create_book("Asha", BookSettings(others=("Ben", "Chen", "Dev"), rounds=1))
    rooms.enter_round(host, {"bidder": 0, "bid": 150, "partners": [3], "made": True})
    at = page("room", room=code, seat=host).run()
    assert not at.exception
    said = [s.value for s in at.success if "Game over" in s.value]
    assert said and said[0].startswith("Game over after 1 round:")
