"""A Spades hand in Chromium: one player with three Rules bots, from the deal to the results.

The player bids by tapping a number and plays by tapping a card's corner;
at every step the page holds no card of another hand that has not been
played (the leak check), and the tab title says "Your turn" on the player's
turns. Debian's Chromium, on loopback, with the server the test starts.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Iterator
from contextlib import suppress

import pytest
from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from core.pieces import cards
from core.rooms import Rooms
from core.spades import rules, table
from core.spades.state import State
from core.spades.table import SpadesSettings
from core.store import Room, Store
from tests.browsing import LIVE_CARD
from tests.servers import CHROMIUM_FLAGS, chromium, streamlit_server


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, str]]:
    database = f"sqlite:///{tempfile.mkdtemp(prefix='spades-e2e-')}/rooms.db"
    with streamlit_server(database) as (base, _):
        yield base, database


def hand_state(database: str, code: str) -> State | None:
    store = Store(database)
    try:
        with store.read() as db:
            room = db.get(Room, code)
            doc = json.loads(room.doc) if room else None
    finally:
        store.close()
    return table.restore(doc["round"]) if doc and doc["round"] else None


def check_no_leak(html: str, state: State, seat: int) -> None:
    own = set(rules.hand_of(state, seat))
    for other in range(state.config.players):
        if other == seat:
            continue
        for c in rules.hand_of(state, other):
            if c not in own:
                assert f'data-card="{cards.NAME[c]}"' not in html, f"seat {seat} sees {c}"
                assert f"-p0-{cards.NAME[c]}-" not in html, f"seat {seat} holds {c}'s button"


def test_a_spades_hand_with_three_bots_in_chromium(site: tuple[str, str]) -> None:
    base, database = site
    store = Store(database)
    rooms = Rooms(store)
    code, host = rooms.create("Solo", SpadesSettings())
    for _ in range(3):
        rooms.add_bot(host, "rules")
    rooms.begin(host)
    store.close()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        page: Page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(f"{base}/room?room={code}&seat={host}")
        page.wait_for_selector(".m3-felt", timeout=30_000)
        deadline = time.monotonic() + 240
        turns = 0
        while time.monotonic() < deadline:
            html, title = page.content(), page.title()
            state = hand_state(database, code)
            assert state is not None
            if state.to_act is None:
                break
            check_no_leak(html, state, 0)
            if state.to_act != 0 or not title.startswith("Your turn"):
                time.sleep(0.2)
                continue
            turns += 1
            before = len(state.history)
            with suppress(PlaywrightTimeout):
                if state.phase.label == "bidding":
                    page.locator('div[class*="st-key-bid-3"] button').click(timeout=5_000)
                else:
                    live = page.locator(LIVE_CARD)
                    live.first.click(position={"x": 8, "y": 16}, timeout=5_000)
            for _ in range(50):
                now = hand_state(database, code)
                if now is not None and len(now.history) > before:
                    break
                time.sleep(0.1)
        else:
            pytest.fail("the Spades hand did not finish in the browser")
        assert turns >= 14  # a bid and thirteen cards
        page.wait_for_selector(".m3-result", timeout=30_000)
        assert "Hand 1" in page.inner_text(".m3-result")
        browser.close()
