"""End to end in headless Chromium: two players, each in their own browser context.

The test starts its own Streamlit server on a loopback port with a fresh SQLite
database, and stops it afterwards. Chromium is Debian's (``make test``
installs it); no browser is ever downloaded.

The Team-wise round in four browsers (the invite shared, a reload, no leaks at any
step) is played on two servers at once, in tests/test_two_servers.py.
"""

from __future__ import annotations

import contextlib
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from core.moon3 import cards
from core.moon3.state import State
from core.moon3.table import RoomSettings
from core.rooms import Rooms
from core.spades.table import SpadesSettings
from core.store import Store
from tests.browsing import (
    LIVE_CARD,
    act_in_page,
    join_through_invite,
    table_state,
    take_turn,
    wait_for_turn,
)
from tests.servers import ROOT, streamlit_server
from tests.service_play import (
    open_room,
    pick,
    play_until,
    play_until_round_ends,
    seated,
    tokens_by_position,
)

SHOTS = Path(os.environ.get("SCREENSHOTS", ROOT / "data" / "screenshots"))


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('e2e') / 'rooms.db'}"


@pytest.fixture(scope="module")
def server(database: str) -> Iterator[str]:
    with streamlit_server(database) as (base, _):
        yield base


def hand_of(page: Page) -> set[str]:
    """Every card of the player's own hand that the page shows (faces or card buttons)."""
    faces = page.locator(".m3-row [data-card]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)"
    )
    keys = page.locator('[class*="st-key-play-"], [class*="st-key-dim-"]').evaluate_all(
        "nodes => nodes.map(n => [...n.classList].find(c => /^st-key-(play|dim)-/.test(c)))"
    )
    return set(faces) | {key.split("-")[5] for key in keys if key}


# Drawn and at rest: a run of the page has ended (none going), content in the main area, no
# placeholder, no stale element.
SETTLED = """() => document.querySelector(
    '[data-testid="stMainBlockContainer"] [data-testid="stElementContainer"]')
  && document.querySelector('[data-testid="stApp"]')?.dataset.testScriptState === "notRunning"
  && !document.querySelector(
    '[data-testid="stSkeleton"], [data-stale="true"], [data-testid="stStatusWidget"]')"""
TALLEST = "() => Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))"


def shoot(page: Page, name: str, whole: bool = False) -> None:
    """Keep a screenshot of what this player sees, for people to look at.

    With ``whole`` a second shot shows the whole page: the window grows to the
    height of Streamlit's scrolling main area, then returns to its size.
    """
    shoot_each([page], name, whole)


def shoot_each(pages: list[Page], name: str, whole: bool = False) -> None:
    """``shoot`` for pages of different widths at once: they settle and grow side by side."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for page in pages:
        page.wait_for_function(SETTLED, timeout=20_000)
    pages[0].wait_for_timeout(300)  # a poll may have started a redraw in between: let it settle
    sizes = [page.viewport_size or {"width": 0, "height": 0} for page in pages]
    for page, size in zip(pages, sizes, strict=True):
        page.wait_for_function(SETTLED, timeout=20_000)
        page.screenshot(path=str(SHOTS / f"{name}-{size['width']}.png"))
    if whole:
        for page, size in zip(pages, sizes, strict=True):
            page.set_viewport_size({"width": size["width"], "height": page.evaluate(TALLEST)})
        pages[0].wait_for_timeout(300)
        for page, size in zip(pages, sizes, strict=True):
            page.screenshot(path=str(SHOTS / f"{name}-{size['width']}-whole.png"))
            page.set_viewport_size(size)


def open_each(pages: list[Page], url: str) -> None:
    """Open ``url`` in every page at once; the caller waits for what each must show."""
    for page in pages:
        page.goto(url, wait_until="commit")


def check_no_leak(page: Page, state: State, seat: int, html: str | None = None) -> None:
    """The page's HTML holds no card hidden in another hand, and no partner before the reveal.

    Pass ``html`` read before ``state`` when bots may move in between: a page may
    lag behind the server, never run ahead of it.
    """
    html = page.content() if html is None else html
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
    assert html.count('class="m3-tag m3-tag-partner">partner<') <= revealed


def seats_by_hand(pages: list[Page], state: State) -> dict[int, int]:
    """Which table seat each browser holds, told by the hand it shows."""
    players = range(state.config.players)
    return {
        index: next(s for s in players if {cards.NAME[c] for c in state.hands[s]} == hand_of(page))
        for index, page in enumerate(pages)
    }


def begin_game(host: Page, pages: list[Page], database: str, code: str) -> dict[int, int]:
    """The host begins once the last player (Dev) sat down; returns each browser's seat."""
    host.wait_for_selector("text=Dev", timeout=20_000)
    host.get_by_role("button", name="Begin Game").click()
    for page in pages:
        page.wait_for_selector('div[class*="st-key-play-"]', timeout=20_000)
    state = table_state(database, code)
    assert state is not None
    return seats_by_hand(pages, state)


