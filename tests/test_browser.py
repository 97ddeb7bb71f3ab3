"""End to end in headless Chromium: two players, each in their own browser context.

The test starts its own Streamlit server on a loopback port with a fresh SQLite
database, and stops it afterwards. Chromium is Debian's (``make test``
installs it); no browser is ever downloaded.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from core import cards
from core.moon3 import record
from core.moon3.state import State
from core.rooms import Rooms, RoomSettings
from core.store import Room, Store

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('e2e') / 'rooms.db'}"


@pytest.fixture(scope="module")
def server(database: str) -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": database}
    command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true"]
    command += ["--server.port", str(port), "--server.address", "127.0.0.1"]
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.5)
        else:
            raise RuntimeError("the Streamlit server did not start")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = shutil.which("chromium")
    if executable is None:
        raise RuntimeError("Debian's chromium is needed: make test installs it")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


def hand_of(page: Page) -> set[str]:
    """Every card of the player's own hand that the page shows (faces or card buttons)."""
    faces = page.locator(".m3-row [data-card]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)"
    )
    keys = page.locator('[class*="st-key-play-"]').evaluate_all(
        "nodes => nodes.map(n => [...n.classList].find(c => c.startsWith('st-key-play-')))"
    )
    return set(faces) | {key.split("-")[5] for key in keys if key}


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


SHOTS = Path(os.environ.get("SCREENSHOTS", ROOT / "data" / "screenshots"))


def shoot(page: Page, name: str) -> None:
    """Keep a screenshot of what this player sees, for people to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(800)  # let the live "now" line draw
    width = page.viewport_size["width"] if page.viewport_size else 0
    page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)


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


def check_no_leak(page: Page, state: State, seat: int) -> None:
    """The page's HTML holds no card hidden in another hand, and no partner before the reveal."""
    html = page.content()
    own = {cards.NAME[c] for c in state.hands[seat]}
    seen = {cards.NAME[c] for _, trick in state.tricks for c in trick}
    seen |= {cards.NAME[c] for c in state.trick_cards} | {cards.NAME[c] for c in state.removed}
    hidden = (
        {cards.NAME[c] for s, hand in enumerate(state.hands) if s != seat for c in hand}
        - own
        - seen
    )
    for name in hidden:
        assert f'data-card="{name}"' not in html, f"seat {seat} sees {name}"
        points = cards.POINTS[cards.parse(name)]
        suit = "J" if name == "JK" else name[-1]
        key = f"st-key-play-{suit}-p{points}-{name}-"
        assert key not in html, f"seat {seat} could play {name}"
    # Card-Based shows a partner only once the rules reveal them (R20); a page may lag a
    # poll behind the server, never run ahead of it.
    revealed = 0 if state.config.teams else len(state.partners)
    assert html.count('class="m3-tag">partner<') <= revealed


def seats_by_hand(pages: list[Page], state: State) -> dict[int, int]:
    """Which table seat each browser holds, told by the hand it shows."""
    players = range(state.config.players)
    return {
        index: next(s for s in players if {cards.NAME[c] for c in state.hands[s]} == hand_of(page))
        for index, page in enumerate(pages)
    }


def wait_for_move(database: str, code: str, before: int) -> None:
    """Give the server a moment to take the move just clicked."""
    for _ in range(40):
        now = table_state(database, code)
        if now is not None and len(now.history) > before:
            return
        time.sleep(0.1)


def join_through_invite(page: Page, invite: str, name: str, team: str | None = None) -> None:
    page.goto(invite)
    page.get_by_label("Your name").fill(name)
    if team is not None:
        page.get_by_text(f"Team {team} (").click()
    page.get_by_role("button", name="Join", exact=True).click()
    page.wait_for_selector("text=Waiting for the host", timeout=20_000)


