"""The reactions seats send at a table (SPEC A6): one row a seat, the last it sent.

A reaction lives apart from its room's versioned document, so sending one never makes a
move stale: it writes this row only, and a page polling the room sees it through the
room's count of reactions sent (:data:`COUNT_SQL`). The row is replaced by the seat's next
reaction, which it allows only once ``gap`` seconds have passed: a compare-and-set on the
time of the last one, so two sent at once from one seat cannot both pass.
"""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, String, insert, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Field, Session, SQLModel


class Reaction(SQLModel, table=True):
    """The last reaction a seat of a room sent (its id in the fixed set, never free text)."""

    __tablename__ = "reaction"

    room_code: str = Field(sa_column=Column(String(8), ForeignKey("room.code"), primary_key=True))
    #: The seat's place at the table.
    seat: int = Field(primary_key=True)
    said: str = Field(max_length=16)
    #: When it was sent, epoch seconds.
    sent_at: float
    #: How many reactions the seat has sent in this room: what a page's poll adds up.
    sent: int = Field(default=1)


_TABLE = Reaction.__table__  # type: ignore[attr-defined]


def send(session: Session, code: str, seat: int, said: str, now: float, gap: float) -> bool:
    """Store ``seat``'s reaction ``said`` at ``now``; False if its last was under ``gap``
    seconds ago (nothing is written then). The caller commits."""
    conn = session.connection()
    replaced = conn.execute(
        update(_TABLE)
        .where(_TABLE.c.room_code == code, _TABLE.c.seat == seat, _TABLE.c.sent_at <= now - gap)
        .values(said=said, sent_at=now, sent=_TABLE.c.sent + 1)
    )
    if replaced.rowcount == 1:
        return True
    held = conn.execute(
        select(_TABLE.c.seat).where(_TABLE.c.room_code == code, _TABLE.c.seat == seat)
    ).first()
    if held is not None:
        return False
    try:
        with session.begin_nested():  # a first reaction sent twice at once: one row wins
            session.connection().execute(
                insert(_TABLE).values(room_code=code, seat=seat, said=said, sent_at=now)
            )
    except IntegrityError:
        return False
    return True


def since(session: Session, code: str, after: float) -> list[tuple[int, str, float, int]]:
    """The room's reactions sent after ``after``: (seat, id, when, how many the seat has sent
    in all), by seat."""
    rows = session.connection().execute(
        select(_TABLE.c.seat, _TABLE.c.said, _TABLE.c.sent_at, _TABLE.c.sent)
        .where(_TABLE.c.room_code == code, _TABLE.c.sent_at > after)
        .order_by(_TABLE.c.seat)
    )
    return [(int(seat), str(said), float(at), int(sent)) for seat, said, at, sent in rows]


#: How many reactions a room (``:code``) has had: it moves whenever one is sent. A poll
#: reads it in the same statement as the room's version.
COUNT_SQL = "SELECT COALESCE(SUM(sent), 0) FROM reaction WHERE room_code = :code"


def count(session: Session, code: str) -> int:
    """How many reactions the room has had (:data:`COUNT_SQL`)."""
    return int(session.connection().execute(text(COUNT_SQL), {"code": code}).scalar_one())
