"""The shapes every game's Stats figures share, as plain values (no SQL, no store).

Which rounds count (:class:`Filters`: a table size and dates, which a game's
own filters extend) and a stored hand as the replay's picker lists it
(:class:`HandLine`, which a game's own line extends with what its label
says). A game's figures (``core/<game>/figures.py``) build on these; the
store's queries (``core/store/stats.py`` and ``core/store/<game>/stats.py``)
fill them in.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime


@dataclass(frozen=True)
class Filters:
    """Which rounds and games count: a field left ``None`` does not filter.

    A game's own filters add fields (Moon 3 of Spades: mode, decks, a player).
    """

    #: Players at the table.
    players: int | None = None
    since: datetime | None = None
    until: datetime | None = None

    @property
    def narrows(self) -> bool:
        """Whether any field filters (a game's per-seat rows need not look up their rounds
        otherwise)."""
        return any(getattr(self, f.name) is not None for f in fields(self))


@dataclass(frozen=True)
class HandLine:
    """A stored hand (a round), as the replay's picker lists it: its record is read once picked."""

    id: int
    finished_at: datetime
    room_code: str
    game_number: int
    round_number: int
    #: The players' names, seat by seat.
    names: list[str]
