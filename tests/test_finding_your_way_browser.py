"""Finding your way on a phone (SPEC A8), in Chromium at 390×844: the menu closes once a
page is picked, the menu's Room and Rules take a seated player back to their room's seat
and game, and none of these pages scrolls sideways."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from core import games
from core.rooms import Rooms
from core.store import Store
from tests.servers import streamlit_server
from tests.test_browser import SETTLED, SIDEWAYS
from ui.games import ordered

PHONE = {"width": 390, "height": 844}
#: A game other than the one the Rules page opens on by itself.
OTHER = next(name for name in games.names() if name != games.FLAGSHIP)
MENU_CLOSED = """() => document.querySelector('[data-testid="stSidebar"]')
  ?.getAttribute("data-collapsed") === "true" """


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A server, and a lobby of a game other than the flagship with its host's seat link."""
    database = f"sqlite:///{tmp_path_factory.mktemp('a8') / 'rooms.db'}"
    rooms = Rooms(Store(database))
    table = games.get(OTHER).table
    code, host = rooms.create("Asha", table.settings_for(games.get(OTHER).sample_configs()[0]))
    with streamlit_server(database) as (base, _):
        yield {"base": base, "seat": f"/room?room={code}&seat={host}"}
    rooms.store.close()


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    yield context.new_page()
    context.close()


def settled(page: Page, name: str) -> None:
    """The page has run to its end; it does not scroll sideways."""
    page.wait_for_function(SETTLED, timeout=30_000)
    page.wait_for_timeout(300)
    overflow = page.evaluate(SIDEWAYS)
    assert overflow <= 0, f"{name} scrolls sideways by {overflow}px"


def pick(page: Page, title: str) -> None:
    """Open the menu and pick a page; the menu must close by itself."""
    page.get_by_test_id("stExpandSidebarButton").click()
    page.get_by_test_id("stSidebar").get_by_role("link", name=title, exact=True).click()
    page.wait_for_function(MENU_CLOSED, timeout=10_000)


def test_a8_on_a_phone_the_menu_closes_after_a_choice_and_takes_you_back_without_sideways_scrolling(
    site: dict[str, Any], phone: Page
) -> None:
    phone.goto(site["base"])
    settled(phone, "home")
    phone.get_by_role("button", name="Quick game").nth(ordered().index(OTHER)).click()
    phone.get_by_role("button", name="Start Quick Game").wait_for(timeout=30_000)
    settled(phone, f"home's Quick game of {OTHER}")
    pick(phone, "Create Room")
    settled(phone, "Create Room")
    for name in games.names():  # every game's own form
        phone.get_by_role("radiogroup", name="Game").get_by_text(
            games.get(name).title, exact=True
        ).click()
        settled(phone, f"Create Room of {name}")
    phone.goto(site["base"] + site["seat"])
    settled(phone, "the lobby")
    phone.get_by_text("Your seat link", exact=True).click()
    settled(phone, "the lobby's seat link")
    pick(phone, "Rules")
    settled(phone, "Rules")
    checked = phone.get_by_role("radiogroup", name="Game").locator("label:has(input:checked)")
    assert checked.inner_text().strip() == games.get(OTHER).title
    pick(phone, "Room")
    phone.get_by_text("(you)").wait_for(timeout=30_000)
    assert "seat=" in phone.url
    settled(phone, "the room, back from the menu")
