"""Timers and bots: what is due in a room and when, and applying it at its own time.

No timer runs in the background: every call (a poll included) first applies
what is due by now from the room's stored timestamps, in order, each at the
time it was due: a bot's move (or a bot's choice before a deal), the automatic
move of a game that times a move (:class:`core.games.TimedMove`), the
abandonment of a room nobody plays (R30). The compare-and-set makes sure it
happens exactly once, whichever browser noticed.

A bot that searches (the Expert) thinks on one worker the whole process
shares (:data:`WORKER`), never in a page's call: the call that gives it the
turn asks for its move, so it thinks while the table waits out
``BOT_DELAY``, and a call after that plays it once it is thought (one that
finds it not yet thought goes on without it).
The bots of many tables so queue for the worker rather than take the time
the polls need, and the move is the same whoever asked (its dice come from
the room's seed and the position).
"""

from __future__ import annotations

import math
import os
import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Any

from core import bots
from core.games import GameEnd
from core.rooms.context import CHOOSING, PLAYING, RESULTS, Ctx
from core.rooms.turns import chosen, finish_round, keep_game, took

#: Seconds a bot waits after the move before its own, so that people can follow.
DEFAULT_BOT_DELAY = 0.8


def bot_delay(environ: Mapping[str, str] = os.environ) -> float:
    """The bots' delay: ``BOT_DELAY_SECONDS`` from the server's environment (0 to 5; a host's
    demo or the tests' servers may hurry them), else :data:`DEFAULT_BOT_DELAY`. A value that
    is not such a number is ignored."""
    try:
        said = float(environ.get("BOT_DELAY_SECONDS", ""))
    except ValueError:
        return DEFAULT_BOT_DELAY
    return said if math.isfinite(said) and 0 <= said <= 5 else DEFAULT_BOT_DELAY


BOT_DELAY = bot_delay()
ABANDON_AFTER = 300.0  # R30
#: The Expert's budget a move in a room: milliseconds of counted work on the machine it was
#: measured on (:mod:`core.bots`), so as strong on a busy host, only slower.
ROOM_EXPERT_MS = 200.0
STAND_IN_LEVEL = "rules"
#: The level that searches, and so thinks on the worker.
SEARCHING_LEVEL = "expert"

#: Where a bot's move is thought: the room, its seed, its round, the moves made so far.
Key = tuple[str, int, int, int]


class Worker:
    """The one place a process's searching bots think: a thread behind a queue.

    One thread, because Python runs one thread's bytecode at a time: more would
    only take turns with each other, and with the polls. Its thread starts with
    the first job.
    """

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="bots")
        self.lock = threading.Lock()
        self.waiting = 0

    def submit(self, job: Callable[[], Any]) -> Future[Any]:
        """Queue ``job``; its future holds the move once thought."""
        with self.lock:
            self.waiting += 1
        future = self.pool.submit(job)
        future.add_done_callback(self._done)
        return future

    def _done(self, _: Future[Any]) -> None:
        with self.lock:
            self.waiting -= 1

    def busy(self) -> int:
        """The jobs queued or under way."""
        with self.lock:
            return self.waiting


#: The worker every room service of the process shares.
WORKER = Worker()


class Thoughts:
    """Bot moves worked out ahead of the write that plays them, by where they were thought.

    A searching bot (the Expert) thinks for a fifth of a second or more; doing
    that inside the write would hold the room's row, and SQLite's one writer
    lock, for as long, and inside any call would make a poll wait. So it thinks
    on the ``worker``, and the write takes the move only if the table is still
    where it was. One server process's memory: losing it only costs the
    thinking again.
    """

    def __init__(self, size: int = 256, worker: Worker = WORKER) -> None:
        self.size = size
        self.worker = worker
        self.lock = threading.Lock()
        self.entries: OrderedDict[Key, Future[Any]] = OrderedDict()

    def ask(self, key: Key, think: Callable[[], Any], searches: bool) -> Future[Any]:
        """The move thought (or being thought) at ``key``; a searching bot's ``think`` is
        queued on the worker, any other runs now."""
        with self.lock:
            found = self.entries.get(key)
            if found is not None:
                return found
            if searches:
                queued = self.worker.submit(think)
                self.keep(key, queued)
                return queued
        done: Future[Any] = Future()
        try:
            done.set_result(think())
        except Exception as exc:  # kept to raise in the call that plays the move
            done.set_exception(exc)
        with self.lock:
            found = self.entries.get(key)
            if found is None:
                self.keep(key, done)
        return done if found is None else found

    def take(self, key: Key) -> Future[Any] | None:
        """The move at ``key``, forgotten here: it is about to be played."""
        with self.lock:
            return self.entries.pop(key, None)

    def keep(self, key: Key, future: Future[Any]) -> None:
        """Remember ``future`` at ``key`` (under the lock), forgetting the oldest past ``size``."""
        self.entries[key] = future
        while len(self.entries) > self.size:
            self.entries.popitem(last=False)


