"""G6: a server killed mid-game and started again on the same store serves every room as it was.

On SQLite and on PostgreSQL, a ``streamlit run`` server serves three Moon 3 of Spades rooms
with players' pages open: one in the auction, whose next bidder's timer runs (R14); one
where a bot is to play; one where a human is to play. The moves that leave the first two
waiting are made through the store a moment before the server is killed (as a host puts
a sleeping app away), dated so that the timer and the bot fall due while no server runs.
A new server starts on the same store and every player opens their own seat link on it,
all at once. The timer then passes for its seat exactly once, at its stored deadline; the
bot plays exactly once, at its own time; the humans to act play on from their pages; and
every move made before the stop is still in its room's record, each once.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from sqlmodel import col, select

from core import seats
from core.moon3.table import RoomSettings
from core.rooms import BOT_DELAY, OVER, RESULTS, Rooms
from core.store import Room, Seat, Store
from tests.browsing import take_turn, wait_for_turn
from tests.servers import streamlit_server
from tests.service_play import move_of, open_room, pick

PLAYERS = 4
BID_TIMER = 120  # R14's longest: the bidder after the timed-out one has all the time it needs
#: How long after the stop the timer and the bot fall due: the server is down by then.
DOWN_FOR = 4.0


class Clock:
    """The time of the test's own moves: the real time, moved on by ``shift`` seconds."""

    def __init__(self) -> None:
        self.shift = 0.0

    def __call__(self) -> float:
        return time.time() + self.shift


@dataclass(frozen=True)
class Stored:
    """A room as the store holds it: its version, when its next thing is due, its document
    and its seats (without "last seen")."""

    version: int
    due_at: float | None
    doc: dict[str, Any]
    seats: list[tuple[object, ...]]

    @property
    def actions(self) -> list[dict[str, Any]]:
        return list(self.doc["round"]["actions"])

    @property
    def automatic(self) -> list[int]:
        return list(self.doc["round"]["meta"]["auto"])

    def settled(self) -> dict[str, Any]:
        """The document without what a move changes: the round's moves, when the table last
        moved and when its latest moves were made, the players' last requests."""
        doc: dict[str, Any] = json.loads(json.dumps(self.doc))
        for moving in ("since", "moved_at", "requests"):
            doc.pop(moving)
        doc["round"].pop("actions")
        doc["round"]["meta"].pop("auto")
        return doc


def stored(store: Store, code: str) -> Stored:
    """Read a room straight from the store (a service call would apply what is due)."""
    with store.read() as db:
        room = db.get(Room, code)
        assert room is not None
        rows = db.exec(select(Seat).where(Seat.room_code == code).order_by(col(Seat.id))).all()
        kept: list[tuple[object, ...]] = [
            (s.id, s.name, s.position, s.team, s.token_hash, s.is_bot, s.stand_in) for s in rows
        ]
        return Stored(room.version, room.due_at, json.loads(room.doc), kept)


def has_moves(store: Store, code: str, count: int) -> bool:
    return len(stored(store, code).actions) >= count


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Poll ``condition`` until it holds; fail after two minutes, however slow the host."""
    for _ in range(1200):
        if condition():
            return
        time.sleep(0.1)
    pytest.fail(f"never happened: {what}")


def by_position(rooms: Rooms, tokens: list[str]) -> dict[int, str]:
    """The humans' tokens by their table position."""
    found: dict[int, str] = {}
    for token in tokens:
        me = rooms.view(token).me
        assert me is not None and me.position is not None
        found[me.position] = token
    return found


