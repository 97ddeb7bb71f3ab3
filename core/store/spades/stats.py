"""Spades figures for the Stats page, aggregated in SQL over every finished Spades hand.

Every figure reads ``spades_seat`` (one row per seat of a finished hand:
bid, blind, tricks, nil made, contract made, the side's score) joined to its
``round_record`` (game ``spades``, not abandoned), optionally within dates:

- bid accuracy of non-nil bids: the seat took exactly its bid, more, or fewer;
- nil and blind nil: bid and made;
- contracts: made and set, per side and hand;
- bags: over-tricks of made contracts, per side and hand;
- a leaderboard per player.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, case, func, select
from sqlalchemy.sql.elements import ColumnElement

from core.store import Store
from core.store.spades.tables import SpadesSeat
from core.store.tables import RoundRecord

_R = RoundRecord.__table__  # type: ignore[attr-defined]
_S = SpadesSeat.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Filters:
    """Which hands count: any field left ``None`` does not filter."""

    since: datetime | None = None
    until: datetime | None = None

    def where(self) -> ColumnElement[bool]:
        terms = [_R.c.game == "spades", _R.c.abandoned.is_(False)]
        if self.since is not None:
            terms.append(_R.c.finished_at >= self.since)
        if self.until is not None:
            terms.append(_R.c.finished_at < self.until)
        return and_(*terms)


@dataclass(frozen=True)
class Player:
    """One player's line on the Spades leaderboard."""

    name: str
    hands: int
    bids: int
    exact: int
    over: int
    under: int
    nils: int
    nils_made: int
    contracts: int
    contracts_made: int
    score: int


@dataclass(frozen=True)
class Overview:
    hands: int
    bids: int
    exact: int
    over: int
    under: int
    nils: int
    nils_made: int
    blind_nils: int
    blind_nils_made: int
    contracts: int
    contracts_made: int
    bags: int
    side_hands: int
    leaderboard: list[Player]


def _count(condition: ColumnElement[bool]) -> ColumnElement[int]:
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


def overview(store: Store, filters: Filters | None = None) -> Overview:
    """Every Spades figure of the Stats page, in four queries."""
    where = (filters or Filters()).where()
    seats = _S.join(_R, _R.c.id == _S.c.round_id)
    bid = _S.c.bid > 0
    totals = (
        select(
            func.count(func.distinct(_S.c.round_id)),
            _count(bid),
            _count(and_(bid, _S.c.tricks == _S.c.bid)),
            _count(and_(bid, _S.c.tricks > _S.c.bid)),
            _count(and_(bid, _S.c.tricks < _S.c.bid)),
            _count(and_(_S.c.bid == 0, _S.c.blind.is_(False))),
            _count(and_(_S.c.bid == 0, _S.c.blind.is_(False), _S.c.nil_made.is_(True))),
            _count(_S.c.blind.is_(True)),
            _count(and_(_S.c.blind.is_(True), _S.c.nil_made.is_(True))),
        )
        .select_from(seats)
        .where(where)
    )
    # One row a side and hand: its contract, the tricks of its bidders, whether it was made.
    sides = (
        select(
            _S.c.round_id,
            _S.c.side,
            func.sum(case((bid, _S.c.bid), else_=0)).label("contract"),
            func.sum(case((bid, _S.c.tricks), else_=0)).label("took"),
            func.max(case((_S.c.contract_made.is_(True), 1), else_=0)).label("made"),
        )
        .select_from(seats)
        .where(where)
        .group_by(_S.c.round_id, _S.c.side)
        .subquery()
    )
    contracts = select(
        func.count(),
        _count(sides.c.contract > 0),
        _count(and_(sides.c.contract > 0, sides.c.made == 1)),
        func.coalesce(
            func.sum(case((sides.c.made == 1, sides.c.took - sides.c.contract), else_=0)), 0
        ),
    ).select_from(sides)
    board = (
        select(
            _S.c.name,
            func.count(),
            _count(bid),
            _count(and_(bid, _S.c.tricks == _S.c.bid)),
            _count(and_(bid, _S.c.tricks > _S.c.bid)),
            _count(and_(bid, _S.c.tricks < _S.c.bid)),
            _count(_S.c.bid == 0),
            _count(and_(_S.c.bid == 0, _S.c.nil_made.is_(True))),
            _count(_S.c.contract_made.is_not(None)),
            _count(_S.c.contract_made.is_(True)),
            func.coalesce(func.sum(_S.c.score), 0),
        )
        .select_from(seats)
        .where(where)
        .group_by(_S.c.name)
        .order_by(func.sum(_S.c.score).desc(), _S.c.name)
    )
    with store.read() as db:
        conn = db.connection()
        t = conn.execute(totals).one()
        side_hands, contracts_bid, made, bags = conn.execute(contracts).one()
        players = [
            Player(str(row[0]), *(int(value) for value in row[1:])) for row in conn.execute(board)
        ]
    return Overview(
        hands=int(t[0]),
        bids=int(t[1]),
        exact=int(t[2]),
        over=int(t[3]),
        under=int(t[4]),
        nils=int(t[5]),
        nils_made=int(t[6]),
        blind_nils=int(t[7]),
        blind_nils_made=int(t[8]),
        contracts=int(contracts_bid),
        contracts_made=int(made),
        bags=int(bags),
        side_hands=int(side_hands),
        leaderboard=players,
    )


@dataclass(frozen=True)
class HandLine:
    """A stored Spades hand, for the history list and its replay."""

    id: int
    finished_at: datetime
    room_code: str
    game_number: int
    round_number: int
    names: list[str]
    record: str


def hands(store: Store, limit: int = 50) -> list[HandLine]:
    """The latest finished Spades hands, newest first."""
    query = (
        select(
            _R.c.id,
            _R.c.finished_at,
            _R.c.room_code,
            _R.c.game_number,
            _R.c.round_number,
            _R.c.names,
            _R.c.record,
        )
        .where(Filters().where())
        .order_by(_R.c.finished_at.desc(), _R.c.id.desc())
        .limit(limit)
    )
    with store.read() as db:
        rows = db.connection().execute(query).all()
    return [
        HandLine(
            int(r.id),
            r.finished_at,
            str(r.room_code),
            int(r.game_number),
            int(r.round_number),
            [str(n) for n in json.loads(r.names)],
            str(r.record),
        )
        for r in rows
    ]
