"""Driving the room page in Chromium, shared by the browser tests and the UI benchmark."""

from __future__ import annotations

import contextlib
import functools
import json

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from core.moon3 import record
from core.moon3.state import State
from core.store import Room, Store

#: Counts the tones a page starts and the buzzes it asks for (A7), installed before its scripts.
TURN_ALERT_SPY = """
window.m3Tones = 0;
window.m3Buzzes = 0;
const started = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.m3Tones += 1;
  return started.apply(this, args);
};
navigator.vibrate = () => { window.m3Buzzes += 1; return true; };
"""


def create_room(page: Page, base: str, name: str) -> str:
    """Create a room from the Create Room page as ``name``; return the lobby's invite link."""
    page.goto(f"{base}/create")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Create Room").click()
    page.wait_for_selector("text=Invite your friends", timeout=20_000)
    return page.locator("code:visible").first.inner_text().strip()


def join_through_invite(page: Page, invite: str, name: str, team: str | None = None) -> None:
    """Take a seat from an invite link, on the given team in Team-wise mode."""
    page.goto(invite)
    page.get_by_label("Your name").fill(name)
    if team is not None:
        page.get_by_text(f"Team {team} (").click()
    page.get_by_role("button", name="Join", exact=True).click()
    page.wait_for_selector("text=Waiting for the host", timeout=20_000)


#: A card the player may play now. A card they may not is dimmed and keyed ``dim-…`` (it
#: still taps, for the rules to say why not); a waiting hand's cards are ``play-…`` but off.
LIVE_CARD = 'div[class*="st-key-play-"] button:not([disabled])'
#: A dimmed card or tile of the hand: on the player's turn, one the rules refuse now.
DIMMED = 'div[class*="st-key-dim-"] button'


def take_turn(page: Page) -> bool:
    """Make this player's move if it is their turn; True if they clicked.

    A page redrawn under the pointer (the table moved on) makes a click time
    out; that counts as no move, and the caller looks at the table again.
    """
    try:
        if page.get_by_role("button", name="Pass").count():
            page.get_by_role("button", name="Pass").click(timeout=5_000)
            return True
        trump = page.locator('div[class*="st-key-trump-H"] button')
        if trump.count():
            trump.click(timeout=5_000)
            return True
        playable = page.locator(LIVE_CARD)
        if playable.count():
            # Its corner: the hand overlaps.
            playable.first.click(position={"x": 8, "y": 16}, timeout=5_000)
            return True
    except PlaywrightTimeout:
        return False
    return False


#: A move the page offers its player: a bid or a pass, a trump, a card that may be played.
YOUR_MOVE = """() => [...document.querySelectorAll('button:not([disabled])')].some(b =>
  ['Pass', 'Bid'].includes(b.innerText.trim())
  || b.closest('div[class*="st-key-trump-"], div[class*="st-key-play-"]'))"""


def wait_for_turn(page: Page, timeout: float = 2_000) -> None:
    """Wait until the page offers its player a move, at most ``timeout`` ms (no error after).

    The page learns of the last move at its next poll; this returns as soon as it has
    redrawn, where a fixed pause would wait on after it.
    """
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(YOUR_MOVE, timeout=timeout, polling=50)


def act_in_page(page: Page, state: State) -> bool:
    """Make the move of the player to act in ``state`` through their page; True if clicked.

    The opening bid is a "Bid" so that the auction has a bidder; every later
    turn is the page's first offer (pass, hearts as trump, first playable card).
    """
    if state.phase.label == "bidding" and not state.history:
        page.get_by_role("button", name="Bid").click()
        return True
    return take_turn(page)


@functools.cache
def _store(database: str) -> Store:
    """One store a database for the referee: opening one creates and checks every table."""
    return Store(database)


def table_state(database: str, code: str) -> State | None:
    """The round as the server holds it, rebuilt by the engine (the test's referee)."""
    with _store(database).read() as db:
        room = db.get(Room, code)
        doc = json.loads(room.doc) if room else None
    if not doc or doc["round"] is None:
        return None
    return record.replay(record.load(doc["round"]))