def timer(ctx: Ctx) -> float | None:
    """The seconds the seat to act has before the table moves for it, where the game times
    this move (:class:`core.games.TimedMove`)."""
    timed = ctx.rules.timed
    return None if timed is None else timed.seconds(ctx)


def due(ctx: Ctx) -> tuple[float, str] | None:
    """The next thing due in this room and when: a bot's move or choice, a timed move,
    abandonment."""
    status = ctx.status
    since = float(ctx.doc["since"])
    if status == PLAYING:
        to_act = ctx.rules.to_act(ctx.state())
        assert to_act is not None
        seat = ctx.by_position(to_act)
        if seat.is_bot or seat.stand_in:
            return since + BOT_DELAY, "bot"
        seconds = timer(ctx)
        if seconds is not None and seconds < ABANDON_AFTER:
            return since + seconds, "timed"
        return since + ABANDON_AFTER, "abandon"
    if status == CHOOSING:
        chooser = ctx.by_position(ctx.doc["choice"]["chooser"])
        if chooser.is_bot or chooser.stand_in:
            return since + BOT_DELAY, "bot_choice"
        return since + ABANDON_AFTER, "abandon"
    if status == RESULTS:
        return since + ABANDON_AFTER, "abandon"
    return None


def due_at(ctx: Ctx) -> float | None:
    """When the next thing is due, for the room row (a poll reads only that)."""
    found = due(ctx)
    return found[0] if found else None


def advance(ctx: Ctx, thoughts: Thoughts) -> None:
    """Apply, in order and at their own times, everything due by now, up to a bot's move
    still being thought (a later call plays it)."""
    now = ctx.now
    for _ in range(2000):
        found = due(ctx)
        if found is None or found[0] > now:
            return
        when, what = found
        if what == "bot" and not think_ahead(ctx, thoughts).done():
            return
        ctx.now = when  # the event happens at its due time, whoever notices it
        timed, before = ctx.rules.timed, ctx.rules.before_deal
        if what == "bot":
            _bot_move(ctx, thoughts)
        elif what == "timed" and timed is not None:
            took(ctx, timed.timeout_action(ctx), auto=True)
        elif what == "bot_choice" and before is not None:
            chosen(ctx, before, ctx.doc["choice"]["default"])
        else:
            _abandon(ctx)
        ctx.now = now


def waits(ctx: Ctx, thoughts: Thoughts) -> bool:
    """Whether what is due by now is a bot's move still being thought (asked for here)."""
    found = due(ctx)
    if found is None or found[0] > ctx.now or found[1] != "bot":
        return False
    return not think_ahead(ctx, thoughts).done()


def thought_key(ctx: Ctx) -> Key:
    """Where a bot's move is worked out: the room, its seed, its round, the moves so far."""
    doc = ctx.doc
    return (ctx.room.code, doc["seed"], doc["round_number"], len(doc["round"]["actions"]))


def ask_early(ctx: Ctx, thoughts: Thoughts) -> None:
    """Queue the move of a searching bot whose turn has just come, so that it thinks while
    the table waits out ``BOT_DELAY`` and is ready when due."""
    found = due(ctx)
    if found is not None and found[1] == "bot" and _level(ctx) == SEARCHING_LEVEL:
        think_ahead(ctx, thoughts)


def _level(ctx: Ctx) -> str:
    """The level the seat to act plays at: a seat handed over from a human (R30) plays at the
    Rules level, a sound partner."""
    to_act = ctx.rules.to_act(ctx.state())
    assert to_act is not None
    return ctx.by_position(to_act).bot_level or STAND_IN_LEVEL


def think_ahead(ctx: Ctx, thoughts: Thoughts) -> Future[Any]:
    """The move of the bot (or stand-in) to act, from its own player view: thought now, or
    queued on the worker for a bot that searches. Its dice come from the room's seed and the
    position, so the move is the same whichever call asked, and whenever it is thought."""
    state = ctx.state()
    to_act = ctx.rules.to_act(state)
    assert to_act is not None
    level = _level(ctx)
    bot = bots.get(ctx.game, level, ROOM_EXPERT_MS)
    moves = len(ctx.doc["round"]["actions"])
    rng = random.Random(f"{ctx.doc['seed']}:bot:{ctx.doc['round_number']}:{moves}")
    view = ctx.rules.player_view(state, to_act)
    return thoughts.ask(thought_key(ctx), partial(bot.choose, view, rng), level == SEARCHING_LEVEL)


def _bot_move(ctx: Ctx, thoughts: Thoughts) -> None:
    """Play the bot's move, thought at this very position (:func:`think_ahead`)."""
    thought = thoughts.take(thought_key(ctx))
    assert thought is not None and thought.done()
    took(ctx, thought.result())


def _abandon(ctx: Ctx) -> None:
    """R30: the room closes; the round in progress is kept as abandoned, no winner."""
    if ctx.status == PLAYING:
        finish_round(ctx, abandoned=True)
    keep_game(ctx, ctx.table.close(ctx, GameEnd([], abandoned=True)))
