"""In Chromium, on PostgreSQL: hostile URLs and names never crash a page or become markup.

A NUL in the room code used to reach PostgreSQL and show every visitor the
traceback; names like ``[x](http://e)`` became links, and so did bare links
such as ``http://x.y`` or ``a@b.cd`` that Streamlit's GitHub-flavoured Markdown
finds in plain text. Here the real browser renders the pages and the DOM is
searched for what user text must not make: links, images, headings, and
traceback text.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from core.moon3.table import RoomSettings
from core.rooms import Rooms
from core.store import Store
from tests import postgres
from tests.servers import CHROMIUM_FLAGS, chromium, streamlit_server
from tests.service_play import play_until_round_ends
from tests.test_browser import SETTLED

NAMES = ["[x](http://e)", "![x](http://e/x.png)", "# h", '<a href="//e.com">x</a>', "=1+1"]
LINKS = ["http://x.y", "www.x.y", "x.y/z", "a@b.cd", "**b** [e](http://ev.il)"]
LEAKS = ("Traceback", "psycopg", 'File "', "sqlalchemy", "NUL")
MADE = """() => [
  ...document.querySelectorAll('a[href*="e.com"], a[href^="http://e"], img[src*="x.png"]'),
  ...[...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    .filter(h => h.textContent.trim() === 'h'),
  ...document.querySelectorAll('svg a'),
].length"""
#: Links to any address in LINKS (word joiners, had any reached an address, taken out).
LINKED = r"""() => [...document.querySelectorAll('a[href]')]
  .map(a => decodeURIComponent(a.getAttribute('href')).replace(/\u2060/g, ''))
  .filter(href => /x\.y|ev\.il|b\.cd|^mailto:|^xmpp:/i.test(href)).length"""


@pytest.fixture(scope="module")
def site(postgres_server: str) -> Iterator[dict[str, Any]]:
    """A server on PostgreSQL with a lobby and a finished round seated with hostile names."""
    database = postgres.fresh_database(postgres_server)
    rooms = Rooms(Store(database))
    lobby, _ = rooms.create(NAMES[0], RoomSettings(mode="teams", players=6))
    for name in NAMES[1:]:
        rooms.join(lobby, name)
    played, host = rooms.create(NAMES[0], RoomSettings(mode="partners", players=5, decks=1))
    tokens = [host, *(rooms.join(played, name) for name in NAMES[1:])]
    rooms.begin(host)
    play_until_round_ends(rooms, tokens, random.Random(3))
    links, links_host = rooms.create(LINKS[0], RoomSettings(mode="partners", players=5, decks=1))
    for name in LINKS[1:]:
        rooms.join(links, name)
    linked, host = rooms.create(LINKS[0], RoomSettings(mode="partners", players=5, decks=1))
    tokens = [host, *(rooms.join(linked, name) for name in LINKS[1:])]
    rooms.begin(host)
    play_until_round_ends(rooms, tokens, random.Random(4))
    rooms.store.close()
    with streamlit_server(database) as (base, _):
        yield {
            "base": base,
            "lobby": lobby,
            "played": played,
            "links": links,
            "links_host": links_host,
        }


@pytest.fixture(scope="module")
def page(site: dict[str, Any]) -> Iterator[Page]:
    with sync_playwright() as playwright:
        browser: Browser = playwright.chromium.launch(
            executable_path=chromium(), args=CHROMIUM_FLAGS
        )
        yield browser.new_page(viewport={"width": 390, "height": 844})
        browser.close()


def settle(page: Page, text: str) -> str:
    """The page's text once drawn, as read: without the invisible word joiners."""
    page.wait_for_selector(f"text={text}", timeout=30_000)
    page.wait_for_function(SETTLED, timeout=30_000)
    return page.inner_text("body").replace("\u2060", "")


def test_a_room_code_with_nul_shows_a_friendly_message(site: dict[str, Any], page: Page) -> None:
    page.goto(f"{site['base']}/room?room=%00")
    shown = settle(page, "There is no room")
    for leak in LEAKS:
        assert leak not in shown
        assert leak not in page.content()


def test_hostile_names_are_text_in_the_lobby(site: dict[str, Any], page: Page) -> None:
    page.goto(f"{site['base']}/room?room={site['lobby']}")
    shown = settle(page, "Invite your friends")
    for name in NAMES:
        assert name in shown
    assert page.evaluate(MADE) == 0


def test_names_that_look_like_links_are_text_in_the_lobby(site: dict[str, Any], page: Page) -> None:
    for seat in ("", f"&seat={site['links_host']}"):  # the invite link's view, then the host's
        page.goto(f"{site['base']}/room?room={site['links']}{seat}")
        shown = settle(page, "Invite your friends")
        for name in LINKS:
            assert name in shown
        assert page.evaluate(LINKED) == 0
        assert page.evaluate(MADE) == 0


def test_hostile_names_are_text_on_the_table_and_in_results(
    site: dict[str, Any], page: Page
) -> None:
    page.goto(f"{site['base']}/room?room={site['played']}")
    shown = settle(page, "Scores")
    assert '<a href="//e.com">x</a>' in shown
    assert page.evaluate(MADE) == 0


def test_hostile_names_are_text_in_stats_charts(site: dict[str, Any], page: Page) -> None:
    page.goto(f"{site['base']}/stats")
    settle(page, "Rounds played")
    page.get_by_role("tab", name="Leaderboard").click()
    page.locator(".js-plotly-plot svg >> visible=true").first.wait_for(timeout=30_000)
    labels = page.evaluate(
        "() => [...document.querySelectorAll('.js-plotly-plot text')].map(t => t.textContent)"
    )
    assert '<a href="//e.com">x</a>' in " ".join(labels)
    assert page.evaluate(MADE) == 0
    # The newest game's first round, replayed: its "Bidding:" line names every player.
    page.get_by_role("tab", name="History").click()
    bidding = page.get_by_text("Bidding:").inner_text(timeout=30_000).replace("\u2060", "")
    assert all(name in bidding for name in LINKS), bidding
    assert page.evaluate(LINKED) == 0
