"""A6 Reactions, not chat, in four browsers: one server, one Chromium, four players' pages.

A reaction sent from one page shows at the sender's seat on the other three at their next
poll and is gone four seconds later; a browser whose player muted reactions never shows one,
and stays muted when the page is opened again.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page

from core.moon3.table import RoomSettings
from core.rooms import Rooms
from core.store import Store
from tests.servers import streamlit_server
from tests.service_play import seated

#: Two phones and two laptops.
SIZES = [{"width": 390, "height": 844}, {"width": 1280, "height": 800}] * 2
WAIT = 20_000  # ms: how long a page may take to start and draw, never what is checked


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('a6') / 'rooms.db'}"


@pytest.fixture(scope="module")
def server(database: str) -> Iterator[str]:
    with streamlit_server(database) as (base, _):
        yield base


def bubble(page: Page, seat: int, said: str) -> Locator:
    """The reaction ``said`` drawn at ``seat`` on the page's felt."""
    return page.locator(f'.m3-react-at[data-seat="{seat}"] .m3-react', has_text=said)


#: The page drawn and at rest (no run going), so that a tap is not lost in a redraw.
SETTLED = """() => document.querySelector('.m3-felt')
  && !document.querySelector('[data-stale="true"], [data-testid="stStatusWidget"]')"""


def react(page: Page, said: str) -> None:
    """Open "React" and tap a reaction, as the player would."""
    page.wait_for_function(SETTLED, timeout=WAIT)
    page.get_by_role("button", name="React").click()
    page.get_by_role("button", name=said, exact=True).click()


def test_a6_a_reaction_shows_at_its_seat_in_every_other_browser_then_goes(
    server: str, database: str, browser: Browser
) -> None:
    store = Store(database)
    code, _, tokens = seated(Rooms(store), RoomSettings(mode="teams", players=4))
    store.close()
    pages = [browser.new_context(viewport=size).new_page() for size in SIZES]
    for page, token in zip(pages, tokens, strict=True):
        page.goto(f"{server}/room?room={code}&seat={token}")
    for page in pages:
        page.wait_for_selector(".m3-felt", timeout=WAIT)
    sender, others = pages[0], pages[1:]

    react(sender, "Nice!")
    for page in others:
        bubble(page, 0, "Nice!").wait_for(state="visible", timeout=WAIT)
    for page in others:
        bubble(page, 0, "Nice!").wait_for(state="hidden", timeout=WAIT)

    muted = pages[3]
    muted.wait_for_function(SETTLED, timeout=WAIT)
    muted.get_by_role("button", name="React").click()
    muted.get_by_label("Mute reactions").check()
    muted.reload()
    muted.wait_for_selector(".m3-felt", timeout=WAIT)
    react(sender, "Good game")
    bubble(pages[1], 0, "Good game").wait_for(state="visible", timeout=WAIT)
    drawn = bubble(muted, 0, "Good game")
    drawn.wait_for(state="attached", timeout=WAIT)
    # Hidden by the mute itself, not by its fade: its whole place by the seat is not shown.
    assert drawn.evaluate("n => getComputedStyle(n.closest('.m3-react-at')).display") == "none"
    for page in pages:
        page.context.close()
