"""The stats service: every figure the pages show, read through one object, as rooms are
reached through the Gate (:mod:`core.boundary`).

Each game's figures come from its own queries, ``core/store/<game>/stats.py``,
found by the game's name through the registry; what every game has (the
latest hands, a hand's record, the dates played) from the shared queries of
:mod:`core.store.stats`. The service only reads, but for a group's history
brought in from a file (H4), which it checks and stores through
:mod:`core.importing` as the command line does. Figures come back as the plain
values of ``core/<game>/figures.py``.

Every game's queries offer its ``overview``; the latest hands, the dates
played, the history of games, the partnerships, the matchups and the recap are asked only of
the games whose pages show them.

Every figure is one group's (SPEC G4): the service is made for a group and
keeps every query to it, whatever filters a page passes; names belong to a
group, so a name in two groups is two players. Made for no group (a visitor
who opened none), every figure is empty and nothing can be imported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime
from types import ModuleType
from typing import Any, TypeVar, cast

from core import backup as saving
from core import importing
from core.figures import Filters
from core.rooms.errors import Forbidden
from core.store import Store, game_module
from core.store import stats as shared
from core.store.tables import OPEN_GROUP

_T = TypeVar("_T")
#: The most a saved file brought back from a page may unpack to (a busy group's year is a
#: few tens of MB; a small file can unpack to a huge one).
RESTORE_MOST = 512 << 20


class Stats:
    """The figures of every game, read only, over one store and of one group: ``group`` (the
    open group's by default; ``None``: no group, so nothing counts)."""

    def __init__(self, store: Store, group: str | None = OPEN_GROUP) -> None:
        self._store = store
        self._group = group

    @property
    def group(self) -> str | None:
        """The group whose figures these are (``None``: none)."""
        return self._group

    def _of(self, game: str) -> ModuleType:
        """The game's own queries, found by its name (KeyError for an unknown game)."""
        return game_module(game, "stats")

    def _kept(self, game: str, filters: Filters | None, read: Callable[[Any], _T]) -> _T:
        """``read`` over ``filters`` (the game's own unfiltered ``Filters`` when ``None``)
        kept to the group.

        The open group's own rows need not look up their rounds while no other group has
        any: that is checked before the figures are read and again after, since a group's
        first round stored in between could be in them (then they are read again, kept to
        the group). A group is stored before its rounds and stays, so the second check sees
        every group whose round the figures may hold.
        """
        asked = filters if filters is not None else self._of(game).Filters()
        kept = replace(asked, group=self._group, whole_store=False)
        if self._group != OPEN_GROUP or shared.grouped(self._store, game):
            return read(kept)
        found = read(replace(kept, whole_store=True))
        return read(kept) if shared.grouped(self._store, game) else found

    def overview(self, game: str, filters: Filters | None = None) -> Any:
        """Every figure of ``game``'s Stats page (``core/<game>/figures.py``'s ``Overview``)."""
        return self._kept(game, filters, lambda f: self._of(game).overview(self._store, f))

    def hands(self, game: str, filters: Filters | None = None, limit: int = 50) -> list[Any]:
        """The latest finished hands of ``game``, newest first (each a
        :class:`~core.figures.HandLine`, with what the game's picker says of it)."""
        return cast(
            list[Any],
            self._kept(game, filters, lambda f: self._of(game).hands(self._store, f, limit)),
        )

    def hand_record(self, game: str, round_id: int) -> str | None:
        """The stored hand record (JSON text) of one of ``game``'s rounds in the group, or
        ``None`` (another group's round too)."""
        if self._group is None:
            return None
        return shared.hand_record(self._store, game, round_id, self._group)

    def fingerprint(self, game: str) -> tuple[int, int, int]:
        """Changes whenever a round or game of ``game`` is stored in the group (a key for
        cached figures)."""
        if self._group is None:
            return (0, 0, 0)
        return cast(tuple[int, int, int], self._of(game).fingerprint(self._store, self._group))

    def date_range(self, game: str) -> tuple[datetime, datetime] | None:
        """When ``game``'s first and last counted rounds of the group finished, or ``None``
        with none."""
        if self._group is None:
            return None
        return cast(
            tuple[datetime, datetime] | None,
            self._of(game).date_range(self._store, group=self._group),
        )

    # ------------------------------------------------ the games that keep them (Moon 3 of Spades)

    def players(self, game: str) -> list[str]:
        """Every name that sat in a counted round of the group, most rounds first."""
        if self._group is None:
            return []
        return cast(
            list[str], self._kept(game, None, lambda f: self._of(game).players(self._store, f))
        )

    def history_games(self, game: str, filters: Filters) -> list[Any]:
        """The latest games with a round passing ``filters``, newest first."""
        return cast(
            list[Any],
            self._kept(game, filters, lambda f: self._of(game).history_games(self._store, f)),
        )

    def history_rounds(self, game: str, room_code: str, game_number: int) -> list[Any]:
        """The finished rounds of one game of the group, in order (each a hand line the replay
        can pick)."""
        if self._group is None:
            return []
        found = self._of(game).history_rounds(self._store, room_code, game_number, self._group)
        return cast(list[Any], found)

    def pairs_and_trios(self, game: str, filters: Filters) -> tuple[list[Any], list[Any]]:
        """Every pair and every trio together on one side (H5)."""
        return cast(
            tuple[list[Any], list[Any]],
            self._kept(game, filters, lambda f: self._of(game).pairs_and_trios(self._store, f)),
        )

    def recap(self, game: str, filters: Filters) -> list[Any]:
        """One card per player of the rounds passing ``filters`` (H5's Recap)."""
        return cast(
            list[Any], self._kept(game, filters, lambda f: self._of(game).recap(self._store, f))
        )

    def matchups(self, game: str, filters: Filters) -> Any:
        """Who calls whom, who beats whom, and each player's lead, big bids and top finishes
        of the rounds passing ``filters`` (H5, for Partnerships and the Recap)."""
        return self._kept(game, filters, lambda f: self._of(game).matchups(self._store, f))

    # ------------------------------------------------ a group's history brought in (H4)

    def _importing_group(self) -> str:
        """The group an import is stored in: this service's (refused without one)."""
        if self._group is None:
            raise Forbidden("Open your group's link to bring its history in.")
        return self._group

    def check_import(
        self, game: str, data: bytes, filename: str, zone: str, undated: date | None
    ) -> Any:
        """A history file read and checked, its games already stored in the group marked as
        such."""
        group = self._importing_group()
        return importing.check(self._store, game, data, filename, zone, undated, group)

    def store_import(self, game: str, found: Any, clean_only: bool) -> importing.Added:
        """Store a checked history (all of it, or its clean lines only) in the group; games
        already stored there are skipped."""
        group = self._importing_group()
        return importing.store_history(self._store, game, found, clean_only, group)

    # ------------------------------------------------ the group's history saved (G3)

    def backup(self) -> bytes:
        """One file with every game, round, scorebook and hand record of the group
        (:mod:`core.backup`); without a group, a file that holds nothing."""
        if self._group is None:
            raise Forbidden("Open your group's link to save its history.")
        return saving.dump(self._store, self._group)

    def restore(self, data: bytes) -> saving.Restored:
        """Bring a saved file back into the group: what it lacks is added, nothing twice; a
        file that is not whole or unpacks to more than :data:`RESTORE_MOST` bytes is refused
        (:class:`~core.backup.BackupError`) and nothing is stored."""
        group = self._importing_group()
        return saving.restore(self._store, data, into_group=group, most=RESTORE_MOST)
