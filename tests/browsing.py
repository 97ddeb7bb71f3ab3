"""Driving the room page in Chromium, shared by the browser tests and the UI benchmark."""

from __future__ import annotations

import json

from playwright.sync_api import Page

from core.moon3 import record
from core.moon3.state import State
from core.store import Room, Store


def take_turn(page: Page) -> bool:
    """Make this player's move if it is their turn; True if they moved."""
    if page.get_by_role("button", name="Pass").count():
        page.get_by_role("button", name="Pass").click()
        return True
    trump = page.locator('div[class*="st-key-trump-H"] button')
    if trump.count():
        trump.click()
        return True
    playable = page.locator('div[class*="st-key-play-"] button:not([disabled])')
    if playable.count():
        playable.first.click()
        return True
    return False


def act_in_page(page: Page, state: State) -> bool:
    """Make the move of the player to act in ``state`` through their page; True if clicked.

    The opening bid is a "Bid" so that the auction has a bidder; every later
    turn is the page's first offer (pass, hearts as trump, first playable card).
    """
    if state.phase.label == "bidding" and not state.history:
        page.get_by_role("button", name="Bid").click()
        return True
    return take_turn(page)


def table_state(database: str, code: str) -> State | None:
    """The round as the server holds it, rebuilt by the engine (the test's referee)."""
    store = Store(database)
    try:
        with store.read() as db:
            room = db.get(Room, code)
            doc = json.loads(room.doc) if room else None
    finally:
        store.close()
    if not doc or doc["round"] is None:
        return None
    return record.replay(record.load(doc["round"]))
