"""Spades figures for the Stats page, aggregated in SQL over every finished Spades hand.

Every figure reads ``spades_seat`` (one row per seat of a finished hand:
bid, blind, tricks, nil made, contract made, the side's score) joined to its
``round_record`` (game ``spades``, of the group asked for, not abandoned),
optionally within dates:

- bid accuracy of non-nil bids: the seat took exactly its bid, more, or fewer;
- nil and blind nil: bid and made;
- contracts: made and set, per side and hand;
- bags: over-tricks of made contracts, per side and hand;
- a leaderboard per player;
- the latest hands, for the replay.
"""

from __future__ import annotations

from sqlalchemy import and_, case, func, select

from core.figures import Filters, HandLine
from core.spades.figures import Overview, Player
from core.store import RoundRecord, Store
from core.store import stats as shared
from core.store.spades.tables import SpadesSeat
from core.store.stats import count_if, rows, together, total

#: The game these figures are of: every query keeps to its hands.
GAME = "spades"
_R = RoundRecord.__table__  # type: ignore[attr-defined]
_S = SpadesSeat.__table__  # type: ignore[attr-defined]


def overview(store: Store, filters: Filters | None = None) -> Overview:
    """Every Spades figure of the Stats page, in three queries read side by side."""
    counted = shared.rounds_where(GAME, filters)
    seats = _S.join(_R, _R.c.id == _S.c.round_id)
    bid = _S.c.bid > 0
    totals = (
        select(
            func.count(func.distinct(_S.c.round_id)),
            count_if(bid),
            count_if(and_(bid, _S.c.tricks == _S.c.bid)),
            count_if(and_(bid, _S.c.tricks > _S.c.bid)),
            count_if(and_(bid, _S.c.tricks < _S.c.bid)),
            count_if(and_(_S.c.bid == 0, _S.c.blind.is_(False))),
            count_if(and_(_S.c.bid == 0, _S.c.blind.is_(False), _S.c.nil_made.is_(True))),
            count_if(_S.c.blind.is_(True)),
            count_if(and_(_S.c.blind.is_(True), _S.c.nil_made.is_(True))),
        )
        .select_from(seats)
        .where(counted)
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
        .where(counted)
        .group_by(_S.c.round_id, _S.c.side)
        .subquery()
    )
    contracts = select(
        func.count(),
        count_if(sides.c.contract > 0),
        count_if(and_(sides.c.contract > 0, sides.c.made == 1)),
        total(case((sides.c.made == 1, sides.c.took - sides.c.contract), else_=0)),
    ).select_from(sides)
    board = (
        select(
            _S.c.name,
            func.count(),
            count_if(bid),
            count_if(and_(bid, _S.c.tricks == _S.c.bid)),
            count_if(and_(bid, _S.c.tricks > _S.c.bid)),
            count_if(and_(bid, _S.c.tricks < _S.c.bid)),
            count_if(_S.c.bid == 0),
            count_if(and_(_S.c.bid == 0, _S.c.nil_made.is_(True))),
            count_if(_S.c.contract_made.is_not(None)),
            count_if(_S.c.contract_made.is_(True)),
            total(_S.c.score),
        )
        .select_from(seats)
        .where(counted)
        .group_by(_S.c.name)
        .order_by(func.sum(_S.c.score).desc(), _S.c.name)
    )
    found, sided, players = together(
        lambda: rows(store, totals), lambda: rows(store, contracts), lambda: rows(store, board)
    )
    t = found[0]
    side_hands, contracts_bid, made, bags = sided[0]
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
        leaderboard=[Player(str(row[0]), *(int(value) for value in row[1:])) for row in players],
    )


def hands(store: Store, filters: Filters | None = None, limit: int = 50) -> list[HandLine]:
    """The latest finished Spades hands, newest first."""
    return [
        HandLine(*shared.hand_fields(row))
        for row in shared.latest(store, shared.rounds_where(GAME, filters), limit=limit)
    ]
