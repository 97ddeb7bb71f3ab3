"""Timers and bots: what is due in a room and when, and applying it at its own time.

Nothing runs in the background: every call (a poll included) first applies
what is due by now from the room's stored timestamps, in order, each at the
time it was due: a bot's move (or a bot's choice before a deal), the automatic
move of a game that times a move (:class:`core.games.TimedMove`), the
abandonment of a room nobody plays (R30). The compare-and-set makes sure it
happens exactly once, whichever browser noticed.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from typing import Any

from core import bots
from core.games import GameEnd
from core.rooms.context import CHOOSING, PLAYING, RESULTS, Ctx
from core.rooms.turns import chosen, finish_round, keep_game, took

BOT_DELAY = 0.8  # seconds between bot moves, so people can follow them
ABANDON_AFTER = 300.0  # R30
#: The Expert's thinking time a move in a room (it runs inside the room's write).
ROOM_EXPERT_MS = 200.0
STAND_IN_LEVEL = "rules"


class Thoughts:
    """Bot moves worked out ahead in a read, by (room, round, moves so far).

    A bot that searches (the Expert) thinks for a fifth of a second; doing that
    inside the write would hold the room's row, and SQLite's one writer lock,
    for as long. The write takes the move only if the table is still where it
    was; otherwise the bot thinks again there. One server process's memory:
    losing it only costs the thinking again.
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.lock = threading.Lock()
        self.entries: OrderedDict[tuple[str, int, int], Any] = OrderedDict()

    def take(self, key: tuple[str, int, int]) -> Any:
        with self.lock:
            return self.entries.pop(key, None)

    def has(self, key: tuple[str, int, int]) -> bool:
        with self.lock:
            return key in self.entries

    def keep(self, key: tuple[str, int, int], move: Any) -> None:
        with self.lock:
            self.entries[key] = move
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
    """Apply, in order and at their own times, everything due by now."""
    now = ctx.now
    for _ in range(2000):
        found = due(ctx)
        if found is None or found[0] > now:
            return
        when, what = found
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


def thought_key(ctx: Ctx) -> tuple[str, int, int]:
    """Where a bot's move was worked out: the room, its round, the moves made so far."""
    return (ctx.room.code, ctx.doc["round_number"], len(ctx.doc["round"]["actions"]))


def _bot_move(ctx: Ctx, thoughts: Thoughts) -> None:
    state = ctx.state()
    move = thoughts.take(thought_key(ctx))
    if move is None or move not in ctx.rules.legal_actions(state):
        move = decide(ctx, state)
    took(ctx, move)


def decide(ctx: Ctx, state: Any) -> Any:
    """The move of the bot (or stand-in) to act, from its own player view."""
    to_act = ctx.rules.to_act(state)
    assert to_act is not None
    seat = ctx.by_position(to_act)
    # A seat handed over from a human (R30) plays at the Rules level, a sound partner.
    bot = bots.get(ctx.game, seat.bot_level or STAND_IN_LEVEL, ROOM_EXPERT_MS)
    moves = len(ctx.doc["round"]["actions"])
    rng = random.Random(f"{ctx.doc['seed']}:bot:{ctx.doc['round_number']}:{moves}")
    return bot.choose(ctx.rules.player_view(state, to_act), rng)


def _abandon(ctx: Ctx) -> None:
    """R30: the room closes; the round in progress is kept as abandoned, no winner."""
    if ctx.status == PLAYING:
        finish_round(ctx, abandoned=True)
    keep_game(ctx, ctx.table.close(ctx, GameEnd([], abandoned=True)))
