"""A5 and A7 in Chromium, at every game's table, with bots in the other seats.

A screen reader hears each piece in the hand by its name in words; the status line
says whose turn it is and who takes a trick; a trick is played with the keyboard
alone; the suit colours chosen stay after a reload; the turn sound is off until asked
for, and plays when the turn comes once it is on.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from core import games
from core.rooms import Rooms
from core.store import Store
from tests.browsing import TURN_ALERT_SPY
from tests.servers import streamlit_server
from tests.test_browser import SETTLED

PHONE = {"width": 390, "height": 844}
#: A piece's name in words: a card ("King of hearts", "Big Joker") or a tile ("Six-four").
IN_WORDS = re.compile(
    r"((Ace|King|Queen|Jack|Ten|Nine|Eight|Seven|Six|Five|Four|Three|Two) of "
    r"(spades|hearts|clubs|diamonds)|(Big |Little )?Joker|Double [a-z]+|[A-Z][a-z]+-[a-z]+)"
    r"(, trump)?(, not playable now)?"
)
#: Every status line the page says, kept as it changes (a line can last less than a poll).
RECORD_SAID = """() => {
  window.m3Said = window.m3Said || [];
  const status = document.getElementById("m3-status");
  const keep = () => window.m3Said.push(status.textContent);
  keep();
  new MutationObserver(keep).observe(status, { childList: true, characterData: true,
    subtree: true });
}"""
#: What a screen reader calls each piece of the hand (its label, or its text without one).
HAND_NAMES = """() => [...document.querySelectorAll('[class*="-hand-"] button')]
  .map(b => b.getAttribute('aria-label') || b.innerText)"""
HAND_LIVE = '[class*="-hand-live"] button:not([disabled])'
#: Said when a trick is over: who takes it (Thirteen: who leads after everyone passed).
TRICK_WON = re.compile(r"takes the trick|Everyone passed on")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """One server for the module, and the rooms it serves, opened through the service."""
    database = f"sqlite:///{tmp_path_factory.mktemp('access') / 'rooms.db'}"
    rooms = Rooms(Store(database))
    with streamlit_server(database) as (base, _):
        yield {"base": base, "rooms": rooms}
    rooms.store.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(TURN_ALERT_SPY)
    yield context.new_page()
    context.close()


def open_table(rooms: Rooms, game: str) -> tuple[str, str]:
    """A quick game of ``game``: one player (returned: room code, seat token) and bots."""
    table = games.get(game).table
    chosen = {option.name: option.default_for({}) for option in table.QUICK_OPTIONS}
    settings = table.quick_settings(3 if game == "moon_dominoes" else 4, chosen)
    code, host = rooms.create("Asha", settings)
    for _ in range(settings.checked().players - 1):
        rooms.add_bot(host, "random")
    rooms.begin(host)
    return code, host


def until_play(rooms: Rooms, code: str, token: str) -> None:
    """Everything before the first trick (bids, trump, discards) through the service; the
    bots move as a page's poll would make them."""
    while True:
        table = rooms.view(token).table
        assert table is not None
        if table.phase == "playing":
            return
        if table.my_turn:
            move = table.legal[-1].to_json()
            move.pop("seat", None)
            rooms.act(token, move)
        else:
            rooms.version(code)
            time.sleep(0.2)


def seat_page(page: Page, base: str, code: str, token: str) -> None:
    page.goto(f"{base}/room?room={code}&seat={token}")
    page.wait_for_selector(".m3-felt", timeout=30_000)
    page.wait_for_function(SETTLED, timeout=30_000)
    page.wait_for_selector("#m3-status", state="attached", timeout=30_000)


def focused(page: Page) -> str:
    """The accessible name of what has the keyboard's focus."""
    return str(
        page.evaluate(
            "() => document.activeElement.getAttribute('aria-label')"
            " || document.activeElement.innerText"
        )
    )


def play_by_keyboard(page: Page, leading: bool, picks: bool) -> None:
    """One move with the keyboard only: ``h`` into the hand and Enter on its first live piece;
    where a tap picks cards (Thirteen), Tab on to Play, or to Pass when not leading."""
    page.keyboard.press("h")
    assert IN_WORDS.fullmatch(focused(page)), focused(page)
    if not picks:
        page.keyboard.press("Enter")
        return
    if leading:
        page.keyboard.press("Enter")  # picks the lowest card
        page.wait_for_function(
            "() => document.querySelector('.st-key-th-play button:not([disabled])')",
            timeout=20_000,
        )
    # The pick redraws the hand; the keyboard's place comes back to it, then Tab goes on.
    page.wait_for_function(
        "() => document.activeElement.closest('[class*=\"-hand-\"]')", timeout=20_000
    )
    page.keyboard.press("Tab")
    assert focused(page).startswith("Play" if leading else "Pass"), focused(page)
    page.keyboard.press("Enter")


