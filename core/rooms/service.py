"""The room service every page calls: one transaction per call, a compare-and-set at its end.

Each call loads the room, first applies whatever is due from stored
timestamps (:mod:`core.rooms.timers`), then the call's own change (the lobby,
:mod:`core.rooms.lobby`; the table, :mod:`core.rooms.turns`), and writes it
back as a compare-and-set on the room's version (:mod:`core.rooms.sql`). A
call that lost a race with another writer runs again on the new state.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from core import bots, games
from core.rooms import book, lobby, reactions, sql, timers, turns, views
from core.rooms.context import Ctx, StateCache, is_book, token_hash
from core.rooms.errors import NotFound, Refused, RoomError, Stale
from core.rooms.views import RoomView, Suggestion
from core.store import Store, dropped
from core.store.tables import OPEN_GROUP

if TYPE_CHECKING:
    from sqlmodel import Session

R = TypeVar("R")
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/I
CODE_LENGTH = 6
MAX_ATTEMPTS = 20  # compare-and-set retries after losing a race with another writer


_log = logging.getLogger("moon3.rooms")


def _code(code: object) -> str:
    return code.strip().upper() if isinstance(code, str) else ""


class Rooms:
    """The service every screen calls. Thread-safe: it holds no per-room state."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._states = StateCache()
        self._thoughts = timers.Thoughts()
        # token hash -> (room code, game): a seat never moves, a room never changes its game
        self._rooms_of: dict[str, tuple[str, str]] = {}
        #: Who hears at once of a room that moved here (its code): this server's pages.
        self.moved: list[Callable[[str], None]] = []

    def _tell(self, code: str) -> None:
        """Hand the code of a room that just moved to whoever listens (:attr:`moved`). The
        move is written already: a listener's trouble is logged, never the caller's error."""
        for hear in self.moved:
            try:
                hear(code)
            except Exception:
                _log.exception("telling of room %s moved", code)

    # ------------------------------------------------------------ transactions

    def _read(self, code: str, work: Callable[[Ctx], R]) -> R:
        """Run a read-only ``work``; if something is due first, take the write path. A read
        whose connection was lost runs once more on a new one: it changed nothing."""
        code = _code(code)
        for attempt in range(2):
            try:
                with self.store.read() as session:
                    ctx = sql.load(session, code, self.clock(), self._states)
                    due = timers.due(ctx)
                    if due is None or due[0] > ctx.now or timers.waits(ctx, self._thoughts):
                        return work(ctx)
                break
            except Exception as exc:
                if attempt or not dropped(exc):
                    raise
        return self._run(code, work)

    def _reading(self, read: Callable[[Session], R]) -> R:
        """``read`` in a read transaction, run once more on a new connection if its connection
        was lost (closed by the server or a pooler): it changed nothing."""
        try:
            with self.store.read() as session:
                return read(session)
        except Exception as exc:
            if not dropped(exc):
                raise
        with self.store.read() as session:
            return read(session)

    def _run(
        self,
        code: str,
        work: Callable[[Ctx], R],
        expected_version: int | None = None,
    ) -> R:
        """Load, advance what is due, do ``work``, compare-and-set; retry a lost race.

        A connection lost before the commit (closed by the server or a pooler) is retried
        like a lost race: nothing was written. One lost during the commit is not, as the
        write may have landed; the caller sees the error."""
        code = _code(code)
        for _ in range(MAX_ATTEMPTS):
            committing = False
            try:
                with self.store.write() as session:
                    ctx = sql.load(session, code, self.clock(), self._states)
                    room = ctx.room
                    timers.advance(ctx, self._thoughts)
                    error: RoomError | None = None
                    result: R | None = None
                    try:
                        if expected_version is not None and (
                            room.version != expected_version or ctx.changed
                        ):
                            raise Stale("the table moved on; here is where it stands now")
                        result = work(ctx)
                    except RoomError as exc:
                        if not ctx.changed:
                            raise
                        error = exc  # keep what the timers did, refuse only the call
                    if ctx.changed:
                        if not sql.save(self.store, ctx, timers.due_at(ctx)):
                            session.rollback()
                            continue
                        self.store.announce(session, code)
                        committing = True
                        session.commit()
                        self._tell(code)
                        if ctx._state is not None and ctx.doc["round"] is not None:
                            self._states.put((code, room.version + 1), ctx._state)
                        timers.ask_early(ctx, self._thoughts)
                    else:
                        session.rollback()  # nothing to write: leave no trace
                    if error is not None:
                        raise error
                    return result  # type: ignore[return-value]  # set: ``work`` ran without error
            except Exception as exc:
                if committing or not dropped(exc):
                    raise
        raise Refused("the table is very busy; please try again")

    def room_of(self, token: str) -> str:
        """The room code a secret token belongs to."""
        return self._seat_room(token)[0]

    def game_of(self, token: str) -> str:
        """The game played in the room a secret token belongs to (its name in the registry)."""
        return self._seat_room(token)[1]

    def _seat_room(self, token: str) -> tuple[str, str]:
        if not isinstance(token, str) or not token:
            raise NotFound("this link does not open a seat")
        digest = token_hash(token)
        known = self._rooms_of.get(digest)
        if known is not None:
            return known
        found = self._reading(partial(sql.room_of_token, digest=digest))
        if found is None:
            raise NotFound("this link does not open a seat")
        if len(self._rooms_of) > 100_000:
            self._rooms_of.clear()
        self._rooms_of[digest] = found
        return found

    # ------------------------------------------------------------ lobby

    def create(self, host_name: str, settings: Any, group: str = OPEN_GROUP) -> tuple[str, str]:
        """Open a room of ``group`` with its host seated; returns the room code and the host's
        token."""
        return self._open(lobby.clean_name(host_name), lobby.checked(settings), group=group)

    def create_book(
        self, host_name: str, settings: Any, group: str = OPEN_GROUP
    ) -> tuple[str, str]:
        """Open a scorebook (H3) of ``group``: every player seated by name, the first round
        awaiting entry; returns the room code and the host's token."""
        checked = lobby.checked(settings)
        code, token = self._open(
            lobby.clean_name(host_name, checked.others), checked, kept=True, group=group
        )
        self._run(code, lambda ctx: games.book_of(ctx.game).open_book(ctx))
        return code, token

    def _open(
        self, name: str, settings: Any, kept: bool = False, group: str = OPEN_GROUP
    ) -> tuple[str, str]:
        """A new room of ``group`` under a free code with its host (and a scorebook's named
        players)."""
        now = self.clock()
        token = secrets.token_urlsafe(16)
        for _ in range(MAX_ATTEMPTS):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            doc, host = lobby.new_room(settings, name, token, now)
            host.room_code = code
            others = book.new_book(settings, doc, host) if kept else []
            with self.store.write() as session:
                if sql.insert_room(session, code, settings.game, doc, host, now, others, group):
                    session.commit()
                    return code, token
        raise Refused("could not find a free room code; please try again")

    def enter_round(self, token: str, entry: object, version: int | None = None) -> None:
        """Scorebook: enter the next round (the host, or a seated player the host allows)."""
        self._run(self.room_of(token), partial(book.enter, token=token, entry=entry), version)

    def correct_round(self, token: str, entry: object, version: int | None = None) -> None:
        """Scorebook: correct the last round entered."""
        self._run(self.room_of(token), partial(book.correct, token=token, entry=entry), version)

    def delete_round(self, token: str, version: int | None = None) -> None:
        """Scorebook: delete the last round entered."""
        self._run(self.room_of(token), partial(book.delete, token=token), version)

    def allow_scoring(self, token: str, anyone: bool) -> None:
        """Scorebook: the host lets seated players enter rounds, or keeps it to themselves."""
        self._run(self.room_of(token), partial(book.allow, token=token, anyone=anyone))

    def claim_seat(self, code: str, seat_id: int) -> str:
        """Scorebook: a player from the invite link takes their named seat; returns its token."""
        token = secrets.token_urlsafe(16)
        result: str = self._run(code, partial(book.claim, seat_id=seat_id, token=token))
        return result

    def export_book(self, code: str) -> dict[str, Any]:
        """Scorebook: the game so far as an import document (H4), for anyone with the link."""
        result: dict[str, Any] = self._read(code, partial(_exported, "export"))
        return result

    def export_book_rows(self, code: str) -> tuple[list[str], list[list[object]]]:
        """Scorebook: the game so far as CSV rows (header, rows)."""
        result: tuple[list[str], list[list[object]]] = self._read(
            code, partial(_exported, "export_rows")
        )
        return result

    def join(self, code: str, name: str, team: int | None = None) -> str:
        """Take a free seat in a room's lobby; returns the new player's secret token."""
        lobby.clean_name(name)  # a bad name is refused before the room is even read
        token = secrets.token_urlsafe(16)
        result: str = self._run(code, partial(lobby.join, name=name, team=team, token=token))
        return result

    def quick_game(
        self, host_name: str, settings: Any, level: str = "rules", group: str = OPEN_GROUP
    ) -> tuple[str, str]:
        """A room of ``group``: the host and bots of ``level`` in every other seat, begun at
        once."""
        _check_level(level)
        code, token = self.create(host_name, settings, group)
        for _ in range(lobby.checked(settings).players - 1):
            self.add_bot(token, level)
        self.begin(token)
        return code, token

    def choose_team(self, token: str, team: int) -> None:
        """Team-wise lobby: move to the other team if it has a free place."""
        self._run(self.room_of(token), partial(lobby.choose_team, token=token, team=team))

    def add_bot(self, token: str, level: str = "random", team: int | None = None) -> None:
        """The host fills an empty lobby seat with a bot."""
        _check_level(level)
        work = partial(lobby.add_bot, token=token, level=level, team=team)
        self._run(self.room_of(token), work)

    def remove_seat(self, token: str, seat_id: int) -> None:
        """The host removes a bot or a player from the lobby."""
        self._run(self.room_of(token), partial(lobby.remove_seat, token=token, seat_id=seat_id))

    def leave(self, token: str) -> None:
        """Leave a room. In the lobby the seat frees up; in a game a bot plays it on."""
        self._run(self.room_of(token), partial(lobby.leave, token=token))

    def begin(self, token: str) -> None:
        """The host starts the game once every seat is taken (R8–R11)."""
        self._run(self.room_of(token), partial(lobby.begin, token=token))

    # ------------------------------------------------------------ the table

    def choose(self, token: str, picked: list[str], version: int | None = None) -> None:
        """The chooser makes the choice the next deal waits for, in a game that has one."""
        work = partial(turns.choose, token=token, picked=picked)
        self._run(self.room_of(token), work, version)

    def act(self, token: str, action: object, version: int | None = None) -> int:
        """One move by the token's own seat; returns the new version.

        ``action`` is the hand-record JSON form without the seat (the token
        decides the seat). With ``version`` the page says which state it acted
        on: a different one is refused as stale, and the very same request sent
        twice (a double click) applies once.
        """
        work = partial(turns.act, token=token, action=action, version=version)
        try:
            result: int = self._run(self.room_of(token), work, version)
            return result
        except Stale:
            if version is not None and self._already_applied(token, action, version):
                return self.version(self.room_of(token))
            raise

    def _already_applied(self, token: str, action: object, version: int) -> bool:
        """True if this exact request (seat, version, move) was the seat's last one applied."""
        found = self._reading(partial(sql.seat_and_doc, digest=token_hash(token)))
        position = found[0] if found is not None else None
        if found is None or position is None:
            return False
        doc = found[1]
        last = doc["requests"].get(str(position))
        return turns.same_request(Ctx.table_for(doc), last, position, action, version)

    def next_round(self, token: str, version: int | None = None) -> None:
        """Deal the next round: the host's button, anyone's after a minute (SPEC 2.9)."""
        self._run(self.room_of(token), partial(turns.next_round, token=token), version)

    def end_game(self, token: str) -> None:
        """R28: the host ends the game after a round; the leaders win, marked ended early."""
        self._run(self.room_of(token), partial(_by_kind, turns.end_game, book.end_game, token))

    def rematch(self, token: str) -> None:
        """A new game with the same seats and teams; R11's round-1 rule applies again."""
        self._run(self.room_of(token), partial(_by_kind, turns.rematch, book.rematch, token))

    def hand_to_bot(self, token: str, position: int) -> None:
        """R30: the host hands a seat to a bot so the game goes on."""
        work = partial(turns.hand_to_bot, token=token, position=position)
        self._run(self.room_of(token), work)

    def reclaim(self, token: str) -> None:
        """R30: a player opening their link again takes their seat back from the bot."""
        self._run(self.room_of(token), partial(turns.reclaim, token=token))

    def react(self, token: str, said: object) -> None:
        """A6: the token's seat sends one of the fixed reactions (its id in
        :data:`core.rooms.reactions.REACTIONS`). It is kept apart from the room's document and
        leaves its version alone, so no move in flight turns stale; a poll sees it all the
        same (:meth:`pulse`)."""
        code = self.room_of(token)
        for attempt in range(2):
            committing = False
            try:
                with self.store.write() as session:
                    ctx = sql.load(session, code, self.clock(), self._states)
                    reactions.send(ctx, token, said)
                    self.store.announce(session, code)
                    committing = True
                    session.commit()
                    self._tell(code)
                    return
            except Exception as exc:
                if committing or attempt or not dropped(exc):
                    raise

    # ------------------------------------------------------------ reading

    def version(self, code: str) -> int:
        """The room's version. Drives due timers and bots first."""
        return self.pulse(code)[0]

    def pulse(self, code: str) -> tuple[int, int]:
        """What a screen polls: the room's version and how many reactions it has had (a page
        redraws when either moved, :attr:`RoomView.pulse`). Drives due timers and bots
        first."""
        return self.beat(code)[0]

    def beat(self, code: str) -> tuple[tuple[int, int], float | None]:
        """The :meth:`pulse`, and when the room next moves of itself (a bot's move, a timer
        running out; ``None``: only when someone plays), so that a page told of moves as they
        happen knows when to look again."""
        code = _code(code)
        current, due_at, reacted = self._reading(partial(sql.version_of, code=code))
        if due_at is None or due_at > self.clock() or self._waits(code):
            return (current, reacted), due_at
        version, due_at = self._run(
            code, lambda ctx: (ctx.room.version + int(ctx.changed), timers.due_at(ctx))
        )
        return (version, reacted), due_at

    def _waits(self, code: str) -> bool:
        """Whether the room waits on a bot still thinking. A bot move that is due is asked
        for here, in a read, so the write that plays it never thinks."""
        return self._reading(
            lambda session: timers.waits(
                sql.load(session, code, self.clock(), self._states), self._thoughts
            )
        )

    def suggest(self, token: str) -> Suggestion:
        """The Expert's advice for the token's own turn, when the host allows hints."""
        return views.suggestion(self.view(token))

    def view(self, token: str) -> RoomView:
        """What the token's player sees (their hand, the table, the room)."""
        code = self.room_of(token)
        view: RoomView = self._read(code, lambda ctx: views.build(ctx, ctx.seat_of(token)))
        return view

    def watch(self, code: str) -> RoomView:
        """The public table of a room, for anyone with the room link (no hand)."""
        view: RoomView = self._read(code, lambda ctx: views.build(ctx, None))
        return view


def _exported(form: str, ctx: Ctx) -> Any:
    """A scorebook's game so far in one of its game's export forms, from its view."""
    keeper = book.book_of(ctx)
    return getattr(keeper, form)(keeper.view(ctx))


def _by_kind(dealt: Callable[..., None], kept: Callable[..., None], token: str, ctx: Ctx) -> None:
    """A call that a dealt table and a scorebook each answer their own way."""
    (kept if is_book(ctx.doc) else dealt)(ctx, token=token)


def _check_level(level: str) -> None:
    if level not in bots.LEVELS:
        raise Refused(f"unknown bot level {level}; choose {', '.join(bots.LEVELS)}")
