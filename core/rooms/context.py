"""A room loaded for one call: its row, seats and document, the time, and the round rebuilt.

Every part of the service works on a :class:`Ctx`: it changes the document
and the seats in memory and says so (``changed``); the transaction
(``core/rooms/service.py``) writes it back with one compare-and-set.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from typing import Any

from sqlmodel import Session

from core import games

# A room's statuses are the contract's (a game hosting the room sets them).
from core.games import ABANDONED as ABANDONED
from core.games import CHOOSING as CHOOSING
from core.games import KEEPING_SCORE as KEEPING_SCORE
from core.games import LOBBY as LOBBY
from core.games import OVER as OVER
from core.games import PLAYING as PLAYING
from core.games import RESULTS as RESULTS
from core.rooms.errors import Forbidden

#: A room whose rounds are entered by hand rather than dealt (H3) says so in its document.
SCOREBOOK = "scorebook"


def is_book(doc: dict[str, Any]) -> bool:
    """Whether a room document is a scorebook's."""
    return doc.get("kind") == SCOREBOOK


def token_hash(token: str) -> str:
    """What the store keeps of a seat's secret token."""
    return hashlib.sha256(token.encode()).hexdigest()


def stamp(ts: float) -> datetime:
    """Epoch seconds as the store's timestamp."""
    return datetime.fromtimestamp(ts, UTC)


@dataclass(slots=True)
class RoomRow:
    code: str
    version: int
    #: The group the room belongs to (the open group's is empty).
    group_id: str = ""


@dataclass(slots=True)
class SeatRow:
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

    @classmethod
    def loaded(cls, row: Sequence[Any]) -> SeatRow:
        """A seat from its columns as the store returns them, in :data:`SEAT_COLUMNS` order
        (SQLite gives the flags as 0 and 1)."""
        seat = cls(*row)
        seat.is_bot, seat.stand_in = bool(seat.is_bot), bool(seat.stand_in)
        return seat

    def values(self) -> dict[str, Any]:
        """Every column but the id, as the store writes them."""
        return {name: getattr(self, name) for name in _WRITTEN}


#: The seat columns a room loads, in the order :class:`SeatRow` declares them, and those it
#: writes (all but the id): named once, read on every call.
SEAT_COLUMNS = tuple(f.name for f in fields(SeatRow))
_WRITTEN = SEAT_COLUMNS[1:]


@dataclass(slots=True)
class Ctx:
    """A room loaded for one call: its row, seats and document, and the time."""

    room: RoomRow
    seats: list[SeatRow]
    doc: dict[str, Any]
    now: float
    session: Session
    loaded: dict[int, dict[str, Any]] = field(default_factory=dict)
    changed: bool = False
    new_seats: list[SeatRow] = field(default_factory=list)
    new_rows: list[Any] = field(default_factory=list)
    deleted: list[SeatRow] = field(default_factory=list)
    #: Stored rounds to delete before ``new_rows`` are written: (game number, from round on).
    forgotten: list[tuple[int, int]] = field(default_factory=list)
    states: StateCache | None = None
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

    def by_position(self, position: int) -> SeatRow:
        return next(s for s in self.seats if s.position == position)

    def host(self) -> SeatRow | None:
        return next((s for s in self.seats if s.id == self.doc["host_seat_id"]), None)

    @property
    def game(self) -> str:
        """The name of the game played in the room."""
        return str(self.doc.get("game_name", games.FLAGSHIP))

    @property
    def rules(self) -> games.AnyGame:
        """The game played in the room, from the registry."""
        return games.get(self.game)

    @property
    def table(self) -> games.Hosting[Any, Any, Any]:
        """The game's side of hosting it (``core/<game>/table.py``), through the registry."""
        return Ctx.table_for(self.doc)

    @staticmethod
    def table_for(doc: dict[str, Any]) -> games.Hosting[Any, Any, Any]:
        """The table of the game a room document is of."""
        return games.get(doc.get("game_name", games.FLAGSHIP)).table

    def ask(self, choice: games.Choice) -> None:
        """Wait for ``choice`` before the next deal (the game then deals when it is made)."""
        self.doc["choice"] = {"chooser": choice.chooser, "default": list(choice.default)}
        self.status = CHOOSING

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

    def seat_of(self, token: str) -> SeatRow:
        """The seat a secret token owns at this table; :class:`Forbidden` if none."""
        digest = token_hash(token) if isinstance(token, str) and token else ""
        seat = next((s for s in self.seats if s.token_hash == digest), None)
        if seat is None:
            raise Forbidden("this link does not open a seat at this table")
        return seat

    def require_host(self, token: str) -> SeatRow:
        """The host's seat, if the token is the host's; :class:`Forbidden` otherwise."""
        seat = self.seat_of(token)
        if seat.id != self.doc["host_seat_id"]:
            raise Forbidden("only the host can do that")
        return seat


class StateCache:
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
