"""A game of Three-Player Moon to 21 in three Chromium browsers, two phones and a laptop.

The host creates the room from the Create Room page and two friends join by
the invite link. The deal is the room's own, from a seed the test chooses
before the game begins: the first bidder holds the six tiles of one number and
another double (the widow included), bids 21, discards the odd tile, names
that number trump and takes all seven tricks, which wins the game at once
(M6). The others tap
their first legal tile. At every step no page holds a tile of another hand,
one player reloads
mid-trick and gets the same hand back, and each screen is kept as a
screenshot at 390×844 or 1280×800.
"""

from __future__ import annotations

import itertools
import json
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from playwright.sync_api import Browser, Page

from core import hosting
from core.moon_dominoes import rules, table, tiles
from core.moon_dominoes.config import Config
from core.moon_dominoes.state import State
from core.store import Room, Store
from tests.browsing import join_through_invite
from tests.servers import streamlit_server
from tests.test_browser import shoot


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, str]]:
    database = f"sqlite:///{tempfile.mkdtemp(prefix='moondom-e2e-')}/rooms.db"
    with streamlit_server(database) as (base, _):
        yield base, database


def moon_seed() -> tuple[int, int]:
    """A room seed whose first deal gives the first bidder the six tiles of a number and
    another double (with the widow): seven sure tricks. The seed and that number."""
    for seed in itertools.count(1):
        first = table.opener(seed, 1)
        state = rules.deal(Config(), first, hosting.seed_of(seed, 1))
        held = state.hands[first] | 1 << state.widow
        for number in range(1, 7):
            mask = tiles.TRUMP_MASK[number]
            doubles = [t for t in tiles.bits(held & ~mask) if tiles.DOUBLE[t]]
            if held & mask == mask and doubles:
                return seed, number
    raise AssertionError("unreachable")


def room_doc(database: str, code: str) -> dict[str, object]:
    store = Store(database)
    try:
        with store.read() as db:
            room = db.get(Room, code)
            assert room is not None
            doc: dict[str, object] = json.loads(room.doc)
    finally:
        store.close()
    return doc


def set_seed(database: str, code: str, seed: int) -> None:
    """Choose the room's deal before the game begins (a compare-and-set, as the rooms write)."""
    store = Store(database)
    try:
        with store.write() as db:
            room = db.get(Room, code)
            assert room is not None and room.status == "lobby"
            doc = json.loads(room.doc)
            doc["seed"] = seed
            assert Store.compare_and_set(
                db,
                code,
                room.version,
                doc=json.dumps(doc),
                status=room.status,
                host_seat_id=room.host_seat_id,
                due_at=room.due_at,
                now=datetime.now(UTC),
            )
            db.commit()
    finally:
        store.close()


def hand_state(database: str, code: str) -> State | None:
    doc = room_doc(database, code)
    rnd = doc.get("round")
    return table.restore(rnd) if isinstance(rnd, dict) else None


def shown_tiles(page: Page) -> set[str]:
    """The tiles of the hand this page shows, by their buttons' keys (live or dimmed)."""
    keys: list[str] = page.locator(
        '[class*="st-key-md-tile-"], [class*="st-key-dim-"]'
    ).evaluate_all(
        "nodes => nodes.map(n => [...n.classList].find(c => /^st-key-(md-tile|dim)-/.test(c)))"
    )
    return {"-".join(k.split("-")[-3:-1]) for k in keys}


def check_no_leak(page: Page, state: State, seat: int) -> None:
    """Nothing on the page names a tile still hidden in another hand (or the widow, unseen)."""
    own = set(rules.hand_of(state, seat))
    hidden = {t for s in range(3) if s != seat for t in rules.hand_of(state, s)} - own
    assert not {tiles.NAME[t] for t in hidden} & shown_tiles(page)


def wait_for_move(database: str, code: str, before: int) -> None:
    for _ in range(60):
        now = hand_state(database, code)
        if now is not None and len(now.history) > before:
            return
        time.sleep(0.1)


def tap(page: Page, css: str) -> None:
    page.locator(css).first.click(timeout=10_000)


