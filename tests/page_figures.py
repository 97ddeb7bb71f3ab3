"""Every figure the stats pages show for one store, as plain JSON: what a store must keep
when it is opened by a later release (P7).

The figures are read through the stats service (:class:`core.stats.Stats`), as the pages
read them, of the open group (which holds all of a store from before groups), for every
game: the overview (with its leaderboard) unfiltered and under each
filter the pages offer, the latest hands, the dates played, and for Moon 3 of Spades the
history of games with each game's rounds, the players, the partnerships and the recap.

``python -m tests.page_figures STORE OUT`` writes the figures of the SQLite file ``STORE``
(opened as the checked-out code opens it) to ``OUT``.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from datetime import UTC, datetime
from typing import Any

from core.figures import Filters
from core.moon3.figures import Filters as Moon3Filters
from core.stats import Stats
from core.store import Store
from core.store.tables import OPEN_GROUP

#: The filters the Moon 3 of Spades pages offer, each at a value the test store holds.
MOON3_FILTERS = {
    "all": Moon3Filters(),
    "teams": Moon3Filters(mode="teams"),
    "partners": Moon3Filters(mode="partners"),
    "random": Moon3Filters(mode="random"),
    "one deck": Moon3Filters(decks=1),
    "two decks": Moon3Filters(decks=2),
    "five players": Moon3Filters(players=5),
    "asha": Moon3Filters(player=" asha "),
    "spring 2025": Moon3Filters(
        since=datetime(2025, 3, 1, tzinfo=UTC), until=datetime(2025, 4, 10, tzinfo=UTC)
    ),
    "since 2026": Moon3Filters(since=datetime(2026, 1, 1, tzinfo=UTC)),
    "partners of two decks, four players": Moon3Filters(mode="partners", decks=2, players=4),
}
#: The Recap's ranges: all time, and one year.
RECAP_FILTERS = {
    "all": Moon3Filters(),
    "2025": Moon3Filters(
        since=datetime(2025, 1, 1, tzinfo=UTC), until=datetime(2026, 1, 1, tzinfo=UTC)
    ),
}
#: The filters of the other games' pages (a table size and dates).
OTHER_FILTERS = {
    "all": Filters(),
    "three players": Filters(players=3),
    "four players": Filters(players=4),
    "since 15 November 2026": Filters(since=datetime(2026, 11, 15, tzinfo=UTC)),
}
OTHER_GAMES = ("spades", "moon_dominoes", "thirteen")


def plain(value: Any) -> Any:
    """``value`` as JSON data: dataclasses as objects, datetimes in ISO form, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def figures(store: Store) -> dict[str, Any]:
    """Every page's figures of ``store``'s open group, by game and page."""
    stats = Stats(store, OPEN_GROUP)
    moon3: dict[str, Any] = {
        "players": stats.players("moon3"),
        "date_range": stats.date_range("moon3"),
        "fingerprint": stats.fingerprint("moon3"),
        "overview": {name: stats.overview("moon3", f) for name, f in MOON3_FILTERS.items()},
        "history": {name: stats.history_games("moon3", f) for name, f in MOON3_FILTERS.items()},
        "partnerships": {
            name: stats.pairs_and_trios("moon3", f) for name, f in MOON3_FILTERS.items()
        },
        "recap": {name: stats.recap("moon3", f) for name, f in RECAP_FILTERS.items()},
    }
    moon3["rounds"] = {
        f"{game.room_code} {game.game_number}": stats.history_rounds(
            "moon3", game.room_code, game.game_number
        )
        for game in stats.history_games("moon3", Moon3Filters())
    }
    found: dict[str, Any] = {"moon3": moon3}
    for game in OTHER_GAMES:
        found[game] = {
            "overview": {name: stats.overview(game, f) for name, f in OTHER_FILTERS.items()},
            "hands": {name: stats.hands(game, f) for name, f in OTHER_FILTERS.items()},
        }
    found["thirteen"]["date_range"] = stats.date_range("thirteen")
    return dict(plain(found))


def main(path: str, out: str) -> int:
    store = Store(f"sqlite:///{path}")
    try:
        found = figures(store)
    finally:
        store.close()
    with open(out, "w", encoding="utf-8") as file:
        json.dump(found, file, indent=1, sort_keys=True)
        file.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
