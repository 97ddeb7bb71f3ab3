"""A3 and A4 in Chromium: seat tags whole on a phone and a laptop, the top seat's bubble clear
of its card, the finished trick that stays with its winner outlined, and "Last trick".

One server and one browser for the module; the rooms are seeded through the
service into the server's database, every seat a human with a long name.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from core.rooms import Rooms
from core.store import Store
from tests.felt_rooms import SIZES, play_until, roles_shown, seated_room, trick_just_won
from tests.servers import streamlit_server
from tests.service_play import pick

SCREENS = [(390, 844), (1280, 800)]
TABLES = [(game, players) for game, sizes in SIZES.items() for players in sizes]

#: Each chip: its tag's box against the chip's and whether its text is cut; the name's width.
CHIPS = """() => [...document.querySelectorAll('.m3-felt .m3-spot')].map(spot => {
  const chip = spot.getBoundingClientRect();
  const tag = spot.querySelector('.m3-tag');
  const name = spot.querySelector('.m3-name b');
  const box = tag && tag.getBoundingClientRect();
  return {
    tag: tag ? tag.textContent : '',
    inside: !box || (box.left >= chip.left - 0.5 && box.right <= chip.right + 0.5
      && box.top >= chip.top - 0.5 && box.bottom <= chip.bottom + 0.5),
    whole: !tag || tag.scrollWidth <= tag.clientWidth,
    name: name.getBoundingClientRect().width / parseFloat(getComputedStyle(name).fontSize),
  };
})"""


VISIBLE_PIECES_ARE_ONE = """() => [...document.querySelectorAll('.m3-felt .m3-put')]
  .filter(n => getComputedStyle(n).visibility === 'visible').length === 1"""


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('felt') / 'rooms.db'}"


@pytest.fixture(scope="module")
def rooms(database: str) -> Iterator[Rooms]:
    store = Store(database)
    yield Rooms(store)
    store.close()


@pytest.fixture(scope="module")
def server(database: str, rooms: Rooms) -> Iterator[str]:
    with streamlit_server(database) as (base, _):
        yield base


def at_play(rooms: Rooms, game: str, players: int) -> list[str]:
    """A fresh room of the game (a room nobody plays closes after five minutes), roles shown
    and a trick just won: its tokens in table order."""
    _, ordered = seated_room(rooms, game, players)
    play_until(rooms, ordered, roles_shown)
    play_until(rooms, ordered, trick_just_won)
    return ordered


def open_felt(browser: Browser, server: str, token: str, size: tuple[int, int]) -> Page:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(f"{server}/room?seat={token}")
    page.locator(".m3-felt").wait_for()
    return page


def boxes_meet(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a4_every_seat_shows_its_whole_tag_and_the_start_of_its_name(
    browser: Browser, server: str, rooms: Rooms, game: str, players: int
) -> None:
    """At each size of :data:`SCREENS` in turn, the same page resized (the felt is laid out
    by CSS alone, so a resize lays it out as a page opened at that size would)."""
    page = open_felt(browser, server, at_play(rooms, game, players)[0], SCREENS[0])
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)  # the new layout is drawn
        chips: list[dict[str, Any]] = page.evaluate(CHIPS)
        assert len(chips) == players
        if game != "thirteen":  # Thirteen tags only a seat that went out
            assert any(chip["tag"] for chip in chips)
        assert all(chip["inside"] and chip["whole"] for chip in chips), (width, chips)
        assert all(chip["name"] >= 2.2 for chip in chips), (width, chips)  # three letters+
    page.close()


@pytest.mark.parametrize("size", SCREENS, ids=lambda s: f"{s[0]}px")
def test_a4_the_top_seats_bubble_leaves_its_card_uncovered(
    browser: Browser,
    server: str,
    rooms: Rooms,
    size: tuple[int, int],
) -> None:
    ordered = at_play(rooms, "moon3", 4)
    bidder = rooms.view(ordered[0]).table.bidder
    page = open_felt(browser, server, ordered[(bidder + 2) % 4], size)
    note = page.locator(f'.m3-spot[data-seat="{bidder}"] .m3-note').bounding_box()
    card = page.locator(f'.m3-put[data-seat="{bidder}"]').bounding_box()
    page.close()
    assert note is not None and card is not None
    assert not boxes_meet(dict(note), dict(card))


@pytest.mark.parametrize("size", SCREENS, ids=lambda s: f"{s[0]}px")
def test_a4_three_seats_pieces_leave_the_trick_number_uncovered(
    browser: Browser, server: str, rooms: Rooms, size: tuple[int, int]
) -> None:
    page = open_felt(browser, server, at_play(rooms, "moon_dominoes", 3)[0], size)
    centre = page.locator(".m3-centre").bounding_box()
    pieces = [
        box
        for box in page.locator(".m3-put").evaluate_all(
            "nodes => nodes.map(n => { const b = n.getBoundingClientRect();"
            " return {x: b.x, y: b.y, width: b.width, height: b.height}; })"
        )
    ]
    page.close()
    assert centre is not None and len(pieces) == 3
    assert not any(boxes_meet(dict(centre), piece) for piece in pieces)


@pytest.mark.parametrize(("game", "players"), [("moon3", 4), ("spades", 4), ("moon_dominoes", 3)])
def test_a3_the_finished_trick_stays_outlined_then_yields_to_the_next_lead(
    browser: Browser, server: str, rooms: Rooms, game: str, players: int
) -> None:
    _, ordered = seated_room(rooms, game, players)
    play_until(rooms, ordered, trick_just_won)
    leader = rooms.view(ordered[0]).table.to_act
    page = open_felt(browser, server, ordered[(leader + 1) % players], (390, 844))
    assert page.locator(".m3-put").count() == players
    outline = page.locator(".m3-put.m3-win > *").first.evaluate(
        "n => getComputedStyle(n).outlineStyle"
    )
    assert outline == "solid"
    mine = rooms.view(ordered[leader])
    rooms.act(ordered[leader], pick(mine, random.Random(2)), mine.version)
    # The lead alone once the finished trick's two seconds are over, however late the page saw it.
    page.wait_for_function(VISIBLE_PIECES_ARE_ONE)
    page.close()


def test_a3_last_trick_shows_the_previous_trick(
    browser: Browser, server: str, rooms: Rooms
) -> None:
    page = open_felt(browser, server, at_play(rooms, "spades", 4)[0], (390, 844))
    page.get_by_role("button", name="Last trick").click()
    rows = page.locator(".m3-last")
    rows.first.wait_for()
    count, won = rows.count(), page.locator(".m3-last.m3-win").count()
    page.close()
    assert (count, won) == (4, 1)
