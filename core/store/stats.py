"""The queries every game's figures share, written once and told the game.

Which of a game's rounds and games count (one group's, at its table size and
dates), each player's games and games won, whether the store holds any group
but the open one, the dates played, the latest hands and a hand's
record, and the readers that run a page's queries side by side. A game's own
figures (``core/store/<game>/stats.py``) add its rows and conditions to these;
the pages reach both through the stats service (:mod:`core.stats`).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

from sqlalchemy import and_, case, exists, false, func, or_, select
from sqlalchemy.sql.elements import ColumnElement

from core.figures import Filters
from core.store import FriendGroup, GameRecord, GameSeat, RoundRecord, Store
from core.store.tables import OPEN_GROUP

_R = RoundRecord.__table__  # type: ignore[attr-defined]
_G = GameRecord.__table__  # type: ignore[attr-defined]
_GS = GameSeat.__table__  # type: ignore[attr-defined]
_FG = FriendGroup.__table__  # type: ignore[attr-defined]
#: Threads for reads that run side by side (:func:`together`), shared by every page.
_READER_NAME = "stats-reader"
_READERS = ThreadPoolExecutor(max_workers=4, thread_name_prefix=_READER_NAME)
#: The columns of a :class:`~core.figures.HandLine`, in the order of its fields.
HAND_COLUMNS = (
    _R.c.id,
    _R.c.finished_at,
    _R.c.room_code,
    _R.c.game_number,
    _R.c.round_number,
    _R.c.names,
)


def together(*calls: Callable[[], Any]) -> list[Any]:
    """Run independent reads at once (each on its own connection); their results in order.

    The database does the work, and both SQLite and PostgreSQL serve
    concurrent readers: on a first visit the page waits for the slowest
    query rather than for their sum.
    """
    if threading.current_thread().name.startswith(_READER_NAME):  # no waiting on our own pool
        return [call() for call in calls]
    return [f.result() for f in [_READERS.submit(call) for call in calls]]


def rows(store: Store, query: Any) -> list[Any]:
    """Every row of one query, in a read transaction of its own."""
    with store.read() as session:
        return list(session.connection().execute(query).all())


def count_if(condition: ColumnElement[bool]) -> ColumnElement[int]:
    """How many rows meet ``condition`` (0 with no rows)."""
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


def total(column: ColumnElement[int]) -> ColumnElement[int]:
    """The sum of ``column`` (0 with no rows)."""
    return func.coalesce(func.sum(column), 0)


def in_group(table: Any, group: str | None) -> ColumnElement[bool]:
    """The condition that keeps a round or game row (``table``) to ``group``; with no group,
    one no row meets."""
    return false() if group is None else table.c.group_id == group


def grouped(store: Store, game: str) -> bool:
    """Whether the store holds a group, or a round of ``game`` in any group but the open one
    (two lookups in indexes). A group is stored before any of its rounds and stays, so when
    this is ``False`` after figures were read, no other group's round was in them."""
    others = exists().where(_R.c.game == game, _R.c.group_id > OPEN_GROUP)
    return bool(rows(store, select(or_(select(_FG.c.id).exists(), others)))[0][0])


def _dated(filters: Filters, column: ColumnElement[datetime]) -> list[ColumnElement[bool]]:
    terms = []
    if filters.since is not None:
        terms.append(column >= filters.since)
    if filters.until is not None:
        terms.append(column < filters.until)
    return terms


def rounds_where(
    game: str, filters: Filters | None = None, *own: ColumnElement[bool]
) -> ColumnElement[bool]:
    """The condition on ``round_record`` rows: the group's rounds of the game that were not
    abandoned, at the table size and within the dates asked for, and meeting the game's
    ``own`` terms."""
    filters = filters or Filters()
    terms = [
        _R.c.game == game,
        in_group(_R, filters.group),
        _R.c.abandoned.is_(False),
        *_dated(filters, _R.c.finished_at),
    ]
    if filters.players is not None:
        terms.append(_R.c.players == filters.players)
    return and_(*terms, *own)


def games_where(game: str, filters: Filters) -> ColumnElement[bool]:
    """The condition on ``game_record`` rows: the group's games of the game that ended, by
    their end (and by their number of seats: a game row does not keep its table size)."""
    terms = [
        _G.c.game == game,
        in_group(_G, filters.group),
        _G.c.abandoned.is_(False),
        *_dated(filters, _G.c.finished_at),
    ]
    if filters.players is not None:
        sized = (
            select(_GS.c.game_id).group_by(_GS.c.game_id).having(func.count() == filters.players)
        )
        terms.append(_G.c.id.in_(sized))
    return and_(*terms)


