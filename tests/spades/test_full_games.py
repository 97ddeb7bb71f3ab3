"""Whole Spades games to 500 in Chromium, with the leak check at every step.

Two tables, each played from the first deal to "Game over":

- four friends in four browser contexts: the host creates a Spades room on
  Create Room, three join through the invite link, the host begins and deals
  every next hand;
- one player alone through Quick game on Home, with three Rules bots.

Every human move is a tap on the page (a bid button, a card's corner). What
to tap is the Rules bot's choice for that seat, worked out from the seat's
own view, so that hands are bid and played sensibly and the game reaches 500
in a handful of hands. Before each move every page is checked: its HTML
holds no card of another player's hand, nor its own hand while it is face
down for a blind nil.

These games take minutes each, so they run with ``make e2e`` rather than in
``make test`` (which plays a whole Spades hand in Chromium, tests/spades/test_browser.py).
"""

from __future__ import annotations

import json
import random
import re
import tempfile
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from sqlmodel import select

from core import bots
from core.pieces import cards
from core.spades import rules, table
from core.spades.actions import Action
from core.spades.state import State
from core.spades.view import player_view
from core.store import Room, Seat, Store
from tests.browsing import join_through_invite
from tests.servers import streamlit_server

pytestmark = pytest.mark.full_game

#: How long one whole game may take before the test gives up (not a timing assertion).
GAME_LIMIT = 1500.0


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, str]]:
    database = f"sqlite:///{tempfile.mkdtemp(prefix='spades-games-')}/rooms.db"
    with streamlit_server(database) as (base, _):
        yield base, database


def room_now(database: str, code: str) -> tuple[str, int, dict[str, Any], dict[str, int]]:
    """The room's status, version, document and seated names' positions, as the server has them."""
    store = Store(database)
    try:
        with store.read() as db:
            room = db.get(Room, code)
            assert room is not None
            seats = db.exec(select(Seat).where(Seat.room_code == code)).all()
            return (
                room.status,
                room.version,
                json.loads(room.doc),
                {s.name: s.position for s in seats if s.position is not None},
            )
    finally:
        store.close()


def check_no_leak(html: str, state: State, seat: int) -> None:
    """No card of another hand on this seat's page, nor its own while face down for blind nil."""
    own = set(rules.hand_of(state, seat))
    hidden = {
        c
        for other in range(state.config.players)
        if other != seat
        for c in rules.hand_of(state, other)
    }
    if player_view(state, seat).hand_hidden:
        hidden |= own
    else:
        hidden -= own
    for c in hidden:
        name = cards.NAME[c]
        assert f'data-card="{name}"' not in html, f"seat {seat} sees {name}"
        assert f"-p0-{name}-" not in html, f"seat {seat} holds a button for {name}"


def tap(page: Page, move: Action) -> bool:
    """Make ``move`` on the page by tapping its button; False if the page was mid-redraw."""
    if move.kind == "bid":
        key = "bid-blind" if move.blind else f"bid-{move.value}"
        target = page.locator(f"div.st-key-{key} button")
        position = None
    else:
        name = cards.NAME[move.value]
        target = page.locator(f'div[class*="st-key-play-"][class*="-p0-{name}-"] button')
        position = {"x": 8, "y": 16}  # the corner: the hand overlaps
    try:
        target.click(timeout=5_000, position=position)  # type: ignore[arg-type]
    except PlaywrightTimeout:
        return False
    return True


def wait_for_change(database: str, code: str, before: int) -> None:
    """Give the server a moment to take the tap just made (the room's version moves on)."""
    for _ in range(60):
        store = Store(database)
        try:
            with store.read() as db:
                room = db.get(Room, code)
                if room is not None and room.version > before:
                    return
        finally:
            store.close()
        time.sleep(0.1)


def drawn_version(html: str) -> int:
    """The room version a page's felt was drawn at (-1 when no felt is drawn)."""
    found = re.search(r'data-version="(\d+)"', html)
    return int(found.group(1)) if found else -1