@pytest.mark.parametrize("game", games.names())
def test_a5_every_piece_in_the_hand_is_a_button_named_in_words(
    site: dict[str, Any], phone: Page, game: str
) -> None:
    rooms: Rooms = site["rooms"]
    code, host = open_table(rooms, game)
    seat_page(phone, site["base"], code, host)
    table = rooms.view(host).table
    assert table is not None
    phone.wait_for_function(
        f"([n, words]) => ({HAND_NAMES})().filter(name => new RegExp(words).test(name)).length"
        " === n",
        arg=[len(table.hand), f"^{IN_WORDS.pattern}$"],
        timeout=20_000,
    )
    names = phone.evaluate(HAND_NAMES)
    assert len(names) == len(table.hand)
    for name in names:
        assert IN_WORDS.fullmatch(name), f"{game}: a piece is called {name!r}"
        # The piece may turn playable or not meanwhile (the bots move on): its name, either way.
        piece = re.escape(name.removesuffix(", not playable now"))
        named = re.compile(f"^{piece}(, not playable now)?$")
        expect(phone.get_by_role("button", name=named).first).to_be_attached(timeout=20_000)


@pytest.mark.parametrize("game", games.names())
def test_a5_the_status_line_says_the_turn_and_a_trick_is_played_by_keyboard(
    site: dict[str, Any], phone: Page, game: str
) -> None:
    """Every move of the player's, from the first trick until one is won, by keyboard alone;
    the status line says "Your turn" and then who takes the trick."""
    rooms: Rooms = site["rooms"]
    code, host = open_table(rooms, game)
    until_play(rooms, code, host)
    seat_page(phone, site["base"], code, host)
    phone.evaluate(RECORD_SAID)
    picks = phone.locator(".st-key-th-actions").count() > 0
    moves = 0
    while not any(TRICK_WON.search(said) for said in phone.evaluate("window.m3Said")):
        table = rooms.view(host).table
        assert table is not None and table.phase == "playing", "the round ended unannounced"
        if not table.my_turn:
            rooms.version(code)
            phone.wait_for_timeout(200)
            continue
        phone.wait_for_selector(HAND_LIVE, timeout=20_000)
        phone.wait_for_function(
            "() => /Your turn/.test(document.getElementById('m3-status').textContent)",
            timeout=20_000,
        )
        before = len(table.hand)
        play_by_keyboard(phone, getattr(table, "leading", True), picks)
        moves += 1
        for _ in range(200):  # the move reaches the table at the page's next run
            after = rooms.view(host).table
            assert after is not None
            if len(after.hand) < before or not after.my_turn:
                break
            phone.wait_for_timeout(100)
        else:
            raise AssertionError("the keys made no move")
        if not picks:  # the piece played is gone: the keyboard stays in the hand
            phone.wait_for_function(
                "() => document.activeElement.closest('[class*=\"-hand-\"]')", timeout=20_000
            )
    assert moves >= 1


def test_a5_the_two_colour_choice_sticks_across_a_reload(site: dict[str, Any], phone: Page) -> None:
    rooms: Rooms = site["rooms"]
    code, host = open_table(rooms, "spades")
    seat_page(phone, site["base"], code, host)
    diamond = 'div[class*="st-key-play-D-"] button [data-testid="stMarkdownContainer"]'
    colour = f"() => getComputedStyle(document.querySelector('{diamond}')).color"
    phone.wait_for_selector(diamond, timeout=20_000)
    gold = phone.evaluate(colour)
    phone.get_by_role("button", name="Table settings").click()
    phone.get_by_label("Two colours", exact=False).check()
    assert phone.evaluate("document.documentElement.classList.contains('m3-two')")
    red = phone.evaluate(colour)
    assert red != gold and red == "rgb(200, 16, 46)"  # hearts' red
    phone.reload()
    seat_page(phone, site["base"], code, host)
    phone.wait_for_selector(diamond, timeout=20_000)
    assert phone.evaluate("document.documentElement.classList.contains('m3-two')")
    assert phone.evaluate(colour) == red
    phone.get_by_role("button", name="Table settings").click()
    expect(phone.get_by_label("Two colours", exact=False)).to_be_checked()


def test_a7_the_turn_sound_and_buzz_are_off_until_asked_for_then_come_with_the_turn(
    site: dict[str, Any], phone: Page
) -> None:
    rooms: Rooms = site["rooms"]
    code, host = open_table(rooms, "spades")  # no timer: the turn waits for the player
    seat_page(phone, site["base"], code, host)
    your_turn = "() => /Your turn/.test(document.getElementById('m3-status').textContent)"
    phone.wait_for_function(your_turn, timeout=30_000)
    phone.wait_for_timeout(500)
    assert phone.evaluate("[window.m3Tones, window.m3Buzzes]") == [0, 0]
    phone.get_by_role("button", name="Table settings").click()
    phone.get_by_label("Play a short sound").check()
    assert phone.evaluate("window.m3Tones") > 0  # a sample of the sound just chosen
    assert phone.evaluate("window.m3Buzzes") == 0
    phone.reload()  # the turn comes to a page that opens on it: the sound plays
    seat_page(phone, site["base"], code, host)
    phone.wait_for_function(your_turn, timeout=30_000)
    phone.wait_for_function("() => window.m3Tones > 0", timeout=10_000)
    assert phone.evaluate("window.m3Buzzes") == 0
    phone.get_by_role("button", name="Table settings").click()
    phone.get_by_label("Vibrate (phones)").check()
    assert phone.evaluate("window.m3Buzzes") > 0
    phone.reload()
    seat_page(phone, site["base"], code, host)
    phone.wait_for_function(your_turn, timeout=30_000)
    phone.wait_for_function("() => window.m3Buzzes > 0 && window.m3Tones > 0", timeout=10_000)
