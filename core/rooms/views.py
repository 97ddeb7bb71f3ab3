"""What a page gets: a room as one player (or a spectator) sees it, and the Expert's hints.

Only the game's player view of the round leaves here (``core/<game>/view.py``):
another player's hand never does.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from core import games
from core.games import Hint, RoomSettings
from core.rooms.context import CHOOSING, PLAYING, RESULTS, Ctx, SeatRow, is_book
from core.rooms.errors import Refused
from core.rooms.reactions import Shown, shown
from core.rooms.timers import timer
from core.rooms.turns import NEXT_ROUND_GRACE
from core.store import reactions

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


#: A hint: the action the Expert would take and, where the game has them, its estimates.
Suggestion = Hint


@dataclass(frozen=True, slots=True)
class ChoiceView:
    """The choice the next deal waits for (:class:`core.games.BeforeDeal`), as every seat
    sees it: who makes it, how many pieces, those preselected and those one may pick."""

    chooser: int
    count: int
    default: tuple[int, ...]
    options: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoomView:
    """Everything one player's screen needs, read in one transaction."""

    code: str
    #: The game played at this table (its name in the registry).
    game: str
    version: int
    status: str
    #: The game's Create Room settings (a scorebook's "Keep score" settings).
    settings: RoomSettings
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
    #: When the table moves for the human to act, in a game that times this move, and the
    #: seconds that move allows.
    deadline: float | None
    timer: float | None
    #: The choice the next deal waits for, in a game that has one.
    choice: ChoiceView | None
    last_round: dict[str, Any] | None
    can_start_next: bool
    now: float
    #: When the latest moves were made (epoch seconds, oldest first; a room keeps the last
    #: few): how long ago a trick was finished (A3).
    moved_at: tuple[float, ...] = ()
    #: A scorebook (H3): the game's view of the book (rounds entered, totals), else ``None``.
    book: Any = None
    #: Whether this viewer may enter, correct and delete rounds in the scorebook.
    can_score: bool = False
    #: A6: the reactions on show at the table, and how many the room has had.
    reactions: tuple[Shown, ...] = ()
    reacted: int = 0

    @property
    def is_host(self) -> bool:
        return self.me is not None and self.me.is_host

    @property
    def pulse(self) -> tuple[int, int]:
        """What a page compares with the room's poll (:meth:`core.rooms.Rooms.pulse`) to know
        that the table moved or somebody reacted."""
        return self.version, self.reacted


def build(ctx: Ctx, seat: SeatRow | None) -> RoomView:
    """What one seat (or, with ``None``, anyone watching) sees of the room."""
    version = ctx.room.version + (1 if ctx.changed else 0)
    keeper = games.book_of(ctx.game) if is_book(ctx.doc) else None
    settings = (
        keeper.settings_from_json(ctx.doc["settings"])
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
    deadline: float | None = None
    allowed: float | None = None
    name = ctx.game
    rules = ctx.rules
    if ctx.doc["round"] is not None:
        state = ctx.state()
        position = me.position if me is not None else None
        table = rules.player_view(state, position)
        names = tuple(ctx.by_position(p).name for p in range(len(ctx.seats)))
        seconds = timer(ctx)
        to_act = rules.to_act(state)
        if seconds is not None and to_act is not None:
            mover = ctx.by_position(to_act)
            if not mover.is_bot and not mover.stand_in:
                deadline, allowed = float(ctx.doc["since"]) + seconds, seconds
    elif game is not None:
        names = tuple(ctx.by_position(p).name for p in range(len(ctx.seats)))
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
        waiting_since=float(ctx.doc["since"]) if ctx.status in (PLAYING, CHOOSING) else None,
        deadline=deadline,
        timer=allowed,
        choice=_choice(ctx),
        last_round=ctx.doc["last_round"],
        can_start_next=ctx.status == RESULTS
        and me is not None
        and (me.is_host or ctx.now >= results_since + NEXT_ROUND_GRACE),
        now=ctx.now,
        moved_at=tuple(float(t) for t in ctx.doc.get("moved_at", ())),
        book=keeper.view(ctx) if keeper is not None and game is not None else None,
        can_score=keeper is not None
        and me is not None
        and (me.is_host or bool(ctx.doc["settings"].get("anyone"))),
        reactions=shown(ctx),
        reacted=reactions.count(ctx.session, ctx.code),
    )


def _choice(ctx: Ctx) -> ChoiceView | None:
    """The choice the next deal waits for, as everyone sees it."""
    before = ctx.rules.before_deal
    pending = ctx.doc.get("choice")
    if before is None or pending is None or ctx.status != CHOOSING:
        return None
    return ChoiceView(
        chooser=pending["chooser"],
        count=len(pending["default"]),
        default=before.default(ctx),
        options=before.options(ctx),
    )


def suggestion(view: RoomView) -> Suggestion:
    """The Expert's advice for the viewer's own turn, when the host allows hints.

    It sees exactly the player's own view; the game may add its estimates
    (:class:`core.games.Hint`).
    """
    if not view.settings.hints:
        raise Refused("hints are off at this table; the host can turn them on")
    table = view.table
    if table is None or not table.my_turn:
        raise Refused("a suggestion is for your own turn")
    rng = random.Random(f"hint:{view.code}:{view.version}")
    deadline = time.perf_counter() + HINT_MS / 1000
    return games.get(view.game).table.hint(table, rng, deadline)
