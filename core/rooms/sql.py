"""The room service's one place for SQL: load a room, write it back with a compare-and-set.

A room is read with two statements (its row, its seats) and written back
only where its version is still the one read (:meth:`core.store.Store.compare_and_set`);
the seats that changed, joined or left and the rounds and games to keep go in
the same transaction.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import delete, insert, text, update
from sqlmodel import Session, col, select

from core import games
from core.rooms.context import CHOOSING, SEAT_COLUMNS, Ctx, RoomRow, SeatRow, StateCache, stamp
from core.rooms.errors import NotFound
from core.store import Room, Seat, Store, history, reactions
from core.store.tables import OPEN_GROUP

_SEATS = Seat.__table__  # type: ignore[attr-defined]
_ROOM_SQL = text("SELECT version, doc, group_id FROM room WHERE code = :code")
_VERSION_SQL = text(f"SELECT version, due_at, ({reactions.COUNT_SQL}) FROM room WHERE code = :code")
_SEATS_SQL = text(
    f"SELECT {', '.join(SEAT_COLUMNS)} FROM seat WHERE room_code = :code ORDER BY join_order"
)


def _current(doc: dict[str, Any]) -> dict[str, Any]:
    """A room document in today's form: one saved by an earlier release named its choice
    before a deal as the game did (:attr:`core.games.BeforeDeal.earlier`)."""
    before = games.get(doc.get("game_name", games.FLAGSHIP)).before_deal
    if before is not None and before.earlier in doc:
        doc["choice"] = doc.pop(before.earlier)
        if doc["status"] == before.earlier:
            doc["status"] = CHOOSING
    return doc


def load(session: Session, code: str, now: float, states: StateCache) -> Ctx:
    """The room ``code`` with its seats, as of this transaction; :class:`NotFound` if none."""
    conn = session.connection()
    row = conn.execute(_ROOM_SQL, {"code": code}).first()
    if row is None:
        raise NotFound(f"there is no room {code or '(blank)'}")
    seat_rows = [SeatRow.loaded(r) for r in conn.execute(_SEATS_SQL, {"code": code})]
    return Ctx(
        RoomRow(code, int(row.version), str(row.group_id)),
        seat_rows,
        _current(json.loads(row.doc)),
        now,
        session,
        loaded={s.id: s.values() for s in seat_rows if s.id is not None},
        states=states,
    )


def save(store: Store, ctx: Ctx, due_at: float | None) -> bool:
    """Write the room back if nobody wrote it since it was read; False if somebody did."""
    if not store.compare_and_set(
        ctx.session,
        ctx.room.code,
        ctx.room.version,
        doc=json.dumps(ctx.doc),
        status=ctx.status,
        host_seat_id=ctx.doc["host_seat_id"],
        due_at=due_at,
        now=stamp(ctx.now),
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
    for game_number, first in ctx.forgotten:
        history.forget(ctx.session, ctx.game, ctx.room.code, game_number, first)
    if ctx.new_rows:
        history.save(ctx.session, ctx.new_rows, ctx.room.group_id)
    return True


def insert_room(
    session: Session,
    code: str,
    game: str,
    doc: dict[str, Any],
    host: SeatRow,
    now: float,
    others: list[SeatRow] | None = None,
    group: str = OPEN_GROUP,
) -> bool:
    """A new room of ``group`` with its host seated (and, for a scorebook, every other
    player); False if the code is taken."""
    if session.get(Room, code) is not None:
        return False
    session.add(
        Room(
            code=code,
            game=game,
            group_id=group,
            doc=json.dumps(doc),
            created_at=stamp(now),
            updated_at=stamp(now),
        )
    )
    session.flush()
    seat = Seat(**host.values())
    session.add(seat)
    for other in others or []:
        other.room_code = code
        session.add(Seat(**other.values()))
    session.flush()
    doc["host_seat_id"] = seat.id
    room = session.get(Room, code)
    assert room is not None
    room.doc = json.dumps(doc)
    room.host_seat_id = seat.id
    return True


def room_of_token(session: Session, digest: str) -> tuple[str, str] | None:
    """The room a seat token's hash belongs to, and the game played there, if any."""
    row = session.exec(
        select(Seat.room_code, Room.game)
        .join(Room, col(Room.code) == col(Seat.room_code))
        .where(Seat.token_hash == digest)
    ).first()
    return None if row is None else (str(row[0]), str(row[1]))


def seat_and_doc(session: Session, digest: str) -> tuple[int | None, dict[str, Any]] | None:
    """The table position of a token's seat and its room's document, if the seat exists."""
    row = session.exec(
        select(Seat.position, Room.doc)
        .join(Room, col(Room.code) == col(Seat.room_code))
        .where(Seat.token_hash == digest)
    ).first()
    return None if row is None else (row[0], json.loads(row[1]))


def version_of(session: Session, code: str) -> tuple[int, float | None, int]:
    """A room's version, when something is next due in it and how many reactions it has had,
    in one statement; :class:`NotFound` if none."""
    row = session.connection().execute(_VERSION_SQL, {"code": code}).first()
    if row is None:
        raise NotFound(f"there is no room {code or '(blank)'}")
    return int(row[0]), row[1], int(row[2])
