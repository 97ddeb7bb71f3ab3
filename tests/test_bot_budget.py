"""G5: bots think by a count of work, and the bots of every table queue for one worker.

An Expert's decision depends on the room's seed and the position only: the
same on an idle machine and on one whose cores are all busy, and whatever
its clock says, below the wall-time cap that is only a safety net. A room
whose bot is still thinking answers its polls at once, the bot's move
played by a later poll.
"""

from __future__ import annotations

import dataclasses
import itertools
import multiprocessing
import os
import random
import threading
from collections.abc import Callable, Iterator
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import Any

import pytest

from core import bots, games
from core.bots import SampledExpert
from core.rooms import BOT_DELAY, Rooms
from core.rooms.timers import WORKER
from core.store import Store
from tests.conftest import FakeClock
from tests.service_play import pick

#: Forked: the busy processes need nothing but a loop, so none imports anything.
FORK = multiprocessing.get_context("fork")
#: The Expert's budget a decision here: a count of work, a few dozen worlds.
EXPERT_MS = 30.0
#: Decisions weighed per game: a few from each of two deals, early and late in the hand.
DEALS = 2
EVERY = 10


def config_of(name: str) -> Any:
    """A four-seat table where the game has one (the common table), else its first."""
    configs = list(games.get(name).sample_configs())
    fours = [c for c in configs if getattr(c, "players", 0) == 4]
    return (fours or configs)[0]


def positions(name: str) -> list[Any]:
    """Views of seats with a choice to make, through whole hands the Rules bots play."""
    game = games.get(name)
    config = config_of(name)
    rules = game.bot("rules")
    found = []
    for seed in range(DEALS):
        state = game.deal(config, seed % game.seats_of(config), seed)
        rng = random.Random(seed)
        for step in itertools.count():
            seat = game.to_act(state)
            if seat is None:
                break
            view = game.player_view(state, seat)
            if len(view.legal) > 1 and step % EVERY == 0:
                found.append(view)
            game.apply(state, rules.choose(view, rng))
    return found


def expert(name: str, clock: Callable[[], float] | None = None) -> SampledExpert[Any, Any]:
    bot = bots.get(name, "expert", EXPERT_MS)
    assert isinstance(bot, SampledExpert)
    return bot if clock is None else dataclasses.replace(bot, clock=clock)


def decisions(bot: SampledExpert[Any, Any], views: list[Any]) -> list[Any]:
    return [bot.choose(view, random.Random(f"seed:{i}")) for i, view in enumerate(views)]


def spin(ready: Event, stop: Event) -> None:
    """Keep a core busy until told to stop."""
    ready.set()
    while not stop.is_set():
        sum(range(1000))


@pytest.fixture
def busy_cores() -> Iterator[int]:
    """Every core of the machine kept busy by another process while the test runs."""
    cores = os.cpu_count() or 1
    stop = FORK.Event()
    readies = [FORK.Event() for _ in range(cores)]
    spinners = [FORK.Process(target=spin, args=(ready, stop), daemon=True) for ready in readies]
    for spinner in spinners:
        spinner.start()
    try:
        for ready, spinner in zip(readies, spinners, strict=True):
            while not ready.wait(0.1):
                assert spinner.is_alive(), "a busy process died before it started"
        yield cores
    finally:
        stop.set()
        for spinner in spinners:
            spinner.join()


@pytest.mark.parametrize("name", games.names())
def test_g5_the_same_seed_decides_the_same_on_an_idle_or_a_busy_machine(
    name: str, request: pytest.FixtureRequest
) -> None:
    views = positions(name)
    idle = decisions(expert(name), views)
    request.getfixturevalue("busy_cores")
    assert decisions(expert(name), views) == idle


@pytest.mark.parametrize("name", games.names())
def test_g5_the_count_of_work_decides_not_the_clock(name: str) -> None:
    """A clock that stands still, or crawls, changes no decision: today's time budget would
    have let the Expert deal many more worlds."""
    views = positions(name)
    real = decisions(expert(name), views)
    assert decisions(expert(name, clock=lambda: 0.0), views) == real
    crawling = itertools.count(step=1e-9)
    assert decisions(expert(name, clock=lambda: next(crawling)), views) == real


@pytest.mark.parametrize("name", games.names())
def test_g5_the_wall_clock_cap_still_ends_a_decision_on_a_far_slower_host(name: str) -> None:
    """Past the cap no new world starts: a host whose every world takes an hour still
    decides, from one world, a legal action."""
    hours = itertools.count(step=3600.0)
    bot = expert(name, clock=lambda: next(hours))
    for view in positions(name):
        assert bot.choose(view, random.Random(0)) in view.legal


def rooms_waiting_on_an_expert(rooms: Rooms) -> list[str]:
    """A room of every game where an Expert bot is to move, its host the only human."""
    codes = []
    for name in games.names():
        game = games.get(name)
        settings = game.table.settings_for(config_of(name))
        code, host = rooms.quick_game("Host", settings, "expert")
        for _ in range(20):  # the host moves until a bot is to act
            view = rooms.view(host)
            if view.table is None or not view.table.my_turn:
                break
            rooms.act(host, pick(view, random.Random(0)), view.version)
        codes.append(code)
    return codes


def test_g5_a_poll_is_answered_while_the_bots_of_many_tables_queue_to_think(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
    rooms = Rooms(store, clock)
    gate = threading.Event()
    try:
        WORKER.submit(gate.wait)  # the worker is busy with another table's bot
        codes = rooms_waiting_on_an_expert(rooms)
        clock.advance(BOT_DELAY)
        before = {code: rooms.version(code) for code in codes}  # each asks for its bot's move
        assert WORKER.busy() > len(codes)
        assert {code: rooms.version(code) for code in codes} == before
        assert WORKER.busy() > len(codes)
    finally:
        gate.set()
    WORKER.submit(lambda: None).result()  # one thread, in order: every move is thought
    assert all(rooms.version(code) > version for code, version in before.items())
    store.close()


def test_g5_an_experts_move_is_thought_while_the_table_waits_out_the_bot_delay(
    tmp_path: Path,
) -> None:
    """The call that gives an Expert its turn asks for its move: the first poll once the move
    is due plays it."""
    clock = FakeClock()
    store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
    rooms = Rooms(store, clock)
    codes = rooms_waiting_on_an_expert(rooms)
    WORKER.submit(lambda: None).result()  # one thread, in order: every move is thought
    before = {code: rooms.version(code) for code in codes}  # not yet due: nothing moves
    clock.advance(BOT_DELAY)
    assert all(rooms.version(code) > version for code, version in before.items())
    store.close()
