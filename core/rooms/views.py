"""What a page gets: a room as one player (or a spectator) sees it, and the Expert's hints.

Only the game's player view of the round leaves here (``core/<game>/view.py``):
another player's hand never does.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from core import bots, games
from core.rooms.context import PLAYING, REMOVAL, RESULTS, Ctx, SeatRow, is_book
from core.rooms.errors import Refused
from core.rooms.turns import NEXT_ROUND_GRACE

#: The time the Expert takes for a player's "Suggest".
HINT_MS = 300.0


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat as everyone at the table sees it (no token, no hand)."""

    seat_id: int
    name: str
    position: int | None
    team: int | None
    is_bot: bool
    bot_level: str | None
    stand_in: bool
    is_host: bool
    #: Whether a player holds this seat's link (a scorebook's named seats start without one).
    linked: bool = True


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A hint: the action the Expert would take and, while bidding, its estimates."""

    action: Any
    #: While bidding, what the game estimates for the hand (Moon 3 of Spades: the points
    #: the side can expect as bidder with ♠ ♥ ♣ ♦ as trump; empty where a game has none).
    estimates: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class RoomView:
    """Everything one player's screen needs, read in one transaction."""

    code: str
    #: The game played at this table (its name in the registry).
    game: str
    version: int
    status: str
    #: The game's Create Room settings (``RoomSettings`` for Moon 3 of Spades).
    settings: Any
    me: SeatInfo | None
    seats: tuple[SeatInfo, ...]
    #: Seat names by table position once the game has begun.
    names: tuple[str, ...]
    #: The game's own view of the table for this player (``core/<game>/view.py``).
    table: Any
    totals: tuple[int, ...]
    game_number: int
    rounds_played: int
    length: str
    #: The game's length as numbers: a target score, or a number of rounds (R28).
    target: int | None
    length_rounds: int | None
    winners: tuple[int, ...]
    ended_early: bool
    #: When the player to act started waiting (epoch seconds), for R29's display.
    waiting_since: float | None
    #: When the bidder to act passes automatically (R14), if a human is bidding.
    bid_deadline: float | None
    removal_chooser: int | None
    removal_count: int
    removal_default: tuple[int, ...]
    #: R6: every card the chooser may remove (0-point cards, never a joker), with copies.
    removal_options: tuple[int, ...]
    last_round: dict[str, Any] | None
    can_start_next: bool
    now: float
    #: A scorebook (H3): the game's view of the book (rounds entered, totals), else ``None``.
    book: Any = None
    #: Whether this viewer may enter, correct and delete rounds in the scorebook.
    can_score: bool = False

    @property
    def is_host(self) -> bool:
        return self.me is not None and self.me.is_host


def build(ctx: Ctx, seat: SeatRow | None) -> RoomView:
    """What one seat (or, with ``None``, anyone watching) sees of the room."""
    version = ctx.room.version + (1 if ctx.changed else 0)
    keeper = games.book_of(ctx.game) if is_book(ctx.doc) else None
    settings = (
        keeper.BookSettings.from_json(ctx.doc["settings"])
        if keeper is not None
        else ctx.table.settings_from_json(ctx.doc["settings"])
    )
    host_id = ctx.doc["host_seat_id"]
    infos = tuple(
        SeatInfo(
            seat_id=s.id or 0,
            name=s.name,
            position=s.position,
            team=s.team,
            is_bot=s.is_bot,
            bot_level=s.bot_level,
            stand_in=s.stand_in,
            is_host=s.id == host_id,
            linked=s.token_hash is not None,
        )
        for s in sorted(
            ctx.seats,
            key=lambda s: (s.position if s.position is not None else 99, s.join_order),
        )
    )
    me = next((i for i in infos if seat is not None and i.seat_id == seat.id), None)
    game = ctx.doc["game"]
    table = None
    names: tuple[str, ...] = ()
    bid_deadline = None
    name = ctx.game
    if ctx.doc["round"] is not None:
        state = ctx.state()
        position = me.position if me is not None else None
        table = games.get(name).player_view(state, position)
        names = tuple(ctx.by_position(p).name for p in range(state.config.players))
        timer = ctx.table.bid_timer(ctx)
        if timer is not None and state.to_act is not None:
            bidder = ctx.by_position(state.to_act)
            if not bidder.is_bot and not bidder.stand_in:
                bid_deadline = float(ctx.doc["since"]) + timer
    elif game is not None:
        names = tuple(ctx.by_position(p).name for p in range(len(ctx.seats)))
    removal = ctx.doc["removal"]
    length = ctx.table.length_text(game) if game is not None else ""
    results_since = float(ctx.doc["since"])
    return RoomView(
        code=ctx.room.code,
        game=name,
        version=version,
        status=ctx.status,
        settings=settings,
        me=me,
        seats=infos,
        names=names,
        table=table,
        totals=tuple(game["totals"]) if game else (),
        game_number=game["number"] if game else 0,
        rounds_played=game["rounds"] if game else 0,
        length=length,
        target=game["target"] if game else None,
        length_rounds=game["length_rounds"] if game else None,
        winners=tuple(game["winners"]) if game else (),
        ended_early=bool(game and game["ended_early"]),
        waiting_since=float(ctx.doc["since"]) if ctx.status in (PLAYING, REMOVAL) else None,
        bid_deadline=bid_deadline,
        removal_chooser=removal["chooser"] if removal else None,
        removal_count=len(removal["default"]) if removal else 0,
        removal_default=ctx.table.removal_default(ctx) if removal else (),
        removal_options=ctx.table.removal_options(ctx) if removal else (),
        last_round=ctx.doc["last_round"],
        can_start_next=ctx.status == RESULTS
        and me is not None
        and (me.is_host or ctx.now >= results_since + NEXT_ROUND_GRACE),
        now=ctx.now,
        book=keeper.view(ctx) if keeper is not None and game is not None else None,
        can_score=keeper is not None
        and me is not None
        and (me.is_host or bool(ctx.doc["settings"].get("anyone"))),
    )


def suggestion(view: RoomView) -> Suggestion:
    """The Expert's advice for the viewer's own turn, when the host allows hints.

    It sees exactly the player's own view. While bidding the game may add its
    estimates (Moon 3 of Spades: the points the side can expect under each trump).
    """
    if not view.settings.hints:
        raise Refused("hints are off at this table; the host can turn them on")
    table = view.table
    if table is None or not table.my_turn:
        raise Refused("a suggestion is for your own turn")
    rng = random.Random(f"hint:{view.code}:{view.version}")
    if table.phase == "bidding":
        deadline = time.perf_counter() + HINT_MS / 1000
        action, values = games.table_of(view.game).estimates(table, rng, deadline)
        return Suggestion(action, values)
    return Suggestion(bots.get(view.game, "expert", HINT_MS).choose(table, rng), None)