def wait_for_move(database: str, code: str, before: int) -> None:
    """Give the server a moment to take the move just clicked."""
    for _ in range(40):
        now = table_state(database, code)
        if now is not None and len(now.history) > before:
            return
        time.sleep(0.1)


def call_teammates(page: Page, count: int) -> None:
    """Tap the first callable cards of the "Select Teammate Card" grid and call them.

    A tap the page redrew away (a poll's redraw at that moment) is tapped again.
    """
    picked = 'div[class*="st-key-pick-"][class*="-on"]'
    free = page.locator('div[class*="st-key-pick-"][class*="-off"] button:not([disabled])')
    for want in range(1, count + 1):
        for _ in range(5):
            if page.locator(picked).count() >= want:
                break
            with contextlib.suppress(PlaywrightTimeout):
                free.first.click(timeout=5_000)
                page.wait_for_function(
                    "([css, n]) => document.querySelectorAll(css).length >= n",
                    arg=[picked, want],
                    timeout=5_000,
                )
        assert page.locator(picked).count() >= want, "a tapped card did not stay picked"
    page.get_by_role("button", name="Call", exact=True).click()


@pytest.mark.seconds(110)
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
    invite = host.locator("code:visible").first.inner_text().strip()
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
        page.wait_for_selector('div[class*="st-key-play-"]', timeout=20_000)
    state = table_state(database, code)
    assert state is not None and len(state.removed) == 4
    positions = seats_by_hand(pages, state)
    revealed_seen: list[int] = []
    # The round may take as long as the machine makes it, but the table never stands still.
    moved_at, moves = time.monotonic(), -1
    while time.monotonic() - moved_at < 90:
        state = table_state(database, code)
        assert state is not None
        if state.phase.label == "round_over":
            break
        if len(state.history) != moves:
            moved_at, moves = time.monotonic(), len(state.history)
        # Every page as each trick begins, and one page in turn at each move between.
        for index, page in enumerate(pages):
            if not state.trick_cards or index == len(state.history) % len(pages):
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
            wait_for_turn(page)
            continue
        wait_for_move(database, code, before)
    else:
        pytest.fail(f"the Card-Based round stood still in the browser after {moves} moves")
    assert state.called is not None and len(state.called) == 2
    assert revealed_seen  # partners were announced during play, and checked on every page
    shown = "[...document.querySelectorAll('.m3-tag')].filter(t => t.textContent === 'partner')"
    for page in pages:
        page.wait_for_selector(".m3-result", timeout=20_000)
        # Every browser ends up showing every partner the rules revealed.
        page.wait_for_function(f"{shown}.length === {len(state.partners)}", timeout=20_000)
    shoot(pages[0], "results-card-based")
    shoot(pages[1], "results-card-based")
    for context in contexts:
        context.close()