def _seated(
    game: str,
    where: ColumnElement[bool] | None,
    rounds: ColumnElement[bool] | None,
    source: Any,
    group: str | None,
) -> tuple[Any, ColumnElement[bool]]:
    """FROM and WHERE for the seats of the game's stored games meeting ``where`` (on
    ``game_record``), or with ``rounds`` those that have a round meeting it (found in one pass
    over the rounds, from ``source`` when the round row does not hold all it asks; a game of
    the round's group); with neither, every stored game of the game in ``group``."""
    seated = _GS.join(_G, _G.c.id == _GS.c.game_id)
    if rounds is not None:
        chosen = (
            select(_R.c.group_id, _R.c.room_code, _R.c.game_number)
            .select_from(_R if source is None else source)
            .where(rounds)
            .group_by(_R.c.group_id, _R.c.room_code, _R.c.game_number)
            .subquery()
        )
        # A game imported into two groups has the same code in both: the group tells them apart.
        seated = seated.join(
            chosen,
            and_(
                chosen.c.room_code == _G.c.room_code,
                chosen.c.game_number == _G.c.game_number,
                chosen.c.group_id == _G.c.group_id,
            ),
        )
    if where is None:
        where = (
            _G.c.game == game
            if rounds is not None
            else and_(_G.c.game == game, in_group(_G, group))
        )
    return seated, where


def games_won(
    store: Store,
    game: str,
    where: ColumnElement[bool] | None = None,
    rounds: ColumnElement[bool] | None = None,
    source: Any = None,
    group: str | None = OPEN_GROUP,
) -> dict[str, tuple[int, int]]:
    """Each player's games and games won, by name, of the games :func:`_seated` finds."""
    seated, chosen = _seated(game, where, rounds, source, group)
    query = (
        select(_GS.c.name, func.count(), count_if(_GS.c.won.is_(True)))
        .select_from(seated)
        .where(chosen)
        .group_by(_GS.c.name)
    )
    return {str(name): (int(played), int(won)) for name, played, won in rows(store, query)}


def top_finishes(
    store: Store,
    game: str,
    places: int,
    where: ColumnElement[bool] | None = None,
    rounds: ColumnElement[bool] | None = None,
    source: Any = None,
    group: str | None = OPEN_GROUP,
) -> dict[str, tuple[int, int]]:
    """Each player's games and the games they finished in the top ``places`` by final total,
    by name, of the games :func:`_seated` finds: a seat is placed by the seats with a higher
    total (two tied for first are both first, the next is third)."""
    seated, chosen = _seated(game, where, rounds, source, group)
    place = func.rank().over(partition_by=_GS.c.game_id, order_by=_GS.c.total.desc())
    ranked = select(_GS.c.name, place.label("place")).select_from(seated).where(chosen).subquery()
    query = select(ranked.c.name, func.count(), count_if(ranked.c.place <= places)).group_by(
        ranked.c.name
    )
    return {str(name): (int(played), int(top)) for name, played, top in rows(store, query)}


def games_ended(store: Store, where: ColumnElement[bool]) -> int:
    """How many stored games meet ``where`` (on ``game_record``)."""
    return int(rows(store, select(func.count()).select_from(_G).where(where))[0][0])


def fingerprint(
    store: Store,
    game: str,
    counted: ColumnElement[bool],
    source: Any = None,
    group: str | None = OPEN_GROUP,
    round_id: Any = None,
) -> tuple[int, int, int]:
    """Changes whenever a round or game of ``game`` is stored in ``group``: (rounds
    ``counted``, the last round's id, the last game's id of the group); the rounds from
    ``source`` when the round row does not hold all ``counted`` asks (``round_id`` is its
    column of the round's id when it is not the round row's)."""
    last_id = _R.c.id if round_id is None else round_id
    query = select(func.count(), func.max(last_id)).select_from(_R if source is None else source)
    found, last = rows(store, query.where(counted))[0]
    ended = rows(store, select(func.max(_G.c.id)).where(_G.c.game == game, in_group(_G, group)))[0][
        0
    ]
    return int(found), int(last or 0), int(ended or 0)


def date_range(store: Store, counted: ColumnElement[bool]) -> tuple[datetime, datetime] | None:
    """When the first and the last round ``counted`` finished, or ``None`` with none."""
    query = select(func.min(_R.c.finished_at), func.max(_R.c.finished_at)).where(counted)
    first, last = rows(store, query)[0]
    return None if first is None else (first, last)


def hand_fields(row: Sequence[Any]) -> tuple[int, datetime, str, int, int, list[str]]:
    """The fields of a :class:`~core.figures.HandLine` from a row that starts with
    :data:`HAND_COLUMNS`."""
    number, finished, code, game_number, round_number, names = row[: len(HAND_COLUMNS)]
    return (
        int(number),
        finished,
        str(code),
        int(game_number),
        int(round_number),
        [str(n) for n in json.loads(names)],
    )


def latest(
    store: Store,
    counted: ColumnElement[bool],
    *columns: Any,
    source: Any = None,
    limit: int = 50,
) -> list[Any]:
    """The latest ``limit`` rounds ``counted``, newest first: :data:`HAND_COLUMNS`, then
    ``columns`` (from ``source`` when the round's own row does not hold them)."""
    query = select(*HAND_COLUMNS, *columns)
    if source is not None:
        query = query.select_from(source)
    query = query.where(counted).order_by(_R.c.finished_at.desc(), _R.c.id.desc()).limit(limit)
    return rows(store, query)


def hand_record(
    store: Store, game: str, round_id: int, group: str | None = OPEN_GROUP
) -> str | None:
    """The stored hand record (JSON text) of one of the game's rounds in ``group``, or
    ``None`` (another group's round too)."""
    found = rows(
        store,
        select(_R.c.record).where(_R.c.id == round_id, _R.c.game == game, in_group(_R, group)),
    )
    return str(found[0][0]) if found else None
