"""Three-Player Moon figures for the Stats page, aggregated in SQL over every finished hand.

A hand counts when its ``round_record`` row (game ``moon_dominoes``, of the
group asked for, not abandoned) falls within the dates asked for and it has a
result: its ``moon_dominoes_round`` row (a passed-out deal is never stored, an
abandoned hand has none) holds the bidder, the bid, the trump as M3 names it
and whether the bid was made; ``moon_dominoes_seat`` holds each seat's tricks
and score; the shared ``game_seat`` rows say who won each finished game.

- bid success per amount (M2, M6) and per trump chosen (M3), 21s among them;
- the tricks a defender takes in a hand, overall and per player;
- a leaderboard per player: games, hands, bids, points, defence;
- the latest hands, for the replay.
"""

from __future__ import annotations

from sqlalchemy import and_, case, func, select
from sqlalchemy.sql.elements import ColumnElement

from core.figures import Filters
from core.moon_dominoes.config import BIDS, HAND, MOON
from core.moon_dominoes.figures import HandLine, Overview, Player, Success
from core.moon_dominoes.tiles import TRUMP_NAMES
from core.store import RoundRecord, Store
from core.store import stats as shared
from core.store.moon_dominoes.tables import MoonDominoesRound, MoonDominoesSeat
from core.store.stats import count_if, rows, together, total

#: The game these figures are of: every query keeps to its hands and games.
GAME = "moon_dominoes"
_R = RoundRecord.__table__  # type: ignore[attr-defined]
_H = MoonDominoesRound.__table__  # type: ignore[attr-defined]
_S = MoonDominoesSeat.__table__  # type: ignore[attr-defined]
#: Every finished hand: its shared round row with its own.
HANDS = _R.join(_H, _H.c.round_id == _R.c.id)


def where(filters: Filters | None = None) -> ColumnElement[bool]:
    """The condition on :data:`HANDS`: this game's finished hands."""
    return shared.rounds_where(GAME, filters)


def overview(store: Store, filters: Filters | None = None) -> Overview:
    """Every figure of the Stats page, in four queries read side by side."""
    filters = filters or Filters()
    counted = where(filters)
    made = _H.c.made.is_(True)
    cube = (
        select(_H.c.bid, _H.c.trump, func.count(), count_if(made))
        .select_from(HANDS)
        .where(counted)
        .group_by(_H.c.bid, _H.c.trump)
    )
    seats = _S.join(HANDS, _H.c.round_id == _S.c.round_id)
    defending = _S.c.bidder.is_(False)
    bidding = _S.c.bidder.is_(True)
    spread = (
        select(_S.c.tricks, func.count())
        .select_from(seats)
        .where(counted, defending)
        .group_by(_S.c.tricks)
    )
    board = (
        select(
            _S.c.name,
            func.count(),
            count_if(bidding),
            count_if(and_(bidding, made)),
            count_if(and_(bidding, _H.c.bid == MOON)),
            count_if(and_(bidding, _H.c.bid == MOON, made)),
            total(_S.c.score),
            count_if(defending),
            total(case((defending, _S.c.tricks), else_=0)),
        )
        .select_from(seats)
        .where(counted)
        .group_by(_S.c.name)
    )
    cube_rows, spread_rows, board_rows, by_game = together(
        lambda: rows(store, cube),
        lambda: rows(store, spread),
        lambda: rows(store, board),
        lambda: shared.games_won(store, GAME, shared.games_where(GAME, filters)),
    )
    lines = [(int(b), str(t), int(n), int(m)) for b, t, n, m in cube_rows]

    def success(key: int, picked: list[tuple[int, str, int, int]]) -> Success:
        return Success(key, sum(line[2] for line in picked), sum(line[3] for line in picked))

    by_bid = [success(bid, [line for line in lines if line[0] == bid]) for bid in BIDS]
    by_trump = [
        success(trump, [line for line in lines if line[1] == name])
        for trump, name in enumerate(TRUMP_NAMES)
    ]
    defender_spread = [0] * (HAND + 1)
    for tricks, count in spread_rows:
        defender_spread[int(tricks)] += int(count)
    players = {}
    for name, *numbers in board_rows:
        played, won = by_game.get(str(name), (0, 0))
        players[str(name)] = Player(str(name), played, won, *(int(n) for n in numbers))
    # A player whose games ended in range but whose hands did not (dates cut a game) still counts.
    for name, (played, won) in by_game.items():
        players.setdefault(name, Player(name, played, won, 0, 0, 0, 0, 0, 0, 0, 0))
    leaderboard = sorted(
        players.values(), key=lambda p: (-p.games_won, -p.points, -p.hands, p.name)
    )
    return Overview(
        hands=sum(line[2] for line in lines),
        by_bid=by_bid,
        by_trump=by_trump,
        defender_spread=defender_spread,
        leaderboard=leaderboard,
    )


def hands(store: Store, filters: Filters | None = None, limit: int = 50) -> list[HandLine]:
    """The latest finished hands, newest first."""
    found = shared.latest(
        store,
        where(filters),
        _H.c.bidder,
        _H.c.bid,
        _H.c.trump,
        _H.c.made,
        source=HANDS,
        limit=limit,
    )
    return [
        HandLine(
            *shared.hand_fields(row),
            bidder=int(row.bidder),
            bid=int(row.bid),
            trump=TRUMP_NAMES.index(str(row.trump)),
            made=bool(row.made),
        )
        for row in found
    ]
