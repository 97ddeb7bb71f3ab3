"""Two app servers on one PostgreSQL: any server serves any player, and one may go away.

The harness starts PostgreSQL and two ``streamlit run`` servers on loopback
ports, both on the same database. Four Chromium players sit at a Team-wise
table, two through each server, and every browser must show every move.
Mid-round one server is stopped; its two players reload their own seat links
on the other server and the round finishes there.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from core.rooms import Rooms
from core.store import Store
from tests import postgres
from tests.browsing import act_in_page, create_room, join_through_invite, table_state
from tests.servers import CHROMIUM_FLAGS, chromium, streamlit_server
from tests.test_browser import begin_game, wait_for_move


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


def shown_version(page: Page) -> int:
    """The room version the page's table was drawn at."""
    value = page.locator(".m3-felt[data-version]").first.get_attribute("data-version")
    return int(value or -1)


def wait_until_shown(pages: list[Page], version: int) -> None:
    """Every browser draws the table at ``version`` (or later) within its polls."""
    for page in pages:
        page.wait_for_function(
            """v => { const f = document.querySelector('.m3-felt[data-version]');
                      return f && Number(f.dataset.version) >= v; }""",
            arg=version,
            timeout=20_000,
        )


def test_two_servers_share_a_round_and_survive_losing_one(
    postgres_server: str, browser: Browser
) -> None:
    database = postgres.fresh_database(postgres_server)
    rooms = Rooms(Store(database))
    with ExitStack() as stack:
        first, _ = stack.enter_context(streamlit_server(database))
        doomed = ExitStack()
        second, _ = doomed.enter_context(streamlit_server(database))
        servers = [first, second, first, second]
        contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in servers]
        pages = [c.new_page() for c in contexts]
        host = pages[0]
        invite = create_room(host, first, "Asha")
        code = invite.rsplit("=", 1)[-1]
        path = invite[invite.index("/room") :]
        names = ("Ben", "Chen", "Dev")
        for page, base, name, team in zip(
            pages[1:], servers[1:], names, ("B", "A", "B"), strict=True
        ):
            join_through_invite(page, f"{base}{path}", name, team)
        positions = begin_game(host, pages, database, code)
        moved_over = False
        deadline = time.monotonic() + 420
        while time.monotonic() < deadline:
            state = table_state(database, code)
            assert state is not None
            if state.phase.label == "round_over":
                break
            wait_until_shown(pages, rooms.version(code))
            if not moved_over and len(state.tricks) >= 3:
                doomed.close()  # the second server goes away mid-round
                for index in (1, 3):
                    url = pages[index].url
                    assert url.startswith(second) and "seat=" in url
                    pages[index].goto(first + url[len(second) :])
                    pages[index].wait_for_selector(".m3-felt", timeout=20_000)
                moved_over = True
                continue
            actor = next(i for i, s in positions.items() if s == state.to_act)
            if not act_in_page(pages[actor], state):
                time.sleep(0.3)
                continue
            wait_for_move(database, code, len(state.history))
        else:
            pytest.fail("the round did not finish across the two servers")
        assert moved_over
        for page in pages:
            page.wait_for_selector(".m3-result", timeout=20_000)
            assert page.url.startswith(first)
        for context in contexts:
            context.close()
        doomed.close()
    rooms.store.close()
