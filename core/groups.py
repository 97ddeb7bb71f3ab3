"""Groups (SPEC G4): circles of friends sharing one deployment, each with private figures.

A group has a name and a private link, ``?group=`` a secret as unguessable as a
seat's token (128 random bits); the store keeps only its sha256, as it does for
seats. The browser that starts a group also gets a founder's link, which can make
a new group link that retires the old one (a link shared too widely). Rooms,
quick games, scorebooks and imports started from a group's link belong to the
group, and the stats service (:class:`core.stats.Stats`) shows a group's figures
only to a browser holding its link.

Everything stored outside a group, and all of a store from before groups, is the
open group's (:data:`OPEN_GROUP`), which every visitor sees unless the deployment
closes it (``OPEN_GROUP=off``): then figures kept outside a group are shown to
nobody, and such rooms keep their scores for their own players only.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from core import names
from core.rooms.context import stamp, token_hash
from core.rooms.errors import NotFound, Refused
from core.store import Store
from core.store import groups as sql
from core.store.tables import OPEN_GROUP

__all__ = ["OPEN_GROUP", "GameLine", "Group", "Groups", "RoomLine", "Started", "is_open"]

#: How many recent rooms and games a group's page lists.
RECENT = 20
#: How a group's public id is made: 12 hex digits, never a secret (the link is).
_ID_BYTES = 6


def is_open(setting: str | None) -> bool:
    """Whether the open group is open, by the deployment's ``OPEN_GROUP`` setting (open unless
    it says off, no, false or 0)."""
    return (setting or "").strip().lower() not in {"off", "no", "false", "0"}


@dataclass(frozen=True)
class Group:
    """A group as its members' pages know it: its public id and its name."""

    id: str
    name: str


@dataclass(frozen=True)
class Started:
    """A group just started: the secret of its link, and of its founder's link."""

    group: Group
    link: str
    founder: str


@dataclass(frozen=True)
class RoomLine:
    """One of a group's rooms, as its page lists it."""

    code: str
    game: str
    status: str
    updated_at: datetime


@dataclass(frozen=True)
class GameLine:
    """One of a group's games that ended, as its page lists it."""

    game: str
    room_code: str
    players: list[str]
    winners: list[str]
    finished_at: datetime
    source: str


class Groups:
    """Start, find and relink groups, and list what a group played."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def start(self, name: object) -> Started:
        """A new group named ``name``, with its link and its founder's link."""
        try:
            clean = names.clean(name)
        except names.BadName as exc:
            raise Refused(str(exc).replace("names are", "a group's name is")) from None
        link, founder = secrets.token_urlsafe(16), secrets.token_urlsafe(16)
        group = Group(secrets.token_hex(_ID_BYTES), clean)
        with self.store.write() as session:
            sql.insert(
                session, group.id, clean, token_hash(link), token_hash(founder), stamp(self.clock())
            )
            session.commit()
        return Started(group, link, founder)

    def find(self, link: str) -> Group | None:
        """The group whose current link is ``link``, or ``None`` (a guessed or retired link)."""
        with self.store.read() as session:
            found = sql.by_link(session, token_hash(link))
        return None if found is None else Group(*found)

    def founded(self, founder: str) -> Group | None:
        """The group whose founder's link is ``founder``, or ``None``."""
        with self.store.read() as session:
            found = sql.by_founder(session, token_hash(founder))
        return None if found is None else Group(*found)

    def relink(self, founder: str) -> str:
        """A new link for the founder's group; the old link opens nothing from now on."""
        link = secrets.token_urlsafe(16)
        with self.store.write() as session:
            if not sql.relink(session, token_hash(founder), token_hash(link)):
                raise NotFound("this founder's link does not open a group")
            session.commit()
        return link

    def exists(self, group_id: str) -> bool:
        """Whether ``group_id`` is the open group's or a stored group's."""
        if group_id == OPEN_GROUP:
            return True
        with self.store.read() as session:
            return sql.exists(session, group_id)

    def rooms(self, group_id: str, limit: int = RECENT) -> list[RoomLine]:
        """The group's rooms, latest first."""
        with self.store.read() as session:
            return [RoomLine(*row) for row in sql.recent_rooms(session, group_id, limit)]

    def games(self, group_id: str, limit: int = RECENT) -> list[GameLine]:
        """The group's games that ended, latest first."""
        with self.store.read() as session:
            return [GameLine(*row) for row in sql.recent_games(session, group_id, limit)]
