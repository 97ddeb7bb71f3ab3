"""The SQL of groups (SPEC G4): a group's row found by the hash of its link or of its
founder's link, a new link, and the group's recent rooms and games.

Only hashes of the links are stored and looked up: the links themselves never reach the
store (:mod:`core.groups` makes and hashes them).
"""

from __future__ import annotations

import json
from datetime import datetime

from sqlalchemy import func, select, update
from sqlmodel import Session

from core.store.tables import FriendGroup, GameRecord, GameSeat, Room

_GROUPS = FriendGroup.__table__  # type: ignore[attr-defined]
_ROOMS = Room.__table__  # type: ignore[attr-defined]
_GAMES = GameRecord.__table__  # type: ignore[attr-defined]
_SEATS = GameSeat.__table__  # type: ignore[attr-defined]


def insert(
    session: Session, group_id: str, name: str, token_hash: str, founder_hash: str, now: datetime
) -> None:
    """Add a group (the caller commits)."""
    session.add(
        FriendGroup(
            id=group_id,
            name=name,
            token_hash=token_hash,
            founder_hash=founder_hash,
            created_at=now,
        )
    )
    session.flush()


def by_link(session: Session, token_hash: str) -> tuple[str, str] | None:
    """The (id, name) of the group whose current link hashes to ``token_hash``."""
    row = (
        session.connection()
        .execute(select(_GROUPS.c.id, _GROUPS.c.name).where(_GROUPS.c.token_hash == token_hash))
        .first()
    )
    return None if row is None else (str(row[0]), str(row[1]))


def by_founder(session: Session, founder_hash: str) -> tuple[str, str] | None:
    """The (id, name) of the group whose founder's link hashes to ``founder_hash``."""
    row = (
        session.connection()
        .execute(
            select(_GROUPS.c.id, _GROUPS.c.name).where(_GROUPS.c.founder_hash == founder_hash)
        )
        .first()
    )
    return None if row is None else (str(row[0]), str(row[1]))


def relink(session: Session, founder_hash: str, token_hash: str) -> bool:
    """Give the founder's group a new link (the old one opens nothing from now on)."""
    result = session.connection().execute(
        update(_GROUPS).where(_GROUPS.c.founder_hash == founder_hash).values(token_hash=token_hash)
    )
    return bool(result.rowcount == 1)


def exists(session: Session, group_id: str) -> bool:
    """Whether the store holds the group ``group_id``."""
    query = select(func.count()).select_from(_GROUPS).where(_GROUPS.c.id == group_id)
    return bool(session.connection().execute(query).scalar_one())


def recent_rooms(
    session: Session, group_id: str, limit: int
) -> list[tuple[str, str, str, datetime]]:
    """The group's rooms, latest first: (code, game, status, last change)."""
    query = (
        select(_ROOMS.c.code, _ROOMS.c.game, _ROOMS.c.status, _ROOMS.c.updated_at)
        .where(_ROOMS.c.group_id == group_id)
        .order_by(_ROOMS.c.updated_at.desc(), _ROOMS.c.code)
        .limit(limit)
    )
    return [(str(c), str(g), str(s), at) for c, g, s, at in session.connection().execute(query)]


def recent_games(
    session: Session, group_id: str, limit: int
) -> list[tuple[str, str, list[str], list[str], datetime, str]]:
    """The group's stored games that ended, latest first: (game, room code, players, winners
    by name, end, how it was kept)."""
    conn = session.connection()
    query = (
        select(
            _GAMES.c.id,
            _GAMES.c.game,
            _GAMES.c.room_code,
            _GAMES.c.names,
            _GAMES.c.finished_at,
            _GAMES.c.source,
        )
        .where(_GAMES.c.group_id == group_id, _GAMES.c.abandoned.is_(False))
        .order_by(_GAMES.c.finished_at.desc(), _GAMES.c.id.desc())
        .limit(limit)
    )
    found = list(conn.execute(query))
    won: dict[int, list[str]] = {}
    if found:
        winners = (
            select(_SEATS.c.game_id, _SEATS.c.name)
            .where(_SEATS.c.game_id.in_([row[0] for row in found]), _SEATS.c.won.is_(True))
            .order_by(_SEATS.c.game_id, _SEATS.c.seat)
        )
        for game_id, name in conn.execute(winners):
            won.setdefault(int(game_id), []).append(str(name))
    return [
        (str(g), str(c), [str(n) for n in json.loads(n)], won.get(int(i), []), at, str(s))
        for i, g, c, n, at, s in found
    ]
