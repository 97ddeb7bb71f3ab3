"""Stats over the stored rounds, aggregated in SQL so the page stays fast as history grows.

Every function takes the store and a :class:`Filters` and returns plain rows;
abandoned rounds and rounds without a bid never count.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, case, func, select
from sqlalchemy.sql.elements import ColumnElement

from core.store import RoundRecord, Store

#: Bid bands are this wide, from the lowest default minimum bid (one deck) upwards.
BAND_WIDTH = 25
BAND_START = 125

_R = RoundRecord.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Filters:
    """Which rounds count: any field left ``None`` does not filter."""

    mode: str | None = None
    players: int | None = None
    decks: int | None = None
    since: datetime | None = None
    until: datetime | None = None

    def where(self) -> ColumnElement[bool]:
        terms = [_R.c.abandoned.is_(False), _R.c.made.is_not(None), _R.c.bid > 0]
        if self.mode is not None:
            terms.append(_R.c.mode == self.mode)
        if self.players is not None:
            terms.append(_R.c.players == self.players)
        if self.decks is not None:
            terms.append(_R.c.decks == self.decks)
        if self.since is not None:
            terms.append(_R.c.finished_at >= self.since)
        if self.until is not None:
            terms.append(_R.c.finished_at < self.until)
        return and_(*terms)


@dataclass(frozen=True)
class Rate:
    """Bids made out of bids played, for one group of rounds."""

    group: Any
    rounds: int
    made: int

    @property
    def rate(self) -> float:
        return self.made / self.rounds if self.rounds else 0.0


def _made() -> ColumnElement[int]:
    return func.sum(case((_R.c.made.is_(True), 1), else_=0))


def _rates(store: Store, filters: Filters, *group: ColumnElement[Any]) -> list[Rate]:
    query = select(*group, func.count(), _made()).where(filters.where())
    if group:
        query = query.group_by(*group).order_by(*group)
    with store.read() as session:
        rows = session.connection().execute(query).all()
    width = len(group)
    return [
        Rate(
            tuple(row[:width]) if width > 1 else (row[0] if width else None), row[-2], row[-1] or 0
        )
        for row in rows
    ]


def bid_success(store: Store, filters: Filters = Filters()) -> Rate:
    """Bids made out of all rounds played to the end."""
    return _rates(store, filters)[0]


def band_label(band: int) -> str:
    """The bid range of a band number: band 0 is 125–145, band 1 is 150–170, ..."""
    if band < 0:
        return f"under {BAND_START}"
    low = BAND_START + band * BAND_WIDTH
    return f"{low}–{low + BAND_WIDTH - 5}"


def bid_success_by_band(store: Store, filters: Filters = Filters()) -> list[Rate]:
    """Success rate per bid band (see :func:`band_label`), lowest first."""
    band = case(
        (_R.c.bid < BAND_START, -1),
        else_=(_R.c.bid - BAND_START) // BAND_WIDTH,
    ).label("band")
    return _rates(store, filters, band)


def bid_success_by_players(store: Store, filters: Filters = Filters()) -> list[Rate]:
    return _rates(store, filters, _R.c.players)


def bid_success_by_table(store: Store, filters: Filters = Filters()) -> list[Rate]:
    """Per (mode, decks)."""
    return _rates(store, filters, _R.c.mode, _R.c.decks)


def bid_success_by_bidder(store: Store, filters: Filters = Filters()) -> list[Rate]:
    """Per bidder name, as the bidder was called at the table."""
    return _rates(store, filters, _R.c.bidder_name)


def margins(store: Store, filters: Filters = Filters()) -> list[tuple[int, int]]:
    """(bid, bidding side's points − bid) of every round, for the margin chart."""
    query = select(_R.c.bid, _R.c.bidding_points - _R.c.bid).where(filters.where())
    with store.read() as session:
        return [(int(b), int(m)) for b, m in session.connection().execute(query)]
