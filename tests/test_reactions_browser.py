"""A6 Reactions, not chat, and A7 the turn alert, in four browsers: one server, one Chromium,
four players' pages.

A reaction sent from one page shows at the sender's seat on the other three at their next
poll and is gone four seconds later; a browser whose player muted reactions never shows one,
and stays muted when the page is opened again. Each browser whose player asked for the
turn's sound and buzz gets both when their turn comes; the others get neither.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from core.moon3.table import RoomSettings
from core.rooms import Rooms
from core.store import Store
from tests.browsing import TURN_ALERT_SPY
from tests.servers import streamlit_server
from tests.service_play import pick, seated

#: Two phones and two laptops.
SIZES = [{"width": 390, "height": 844}, {"width": 1280, "height": 800}] * 2
WAIT = 20_000  # ms: how long a page may take to start and draw, never what is checked


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('a6') / 'rooms.db'}"


@pytest.fixture(scope="module")
def server(database: str) -> Iterator[str]:
    with streamlit_server(database) as (base, _):
        yield base


def bubble(page: Page, seat: int, said: str) -> Locator:
    """The reaction ``said`` drawn at ``seat`` on the page's felt."""
    return page.locator(f'.m3-react-at[data-seat="{seat}"] .m3-react', has_text=said)


#: The page drawn and at rest (no run going), so that a tap is not lost in a redraw.
SETTLED = """() => document.querySelector('.m3-felt')
  && !document.querySelector('[data-stale="true"], [data-testid="stStatusWidget"]')"""


def react(page: Page, said: str) -> None:
    """Open "React" and tap a reaction, as the player would: again if a move redrew the page
    and closed "React" before the tap."""
    reaction = page.get_by_role("button", name=said, exact=True)
    for _ in range(3):
        page.wait_for_function(SETTLED, timeout=WAIT)
        if not reaction.is_visible():
            page.get_by_role("button", name="React").click()
        try:
            reaction.click(timeout=5_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f'"React" never offered {said!r}')


def test_a6_a7_a_reaction_shows_at_its_seat_in_every_other_browser_and_each_turn_alerts(
    server: str, database: str, browser: Browser
) -> None:
    store = Store(database)
    code, _, tokens = seated(Rooms(store), RoomSettings(mode="teams", players=4))
    store.close()
    pages = []
    for seat, size in enumerate(SIZES):
        context = browser.new_context(viewport=size)
        context.add_init_script(TURN_ALERT_SPY)
        if seat in ASKED:
            context.add_init_script(ASK_FOR_ALERTS)
        pages.append(context.new_page())
    for page, token in zip(pages, tokens, strict=True):
        page.goto(f"{server}/room?room={code}&seat={token}")
    for page in pages:
        page.wait_for_selector(".m3-felt", timeout=WAIT)
    sender, others = pages[0], pages[1:]

    react(sender, "Nice!")
    for page in others:
        bubble(page, 0, "Nice!").wait_for(state="visible", timeout=WAIT)
    for page in others:
        bubble(page, 0, "Nice!").wait_for(state="hidden", timeout=WAIT)

    muted = pages[3]
    muted.wait_for_function(SETTLED, timeout=WAIT)
    muted.get_by_role("button", name="React").click()
    muted.get_by_label("Mute reactions").check()
    muted.reload()
    muted.wait_for_selector(".m3-felt", timeout=WAIT)
    react(sender, "Good game")
    bubble(pages[1], 0, "Good game").wait_for(state="visible", timeout=WAIT)
    drawn = bubble(muted, 0, "Good game")
    drawn.wait_for(state="attached", timeout=WAIT)
    # Hidden by the mute itself, not by its fade: its whole place by the seat is not shown.
    assert drawn.evaluate("n => getComputedStyle(n.closest('.m3-react-at')).display") == "none"
    turn_alerts(database, pages, tokens)
    for page in pages:
        page.context.close()


#: The seats whose players turned on the sound and the buzz for their turn (A7).
ASKED = (0, 2)
ASK_FOR_ALERTS = (
    "localStorage.setItem('m3-sound', 'on'); localStorage.setItem('m3-buzz', 'on');"
)
YOUR_TURN = "() => /Your turn/.test(document.getElementById('m3-status')?.textContent || '')"


def turn_alerts(database: str, pages: list[Page], tokens: list[str]) -> None:
    """Moves made until each of the four has had a turn: at each, that page says "Your turn";
    those who asked for the alert got its sound and buzz, the others neither."""
    rooms, rng = Rooms(Store(database)), random.Random(7)
    turned: set[int] = set()
    for _ in range(20):
        view = rooms.view(tokens[0])
        assert view.table is not None and view.table.to_act is not None
        seat = view.table.to_act
        pages[seat].wait_for_function(YOUR_TURN, timeout=WAIT)
        if seat in ASKED:
            pages[seat].wait_for_function(
                "() => window.m3Tones > 0 && window.m3Buzzes > 0", timeout=WAIT
            )
        turned.add(seat)
        if len(turned) == len(pages):
            break
        mine = rooms.view(tokens[seat])
        rooms.act(tokens[seat], pick(mine, rng), mine.version)
    rooms.store.close()
    assert turned == set(range(len(pages)))
    for seat, page in enumerate(pages):
        if seat not in ASKED:
            assert page.evaluate("[window.m3Tones, window.m3Buzzes]") == [0, 0]