def screens(database: str) -> dict[str, str]:
    """Every screen that is not a decision at the table, as the path of the page that shows it."""
    store = Store(database)
    rooms = Rooms(store)
    shown: dict[str, str] = {"home": "/", "create": "/create", "rules": "/rules", "stats": "/stats"}
    shown["join-by-code"] = "/room"
    shown["wrong-code"] = "/room?room=ZZZZZZ"

    code, host = rooms.create("Asha", RoomSettings(mode="teams", players=4))
    rooms.join(code, "Ben <b>", 1)
    rooms.add_bot(host)
    shown["lobby-host"] = f"/room?room={code}&seat={host}"
    shown["invite"] = f"/room?room={code}"

    code, _, ordered = seated(rooms, RoomSettings(mode="teams", players=4))
    play_until(rooms, ordered, "playing")
    shown["watching"] = f"/room?room={code}"
    code, host, ordered = seated(rooms, RoomSettings(mode="partners", players=5))
    play_until_round_ends(rooms, ordered, random.Random(3))
    rooms.end_game(host)
    shown["game-over"] = f"/room?room={code}&seat={host}"

    # Spades: bidding, a trick under way at five players with jokers, and a hand's results.
    for name, settings, moves in (
        ("spades-bidding", SpadesSettings(), 0),
        ("spades-playing-5", SpadesSettings(players=5, jokers=True), 8),
        ("spades-results", SpadesSettings(), -1),
    ):
        code, host, ordered = seated(rooms, settings)
        if moves < 0:
            play_until_round_ends(rooms, ordered, random.Random(3))
            shown[name] = f"/room?room={code}&seat={host}"
            continue
        for _ in range(moves):
            view = rooms.view(host)
            actor = ordered[view.table.to_act]  # type: ignore[union-attr]
            mine = rooms.view(actor)
            rooms.act(actor, pick(mine, random.Random(2)), mine.version)
        actor = ordered[rooms.view(host).table.to_act]  # type: ignore[union-attr]
        shown[name] = f"/room?room={code}&seat={actor}"
        shown[f"{name}-watching"] = f"/room?room={code}"
    store.close()
    return shown


#: The tables of the one-screen rule: 4 players / 13 cards, 7 / 14, 5 / 20 and 12 / 8 (two decks).
TABLES = {
    "4p13": RoomSettings(mode="partners", players=4, decks=1, bid_timer=120),
    "7p14": RoomSettings(mode="partners", players=7, decks=2, bid_timer=120),
    "5p20": RoomSettings(mode="partners", players=5, decks=2, bid_timer=120),
    "12p8": RoomSettings(mode="partners", players=12, decks=2, bid_timer=120),  # H1
}


#: Spades' tables: the longest hand (3 players with jokers, 18 cards) and partners at 4.
SPADES_TABLES = {
    "spades-3p18": SpadesSettings(players=3, jokers=True),
    "spades-4p13": SpadesSettings(),
}


def spades_after(rooms: Rooms, ordered: list[str], moves: int) -> str:
    """Make ``moves`` moves of a Spades hand; the token of the seat to act next."""
    for _ in range(moves):
        view = rooms.view(ordered[0])
        actor = ordered[view.table.to_act]  # type: ignore[union-attr]
        mine = rooms.view(actor)
        rooms.act(actor, pick(mine, random.Random(2)), mine.version)
    return ordered[rooms.view(ordered[0]).table.to_act]  # type: ignore[union-attr]


def decisions(database: str, table: str) -> Iterator[tuple[str, str, str]]:
    """Each decision at ``table`` (a key of :data:`TABLES` or :data:`SPADES_TABLES`): (name,
    path of the deciding player's page, kind).

    Each room is set up just before it is looked at, so no bidding timer runs out while
    the screens before it are checked.
    """
    rooms = Rooms(Store(database))
    if table in TABLES:
        settings = TABLES[table]
        code, tokens = open_room(rooms, settings, humans=settings.players)
        view = rooms.view(tokens[0])
        if view.status == "choosing":
            chooser = tokens_by_position(rooms, tokens)[view.choice.chooser]
            yield (f"{table}-removal", f"/room?room={code}&seat={chooser}", "removal")
        for phase in ("bidding", "calling", "trump", "playing"):
            code, _, ordered = seated(rooms, settings)
            actor = play_until(rooms, ordered, phase)
            if phase == "playing":  # a trick under way: cards in front of seats, some unplayable
                for _ in range(2):
                    mine = rooms.view(actor)
                    rooms.act(actor, pick(mine, random.Random(2)), mine.version)
                    actor = ordered[rooms.view(actor).table.to_act]  # type: ignore[union-attr]
            yield (f"{table}-{phase}", f"/room?room={code}&seat={actor}", phase)
        code, host, ordered = seated(rooms, settings)
    else:
        spades = SPADES_TABLES[table]
        # Bidding opens the hand; playing: every bid in and a trick under way.
        for phase, moves in (("bidding", 0), ("playing", spades.players + 2)):
            code, _, ordered = seated(rooms, spades)
            actor = spades_after(rooms, ordered, moves)
            yield (f"{table}-{phase}", f"/room?room={code}&seat={actor}", phase)
        code, host, ordered = seated(rooms, spades)
    play_until_round_ends(rooms, ordered, random.Random(3))
    yield (f"{table}-results", f"/room?room={code}&seat={host}", "results")
    rooms.store.close()


