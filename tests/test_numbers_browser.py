"""A2 in Chromium: a number typed out of range, then a click straight on the button.

The browser commits a number box when it loses focus, which a click on a
button does first: the click must send what the box shows or nothing. Here a
player types an amount in range (and Enter), then one far out of range, and
clicks the button without Enter; nothing is stored, the range is said, and
the button is off. Screenshots of both at phone and laptop size are kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from core.moon3.book import BookSettings
from core.moon3.table import RoomSettings
from core.rooms import Rooms
from core.store import Store
from tests.servers import streamlit_server
from tests.service_play import open_room
from tests.test_browser import SETTLED, SHOTS

SIZES = ({"width": 390, "height": 844}, {"width": 1280, "height": 800})


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A server and the rooms it serves, opened through the service."""
    database = f"sqlite:///{tmp_path_factory.mktemp('numbers') / 'rooms.db'}"
    rooms = Rooms(Store(database))
    with streamlit_server(database) as (base, _):
        yield {"base": base, "rooms": rooms}
    rooms.store.close()


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=SIZES[0])
    yield context.new_page()
    context.close()


def shoot_sizes(page: Page, name: str) -> None:
    """Keep a screenshot of the page at phone and at laptop size, for people to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size in (*SIZES[1:], SIZES[0]):  # the phone last: the test goes on at that size
        page.set_viewport_size(size)
        page.wait_for_timeout(300)
        page.wait_for_function(SETTLED, timeout=20_000)
        page.screenshot(path=str(SHOTS / f"{name}-{size['width']}.png"))


def type_in(box: Any, amount: int, enter: bool) -> None:
    box.fill(str(amount))
    if enter:
        box.press("Enter")
        box.page.wait_for_timeout(500)
        box.page.wait_for_function(SETTLED, timeout=20_000)


def test_a_table_bid_typed_out_of_range_then_clicked_bids_nothing(
    site: dict[str, Any], phone: Page
) -> None:
    rooms: Rooms = site["rooms"]
    settings = RoomSettings(mode="teams", players=2, bid_timer=120)
    code, tokens = open_room(rooms, settings, humans=2)
    bidder = next(t for t in tokens if rooms.view(t).table.my_turn)  # type: ignore[union-attr]
    version = rooms.view(bidder).version
    phone.goto(f"{site['base']}/room?room={code}&seat={bidder}")
    amount = phone.get_by_label("Your bid")
    amount.wait_for(timeout=30_000)
    phone.locator('.st-key-m3-bid [data-testid="stNumberInputStepUp"]').click()
    expect(amount).to_have_value("130", timeout=10_000)  # the + step still works
    type_in(amount, 135, enter=True)
    type_in(amount, 9999, enter=False)
    phone.get_by_role("button", name="Bid", exact=True).click()
    said = phone.get_by_text("9999 is out of range: type a number from 125 to 250.", exact=False)
    expect(said).to_be_visible(timeout=20_000)
    expect(phone.get_by_role("button", name="Bid", exact=True)).to_be_disabled()
    expect(amount).to_have_value("9999")
    assert rooms.view(bidder).version == version  # nothing was bid
    shoot_sizes(phone, "bid-out-of-range")
    # Beyond what the box can hold: it shows the largest number it holds, and bids nothing.
    type_in(amount, 135, enter=True)
    amount.fill("99999999999999999999")
    expect(amount).to_have_value("999999999999999")
    phone.get_by_role("button", name="Bid", exact=True).click()
    said = phone.get_by_text("999999999999999 is out of range", exact=False)
    expect(said).to_be_visible(timeout=20_000)
    expect(phone.get_by_role("button", name="Bid", exact=True)).to_be_disabled()
    assert rooms.view(bidder).version == version


def test_a_scorebook_bid_typed_out_of_range_then_clicked_enters_no_round(
    site: dict[str, Any], phone: Page
) -> None:
    rooms: Rooms = site["rooms"]
    code, host = rooms.create_book("Asha", BookSettings(others=("Fay", "Chen", "Dev"), decks=2))
    phone.goto(f"{site['base']}/room?room={code}&seat={host}")
    for part, text in (("bidder", "Fay"), ("result", "Made")):
        button = phone.locator(f'[class*="-new-{part}"] button', has_text=re.compile(f"^{text}$"))
        button.click(timeout=30_000)
        phone.wait_for_timeout(400)
    amount = phone.locator('[class*="-new-bid"] input')
    type_in(amount, 300, enter=True)
    type_in(amount, 9999, enter=False)
    phone.get_by_role("button", name="Enter round").click()
    said = phone.get_by_text("9999 is out of range: type a number from 250 to 500.", exact=False)
    expect(said).to_be_visible(timeout=20_000)
    expect(phone.get_by_role("button", name="Enter round")).to_be_disabled()
    assert rooms.view(host).book.rounds == ()  # type: ignore[union-attr]
    shoot_sizes(phone, "scorebook-bid-out-of-range")
