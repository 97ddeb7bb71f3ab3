"""Thirteen figures for the Stats page, aggregated in SQL over every finished hand.

A hand counts when its ``round_record`` row (game ``thirteen``, not
abandoned) has its ``thirteen_seat`` rows — a hand gets them only once it is
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

import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, case, func, select
from sqlalchemy.sql.elements import ColumnElement

from core.store import GameRecord, GameSeat, RoundRecord, Store
from core.store.thirteen.tables import ThirteenSeat
from core.thirteen.config import MAX_PLAYERS, MIN_PLAYERS

#: The game these figures are of: every query keeps to its hands and games.
GAME = "thirteen"
#: The table sizes a hand can have (T1).
SIZES = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
_R = RoundRecord.__table__  # type: ignore[attr-defined]
_S = ThirteenSeat.__table__  # type: ignore[attr-defined]
_G = GameRecord.__table__  # type: ignore[attr-defined]
_GS = GameSeat.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Filters:
    """Which hands and games count: a field left ``None`` does not filter."""

    #: Players at the table (2, 3 or 4).
    players: int | None = None
    since: datetime | None = None
    until: datetime | None = None

    def _dated(self, column: ColumnElement[datetime]) -> list[ColumnElement[bool]]:
        terms = []
        if self.since is not None:
            terms.append(column >= self.since)
        if self.until is not None:
            terms.append(column < self.until)
        return terms

    def hands(self) -> ColumnElement[bool]:
        """The condition on ``round_record`` rows: this game's hands that were not abandoned."""
        terms = [_R.c.game == GAME, _R.c.abandoned.is_(False), *self._dated(_R.c.finished_at)]
        if self.players is not None:
            terms.append(_R.c.players == self.players)
        return and_(*terms)

    def games(self) -> ColumnElement[bool]:
        """The condition on ``game_record`` rows: this game's games that ended, by their end
        (and by their number of seats: a game row does not keep its table size)."""
        terms = [_G.c.game == GAME, _G.c.abandoned.is_(False), *self._dated(_G.c.finished_at)]
        if self.players is not None:
            sized = (
                select(_GS.c.game_id).group_by(_GS.c.game_id).having(func.count() == self.players)
            )
            terms.append(_G.c.id.in_(sized))
        return and_(*terms)


@dataclass(frozen=True)
class TableSize:
    """The hands played at one table size."""

    players: int
    hands: int
    #: Hands the seat that led the first trick went on to win (place 1).
    first_lead_wins: int
    bombs: int
    #: Hands in which at least one bomb was played.
    bomb_hands: int

    @property
    def first_lead_rate(self) -> float:
        return self.first_lead_wins / self.hands if self.hands else 0.0

    @property
    def fair_share(self) -> float:
        """What the first leader would win if leading first were worth nothing: 1 in n."""
        return 1 / self.players


@dataclass(frozen=True)
class Player:
    """One player's line on the leaderboard."""

    name: str
    games: int
    games_won: int
    hands: int
    #: Hands finished 1st, 2nd, 3rd and 4th (T6).
    places: tuple[int, int, int, int]
    #: The places added up (for the average).
    place_sum: int
    #: The sum of the player's hand scores (T6: n−1 for 1st down to 0 for last).
    points: int
    bombs: int
    #: Hands in which the player led the first trick, and of those the hands won.
    led_first: int
    first_lead_wins: int
    #: Cards left in hand when last, added up.
    cards_left: int

    @property
    def hands_won(self) -> int:
        return self.places[0]

    @property
    def average_place(self) -> float:
        return self.place_sum / self.hands if self.hands else 0.0

    @property
    def first_lead_rate(self) -> float:
        return self.first_lead_wins / self.led_first if self.led_first else 0.0


@dataclass(frozen=True)
class Overview:
    """Every figure of the Stats page."""

    #: One line per table size, 2 players first (zeros where none was played).
    by_size: list[TableSize]
    games: int
    leaderboard: list[Player]

    @property
    def hands(self) -> int:
        return sum(line.hands for line in self.by_size)

    @property
    def first_lead_wins(self) -> int:
        return sum(line.first_lead_wins for line in self.by_size)

    @property
    def first_lead_rate(self) -> float:
        return self.first_lead_wins / self.hands if self.hands else 0.0

    @property
    def bombs(self) -> int:
        return sum(line.bombs for line in self.by_size)

    @property
    def bomb_hands(self) -> int:
        return sum(line.bomb_hands for line in self.by_size)