SIDEWAYS = """() => {
  const main = document.querySelector('[data-testid="stMain"]') || document.documentElement;
  return Math.max(document.documentElement.scrollWidth - window.innerWidth,
                  main.scrollWidth - main.clientWidth);
}"""

#: What a decision screen must show inside the viewport, uncovered, without scrolling.
ONE_SCREEN = """(kind) => {
  const problems = [];
  const inside = (r) => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5
    && r.right <= innerWidth + 0.5 && r.width > 0 && r.height > 0;
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height].map(Math.round).join(" ");
  };
  const name = (e) => {
    const keyed = e.closest('[class*="st-key-"]');
    return keyed ? keyed.className.match(/st-key-\\S+/)[0] : e.innerText;
  };
  const seen = (e, x, y) => {
    const hit = document.elementFromPoint(x, y);
    if (!hit || !e.contains(hit)) {
      const by = hit ? (hit.className || hit.tagName) : "nothing";
      problems.push(`${name(e)} covered at ${Math.round(x)},${Math.round(y)} by ${by}`);
    }
  };
  const visible = (e, what) => {
    if (!inside(e.getBoundingClientRect())) problems.push(`${what} ${name(e)} outside: ${box(e)}`);
  };
  const felt = document.querySelector('.m3-felt');
  if (!felt) problems.push('no felt'); else visible(felt, 'felt');
  const hand = [...document.querySelectorAll(
    'div[class*="st-key-play-"] button, div[class*="st-key-dim-"] button')];
  for (const card of hand) {
    visible(card, 'card');
    const r = card.getBoundingClientRect();
    seen(card, r.left + 6, r.top + 12);  // the corner that shows when cards overlap
  }
  const byText = (t) => [...document.querySelectorAll('button')]
    .filter(b => b.innerText.trim() === t);
  const picks = [...document.querySelectorAll('div[class*="st-key-pick-"] button')];
  const controls = {
    bidding: [...byText('Bid'), ...byText('Pass'),
              ...document.querySelectorAll('.st-key-m3-bid input'),
              ...document.querySelectorAll('.st-key-m3-spades-bids button')],
    calling: [...picks, ...byText('Call')],
    removal: [...picks, ...byText('Confirm Selection')],
    trump: [...document.querySelectorAll('div[class*="st-key-trump-"] button')],
    playing: hand.filter(b => b.closest('div[class*="st-key-play-"]') && !b.disabled),
    results: [...byText('Next Round'), ...byText('Next Hand')],
  }[kind];
  if (!controls.length) problems.push(`no controls for ${kind}`);
  for (const control of controls) {
    visible(control, 'control');
    const r = control.getBoundingClientRect();
    if (!control.closest('div[class*="st-key-play-"]')) {
      seen(control, r.left + r.width / 2, r.top + r.height / 2);
    }
  }
  return problems;
}"""

#: A card's click area and what is under a resting pointer, over 30 frames.
RESTING = """([x, y]) => new Promise(done => {
  const button = document.elementFromPoint(x, y).closest('button');
  const boxes = new Set(); const hits = new Set(); let frames = 0;
  const look = () => {
    const r = button.getBoundingClientRect();
    boxes.add([r.left, r.top, r.width, r.height].join());
    hits.add(document.elementFromPoint(x, y).closest('button') === button);
    if (++frames < 30) requestAnimationFrame(look); else done([boxes.size, [...hits]]);
  };
  requestAnimationFrame(look);
})"""


