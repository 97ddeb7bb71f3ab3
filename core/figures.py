"""The shapes every game's Stats figures share, as plain values (no SQL, no store).

Which rounds count (:class:`Filters`: a group, a table size and dates, which a
game's own filters extend) and a stored hand as the replay's picker lists it
(:class:`HandLine`, which a game's own line extends with what its label
says). A game's figures (``core/<game>/figures.py``) build on these; the
store's queries (``core/store/stats.py`` and ``core/store/<game>/stats.py``)
fill them in.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime

#: The open group (SPEC G4), as the store keeps it (``core.store.tables.OPEN_GROUP``).
OPEN_GROUP = ""
#: The fields that say whose rounds count, not which of them: they never narrow.
_SCOPE = ("group", "whole_store")


@dataclass(frozen=True)
class Filters:
    """Which rounds and games count: one group's (SPEC G4), and of those the ones the other
    fields ask for; a field left ``None`` does not filter.

    A game's own filters add fields (Moon 3 of Spades: mode, decks, a player).
    """

    #: Players at the table.
    players: int | None = None
    since: datetime | None = None
    until: datetime | None = None
    #: The group whose rounds and games count; ``None``: no group, so nothing counts. The
    #: stats service (:class:`core.stats.Stats`) sets it to its own.
    group: str | None = OPEN_GROUP
    #: Whether the group's rows are all the store holds (the open group's, when no other
    #: group has any): a game's own rows then keep to it without looking up their rounds.
    #: Only the stats service sets it, once it has looked.
    whole_store: bool = False

    @property
    def narrows(self) -> bool:
        """Whether a field other than the group filters."""
        return any(getattr(self, f.name) is not None for f in fields(self) if f.name not in _SCOPE)


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
