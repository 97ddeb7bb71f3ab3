"""In Chromium at 390×844 and 1280×800: no page of any game scrolls sideways, and every table
sits in a box no wider than the screen that scrolls inside itself (A9).

The store is seeded directly (bot-played rounds of every game, rooms in their lobby, at the
table and at a round's results, a scorebook with rounds, a group) with twelve players whose
names are twelve characters long, so that every table and chart draws at its widest. Each
page is opened once and measured at both sizes.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from core import games, simulate
from core.boundary import open_gate
from core.moon3.book import BookSettings
from core.rooms import Rooms
from core.store import Store
from tests.servers import streamlit_server
from tests.service_play import confirm_default_removal, play_until_round_ends
from tests.test_browser import SETTLED

#: Twelve different names of twelve characters.
NAMES = [f"{first}bcdefghijk{first.lower()}" for first in "ABCDEFGHIJKL"]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
#: Bot-played rounds kept for the Stats pages: (game, its options, rounds).
PLAYED = (
    ("moon3", ("--players", "12"), 12),
    ("moon3", ("--players", "4"), 20),
    ("moon3", ("--players", "6", "--mode", "partners"), 12),
    ("spades", ("--players", "4"), 15),
    ("spades", ("--players", "5"), 8),
    ("moon_dominoes", ("--players", "3"), 15),
    ("thirteen", ("--players", "4"), 12),
    ("thirteen", ("--players", "3"), 6),
)
#: What overflows: the page sideways (the document or Streamlit's main area), a table's box
#: wider than the screen, or a table wider than its box in a box that does not scroll.
OVERFLOWS = """() => {
  const problems = [];
  const width = window.innerWidth;
  const page = document.documentElement.scrollWidth;
  if (page > width) problems.push(`the page is ${page} px wide`);
  const main = document.querySelector('[data-testid="stMain"]');
  if (main && main.scrollWidth > main.clientWidth + 1)
    problems.push(`the main area scrolls sideways: ${main.scrollWidth} of ${main.clientWidth}`);
  for (const table of document.querySelectorAll('table')) {
    const box = table.parentElement;
    const r = box.getBoundingClientRect();
    if (!r.width) continue;  // in a tab not shown
    const what = table.innerText.replace(/\\s+/g, ' ').slice(0, 40);
    if (r.left < -0.5 || r.right > width + 0.5)
      problems.push(`the box of "${what}" spans ${Math.round(r.left)} to ${Math.round(r.right)}`);
    const scrolls = ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
    if (table.offsetWidth > box.clientWidth + 1 && !scrolls)
      problems.push(`"${what}" is ${table.offsetWidth} px in a box of ${box.clientWidth}`);
  }
  return problems;
}"""


#: Whether Streamlit has finished running the page's script.
IDLE = """() => document.querySelector('[data-testid="stApp"]')
  ?.getAttribute('data-test-script-state') === 'notRunning'"""
#: From now on, note when the page last changed (``window.fitChanged``).
WATCH = """() => {
  window.fitChanged = performance.now();
  new MutationObserver(() => { window.fitChanged = performance.now(); })
    .observe(document.body, {subtree: true, childList: true, attributes: true});
}"""
#: The page has not changed for a second: a rerun a click asked for has come and gone (a quick
#: run may never show as running).
QUIET = "() => performance.now() - window.fitChanged > 1000"
#: Two frames: the page has laid itself out again at a new size.
FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


@dataclass
class Site:
    """The server's address and the pages of each game's rooms, by what they show."""

    base: str
    rooms: dict[str, dict[str, str]] = field(default_factory=dict)
    group: str = ""


def _played(database: str) -> None:
    """Bot-played rounds of every game, seated from the twelve names."""
    for seed, (game, options, rounds) in enumerate(PLAYED, start=1):
        parser = argparse.ArgumentParser()
        simulate.add_arguments(parser, game)
        args = [*("--game", game, "--store", database, "--bot", "random"), *options]
        args += ["--names", ",".join(NAMES), "--spread-days", "30"]
        args += ["--rounds", str(rounds), "--seed", str(seed)]
        assert simulate.run(parser.parse_args(args)) == 0


def _seated(rooms: Rooms, game: str) -> tuple[str, list[str]]:
    """A room of ``game`` at its largest table, every seat taken by a long name, not begun."""
    settings = games.get(game).table.quick_settings(12, {"mode": "partners", "hands": 5})
    code, host = rooms.create(NAMES[0], settings)
    seats = settings.checked().players
    return code, [host, *(rooms.join(code, name) for name in NAMES[1:seats])]


def _rooms(database: str) -> dict[str, dict[str, str]]:
    """Each game's lobby, table (a round under way) and results, as room page paths."""
    rooms = Rooms(Store(database))
    found: dict[str, dict[str, str]] = {}
    for game in games.names():
        code, tokens = _seated(rooms, game)
        shown = {"lobby": f"/room?room={code}&seat={tokens[0]}"}
        code, tokens = _seated(rooms, game)
        rooms.begin(tokens[0])
        view = rooms.view(tokens[0])
        if view.status == "choosing":
            assert view.choice is not None
            for token in tokens:
                me = rooms.view(token).me
                if me is not None and me.position == view.choice.chooser:
                    confirm_default_removal(rooms, token, view)
        shown["table"] = f"/room?room={code}&seat={tokens[0]}"
        code, tokens = _seated(rooms, game)
        rooms.begin(tokens[0])
        play_until_round_ends(rooms, tokens, random.Random(5))
        shown["results"] = f"/room?room={code}&seat={tokens[0]}"
        found[game] = shown
    _, host = rooms.create_book(NAMES[0], BookSettings(mode="partners", others=tuple(NAMES[1:])))
    for number in range(6):
        entry = {"bidder": number, "bid": 250 + 5 * number, "partners": [number + 1]}
        rooms.enter_round(host, {**entry, "made": number % 2 == 0}, rooms.view(host).version)
    found[games.FLAGSHIP]["scorebook"] = f"/room?room={rooms.room_of(host)}&seat={host}"
    return found


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """One server for the module, on a store seeded with every kind of table."""
    database = f"sqlite:///{Path(tmp_path_factory.mktemp('fit')) / 'fit.db'}"
    _played(database)
    rooms = _rooms(database)
    started = open_gate(database).start_group(NAMES[-1])
    with streamlit_server(database) as (base, _):
        yield Site(base, rooms, started.link)


