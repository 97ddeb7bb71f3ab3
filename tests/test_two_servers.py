"""A whole Team-wise round in four browsers, on two app servers over one PostgreSQL.

The harness starts PostgreSQL and two ``streamlit run`` servers on loopback
ports, both on the same database. The host creates the room and shares the
invite link (copied, with no share sheet); three friends join through it, two
players on each server, two on phones and two on laptops. At every step every
browser shows every move, pushed to it (the pages' safety poll is ten minutes),
and no page holds a card hidden in another hand. Early in the round the player
to act reloads their page and gets their hand back; mid-round one server is
stopped, its two players reopen their own seat links on the other server, and
the round finishes there; the host deals the next round.
"""

from __future__ import annotations

import time
from contextlib import ExitStack

import pytest
from playwright.sync_api import Browser, Page

from core.moon3 import cards
from core.rooms import Rooms
from core.store import Store
from tests import postgres
from tests.browsing import (
    act_in_page,
    create_room,
    join_through_invite,
    table_state,
    wait_for_turn,
)
from tests.servers import streamlit_server
from tests.test_browser import begin_game, check_no_leak, hand_of, wait_for_move

PUSH_ONLY = {"SAFETY_POLL_SECONDS": "600"}


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


@pytest.mark.seconds(170)
def test_team_wise_2v2_round_on_two_servers_with_reload_failover_and_no_leaks(
    postgres_server: str, browser: Browser
) -> None:
    database = postgres.fresh_database(postgres_server)
    rooms = Rooms(Store(database))
    with ExitStack() as stack:
        # A ten-minute safety poll: every move a page shows reached it by push, within its
        # server or from the other one (NOTIFY/LISTEN).
        first, _ = stack.enter_context(streamlit_server(database, env=PUSH_ONLY))
        doomed = ExitStack()
        second, _ = doomed.enter_context(streamlit_server(database, env=PUSH_ONLY))
        servers = [first, second, first, second]
        sizes = [(1280, 800), (390, 844), (390, 844), (1280, 800)]
        contexts = [browser.new_context(viewport={"width": w, "height": h}) for w, h in sizes]
        pages = [c.new_page() for c in contexts]
        host = pages[0]
        invite = create_room(host, first, "Asha")
        code = invite.rsplit("=", 1)[-1]
        # Share: no share sheet in this browser, so the link is copied and the page says so.
        contexts[0].grant_permissions(["clipboard-read", "clipboard-write"], origin=first)
        host.get_by_role("button", name="Share invite link").click()
        host.get_by_text("Copied", exact=True).wait_for(timeout=10_000)
        assert host.evaluate("() => navigator.clipboard.readText()") == invite
        path = invite[invite.index("/room") :]
        names = ("Ben", "Chen", "Dev")
        for page, base, name, team in zip(
            pages[1:], servers[1:], names, ("B", "A", "B"), strict=True
        ):
            join_through_invite(page, f"{base}{path}", name, team)
        positions = begin_game(host, pages, database, code)
        assert sorted(positions.values()) == [0, 1, 2, 3]
        reloaded = moved_over = False
        deadline = time.monotonic() + 420
        while time.monotonic() < deadline:
            state = table_state(database, code)
            assert state is not None
            if state.phase.label == "round_over":
                break
            if not state.trick_cards:  # every browser, on either server, shows each new trick
                wait_until_shown(pages, rooms.version(code))
            # A page may lag behind the table, never run ahead: each is checked as it stands.
            for index, page in enumerate(pages):
                check_no_leak(page, state, positions[index])
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
            page = pages[actor]
            if state.phase.label == "playing" and state.trick_cards and not reloaded:
                page.reload()
                page.wait_for_selector(".m3-felt", timeout=20_000)
                expected = {cards.NAME[c] for c in state.hands[state.to_act]}
                for _ in range(100):  # the hand draws just after the felt
                    if hand_of(page) >= expected:
                        break
                    page.wait_for_timeout(200)
                assert hand_of(page) >= expected, "the hand did not come back after a reload"
                reloaded = True
            if not act_in_page(page, state):
                wait_for_turn(page)
                continue
            wait_for_move(database, code, len(state.history))
        else:
            pytest.fail("the round did not finish across the two servers")
        assert reloaded and moved_over
        for page in pages:
            page.wait_for_selector(".m3-result", timeout=20_000)
            assert page.url.startswith(first)
        host.get_by_role("button", name="Next Round").click()
        for page in pages[1:]:
            page.wait_for_selector("text=opens the bidding", timeout=20_000)
        for context in contexts:
            context.close()
        doomed.close()
    rooms.store.close()
