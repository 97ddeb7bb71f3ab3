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
played, the history of games, the partnerships and the recap are asked only of
the games whose pages show them.
"""

from __future__ import annotations

from datetime import date, datetime
from types import ModuleType
from typing import Any, cast

from core import importing
from core.figures import Filters
from core.store import Store, game_module
from core.store import stats as shared


class Stats:
    """The figures of every game, read only, over one store."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def _of(self, game: str) -> ModuleType:
        """The game's own queries, found by its name (KeyError for an unknown game)."""
        return game_module(game, "stats")

    def overview(self, game: str, filters: Filters | None = None) -> Any:
        """Every figure of ``game``'s Stats page (``core/<game>/figures.py``'s ``Overview``)."""
        return self._of(game).overview(self._store, filters)

    def hands(self, game: str, filters: Filters | None = None, limit: int = 50) -> list[Any]:
        """The latest finished hands of ``game``, newest first (each a
        :class:`~core.figures.HandLine`, with what the game's picker says of it)."""
        return cast(list[Any], self._of(game).hands(self._store, filters, limit))

    def hand_record(self, game: str, round_id: int) -> str | None:
        """The stored hand record (JSON text) of one of ``game``'s rounds, or ``None``."""
        return shared.hand_record(self._store, game, round_id)

    def fingerprint(self, game: str) -> tuple[int, int, int]:
        """Changes whenever a round or game of ``game`` is stored (a key for cached figures)."""
        return cast(tuple[int, int, int], self._of(game).fingerprint(self._store))

    def date_range(self, game: str) -> tuple[datetime, datetime] | None:
        """When ``game``'s first and last counted rounds finished, or ``None`` with none."""
        return cast(tuple[datetime, datetime] | None, self._of(game).date_range(self._store))

    # ------------------------------------------------ the games that keep them (Moon 3 of Spades)

    def players(self, game: str) -> list[str]:
        """Every name that sat in a counted round, most rounds first."""
        return cast(list[str], self._of(game).players(self._store))

    def history_games(self, game: str, filters: Filters) -> list[Any]:
        """The latest games with a round passing ``filters``, newest first."""
        return cast(list[Any], self._of(game).history_games(self._store, filters))

    def history_rounds(self, game: str, room_code: str, game_number: int) -> list[Any]:
        """The finished rounds of one game, in order (each a hand line the replay can pick)."""
        return cast(list[Any], self._of(game).history_rounds(self._store, room_code, game_number))

    def pairs_and_trios(self, game: str, filters: Filters) -> tuple[list[Any], list[Any]]:
        """Every pair and every trio together on one side (H5)."""
        return cast(
            tuple[list[Any], list[Any]], self._of(game).pairs_and_trios(self._store, filters)
        )

    def recap(self, game: str, filters: Filters) -> list[Any]:
        """One card per player of the rounds passing ``filters`` (H5's Recap)."""
        return cast(list[Any], self._of(game).recap(self._store, filters))

    # ------------------------------------------------ a group's history brought in (H4)

    def check_import(
        self, game: str, data: bytes, filename: str, zone: str, undated: date | None
    ) -> Any:
        """A history file read and checked, its games already stored marked as such."""
        return importing.check(self._store, game, data, filename, zone, undated)

    def store_import(self, game: str, found: Any, clean_only: bool) -> importing.Added:
        """Store a checked history (all of it, or its clean lines only); games already
        stored are skipped."""
        return importing.store_history(self._store, game, found, clean_only)