@pytest.mark.seconds(35)
@pytest.mark.parametrize("table", [*TABLES, *SPADES_TABLES])
def test_each_decision_fits_one_screen_at_phone_and_laptop_size(
    server: str, browser: Browser, database: str, table: str
) -> None:
    """Every decision at 4/13, 7/14, 5/20, 12/8 and Spades at 3/18 and 4/13 (one table a
    test): all on one screen.

    The felt, the hand and the controls of the decision are inside the viewport
    as the page opens, no control is covered by another element (a card by
    its own corner, which is what shows when cards overlap), nothing scrolls
    sideways. On a laptop a card under a resting pointer keeps its click area.
    """
    sizes = ((390, 844), (1280, 800))
    contexts = [browser.new_context(viewport={"width": w, "height": h}) for w, h in sizes]
    pages = [context.new_page() for context in contexts]
    for name, path, kind in decisions(database, table):  # both sizes at once: the timer runs
        open_each(pages, f"{server}{path}")
        for page in pages:
            page.wait_for_selector(".m3-felt", timeout=20_000)
        shoot_each(pages, f"decision-{name}")
        for (width, _), page in zip(sizes, pages, strict=True):
            problems = page.evaluate(ONE_SCREEN, kind)
            assert problems == [], f"{name} at {width}px: {problems}"
            assert page.evaluate(SIDEWAYS) <= 0, f"{name} scrolls sideways at {width}px"
            if kind == "playing" and width > 640:
                card = page.locator(LIVE_CARD).first
                r = card.bounding_box()
                assert r is not None
                spot = [r["x"] + 8, r["y"] + 20]
                page.mouse.move(*spot)
                page.wait_for_timeout(300)  # the lift has happened: now the pointer rests
                boxes, hits = page.evaluate(RESTING, spot)
                assert (boxes, hits) == (1, [True]), f"{name}: the card moved under the pointer"
                page.mouse.move(0, 0)
    for context in contexts:
        context.close()


@pytest.mark.seconds(85)
def test_every_screen_at_phone_and_laptop_size_without_sideways_scrolling(
    server: str, browser: Browser, database: str
) -> None:
    shown = screens(database)
    sizes = ((390, 844), (1280, 800))
    contexts = [browser.new_context(viewport={"width": w, "height": h}) for w, h in sizes]
    pages = [context.new_page() for context in contexts]
    for name, path in shown.items():  # both sizes at once
        open_each(pages, f"{server}{path}")
        for page in pages:
            page.wait_for_selector('[data-testid="stMainBlockContainer"]', timeout=20_000)
            assert not page.locator('[data-testid="stException"]').count(), name
        shoot_each(pages, f"screen-{name}", whole=True)
        for (width, _), page in zip(sizes, pages, strict=True):
            overflow = page.evaluate(SIDEWAYS)
            assert overflow <= 0, f"{name} scrolls sideways by {overflow}px at {width}px"
            links = '[data-testid="stTopNavLink"], [data-testid="stSidebarNavLink"]'
            page.wait_for_selector(links, state="attached", timeout=20_000)  # drawn last
            labels = [text.strip() for text in page.locator(links).all_inner_texts()]
            assert [t for t in labels if t] and all(
                any(label.endswith(page_name) for label in labels)
                for page_name in ("Home", "Create Room", "Room", "Rules", "Stats")
            ), f"{name} at {width}px has the menu {labels}"
    for context in contexts:
        context.close()