def _count(condition: ColumnElement[bool]) -> ColumnElement[int]:
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


def _sum(column: ColumnElement[int]) -> ColumnElement[int]:
    return func.coalesce(func.sum(column), 0)


def overview(store: Store, filters: Filters | None = None) -> Overview:
    """Every figure of the Stats page, in three queries."""
    filters = filters or Filters()
    where = filters.hands()
    seats = _S.join(_R, _R.c.id == _S.c.round_id)
    led = _S.c.led_first.is_(True)
    won_lead = and_(led, _S.c.place == 1)
    sizes = (
        select(
            _R.c.players,
            func.count(func.distinct(_S.c.round_id)),
            _count(won_lead),
            _sum(_S.c.bombs),
            func.count(func.distinct(case((_S.c.bombs > 0, _S.c.round_id)))),
        )
        .select_from(seats)
        .where(where)
        .group_by(_R.c.players)
    )
    board = (
        select(
            _S.c.name,
            func.count(),
            *(_count(_S.c.place == place) for place in range(1, MAX_PLAYERS + 1)),
            _sum(_S.c.place),
            _sum(_S.c.score),
            _sum(_S.c.bombs),
            _count(led),
            _count(won_lead),
            _sum(_S.c.cards_left),
        )
        .select_from(seats)
        .where(where)
        .group_by(_S.c.name)
    )
    games = (
        select(_GS.c.name, func.count(), _count(_GS.c.won.is_(True)))
        .select_from(_GS.join(_G, _G.c.id == _GS.c.game_id))
        .where(filters.games())
        .group_by(_GS.c.name)
    )
    games_ended = select(func.count()).select_from(_G).where(filters.games())
    with store.read() as db:
        conn = db.connection()
        size_rows = {int(row[0]): [int(n) for n in row[1:]] for row in conn.execute(sizes)}
        board_rows = conn.execute(board).all()
        by_game = {str(name): (int(n), int(w)) for name, n, w in conn.execute(games)}
        ended = int(conn.execute(games_ended).scalar() or 0)
    by_size = [TableSize(n, *size_rows.get(n, (0, 0, 0, 0))) for n in SIZES]
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
    return Overview(by_size=by_size, games=ended, leaderboard=leaderboard)


def date_range(store: Store, players: int | None = None) -> tuple[datetime, datetime] | None:
    """When the first and the last counted hand finished, or ``None`` if there is none."""
    query = (
        select(func.min(_R.c.finished_at), func.max(_R.c.finished_at))
        .select_from(_R.join(_S, and_(_S.c.round_id == _R.c.id, _S.c.place == 1)))
        .where(Filters(players=players).hands())
    )
    with store.read() as db:
        first, last = db.connection().execute(query).one()
    return None if first is None else (first, last)


@dataclass(frozen=True)
class HandLine:
    """A stored hand, for the replay picker (its record is read once picked)."""

    id: int
    finished_at: datetime
    room_code: str
    game_number: int
    round_number: int
    names: list[str]
    players: int
    #: The seat that went out first.
    winner: int
    #: Whether that seat led the hand's first trick.
    won_from_lead: bool
    #: Bombs played in the hand, by every seat.
    bombs: int


def hands(store: Store, filters: Filters | None = None, limit: int = 50) -> list[HandLine]:
    """The latest finished hands, newest first."""
    first = _S.alias("first_out")
    bombs = (select(func.sum(_S.c.bombs)).where(_S.c.round_id == _R.c.id).scalar_subquery()).label(
        "bombs"
    )
    query = (
        select(
            _R.c.id,
            _R.c.finished_at,
            _R.c.room_code,
            _R.c.game_number,
            _R.c.round_number,
            _R.c.names,
            _R.c.players,
            first.c.seat,
            first.c.led_first,
            bombs,
        )
        .select_from(_R.join(first, and_(first.c.round_id == _R.c.id, first.c.place == 1)))
        .where((filters or Filters()).hands())
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
            int(r.players),
            int(r.seat),
            bool(r.led_first),
            int(r.bombs),
        )
        for r in rows
    ]


def hand_record(store: Store, round_id: int) -> str | None:
    """The stored hand record (JSON text) of one of this game's hands, or ``None``."""
    query = select(_R.c.record).where(_R.c.id == round_id, _R.c.game == GAME)
    with store.read() as db:
        found = db.connection().execute(query).scalar()
    return None if found is None else str(found)