def test_team_wise_2v2_full_round_with_reload_and_no_leaks(
    server: str, browser: Browser, database: str
) -> None:
    sizes = [(1280, 800), (390, 844), (390, 844), (1280, 800)]
    contexts = [browser.new_context(viewport={"width": w, "height": h}) for w, h in sizes]
    pages = [c.new_page() for c in contexts]
    host = pages[0]
    host.goto(f"{server}/create")
    shoot(host, "create")
    host.get_by_label("Your name").fill("Asha")
    host.get_by_role("button", name="Create Room").click()
    host.wait_for_selector("text=Invite your friends", timeout=20_000)
    invite = host.locator("code").first.inner_text().strip()
    code = invite.rsplit("=", 1)[-1]
    for page, name, team in zip(pages[1:], ("Ben", "Chen", "Dev"), ("B", "A", "B"), strict=True):
        join_through_invite(page, invite, name, team)
    host.wait_for_selector("text=Dev", timeout=10_000)
    shoot(host, "lobby")
    shoot(pages[1], "lobby")
    host.get_by_role("button", name="Begin Game").click()
    for page in pages:
        page.wait_for_selector(".m3-felt", timeout=20_000)
    state = table_state(database, code)
    assert state is not None
    positions = seats_by_hand(pages, state)
    assert sorted(positions.values()) == [0, 1, 2, 3]
    shoot(host, "bidding")
    shoot(pages[1], "bidding")

    reloaded = False
    shots = {"trump", "playing"}
    deadline = time.monotonic() + 420
    while time.monotonic() < deadline:
        state = table_state(database, code)
        assert state is not None
        if state.phase.label == "round_over":
            break
        for index, page in enumerate(pages):
            check_no_leak(page, state, positions[index])
        actor = next(i for i, s in positions.items() if s == state.to_act)
        page = pages[actor]
        if state.phase.label == "playing" and state.trick_cards and not reloaded:
            page.reload()
            page.wait_for_selector(".m3-felt", timeout=20_000)
            assert hand_of(page) >= {cards.NAME[c] for c in state.hands[state.to_act]} - {
                cards.NAME[c] for c in state.trick_cards
            }
            reloaded = True
        if state.phase.label in shots:
            shoot(page, state.phase.label)
            shots.discard(state.phase.label)
        bid_first = state.phase.label == "bidding" and not state.history
        if bid_first:
            page.get_by_role("button", name="Bid").click()
        elif not take_turn(page):
            time.sleep(0.3)
            continue
        before = len(state.history)
        wait_for_move(database, code, before)
    else:
        pytest.fail("the round did not finish in the browser")
    assert reloaded
    for page in pages:
        page.wait_for_selector("text=Round 1:", timeout=20_000)
    shoot(host, "results")
    shoot(pages[1], "results")
    host.get_by_role("button", name="Next Round").click()
    for page in pages[1:]:
        page.wait_for_selector("text=opened the bidding", timeout=20_000)
    for context in contexts:
        context.close()


def call_teammates(page: Page, count: int) -> None:
    """Pick the first callable cards in the "Select Teammate Card" list and call them."""
    box = page.locator('[data-testid="stMultiSelect"] input').first
    for _ in range(count):
        box.click()
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Call", exact=True).click()


def test_card_based_five_players_two_decks_last_rule(
    server: str, browser: Browser, database: str
) -> None:
    store = Store(database)
    host_token = Rooms(store).create(
        "Host", RoomSettings(mode="partners", players=5, decks=2, partner_rule="last")
    )
    store.close()
    code, token = host_token
    sizes = [(1280, 800)] + [(390, 844)] * 4
    contexts = [browser.new_context(viewport={"width": w, "height": h}) for w, h in sizes]
    pages = [c.new_page() for c in contexts]
    host = pages[0]
    host.goto(f"{server}/room?room={code}&seat={token}")
    host.wait_for_selector("text=Invite your friends", timeout=20_000)
    invite = host.locator("code").first.inner_text().strip()
    for page, name in zip(pages[1:], ("Ben", "Chen", "Dev", "Eli"), strict=True):
        join_through_invite(page, invite, name)
    host.wait_for_selector("text=Eli", timeout=10_000)
    host.get_by_role("button", name="Begin Game").click()
    host.wait_for_selector("text=Select Cards to Remove", timeout=20_000)
    shoot(host, "removal")
    pages[1].wait_for_selector("text=Waiting for Host to remove 4", timeout=20_000)
    shoot(pages[1], "removal")
    host.get_by_role("button", name="Confirm Selection").click()
    for page in pages:
        page.wait_for_selector(".m3-felt", timeout=20_000)
    state = table_state(database, code)
    assert state is not None and len(state.removed) == 4
    positions = seats_by_hand(pages, state)
    revealed_seen: list[int] = []
    deadline = time.monotonic() + 480
    while time.monotonic() < deadline:
        state = table_state(database, code)
        assert state is not None
        if state.phase.label == "round_over":
            break
        for index, page in enumerate(pages):
            check_no_leak(page, state, positions[index])
        if state.partners != revealed_seen:
            revealed_seen = list(state.partners)
        actor = next(i for i, s in positions.items() if s == state.to_act)
        page = pages[actor]
        before = len(state.history)
        if state.phase.label == "calling":
            page.wait_for_selector("text=Select Teammate Card", timeout=20_000)
            shoot(page, "calling")
            call_teammates(page, 2)
        elif not take_turn(page):
            time.sleep(0.3)
            continue
        wait_for_move(database, code, before)
    else:
        pytest.fail("the Card-Based round did not finish in the browser")
    assert state.called is not None and len(state.called) == 2
    assert revealed_seen  # partners were announced during play, and checked on every page
    shown = "[...document.querySelectorAll('.m3-tag')].filter(t => t.textContent === 'partner')"
    for page in pages:
        page.wait_for_selector("text=Round 1:", timeout=20_000)
        # Every browser ends up showing every partner the rules revealed.
        page.wait_for_function(f"{shown}.length === {len(state.partners)}", timeout=20_000)
    shoot(pages[0], "results-card-based")
    shoot(pages[1], "results-card-based")
    for context in contexts:
        context.close()
