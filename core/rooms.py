"""The room service: create, join, seat, play and keep time, one transaction per call.

A room is one ``room`` row whose JSON document holds the settings and the game
in progress (the current round as its hand record), plus its ``seat`` rows.
Each call loads the room, first applies whatever is due from stored
timestamps — bot moves, the R14 bidding auto-pass, R30 abandonment — then the
call's own change, and writes it back as a compare-and-set on the room's
version. Whichever browser polls first drives the timers and bots; the
compare-and-set makes sure that happens exactly once.

Identity: joining returns a secret token (128 random bits, only its sha256 is
stored); every player call names its token, and the engine checks each action
against the seat that token owns. The clock is injected so tests can move time.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, insert, text, update
from sqlmodel import Session, col, select

from core import bots, games, names
from core.games import GameEnd, SettingsError
from core.store import Room, Seat, Store, history

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/I
CODE_LENGTH = 6
BOT_DELAY = 0.8  # seconds between bot moves, so people can follow them
ABANDON_AFTER = 300.0  # R30
#: The Expert's thinking time a move in a room (it runs inside the room's write).
ROOM_EXPERT_MS = 200.0
#: The time the Expert takes for a player's "Suggest".
HINT_MS = 300.0
STAND_IN_LEVEL = "rules"
NEXT_ROUND_GRACE = 60.0  # after this, any player may start the next round
SEEN_EVERY = 30.0  # seconds between updates of a seat's "last seen"
MAX_ATTEMPTS = 20  # compare-and-set retries after losing a race with another writer

LOBBY, REMOVAL, PLAYING, RESULTS, OVER, ABANDONED = (
    "lobby",
    "removal",
    "playing",
    "results",
    "over",
    "abandoned",
)


class RoomError(Exception):
    """A refused call; the message is for the player. Nothing was changed."""


class NotFound(RoomError):
    """No such room, or a token that opens no seat."""


class Forbidden(RoomError):
    """The caller may not do this (a guest doing a host's job, a seat not theirs)."""


class Stale(RoomError):
    """The page acted on an old state: the table moved on."""


class Refused(RoomError):
    """The rules or the room's state do not allow this now."""


# ---------------------------------------------------------------- what a page gets


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


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A hint: the action the Expert would take and, while bidding, its estimates."""

    action: Any
    #: Points the side can expect to capture as bidder, with ♠ ♥ ♣ ♦ as trump.
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

    @property
    def is_host(self) -> bool:
        return self.me is not None and self.me.is_host


@dataclass(slots=True)
class _RoomRow:
    code: str
    version: int


@dataclass(slots=True)
class _SeatRow:
    """A seat as loaded for one call; changes are written back with the room."""

    id: int | None
    room_code: str
    join_order: int
    name: str
    position: int | None = None
    team: int | None = None
    token_hash: str | None = None
    is_bot: bool = False
    bot_level: str | None = None
    stand_in: bool = False
    last_seen: float | None = None

    def values(self) -> dict[str, Any]:
        return {
            "room_code": self.room_code,
            "join_order": self.join_order,
            "name": self.name,
            "position": self.position,
            "team": self.team,
            "token_hash": self.token_hash,
            "is_bot": self.is_bot,
            "bot_level": self.bot_level,
            "stand_in": self.stand_in,
            "last_seen": self.last_seen,
        }


_SEATS = Seat.__table__  # type: ignore[attr-defined]
_ROOM_SQL = text("SELECT version, doc FROM room WHERE code = :code")
_VERSION_SQL = text("SELECT version, due_at FROM room WHERE code = :code")
_SEATS_SQL = text(
    "SELECT id, room_code, join_order, name, position, team, token_hash, is_bot, bot_level,"
    " stand_in, last_seen FROM seat WHERE room_code = :code ORDER BY join_order"
)


@dataclass(slots=True)
class _Ctx:
    """A room loaded for one call: its row, seats and document, and the time."""

    room: _RoomRow
    seats: list[_SeatRow]
    doc: dict[str, Any]
    now: float
    session: Session
    loaded: dict[int, dict[str, Any]] = field(default_factory=dict)
    changed: bool = False
    new_seats: list[_SeatRow] = field(default_factory=list)
    new_rows: list[Any] = field(default_factory=list)
    deleted: list[_SeatRow] = field(default_factory=list)
    states: _StateCache | None = None
    _state: Any = None

    @property
    def code(self) -> str:
        return self.room.code

    @property
    def status(self) -> str:
        return str(self.doc["status"])

    @status.setter
    def status(self, value: str) -> None:
        self.doc["status"] = value
        self.changed = True

    def by_position(self, position: int) -> _SeatRow:
        return next(s for s in self.seats if s.position == position)

    def host(self) -> _SeatRow | None:
        return next((s for s in self.seats if s.id == self.doc["host_seat_id"]), None)

    @property
    def game(self) -> str:
        """The name of the game played in the room."""
        return str(self.doc.get("game_name", "moon3"))

    @property
    def table(self) -> Any:
        """The game's side of hosting it (``core/<game>/table.py``), through the registry."""
        return games.table_of(self.doc.get("game_name", "moon3"))

    def state(self) -> Any:
        """The current round, rebuilt from its hand record (actions were checked when taken)."""
        if self._state is None:
            key = (self.room.code, self.room.version)
            cached = self.states.get(key) if self.states is not None and not self.changed else None
            if cached is not None:
                self._state = cached
            else:
                st = self.table.restore(self.doc["round"])
                self._state = st
                if self.states is not None and not self.changed:
                    self.states.put(key, st)
        return self._state

    def set_state(self, state: Any) -> None:
        self._state = state


class _StateCache:
    """Rounds already rebuilt, by (room, version): a version's state never changes.

    Only an optimisation of one server process — the database stays the truth.
    Entries are handed out as copies, because a call may advance its state.
    """

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self.lock = threading.Lock()
        self.entries: OrderedDict[tuple[str, int], Any] = OrderedDict()

    def get(self, key: tuple[str, int]) -> Any:
        with self.lock:
            found = self.entries.get(key)
            if found is None:
                return None
            self.entries.move_to_end(key)
        return found.clone()

    def put(self, key: tuple[str, int], state: Any) -> None:
        with self.lock:
            self.entries[key] = state.clone()
            self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _clean_name(name: object, taken: tuple[str, ...] = ()) -> str:
    """A player's name as shown (:mod:`core.names`); refused if a bot's or like one ``taken``."""
    try:
        clean = names.clean(name)
    except names.BadName as exc:
        raise Refused(str(exc)) from None
    if names.is_bot_name(clean):
        raise Refused(f"{clean} is a bot's name; pick another name")
    other = names.clashes(clean, taken)
    if other is not None:
        raise Refused(f"someone here is already called {other}; pick another name")
    return clean


def _checked(settings: Any) -> Any:
    """The settings as the game fills and checks them; :class:`Refused` if it refuses."""
    try:
        checked = settings.checked()
    except SettingsError as exc:
        raise Refused(str(exc)) from None
    return checked


def _team(ctx: _Ctx, settings: Any, wanted: int | None) -> int | None:
    """The team a newcomer takes, as the game's lobby rules say (R9, R10)."""
    try:
        team: int | None = ctx.table.lobby_team(settings, [s.team for s in ctx.seats], wanted)
    except SettingsError as exc:
        raise Refused(str(exc)) from None
    return team


def _seen(seat: _SeatRow, now: float) -> None:
    """Note that a player is here; at most every half minute, to spare a write per move."""
    if seat.last_seen is None or now - seat.last_seen >= SEEN_EVERY:
        seat.last_seen = now


def _stamp(ts: float) -> datetime:
    return datetime.fromtimestamp(ts, UTC)


class _Thoughts:
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


class Rooms:
    """The service every screen calls. Thread-safe: it holds no per-room state."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._states = _StateCache()
        self._thoughts = _Thoughts()
        self._rooms_of: dict[str, str] = {}  # token hash -> room code; a seat never moves

    # ------------------------------------------------------------ plumbing

    def _load(self, session: Session, code: str) -> _Ctx:
        conn = session.connection()
        row = conn.execute(_ROOM_SQL, {"code": code}).first()
        if row is None:
            raise NotFound(f"there is no room {code or '(blank)'}")
        seat_rows = [
            _SeatRow(
                id=r.id,
                room_code=r.room_code,
                join_order=r.join_order,
                name=r.name,
                position=r.position,
                team=r.team,
                token_hash=r.token_hash,
                is_bot=bool(r.is_bot),
                bot_level=r.bot_level,
                stand_in=bool(r.stand_in),
                last_seen=r.last_seen,
            )
            for r in conn.execute(_SEATS_SQL, {"code": code})
        ]
        return _Ctx(
            _RoomRow(code, int(row.version)),
            seat_rows,
            json.loads(row.doc),
            self.clock(),
            session,
            loaded={s.id: s.values() for s in seat_rows if s.id is not None},
            states=self._states,
        )

    def _read(self, code: str, work: Callable[[_Ctx], Any]) -> Any:
        """Run a read-only ``work``; if something is due first, take the write path."""
        code = code.strip().upper() if isinstance(code, str) else ""
        with self.store.read() as session:
            ctx = self._load(session, code)
            due = self._due(ctx)
            if due is None or due[0] > ctx.now:
                return work(ctx)
        return self._run(code, work)

    def _run(
        self,
        code: str,
        work: Callable[[_Ctx], Any],
        expected_version: int | None = None,
    ) -> Any:
        """Load, advance what is due, do ``work``, compare-and-set; retry a lost race."""
        code = code.strip().upper() if isinstance(code, str) else ""
        for _ in range(MAX_ATTEMPTS):
            with self.store.write() as session:
                ctx = self._load(session, code)
                room = ctx.room
                self._advance(ctx)
                error: RoomError | None = None
                result: Any = None
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
                    if not self._save(ctx):
                        session.rollback()
                        continue
                    session.commit()
                    if ctx._state is not None and ctx.doc["round"] is not None:
                        self._states.put((code, room.version + 1), ctx._state)
                else:
                    session.rollback()  # nothing to write: leave no trace
                if error is not None:
                    raise error
                return result
        raise Refused("the table is very busy; please try again")

    def _save(self, ctx: _Ctx) -> bool:
        if not self.store.compare_and_set(
            ctx.session,
            ctx.room.code,
            ctx.room.version,
            doc=json.dumps(ctx.doc),
            status=ctx.status,
            host_seat_id=ctx.doc["host_seat_id"],
            due_at=self._due_at(ctx),
            now=_stamp(ctx.now),
        ):
            return False
        conn = ctx.session.connection()
        for seat in ctx.deleted:
            conn.execute(delete(_SEATS).where(_SEATS.c.id == seat.id))
        for seat in ctx.seats:
            before = ctx.loaded.get(seat.id) if seat.id is not None else None
            if before is None:
                continue
            changes = {k: v for k, v in seat.values().items() if before[k] != v}
            if changes:
                conn.execute(update(_SEATS).where(_SEATS.c.id == seat.id).values(**changes))
        for seat in ctx.new_seats:
            conn.execute(insert(_SEATS).values(**seat.values()))
        if ctx.new_rows:
            history.save(ctx.session, ctx.new_rows)
        return True

    def _seat_of(self, ctx: _Ctx, token: str) -> _SeatRow:
        digest = _hash(token) if isinstance(token, str) and token else ""
        seat = next((s for s in ctx.seats if s.token_hash == digest), None)
        if seat is None:
            raise Forbidden("this link does not open a seat at this table")
        return seat

    def _require_host(self, ctx: _Ctx, token: str) -> _SeatRow:
        seat = self._seat_of(ctx, token)
        if seat.id != ctx.doc["host_seat_id"]:
            raise Forbidden("only the host can do that")
        return seat

    def room_of(self, token: str) -> str:
        """The room code a secret token belongs to."""
        if not isinstance(token, str) or not token:
            raise NotFound("this link does not open a seat")
        digest = _hash(token)
        known = self._rooms_of.get(digest)
        if known is not None:
            return known
        with self.store.read() as session:
            code = session.exec(select(Seat.room_code).where(Seat.token_hash == digest)).first()
        if code is None:
            raise NotFound("this link does not open a seat")
        if len(self._rooms_of) > 100_000:
            self._rooms_of.clear()
        self._rooms_of[digest] = str(code)
        return str(code)

    # ------------------------------------------------------------ lobby

    def create(self, host_name: str, settings: Any) -> tuple[str, str]:
        """Open a room with its host seated; returns the room code and the host's token."""
        name = _clean_name(host_name)
        settings = _checked(settings)
        now = self.clock()
        token = secrets.token_urlsafe(16)
        for _ in range(MAX_ATTEMPTS):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            with self.store.write() as session:
                if session.get(Room, code) is not None:
                    continue
                doc = {
                    "game_name": settings.game,
                    "settings": settings.to_json(),
                    "status": LOBBY,
                    "seed": secrets.randbits(48),
                    "host_seat_id": None,
                    "game": None,
                    "round": None,
                    "removal": None,
                    "since": now,
                    "requests": {},
                    "round_number": 0,
                    "last_round": None,
                }
                session.add(
                    Room(
                        code=code,
                        game=settings.game,
                        doc=json.dumps(doc),
                        created_at=_stamp(now),
                        updated_at=_stamp(now),
                    )
                )
                session.flush()
                host = Seat(
                    room_code=code,
                    join_order=0,
                    name=name,
                    team=0 if games.table_of(settings.game).teams_chosen(settings) else None,
                    token_hash=_hash(token),
                    last_seen=now,
                )
                session.add(host)
                session.flush()
                doc["host_seat_id"] = host.id
                room = session.get(Room, code)
                assert room is not None
                room.doc = json.dumps(doc)
                room.host_seat_id = host.id
                session.commit()
                return code, token
        raise Refused("could not find a free room code; please try again")

    def join(self, code: str, name: str, team: int | None = None) -> str:
        """Take a free seat in a room's lobby; returns the new player's secret token."""
        _clean_name(name)  # a bad name is refused before the room is even read
        token = secrets.token_urlsafe(16)

        def work(ctx: _Ctx) -> str:
            settings = ctx.table.settings_from_json(ctx.doc["settings"])
            if ctx.status != LOBBY:
                raise Refused("this game has already started; you can watch the table")
            if len(ctx.seats) >= settings.players:
                raise Refused("this room is full; you can watch the table")
            clean = _clean_name(name, tuple(s.name for s in ctx.seats))
            chosen = _team(ctx, settings, team)
            seat = _SeatRow(
                id=None,
                room_code=ctx.room.code,
                join_order=max(s.join_order for s in ctx.seats) + 1 if ctx.seats else 0,
                name=clean,
                team=chosen,
                token_hash=_hash(token),
                last_seen=ctx.now,
            )
            ctx.new_seats.append(seat)
            ctx.changed = True
            return token

        result: str = self._run(code, work)
        return result

    def quick_game(self, host_name: str, settings: Any, level: str = "rules") -> tuple[str, str]:
        """A room of the host and bots of ``level`` in every other seat, begun at once."""
        if level not in bots.LEVELS:
            raise Refused(f"unknown bot level {level}; choose {', '.join(bots.LEVELS)}")
        code, token = self.create(host_name, settings)
        for _ in range(_checked(settings).players - 1):
            self.add_bot(token, level)
        self.begin(token)
        return code, token

    def choose_team(self, token: str, team: int) -> None:
        """Team-wise lobby: move to the other team if it has a free place."""

        def work(ctx: _Ctx) -> None:
            seat = self._seat_of(ctx, token)
            settings = ctx.table.settings_from_json(ctx.doc["settings"])
            if ctx.status != LOBBY or not ctx.table.teams_chosen(settings):
                raise Refused("teams can only be changed in a Team-wise lobby")
            if seat.team == team:
                return
            others = [s for s in ctx.seats if s is not seat]
            counts = [sum(1 for s in others if s.team == t) for t in (0, 1)]
            assert settings.team_sizes is not None
            if team not in (0, 1):
                raise Refused("pick team A or team B")
            if counts[team] >= settings.team_sizes[team]:
                raise Refused(f"team {'AB'[team]} is full")
            seat.team = team
            ctx.changed = True

        self._run(self.room_of(token), work)

    def add_bot(self, token: str, level: str = "random", team: int | None = None) -> None:
        """The host fills an empty lobby seat with a bot."""
        if level not in bots.LEVELS:
            raise Refused(f"unknown bot level {level}; choose {', '.join(bots.LEVELS)}")

        def work(ctx: _Ctx) -> None:
            self._require_host(ctx, token)
            settings = ctx.table.settings_from_json(ctx.doc["settings"])
            if ctx.status != LOBBY:
                raise Refused("bots join in the lobby; to replace a player, hand their seat over")
            if len(ctx.seats) >= settings.players:
                raise Refused("every seat is taken")
            number = 1 + sum(1 for s in ctx.seats if s.is_bot)
            taken = {s.name for s in ctx.seats}
            while f"Bot {number}" in taken:
                number += 1
            ctx.new_seats.append(
                _SeatRow(
                    id=None,
                    room_code=ctx.room.code,
                    join_order=max(s.join_order for s in ctx.seats) + 1,
                    name=f"Bot {number}",
                    team=_team(ctx, settings, team),
                    is_bot=True,
                    bot_level=level,
                )
            )
            ctx.changed = True

        self._run(self.room_of(token), work)

    def remove_seat(self, token: str, seat_id: int) -> None:
        """The host removes a bot or a player from the lobby."""

        def work(ctx: _Ctx) -> None:
            host = self._require_host(ctx, token)
            if ctx.status != LOBBY:
                raise Refused("players can be removed in the lobby; in a game, hand the seat over")
            target = next((s for s in ctx.seats if s.id == seat_id), None)
            if target is None:
                raise Refused("that seat is already empty")
            if target is host:
                raise Refused("the host cannot remove themselves; leave the room instead")
            ctx.seats.remove(target)
            ctx.deleted.append(target)
            ctx.changed = True

        self._run(self.room_of(token), work)

    def leave(self, token: str) -> None:
        """Leave a room. In the lobby the seat frees up; in a game a bot plays it on."""

        def work(ctx: _Ctx) -> None:
            seat = self._seat_of(ctx, token)
            if ctx.status == LOBBY:
                ctx.seats.remove(seat)
                ctx.deleted.append(seat)
            else:
                seat.stand_in = True
                seat.token_hash = None
            if seat.id == ctx.doc["host_seat_id"]:
                humans = [s for s in ctx.seats if not s.is_bot and not s.stand_in and s is not seat]
                ctx.doc["host_seat_id"] = humans[0].id if humans else None
                if not humans and ctx.status == LOBBY:
                    ctx.status = ABANDONED
            ctx.changed = True

        self._run(self.room_of(token), work)

    # ------------------------------------------------------------ the game

    def begin(self, token: str) -> None:
        """The host starts the game once every seat is taken (R8–R11)."""

        def work(ctx: _Ctx) -> None:
            self._require_host(ctx, token)
            if ctx.status != LOBBY:
                raise Refused("the game has already begun")
            settings = ctx.table.settings_from_json(ctx.doc["settings"])
            if len(ctx.seats) < settings.players:
                missing = settings.players - len(ctx.seats)
                raise Refused(f"waiting for {missing} more player{'s' if missing > 1 else ''}")
            ctx.table.begin(ctx, ctx.doc["host_seat_id"])

        self._run(self.room_of(token), work)

    def confirm_removal(self, token: str, removed: list[str], version: int | None = None) -> None:
        """The chooser confirms the cards to remove before the deal (R6)."""

        def work(ctx: _Ctx) -> None:
            seat = self._seat_of(ctx, token)
            if ctx.status != REMOVAL:
                raise Refused("no cards need removing now")
            if seat.position != ctx.doc["removal"]["chooser"]:
                raise Forbidden("another player chooses the cards to remove")
            try:
                ctx.table.remove(ctx, removed)
            except SettingsError as exc:
                raise Refused(str(exc)) from None

        self._run(self.room_of(token), work, version)

    def act(self, token: str, action: object, version: int | None = None) -> int:
        """One bid, pass, call, trump or play by the token's own seat; returns the new version.

        ``action`` is the hand-record JSON form without the seat (the token
        decides the seat). With ``version`` the page says which state it acted
        on: a different one is refused as stale, and the very same request sent
        twice (a double click) applies once.
        """

        def work(ctx: _Ctx) -> int:
            seat = self._seat_of(ctx, token)
            _seen(seat, ctx.now)
            if ctx.status != PLAYING:
                raise Refused("there is nothing to play right now")
            if not isinstance(action, dict):
                raise Refused("that is not a move")
            assert seat.position is not None
            data = {**action, "seat": seat.position}
            try:
                move = ctx.table.parse(data)
                self._took(ctx, move)
            except ctx.table.REFUSED as exc:
                raise Refused(str(exc)) from None
            if seat.stand_in:  # a human back at the table takes the seat back (R30)
                seat.stand_in = False
            ctx.doc["requests"][str(seat.position)] = [version, move.to_json()]
            return int(ctx.room.version) + 1

        try:
            result: int = self._run(self.room_of(token), work, version)
            return result
        except Stale:
            if version is not None and self._already_applied(token, action, version):
                return self.version(self.room_of(token))
            raise

    def _already_applied(self, token: str, action: object, version: int) -> bool:
        """True if this exact request (seat, version, move) was the seat's last one applied."""
        with self.store.read() as session:
            row = session.exec(
                select(Seat.position, Room.doc)
                .join(Room, col(Room.code) == col(Seat.room_code))
                .where(Seat.token_hash == _hash(token))
            ).first()
        if row is None or row[0] is None or not isinstance(action, dict):
            return False
        position, doc = row
        data = json.loads(doc)
        last = data["requests"].get(str(position))
        table = games.table_of(data.get("game_name", "moon3"))
        try:
            move = table.parse({**action, "seat": position}).to_json()
        except table.REFUSED:
            return False
        return bool(last == [version, move])

    def _took(self, ctx: _Ctx, move: Any, auto: bool = False) -> None:
        """Apply a move (checked) and record it; finish the round when it was the last."""
        if ctx.table.took(ctx, move, auto):
            self._finish_round(ctx)

    def _finish_round(self, ctx: _Ctx, abandoned: bool = False) -> None:
        """Keep the finished (or abandoned) round; score it and close the game if it ends."""
        state = ctx.state()
        game = ctx.doc["game"]
        rnd = ctx.doc["round"]
        rnd["meta"]["abandoned"] = abandoned
        names = [ctx.by_position(p).name for p in range(state.config.players)]
        where = {
            "room_code": ctx.room.code,
            "game_number": game["number"],
            "round_number": game["rounds"] + 1,
            "finished_at": _stamp(ctx.now),
            "abandoned": abandoned,
        }
        facts = ctx.table.round_facts(state, names)
        ctx.new_rows.append(history.round_rows(ctx.game, facts, names, rnd, **where))
        if abandoned:
            return
        end = ctx.table.finish_round(ctx)
        if end is not None:
            self._keep_game(ctx, end)

    def _keep_game(self, ctx: _Ctx, end: GameEnd) -> None:
        """Store a game that ended: its totals, winners and how it ended."""
        game = ctx.doc["game"]
        config = ctx.table.game_config(ctx)
        names = [ctx.by_position(p).name for p in range(config.players)]
        where = {
            "room_code": ctx.room.code,
            "game_number": game["number"],
            "rounds": game["rounds"],
            "finished_at": _stamp(ctx.now),
            "ended_early": end.ended_early,
            "abandoned": end.abandoned,
        }
        facts = ctx.table.game_facts(config, names, game["totals"], end.winners)
        ctx.new_rows.append(
            history.game_rows(ctx.game, facts, names, game["totals"], end.winners, **where)
        )

    def next_round(self, token: str, version: int | None = None) -> None:
        """Deal the next round: the host's button, anyone's after a minute (SPEC 2.9)."""

        def work(ctx: _Ctx) -> None:
            seat = self._seat_of(ctx, token)
            if ctx.status != RESULTS:
                raise Refused("the round is not over yet")
            is_host = seat.id == ctx.doc["host_seat_id"]
            if not is_host and ctx.now < ctx.doc["since"] + NEXT_ROUND_GRACE:
                raise Forbidden("the host starts the next round")
            ctx.table.start_round(ctx)

        self._run(self.room_of(token), work, version)

    def end_game(self, token: str) -> None:
        """R28: the host ends the game after a round; the leaders win, marked ended early."""

        def work(ctx: _Ctx) -> None:
            self._require_host(ctx, token)
            if ctx.status not in (RESULTS, REMOVAL):
                raise Refused("a game can be ended between rounds")
            self._keep_game(ctx, ctx.table.end_early(ctx))

        self._run(self.room_of(token), work)

    def rematch(self, token: str) -> None:
        """A new game with the same seats and teams; R11's round-1 rule applies again."""

        def work(ctx: _Ctx) -> None:
            host = self._require_host(ctx, token)
            if ctx.status != OVER:
                raise Refused("a rematch follows a finished game")
            assert host.position is not None
            ctx.table.rematch(ctx, host.position)

        self._run(self.room_of(token), work)

    def hand_to_bot(self, token: str, position: int) -> None:
        """R30: the host hands a seat to a bot so the game goes on."""

        def work(ctx: _Ctx) -> None:
            self._require_host(ctx, token)
            if ctx.status in (LOBBY, OVER, ABANDONED):
                raise Refused("seats are handed over during a game")
            seat = next((s for s in ctx.seats if s.position == position), None)
            if seat is None or seat.is_bot:
                raise Refused("that seat is already played by a bot")
            if seat.id == ctx.doc["host_seat_id"]:
                raise Refused("the host keeps their own seat")
            seat.stand_in = True
            ctx.changed = True

        self._run(self.room_of(token), work)

    # ------------------------------------------------------------ timers and bots

    def _due(self, ctx: _Ctx) -> tuple[float, str] | None:
        """The next thing due in this room and when: a bot move, an auto-pass, abandonment."""
        status = ctx.status
        since = float(ctx.doc["since"])
        if status == PLAYING:
            state = ctx.state()
            assert state.to_act is not None
            seat = ctx.by_position(state.to_act)
            if seat.is_bot or seat.stand_in:
                return since + BOT_DELAY, "bot"
            timer = ctx.table.bid_timer(ctx)
            if timer is not None and timer < ABANDON_AFTER:
                return since + timer, "auto_pass"
            return since + ABANDON_AFTER, "abandon"
        if status == REMOVAL:
            chooser = ctx.by_position(ctx.doc["removal"]["chooser"])
            if chooser.is_bot or chooser.stand_in:
                return since + BOT_DELAY, "bot_removal"
            return since + ABANDON_AFTER, "abandon"
        if status == RESULTS:
            return since + ABANDON_AFTER, "abandon"
        return None

    def _due_at(self, ctx: _Ctx) -> float | None:
        due = self._due(ctx)
        return due[0] if due else None

    def _advance(self, ctx: _Ctx) -> None:
        """Apply, in order and at their own times, everything due by now."""
        now = ctx.now
        for _ in range(2000):
            due = self._due(ctx)
            if due is None or due[0] > now:
                return
            when, what = due
            ctx.now = when  # the event happens at its due time, whoever notices it
            if what == "bot":
                self._bot_move(ctx)
            elif what == "auto_pass":
                self._took(ctx, ctx.table.timeout_action(ctx), auto=True)
            elif what == "bot_removal":
                ctx.table.remove(ctx, ctx.doc["removal"]["default"])
            else:
                self._abandon(ctx)
            ctx.now = now

    def _bot_move(self, ctx: _Ctx) -> None:
        state = ctx.state()
        key = (ctx.room.code, ctx.doc["round_number"], len(state.history))
        game = games.get(ctx.doc.get("game_name", "moon3"))
        move = self._thoughts.take(key)
        if move is None or move not in game.legal_actions(state):
            move = self._decide(ctx, state)
        self._took(ctx, move)

    def _decide(self, ctx: _Ctx, state: Any) -> Any:
        """The move of the bot (or stand-in) to act, from its own player view."""
        assert state.to_act is not None
        name = ctx.doc.get("game_name", "moon3")
        seat = ctx.by_position(state.to_act)
        # A seat handed over from a human (R30) plays at the Rules level, a sound partner.
        bot = bots.get(name, seat.bot_level or STAND_IN_LEVEL, ROOM_EXPERT_MS)
        rng = random.Random(f"{ctx.doc['seed']}:bot:{ctx.doc['round_number']}:{len(state.history)}")
        return bot.choose(games.get(name).player_view(state, state.to_act), rng)

    def _think_ahead(self, code: str) -> None:
        """Work out a bot move that is due, in a read, before the write that plays it."""
        with self.store.read() as session:
            ctx = self._load(session, code)
            due = self._due(ctx)
            if ctx.status != PLAYING or due is None or due[1] != "bot" or due[0] > ctx.now:
                return
            state = ctx.state()
            key = (code, ctx.doc["round_number"], len(state.history))
            if self._thoughts.has(key):
                return
            move = self._decide(ctx, state)
        self._thoughts.keep(key, move)

    def _abandon(self, ctx: _Ctx) -> None:
        """R30: the room closes; the round in progress is kept as abandoned, no winner."""
        if ctx.status == PLAYING:
            self._finish_round(ctx, abandoned=True)
        self._keep_game(ctx, ctx.table.close(ctx, GameEnd([], abandoned=True)))

    # ------------------------------------------------------------ reading

    def version(self, code: str) -> int:
        """The room's version: what a screen polls. Drives due timers and bots first."""
        code = code.strip().upper() if isinstance(code, str) else ""
        with self.store.read() as session:
            row = session.connection().execute(_VERSION_SQL, {"code": code}).first()
        if row is None:
            raise NotFound(f"there is no room {code or '(blank)'}")
        current, due_at = row
        if due_at is None or due_at > self.clock():
            return int(current)
        self._think_ahead(code)
        return int(self._run(code, lambda ctx: ctx.room.version + int(ctx.changed)))

    def reclaim(self, token: str) -> None:
        """R30: a player opening their link again takes their seat back from the bot."""

        def work(ctx: _Ctx) -> None:
            seat = self._seat_of(ctx, token)
            seat.last_seen = ctx.now
            if seat.stand_in:
                seat.stand_in = False
                ctx.changed = True

        self._run(self.room_of(token), work)

    def suggest(self, token: str) -> Suggestion:
        """The Expert's advice for the token's own turn, when the host allows hints.

        It sees exactly the player's own view. While bidding it also gives the
        points the hand's side can expect to capture under each trump.
        """
        view = self.view(token)
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

    def view(self, token: str) -> RoomView:
        """What the token's player sees (their hand, the table, the room)."""
        code = self.room_of(token)

        def work(ctx: _Ctx) -> RoomView:
            return self._view(ctx, self._seat_of(ctx, token))

        view: RoomView = self._read(code, work)
        return view

    def watch(self, code: str) -> RoomView:
        """The public table of a room, for anyone with the room link (no hand)."""
        view: RoomView = self._read(code, lambda ctx: self._view(ctx, None))
        return view

    def _view(self, ctx: _Ctx, seat: _SeatRow | None) -> RoomView:
        version = ctx.room.version + (1 if ctx.changed else 0)
        settings = ctx.table.settings_from_json(ctx.doc["settings"])
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
        name = ctx.doc.get("game_name", "moon3")
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
        )
