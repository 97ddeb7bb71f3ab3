"""Thirteen figures for the Stats page, aggregated in SQL over every finished hand.

A hand counts when its ``round_record`` row (game ``thirteen``, of the group
asked for, not abandoned) has its ``thirteen_seat`` rows — a hand gets them only once it is
over — and falls within the table size and dates asked for. Each seat row
holds the seat's place (T6: 1 for the first out), its points, the bombs it
played (T4), the cards it was left holding and whether it led the hand's
first trick (T2); the shared ``game_seat`` rows say who won each finished
game (a shared top total: every tied seat won).

- per table size (2, 3, 4 players): hands, first-lead wins, bombs;
- a leaderboard per player: games, hands, places, average place, points,
  bombs, hands led first and won from the first lead;
- the latest hands, for the replay.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import and_, case, func, select

from core.figures import Filters
from core.store import RoundRecord, Store
from core.store import stats as shared
from core.store.stats import count_if, rows, together, total
from core.store.tables import OPEN_GROUP
from core.store.thirteen.tables import ThirteenSeat
from core.thirteen.config import MAX_PLAYERS
from core.thirteen.figures import SIZES, HandLine, Overview, Player, TableSize

#: The game these figures are of: every query keeps to its hands and games.
GAME = "thirteen"
_R = RoundRecord.__table__  # type: ignore[attr-defined]
_S = ThirteenSeat.__table__  # type: ignore[attr-defined]


def overview(store: Store, filters: Filters | None = None) -> Overview:
    """Every figure of the Stats page, in four queries read side by side."""
    filters = filters or Filters()
    counted = shared.rounds_where(GAME, filters)
    seats = _S.join(_R, _R.c.id == _S.c.round_id)
    led = _S.c.led_first.is_(True)
    won_lead = and_(led, _S.c.place == 1)
    sizes = (
        select(
            _R.c.players,
            func.count(func.distinct(_S.c.round_id)),
            count_if(won_lead),
            total(_S.c.bombs),
            func.count(func.distinct(case((_S.c.bombs > 0, _S.c.round_id)))),
        )
        .select_from(seats)
        .where(counted)
        .group_by(_R.c.players)
    )
    board = (
        select(
            _S.c.name,
            func.count(),
            *(count_if(_S.c.place == place) for place in range(1, MAX_PLAYERS + 1)),
            total(_S.c.place),
            total(_S.c.score),
            total(_S.c.bombs),
            count_if(led),
            count_if(won_lead),
            total(_S.c.cards_left),
        )
        .select_from(seats)
        .where(counted)
        .group_by(_S.c.name)
    )
    ended = shared.games_where(GAME, filters)
    size_rows, board_rows, by_game, games = together(
        lambda: rows(store, sizes),
        lambda: rows(store, board),
        lambda: shared.games_won(store, GAME, ended),
        lambda: shared.games_ended(store, ended),
    )
    by_count = {int(row[0]): [int(n) for n in row[1:]] for row in size_rows}
    by_size = [TableSize(n, *by_count.get(n, (0, 0, 0, 0))) for n in SIZES]
    players = {}
    for name, hands, first, second, third, fourth, *rest in board_rows:
        played, won = by_game.get(str(name), (0, 0))
        place_sum, points, bombs, led_first, lead_wins, left = (int(n) for n in rest)
        players[str(name)] = Player(
            str(name),
            played,
            won,
            int(hands),
            (int(first), int(second), int(third), int(fourth)),
            place_sum,
            points,
            bombs,
            led_first,
            lead_wins,
            left,
        )
    # A player whose games ended in range but whose hands did not (dates cut a game) still counts.
    for name, (played, won) in by_game.items():
        players.setdefault(name, Player(name, played, won, 0, (0, 0, 0, 0), 0, 0, 0, 0, 0, 0))
    leaderboard = sorted(
        players.values(),
        key=lambda p: (-p.games_won, -p.points, -p.hands_won, p.average_place, p.name),
    )
    return Overview(by_size=by_size, games=games, leaderboard=leaderboard)


def date_range(
    store: Store, players: int | None = None, group: str | None = OPEN_GROUP
) -> tuple[datetime, datetime] | None:
    """When the first and the last counted hand of ``group`` finished, or ``None`` if there is
    none (a hand is over once a seat went out first)."""
    over = _R.c.id.in_(select(_S.c.round_id).where(_S.c.place == 1))
    counted = shared.rounds_where(GAME, Filters(players=players, group=group), over)
    return shared.date_range(store, counted)


def hands(store: Store, filters: Filters | None = None, limit: int = 50) -> list[HandLine]:
    """The latest finished hands, newest first."""
    first = _S.alias("first_out")
    bombs = (select(func.sum(_S.c.bombs)).where(_S.c.round_id == _R.c.id).scalar_subquery()).label(
        "bombs"
    )
    found = shared.latest(
        store,
        shared.rounds_where(GAME, filters),
        _R.c.players,
        first.c.seat,
        first.c.led_first,
        bombs,
        source=_R.join(first, and_(first.c.round_id == _R.c.id, first.c.place == 1)),
        limit=limit,
    )
    return [
        HandLine(
            *shared.hand_fields(row),
            players=int(row.players),
            winner=int(row.seat),
            won_from_lead=bool(row.led_first),
            bombs=int(row.bombs),
        )
        for row in found
    ]