def drive(
    rooms: Rooms,
    clock: Clock,
    code: str,
    humans: dict[int, str],
    host: str,
    until: Callable[[Any], bool],
) -> None:
    """Random legal moves by the humans, the bots at their own times (the test's clock moves
    on), round after round, until the table is as ``until`` wants it."""
    rng = random.Random(7)
    for _ in range(5000):
        view = rooms.watch(code)
        if view.status == RESULTS:
            rooms.next_round(host)
            continue
        if view.status == OVER:  # the game ended first: the host starts another
            rooms.rematch(host)
            continue
        if until(view.table):
            return
        token = humans.get(view.table.to_act)
        if token is None:
            clock.shift += 1.0  # a bot's turn: its time comes, and the next call plays it
            continue
        mine = rooms.view(token)
        rooms.act(token, pick(mine, rng), mine.version)
    raise AssertionError(f"the table never got there: {view.status}, {view.table!r:.300}")


@dataclass
class Rooms3:
    """The three rooms and the pages of their players, as set up before the stop."""

    timed: str
    bot: str
    human: str
    #: Position of the bidder whose timer runs out, the bot's position, the human to act.
    timed_out: int
    bot_seat: int
    actor: int
    #: Tokens by position, per room.
    humans: dict[str, dict[int, str]]


def set_up(rooms: Rooms, clock: Clock) -> Rooms3:
    """The rooms mid-round: the auction opening, the player before a bot to lead a trick, a
    human to play."""
    timed, timed_tokens = open_room(rooms, RoomSettings(bid_timer=BID_TIMER), PLAYERS)
    bot, bot_tokens = open_room(rooms, RoomSettings(bid_timer=BID_TIMER), PLAYERS - 1)
    human, human_tokens = open_room(rooms, RoomSettings(bid_timer=BID_TIMER), PLAYERS)
    humans = {
        timed: by_position(rooms, timed_tokens),
        bot: by_position(rooms, bot_tokens),
        human: by_position(rooms, human_tokens),
    }
    bot_seat = next(p for p in range(PLAYERS) if p not in humans[bot])
    before_bot = seats.previous_seat(bot_seat, PLAYERS)
    # The human before the bot is to lead a trick, so the bot's card never ends it.
    drive(
        rooms,
        clock,
        bot,
        humans[bot],
        bot_tokens[0],
        lambda t: t.phase == "playing" and t.to_act == before_bot and not t.trick.cards,
    )
    drive(rooms, clock, human, humans[human], human_tokens[0], lambda t: t.phase == "playing")
    clock.shift = 0.0
    opener = rooms.watch(timed).table.to_act
    return Rooms3(
        timed,
        bot,
        human,
        timed_out=seats.next_seat(opener, PLAYERS),
        bot_seat=bot_seat,
        actor=rooms.watch(human).table.to_act,
        humans=humans,
    )


def arm(rooms: Rooms, clock: Clock, at: Rooms3) -> None:
    """The last moves before the stop, dated so the next bidder's time and the bot's both run
    out ``DOWN_FOR`` seconds from now: the opener bids, the player before the bot leads."""
    for code, shift in ((at.timed, DOWN_FOR - BID_TIMER), (at.bot, DOWN_FOR - BOT_DELAY)):
        clock.shift = shift
        table = rooms.watch(code).table
        token = at.humans[code][table.to_act]
        mine = rooms.view(token)
        legal = mine.table.legal
        move = next((a for a in legal if a.to_json()["type"] == "bid"), legal[0])
        rooms.act(token, move_of(move), mine.version)
    clock.shift = 0.0