@pytest.fixture(scope="module")
def page(browser: Browser, site: Site) -> Iterator[Page]:
    """One tab for the module, as wide as a phone between measures."""
    opened = browser.new_page(viewport=PHONE)
    yield opened
    opened.close()


def _done(page: Page) -> None:
    """Wait until the page's script has run to its end and nothing on it is stale."""
    page.wait_for_function(f"() => ({SETTLED})() && ({IDLE})()", timeout=30_000)


def _rerun(page: Page, click: Callable[[], None]) -> None:
    """``click`` something that reruns the page's script, and wait until that run is done."""
    page.evaluate(WATCH)
    click()
    page.wait_for_function(f"() => ({QUIET})() && ({SETTLED})() && ({IDLE})()", timeout=30_000)


def _overflows(page: Page, where: str) -> list[str]:
    """What overflows on the page as it stands, at the phone's size and the laptop's."""
    found = []
    for size in (PHONE, LAPTOP):
        page.set_viewport_size(size)
        page.evaluate(FRAMES)
        found += [f"{where} at {size['width']}: {p}" for p in page.evaluate(OVERFLOWS)]
    page.set_viewport_size(PHONE)
    return found


def _open(page: Page, url: str) -> None:
    page.goto(url)
    _done(page)


def _pick(page: Page, game: str) -> None:
    """Choose ``game`` in the page's row of games (a rerun, unless it is chosen already)."""
    title = games.get(game).title
    row = page.locator('[data-testid="stRadio"]').first
    if row.locator("label:has(input:checked)").inner_text().strip() != title:
        _rerun(page, row.get_by_text(title, exact=True).click)


def _stats(page: Page, site: Site, game: str) -> list[str]:
    """The game's Stats page, tab by tab."""
    _open(page, f"{site.base}/stats")
    _pick(page, game)
    tabs = page.locator('[data-testid="stTab"]')
    if not tabs.count():
        return _overflows(page, "stats")
    found = []
    for index in range(tabs.count()):
        tabs.nth(index).click()  # a tab shows what the page drew: no rerun
        found += _overflows(page, f"stats tab {tabs.nth(index).inner_text()}")
    return found


@pytest.mark.parametrize("game", games.names())
def test_a9_no_page_of_a_game_scrolls_sideways(page: Page, site: Site, game: str) -> None:
    found = _stats(page, site, game)
    for path in ("/rules", "/create"):
        _open(page, site.base + path)
        _pick(page, game)
        found += _overflows(page, path)
    _open(page, f"{site.base}/recap?game={game}")
    found += _overflows(page, "recap")
    for shown, path in site.rooms[game].items():
        _open(page, site.base + path)
        found += _overflows(page, shown)
    assert found == []


def test_a9_the_shared_pages_do_not_scroll_sideways(page: Page, site: Site) -> None:
    found = []
    for path in ("/", "/keep", f"/group?group={site.group}"):
        _open(page, site.base + path)
        found += _overflows(page, path)
    assert found == []