@pytest.mark.seconds(30)
def test_quick_game_from_home_with_rules_bots_plays_a_full_round(
    server: str, browser: Browser, database: str
) -> None:
    """Alone with three bots: the host plays their own turns, the bots every other.

    Over the whole round the tab title says "Your turn" within two seconds of
    each of the player's turns (one right after their own play included: a
    trick they win makes them lead) and stops saying it within two seconds
    once the turn has passed.
    """
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server)
    page.wait_for_function(SETTLED, timeout=30_000)  # the home page has run to its end
    page.get_by_role("button", name="Quick game").first.click()  # the flagship's
    page.wait_for_timeout(300)  # the run the click started has begun
    page.wait_for_function(SETTLED, timeout=30_000)  # its form is drawn, and stays
    page.get_by_label("Your name").last.fill("Solo")
    page.get_by_role("button", name="Start Quick Game").click()
    page.wait_for_selector(".m3-felt[data-version]", timeout=30_000)
    code = page.url.split("room=")[1].split("&")[0]
    state = table_state(database, code)
    assert state is not None
    seat = next(s for s in range(4) if {cards.NAME[c] for c in state.hands[s]} == hand_of(page))
    deadline = time.monotonic() + 300
    hinted = False
    turn_since = other_since = None
    turns = 0
    while time.monotonic() < deadline:
        html, title = page.content(), page.title()
        state = table_state(database, code)
        assert state is not None
        if state.phase.label == "round_over":
            break
        if state.to_act != seat:
            turn_since = None
            other_since = other_since or time.monotonic()
            if title.startswith("Your turn"):
                assert time.monotonic() - other_since <= 2.0, f"title still {title!r}"
            check_no_leak(page, state, seat, html)
            time.sleep(0.1)
            continue
        other_since = None
        if turn_since is None:
            turn_since = time.monotonic()
            turns += 1
        if not title.startswith("Your turn"):
            assert time.monotonic() - turn_since <= 2.0, f"turn {turns}: the title is {title!r}"
            time.sleep(0.1)
            continue
        check_no_leak(page, state, seat, html)
        if not hinted and page.get_by_role("button", name="Suggest").count():
            page.get_by_role("button", name="Suggest").click()
            page.wait_for_selector("text=Suggestion:", timeout=20_000)
            hinted = True
        before = len(state.history)
        if act_in_page(page, state):
            wait_for_move(database, code, before)
            turn_since = None  # whatever comes next is a new turn, even if it is ours again
        else:
            time.sleep(0.3)
    else:
        pytest.fail("the quick game's round did not finish")
    assert hinted  # a quick game comes with hints on
    assert turns >= 14  # the bidding and thirteen cards: every turn was seen
    page.wait_for_selector(".m3-result", timeout=20_000)
    context.close()


@pytest.mark.seconds(40)
def test_stats_page_with_bot_played_games_reads_on_a_phone_and_a_laptop(
    server: str, browser: Browser, database: str
) -> None:
    """The Stats page over stored games: headline, every tab, a replay step, no sideways scroll."""
    for table in (["--players", "4"], ["--players", "5", "--mode", "partners"]):
        subprocess.run(
            [sys.executable, "-m", "core", "simulate", "--store", database, "--games", "8",
             "--bot", "rules", "--names", "Asha,Bikram,Chandra,Dipa,Esha,Farhan",
             "--spread-days", "14", "--json", *table],
            check=True, capture_output=True, cwd=ROOT,
        )  # fmt: skip
    for width, height in ((390, 844), (1280, 800)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(f"{server}/stats")
        page.get_by_text("Bids of 150+ (275+ two decks) made").wait_for(timeout=30_000)
        page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
        assert not page.locator('[data-testid="stException"]').count()
        assert page.get_by_text("Most Kali Tidi").count() == 1
        shoot(page, "stats", whole=True)
        for tab in ("Kali Tidi", "Leaderboard", "History"):
            page.get_by_role("tab", name=tab).click()
            if tab == "History":
                page.get_by_role("button", name="Next trick").click()
                page.get_by_text("Trick 1 of").wait_for(timeout=20_000)
                assert page.locator(".m3-hand").count() >= 4
            shoot(page, f"stats-{tab.split()[0].lower()}", whole=tab == "History")
            assert not page.locator('[data-testid="stException"]').count(), tab
            overflow = page.evaluate(SIDEWAYS)
            assert overflow <= 0, f"stats {tab} scrolls sideways by {overflow}px at {width}px"
        context.close()
