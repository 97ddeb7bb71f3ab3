"""Push in Chromium, at every game's table: a move shows on the other pages of the room, and
the bots' moves come, with push on and with push forced off (the fallback).

The push server's safety poll is ten minutes, so every move a page shows there reached it by
push: a player's tap written by this server, then each bot's move when the page woke at the
time it was due. Nothing here moves the room from the test's own process (a write from
another process on the same SQLite file is not heard by the server); the test only reads the
room's version from the file. The poll server (``PUSH=off``) shows the same by its one-second
poll.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from core import games
from core.rooms import Rooms
from core.store import Store
from tests.servers import streamlit_server
from tests.test_access_browser import (
    HAND_LIVE,
    open_table,
    play_by_keyboard,
    seat_page,
    until_play,
)

#: Push on, with a safety poll that never comes during a test; push forced off.
MODES = {"push": {"SAFETY_POLL_SECONDS": "600"}, "poll": {"PUSH": "off"}}
SHOWS = """v => { const f = document.querySelector('.m3-felt[data-version]');
                  return f && Number(f.dataset.version) >= v; }"""
#: A piece the player may play now (a dimmed one is a button too, which refuses).
PLAYABLE = f'{HAND_LIVE}:not([data-m3-dim="true"])'
YOUR_TURN = "() => /Your turn/.test(document.getElementById('m3-status').textContent)"
#: Moves of the player's own, each seen by the watcher and followed by the bots' moves.
MOVES = 2


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A server with push and one without, on one store, and the rooms of the test."""
    path = tmp_path_factory.mktemp("push") / "rooms.db"
    database = f"sqlite:///{path}"
    rooms = Rooms(Store(database))
    with (
        streamlit_server(database, env=MODES["push"]) as (pushed, _),
        streamlit_server(database, env=MODES["poll"]) as (polled, _),
    ):
        yield {"push": pushed, "poll": polled, "rooms": rooms, "path": path}
    rooms.store.close()


def stored_version(path: object, code: str) -> int:
    """The room's version as stored, read without driving anything due."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        row = db.execute("SELECT version FROM room WHERE code = ?", (code,)).fetchone()
    return int(row[0])


def take_a_turn(page: Page) -> None:
    """Play the first piece the hand offers; in Thirteen (where taps pick cards) pass when the
    seat may, else lead the lowest card, by keyboard."""
    if page.locator(".st-key-th-actions").count():
        leading = not page.locator(".st-key-th-pass button:not([disabled])").count()
        play_by_keyboard(page, leading, picks=True)
        return
    page.locator(PLAYABLE).first.click(position={"x": 8, "y": 16})  # the hand overlaps


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("game", games.names())
def test_p_a_tap_shows_on_the_other_pages_and_the_bots_moves_follow(
    sites: dict[str, Any], browser: Browser, game: str, mode: str
) -> None:
    rooms: Rooms = sites["rooms"]
    code, host = open_table(rooms, game)
    until_play(rooms, code, host)
    base = sites[mode]
    player_context = browser.new_context(viewport={"width": 390, "height": 844})
    watcher_context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        player = player_context.new_page()
        seat_page(player, base, code, host)
        watcher = watcher_context.new_page()
        watcher.goto(f"{base}/room?room={code}")
        watcher.wait_for_selector(".m3-felt", timeout=30_000)
        for _ in range(MOVES):
            # The bots before the player move as the page wakes for them: no one else drives.
            player.wait_for_selector(PLAYABLE, timeout=30_000)
            player.wait_for_function(YOUR_TURN, timeout=30_000)
            before = stored_version(sites["path"], code)
            player.wait_for_function(SHOWS, arg=before, timeout=30_000)
            take_a_turn(player)
            for _ in range(300):
                if stored_version(sites["path"], code) > before:
                    break
                player.wait_for_timeout(50)
            else:
                raise AssertionError(f"{game}: the tap made no move")
            watcher.wait_for_function(SHOWS, arg=before + 1, timeout=30_000)
            player.wait_for_function(SHOWS, arg=before + 1, timeout=30_000)
    finally:
        player_context.close()
        watcher_context.close()


#: The seconds the player's banner shows, and the tab's title, read at one moment.
CLOCK = """() => {
  const now = [...document.querySelectorAll('.m3-now.m3-yours')].pop();
  const clock = now && now.querySelector('.m3-clock');
  return clock ? [Number(clock.textContent.replace(/\\D/g, '')), document.title] : null;
}"""


def test_a5_the_bidding_countdown_counts_down_on_the_page_between_moves(
    sites: dict[str, Any], browser: Browser
) -> None:
    """A bidder's seconds and the tab's title count down every second with no move to
    redraw the page (the push server's poll is ten minutes away)."""
    rooms: Rooms = sites["rooms"]
    code, host = open_table(rooms, "moon3")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        seat_page(page, sites["push"], code, host)
        page.wait_for_function(f"() => ({CLOCK})() !== null", timeout=30_000)
        version = stored_version(sites["path"], code)
        first, _ = page.evaluate(CLOCK)
        page.wait_for_timeout(2_300)
        later, title = page.evaluate(CLOCK)
        assert stored_version(sites["path"], code) == version  # nothing moved meanwhile
        assert 2 <= first - later <= 3, (first, later)
        assert title.startswith(f"Your turn · {later} s · "), title
    finally:
        context.close()
