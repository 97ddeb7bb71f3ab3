"""End to end in headless Chromium: two players, each in their own browser context.

The test starts its own Streamlit server on a loopback port with a fresh SQLite
database, and stops it afterwards. Chromium is Debian's (``make test``
installs it); no browser is ever downloaded.
"""

from __future__ import annotations

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
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('e2e') / 'rooms.db'}",
    }
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
    """Every card of the player's own hand that the page shows (faces or buttons)."""
    faces = page.locator(".m3-row [data-card]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)"
    )
    return set(faces)


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


def test_two_friends_play_a_whole_round_through_the_invite_link(
    server: str, browser: Browser
) -> None:
    host_context = browser.new_context(viewport={"width": 1280, "height": 900})
    friend_context = browser.new_context(viewport={"width": 390, "height": 844})
    host, friend = host_context.new_page(), friend_context.new_page()
    host.goto(f"{server}/create")
    host.get_by_label("Your name").fill("Asha")
    for label in ("Players in team A", "Players in team B"):
        host.get_by_label(label).fill("1")
        host.get_by_label(label).press("Tab")
    host.get_by_role("button", name="Create Room").click()
    host.wait_for_selector("text=Invite your friends", timeout=20_000)
    invite = host.locator("code").first.inner_text().strip()
    assert "seat=" not in invite  # the shared link carries the room code only
    friend.goto(invite)
    friend.get_by_label("Your name").fill("<i>Ben</i>")
    friend.get_by_role("button", name="Join", exact=True).click()
    friend.wait_for_selector("text=Waiting for the host", timeout=20_000)
    host.wait_for_selector("text=<i>Ben</i>", timeout=10_000)  # shown as text, not markup
    host.get_by_role("button", name="Begin Game").click()
    host.wait_for_selector(".m3-felt", timeout=20_000)
    friend.wait_for_selector(".m3-felt", timeout=20_000)

    mine, theirs = hand_of(host), hand_of(friend)
    assert len(mine) >= 13 and len(theirs) >= 13
    assert not mine & theirs  # nobody's page holds the other's cards

    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if host.get_by_text("Round 1:").count() and friend.get_by_text("Round 1:").count():
            break
        moved = take_turn(host) or take_turn(friend)
        time.sleep(0.4 if moved else 0.3)
    else:
        pytest.fail("the round did not finish in the browser")
    host.get_by_role("button", name="Next Round").click()
    friend.wait_for_selector("text=opened the bidding", timeout=20_000)
    host_context.close()
    friend_context.close()