def seat_page(browser: Browser, base: str, code: str, token: str) -> Page:
    """A player's own page at the table, opened from their seat link."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{base}/room?room={code}&seat={token}", wait_until="commit")
    return page


def wait_for_felt(page: Page) -> None:
    page.wait_for_selector(".m3-felt[data-version]", timeout=120_000)


def play_on(page: Page) -> None:
    """The player makes the move their page offers, once it offers one."""
    for _ in range(60):
        wait_for_turn(page, 2_000)
        if take_turn(page):
            return
    pytest.fail("the page never offered its player a move")


def test_g6_rooms_play_on_after_the_server_is_killed_and_started_again(
    database_url: str, browser: Browser
) -> None:
    store = Store(database_url)
    clock = Clock()
    rooms = Rooms(store, clock)
    try:
        at = set_up(rooms, clock)
        # Who has a page open: the bidder after the timed-out one, the player after the bot,
        # the human to act; each plays on after the restart.
        after_timed_out = seats.next_seat(at.timed_out, PLAYERS)
        next_to_bot = seats.next_seat(at.bot_seat, PLAYERS)
        watched = [(at.timed, after_timed_out), (at.bot, next_to_bot), (at.human, at.actor)]
        with streamlit_server(database_url, hurried=False) as (first, process):
            pages = {
                (code, p): seat_page(browser, first, code, at.humans[code][p])
                for code, p in watched
            }
            for page in pages.values():
                wait_for_felt(page)
            arm(rooms, clock, at)
            process.kill()  # the host puts the app away: no goodbye
            process.wait()
            stopped_at = time.time()
        codes = (at.timed, at.bot, at.human)
        before = {code: stored(store, code) for code in codes}
        deadline = float(before[at.timed].doc["since"]) + BID_TIMER
        bot_due = float(before[at.bot].doc["since"]) + BOT_DELAY
        assert min(deadline, bot_due) > stopped_at, "the stop came after the timer or the bot"
        assert before[at.timed].due_at == pytest.approx(deadline)
        assert before[at.bot].due_at == pytest.approx(bot_due)
        assert before[at.timed].actions[-1]["type"] == "bid"
        assert before[at.timed].automatic == []
        assert before[at.bot].actions[-1]["seat"] != at.bot_seat

        with streamlit_server(database_url, hurried=False) as (second, _):
            # Every player opens their own link on the woken server, all at once.
            for page in pages.values():
                page.goto(second + page.url[page.url.index("/room") :], wait_until="commit")
            for page in pages.values():
                wait_for_felt(page)

            # The timer passed for its seat once, at its stored deadline.
            timed = before[at.timed]
            wait_until(partial(has_moves, store, at.timed, len(timed.actions) + 1), "R14")
            fired = stored(store, at.timed)
            assert fired.actions == [*timed.actions, {"seat": at.timed_out, "type": "pass"}]
            assert fired.automatic == [len(timed.actions)]
            assert fired.version == timed.version + 1
            assert fired.doc["since"] == pytest.approx(deadline, abs=1e-6)

            # The bot played once, at its own time, and the player after it is to play.
            bot = before[at.bot]
            wait_until(partial(has_moves, store, at.bot, len(bot.actions) + 1), "the bot")
            moved = stored(store, at.bot)
            assert moved.actions[: len(bot.actions)] == bot.actions
            assert [a["seat"] for a in moved.actions[len(bot.actions) :]] == [at.bot_seat]
            assert moved.doc["since"] == pytest.approx(bot_due, abs=1e-6)
            assert moved.version == bot.version + 1

            # The humans to act play on from their pages.
            for page in pages.values():
                play_on(page)
            expected = {
                at.timed: len(timed.actions) + 2,
                at.bot: len(bot.actions) + 2,
                at.human: len(before[at.human].actions) + 1,
            }
            for code, count in expected.items():
                wait_until(partial(has_moves, store, code, count), f"{count} moves in {code}")
            after = {code: stored(store, code) for code in codes}
            for page in pages.values():
                page.context.close()

        # Nothing lost, nothing applied twice: every room holds its moves from before the
        # stop, each once, followed by exactly the moves made since.
        movers = {
            at.timed: [at.timed_out, after_timed_out],
            at.bot: [at.bot_seat, next_to_bot],
            at.human: [at.actor],
        }
        for code in codes:
            then, now = before[code], after[code]
            assert now.actions[: len(then.actions)] == then.actions
            assert [a["seat"] for a in now.actions[len(then.actions) :]] == movers[code]
            assert now.settled() == then.settled()
            assert now.seats == then.seats
            assert now.version == then.version + len(movers[code])  # one write a move
        assert after[at.timed].automatic == [len(before[at.timed].actions)]
        assert after[at.bot].automatic == after[at.human].automatic == []
    finally:
        store.close()
