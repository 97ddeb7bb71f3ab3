"""The table and its turns: moves checked against the seat a token owns, rounds kept, games ended.

Each function works on a loaded room for the service's transaction; the
rules are the game's, reached through its table (``core/<game>/table.py``).
"""

from __future__ import annotations

from typing import Any

from core.games import BeforeDeal, GameEnd, SettingsError
from core.rooms.context import (
    ABANDONED,
    CHOOSING,
    LOBBY,
    OVER,
    PLAYING,
    RESULTS,
    Ctx,
    SeatRow,
    is_book,
    stamp,
)
from core.rooms.errors import Forbidden, Refused
from core.store import history

NEXT_ROUND_GRACE = 60.0  # after this, any player may start the next round
#: How many of the latest moves' times a room keeps: a trick of twelve and the move before it.
MOVES_TIMED = 13
SEEN_EVERY = 30.0  # seconds between updates of a seat's "last seen"


def seen(seat: SeatRow, now: float) -> None:
    """Note that a player is here; at most every half minute, to spare a write per move."""
    if seat.last_seen is None or now - seat.last_seen >= SEEN_EVERY:
        seat.last_seen = now


def act(ctx: Ctx, token: str, action: object, version: int | None) -> int:
    """The token's own seat makes ``action`` (its hand-record JSON without the seat)."""
    seat = ctx.seat_of(token)
    seen(seat, ctx.now)
    if ctx.status != PLAYING:
        raise Refused("There is nothing to play right now")
    if not isinstance(action, dict):
        raise Refused("That is not a move")
    assert seat.position is not None
    data = {**action, "seat": seat.position}
    try:
        move = ctx.table.parse(data)
        took(ctx, move)
    except ctx.table.REFUSED as exc:
        raise Refused(str(exc)) from None
    if seat.stand_in:  # a human back at the table takes the seat back (R30)
        seat.stand_in = False
    ctx.doc["requests"][str(seat.position)] = [version, move.to_json()]
    return int(ctx.room.version) + 1


def same_request(table: Any, last: object, position: int, action: object, version: int) -> bool:
    """True if ``action`` at ``version`` is the request (seat, version, move) last applied."""
    if not isinstance(action, dict):
        return False
    try:
        move = table.parse({**action, "seat": position}).to_json()
    except table.REFUSED:
        return False
    return bool(last == [version, move])


def took(ctx: Ctx, move: Any, auto: bool = False) -> None:
    """Apply a move (checked) and record it, with when it was made (so every screen can keep a
    finished trick in view for its while, A3); finish the round when it was the last."""
    over = ctx.table.took(ctx, move, auto)
    ctx.doc["moved_at"] = [*ctx.doc.get("moved_at", [])[1 - MOVES_TIMED :], ctx.now]
    if over:
        finish_round(ctx)


def finish_round(ctx: Ctx, abandoned: bool = False) -> None:
    """Keep the finished (or abandoned) round; score it and close the game if it ends."""
    state = ctx.state()
    game = ctx.doc["game"]
    rnd = ctx.doc["round"]
    rnd["meta"]["abandoned"] = abandoned
    names = [ctx.by_position(p).name for p in range(state.config.players)]
    facts = ctx.table.round_facts(state, names)
    ctx.new_rows.append(
        history.round_rows(
            ctx.game,
            facts,
            names,
            rnd,
            room_code=ctx.room.code,
            game_number=game["number"],
            round_number=game["rounds"] + 1,
            finished_at=stamp(ctx.now),
            abandoned=abandoned,
        )
    )
    if abandoned:
        return
    end = ctx.table.finish_round(ctx)
    if end is not None:
        keep_game(ctx, end)


def keep_game(ctx: Ctx, end: GameEnd) -> None:
    """Store a game that ended: its totals, winners and how it ended."""
    game = ctx.doc["game"]
    config = ctx.table.game_config(ctx)
    names = [ctx.by_position(p).name for p in range(config.players)]
    facts = ctx.table.game_facts(config, names, game["totals"], end.winners)
    ctx.new_rows.append(
        history.game_rows(
            ctx.game,
            facts,
            names,
            game["totals"],
            end.winners,
            room_code=ctx.room.code,
            game_number=game["number"],
            rounds=game["rounds"],
            finished_at=stamp(ctx.now),
            ended_early=end.ended_early,
            abandoned=end.abandoned,
        )
    )


def choose(ctx: Ctx, token: str, picked: list[str]) -> None:
    """The chooser makes the choice the next deal waits for (:class:`core.games.BeforeDeal`)."""
    seat = ctx.seat_of(token)
    before = ctx.rules.before_deal
    if ctx.status != CHOOSING or before is None:
        raise Refused("there is nothing to choose now")
    if seat.position != ctx.doc["choice"]["chooser"]:
        raise Forbidden("another player makes this choice")
    chosen(ctx, before, picked)


def chosen(ctx: Ctx, before: BeforeDeal, picked: list[str]) -> None:
    """Hand the choice to the game, which deals; a refused choice changes nothing."""
    try:
        before.choose(ctx, picked)
    except SettingsError as exc:
        raise Refused(str(exc)) from None
    ctx.doc["choice"] = None


def next_round(ctx: Ctx, token: str) -> None:
    """Deal the next round: the host's button, anyone's after a minute (SPEC 2.9)."""
    seat = ctx.seat_of(token)
    if ctx.status != RESULTS:
        raise Refused("the round is not over yet")
    is_host = seat.id == ctx.doc["host_seat_id"]
    if not is_host and ctx.now < ctx.doc["since"] + NEXT_ROUND_GRACE:
        raise Forbidden("the host starts the next round")
    ctx.table.start_round(ctx)


def end_game(ctx: Ctx, token: str) -> None:
    """R28: the host ends the game after a round; the leaders win, marked ended early."""
    ctx.require_host(token)
    if ctx.status not in (RESULTS, CHOOSING):
        raise Refused("a game can be ended between rounds")
    keep_game(ctx, ctx.table.end_early(ctx))


def rematch(ctx: Ctx, token: str) -> None:
    """A new game with the same seats and teams; R11's round-1 rule applies again."""
    host = ctx.require_host(token)
    if ctx.status != OVER:
        raise Refused("a rematch follows a finished game")
    assert host.position is not None
    ctx.table.rematch(ctx, host.position)


def hand_to_bot(ctx: Ctx, token: str, position: int) -> None:
    """R30: the host hands a seat to a bot so the game goes on."""
    ctx.require_host(token)
    if ctx.status in (LOBBY, OVER, ABANDONED) or is_book(ctx.doc):
        raise Refused("seats are handed over during a game")
    seat = next((s for s in ctx.seats if s.position == position), None)
    if seat is None or seat.is_bot:
        raise Refused("that seat is already played by a bot")
    if seat.id == ctx.doc["host_seat_id"]:
        raise Refused("the host keeps their own seat")
    seat.stand_in = True
    ctx.changed = True


def reclaim(ctx: Ctx, token: str) -> None:
    """R30: a player opening their link again takes their seat back from the bot."""
    seat = ctx.seat_of(token)
    seat.last_seen = ctx.now
    if seat.stand_in:
        seat.stand_in = False
        ctx.changed = True
