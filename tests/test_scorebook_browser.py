"""H3 in Chromium: a host keeps score for a six-player game on a phone-sized page, and a friend
who opened the invite link on a laptop sees the totals change within a poll or two.

The test starts its own Streamlit server on loopback with a fresh SQLite store; Chromium is
Debian's. Expected totals are R27's, worked out by hand in each step's comment.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.servers import streamlit_server
from tests.test_browser import shoot


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = f"sqlite:///{tmp_path_factory.mktemp('book') / 'rooms.db'}"
    with streamlit_server(database) as (base, _):
        yield base


def tap(page: Page, part: str, text: str) -> None:
    """Tap an option of the round entry (bidder, partners, result) by its label."""
    page.locator(f'[class*="-new-{part}"] button', has_text=re.compile(f"^{text}$")).click()
    page.wait_for_timeout(400)


def enter_round(page: Page, bidder: str, bid: int, partners: list[str], result: str) -> None:
    tap(page, "bidder", bidder)
    amount = page.locator('[class*="-new-bid"] input')
    amount.fill(str(bid))
    amount.press("Enter")
    page.wait_for_timeout(400)
    for partner in partners:
        tap(page, "partners", partner)
    tap(page, "result", result)
    page.get_by_role("button", name="Enter round").click()


def total_of(page: Page, name: str) -> str:
    row = page.locator(
        ".m3-standing", has=page.locator(".m3-who", has_text=re.compile(f"^{name}$"))
    )
    return row.locator(".m3-sum").inner_text()


def test_h3_six_player_score_kept_on_a_phone_shows_live_in_a_second_browser(
    server: str, browser: Browser, tmp_path: Path
) -> None:
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(f"{server}/keep")
    phone.get_by_label("Your name").fill("Asha")
    others = phone.get_by_label("The other players, clockwise from you")
    others.fill("Ben\nChen\nDev\nEsha\nFarid")
    phone.get_by_label("Your name").click()  # leave the text area: the form takes the names
    expect(phone.get_by_text("6 players (2 to 12).")).to_be_visible(timeout=20_000)
    phone.get_by_role("button", name="Open the scorebook").click()
    expect(phone.get_by_text("Scores after 0 rounds")).to_be_visible(timeout=20_000)
    code = re.search(r"room=([A-Z0-9]{6})", phone.url)
    assert code is not None and "seat=" in phone.url

    laptop = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    laptop.goto(f"{server}/room?room={code.group(1)}")  # the invite link: watching
    expect(laptop.get_by_text("Playing at this table?")).to_be_visible(timeout=20_000)
    expect(laptop.get_by_role("button", name="Enter round")).to_have_count(0)

    # Round 1: Asha bids 260 with Chen and makes it: Asha +520, Chen +260.
    enter_round(phone, "Asha", 260, ["Chen"], "Made")
    expect(phone.get_by_text("Scores after 1 round")).to_be_visible(timeout=20_000)
    shoot(phone, "scorebook-entry")
    expect(laptop.get_by_text("Scores after 1 round")).to_be_visible(timeout=10_000)
    assert (total_of(laptop, "Asha"), total_of(laptop, "Chen")) == ("520", "260")

    # Round 2: Dev bids 300 with Ben and Esha and fails: Dev −300, the other three +300.
    enter_round(phone, "Dev", 300, ["Ben", "Esha"], "Failed")
    expect(laptop.get_by_text("Scores after 2 rounds")).to_be_visible(timeout=10_000)
    expected = {
        "Asha": "820",
        "Ben": "0",
        "Chen": "560",
        "Dev": "-300",
        "Esha": "0",
        "Farid": "300",
    }
    assert {name: total_of(laptop, name) for name in expected} == expected
    shoot(laptop, "scorebook-watch")
    assert {name: total_of(phone, name) for name in expected} == expected