def play_to_the_end(pages: dict[int, Page], host: Page, database: str, code: str) -> dict[str, Any]:
    """Play every human seat's turns on its page until the game is over; the final document.

    A page may lag a poll behind the server, never run ahead of it: within a
    hand a lagging page can show only cards already played, but one drawn
    before the deal still shows the last hand's final trick, cards that are
    now back in hands. So each page is checked against the hand it was drawn
    for: every page drawn since this hand was first seen dealt.
    """
    rng = random.Random(7)
    bot = bots.get("spades", "rules")
    dealt_by: dict[int, int] = {}  # hand number -> a room version at which it was in play
    checks = 0
    deadline = time.monotonic() + GAME_LIMIT
    while time.monotonic() < deadline:
        htmls = {seat: page.content() for seat, page in pages.items()}
        status, version, doc, _ = room_now(database, code)
        if status == "over":
            assert checks > 0
            return doc
        if status == "results":
            try:
                host.get_by_role("button", name="Next Hand").click(timeout=5_000)
            except PlaywrightTimeout:
                time.sleep(0.3)
            continue
        if status != "playing" or not doc.get("round"):
            time.sleep(0.2)
            continue
        state = table.restore(doc["round"])
        since = dealt_by.setdefault(int(doc["game"]["rounds"]), version)
        for seat, html in htmls.items():
            if drawn_version(html) >= since:
                check_no_leak(html, state, seat)
                checks += 1
        actor = state.to_act
        if actor is None or actor not in pages:
            time.sleep(0.2)
            continue
        move = bot.choose(player_view(state, actor), rng)
        before = room_version(database, code)
        if tap(pages[actor], move):
            wait_for_change(database, code, before)
        else:
            time.sleep(0.3)
    pytest.fail("the Spades game did not reach its end")


def room_version(database: str, code: str) -> int:
    store = Store(database)
    try:
        with store.read() as db:
            room = db.get(Room, code)
            return room.version if room is not None else 0
    finally:
        store.close()


def check_game_over(pages: list[Page], doc: dict[str, Any]) -> None:
    """The game ended at 500: a side at or over the target won, and every page says so."""
    game = doc["game"]
    assert isinstance(game, dict)
    totals = game["totals"]
    winners = game["winners"]
    assert winners and max(totals) >= 500, (totals, winners)
    assert totals[winners[0]] == max(totals)
    assert game["rounds"] >= 2, "a game to 500 takes several hands"
    for page in pages:
        page.wait_for_selector("text=Game over", timeout=30_000)
    print(f"game over after {game['rounds']} hands: totals {totals}, winners {winners}")


def test_four_friends_play_a_whole_spades_game_to_500_in_four_browsers(
    site: tuple[str, str], browser: Browser
) -> None:
    base, database = site
    sizes = [(390, 844), (1280, 800), (390, 844), (1280, 800)]
    contexts = [browser.new_context(viewport={"width": w, "height": h}) for w, h in sizes]
    pages = [context.new_page() for context in contexts]
    host = pages[0]
    host.goto(f"{base}/create")
    host.get_by_label("Your name").fill("Asha")
    host.get_by_text("Spades", exact=True).click()
    host.get_by_role("button", name="Create Room").click()
    host.wait_for_selector("text=Invite your friends", timeout=20_000)
    invite = host.locator("code:visible").first.inner_text().strip()
    code = invite.rsplit("=", 1)[-1]
    names = ["Asha", "Ben", "Chen", "Dev"]
    for page, name in zip(pages[1:], names[1:], strict=True):
        join_through_invite(page, invite, name)
    host.wait_for_selector("text=Dev", timeout=20_000)
    host.get_by_role("button", name="Begin Game").click()
    _, _, _, positions = room_now(database, code)
    by_seat = {positions[name]: page for name, page in zip(names, pages, strict=True)}
    assert sorted(by_seat) == [0, 1, 2, 3]
    doc = play_to_the_end(by_seat, host, database, code)
    check_game_over(pages, doc)
    for context in contexts:
        context.close()


def test_one_player_and_three_bots_play_a_whole_spades_game_to_500_from_quick_game(
    site: tuple[str, str], browser: Browser
) -> None:
    base, database = site
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(base)
    page.wait_for_selector("text=Start Quick Game", state="attached", timeout=30_000)
    page.get_by_text("Quick game", exact=True).click()
    page.get_by_label("Your name").last.fill("Solo")
    page.get_by_text("Spades", exact=True).click()
    page.get_by_role("button", name="Start Quick Game").click()
    page.wait_for_selector(".m3-felt[data-version]", timeout=30_000)
    code = page.url.split("room=")[1].split("&")[0]
    _, _, doc, positions = room_now(database, code)
    assert doc["game_name"] == "spades" and len(positions) == 4
    final = play_to_the_end({positions["Solo"]: page}, page, database, code)
    check_game_over([page], final)
    context.close()