@pytest.mark.seconds(50)
def test_three_browsers_play_to_21(site: tuple[str, str], browser: Browser) -> None:
    base, database = site
    sizes = [(390, 844), (1280, 800), (390, 844)]
    contexts = [browser.new_context(viewport={"width": w, "height": h}) for w, h in sizes]
    pages = [c.new_page() for c in contexts]
    host = pages[0]
    host.goto(f"{base}/create")
    host.get_by_label("Your name").fill("Asha")
    host.get_by_text("Three-Player Moon", exact=True).click()
    host.get_by_text("3 players (always)").wait_for(timeout=10_000)
    host.get_by_role("button", name="Create Room").click()
    host.wait_for_selector("text=Invite your friends", timeout=20_000)
    invite = host.locator("code:visible").first.inner_text().strip()
    code = invite.rsplit("=", 1)[-1]
    for page, name in zip(pages[1:], ("Ben", "Chen"), strict=True):
        join_through_invite(page, invite, name)
    host.wait_for_selector("text=Chen", timeout=20_000)
    seed, number = moon_seed()
    set_seed(database, code, seed)
    host.reload()
    host.get_by_role("button", name="Begin Game").click()
    for page in pages:
        page.wait_for_selector('[class*="st-key-md-tile-"]', timeout=20_000)
    state = hand_state(database, code)
    assert state is not None
    positions = {
        i: next(s for s in range(3) if shown_tiles(p) == set(tiles.names(rules.hand_of(state, s))))
        for i, p in enumerate(pages)
    }
    shot: set[str] = set()
    reloaded = False
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        state = hand_state(database, code)
        assert state is not None
        if state.to_act is None:
            break
        for index, page in enumerate(pages):
            check_no_leak(page, state, positions[index])
        page = next(pages[i] for i, s in positions.items() if s == state.to_act)
        phase = state.phase.label
        if phase not in shot:
            page.wait_for_selector(".m3-now.m3-yours", timeout=20_000)
            shoot(page, f"moon-dominoes-{phase}")
            # The same moment from a screen of the other size, watching.
            other = pages[1] if page is not pages[1] else pages[0]
            shoot(other, f"moon-dominoes-{phase}-watch")
            shot.add(phase)
        if phase == "playing" and state.trick_tiles and not reloaded:
            # Reconnect: the seat's link reopened mid-trick brings the same hand back.
            page.reload()
            page.wait_for_selector(".m3-felt", timeout=20_000)
            page.wait_for_selector('[class*="st-key-md-tile-"]', timeout=20_000)
            assert shown_tiles(page) == set(tiles.names(rules.hand_of(state, state.to_act)))
            reloaded = True
        before = len(state.history)
        if phase == "bidding":
            tap(page, ".st-key-md-bid-21 button")
        elif phase == "discard":
            spare = [t for t in rules.hand_of(state, state.to_act) if not tiles.is_trump(t, number)]
            odd = next((t for t in spare if not tiles.DOUBLE[t]), spare[0])
            tap(page, f'[class*="st-key-md-tile-{tiles.NAME[odd]}-"] button')
        elif phase == "trump":
            page.locator('[class*="st-key-md-trump-pick"] label').filter(
                has_text=str(number)
            ).first.click()
            page.wait_for_selector(".st-key-md-name-trump button", timeout=10_000)
            tap(page, ".st-key-md-name-trump button")
        else:
            tap(page, '[class*="st-key-md-tile-"] button:not([disabled])')
        wait_for_move(database, code, before)
    else:
        pytest.fail("the hand did not finish in the browsers")
    assert state.bid == 21 and reloaded
    assert state.taken[state.bidder or 0] == 7
    for page in pages:
        page.wait_for_selector("text=Game over", timeout=20_000)
    doc = room_doc(database, code)
    game = doc["game"]
    assert isinstance(game, dict) and game["winners"] == [state.bidder]
    assert game["totals"][state.bidder] == 21  # type: ignore[index]
    shoot(pages[0], "moon-dominoes-over")
    shoot(pages[1], "moon-dominoes-over")
    for context in contexts:
        context.close()
