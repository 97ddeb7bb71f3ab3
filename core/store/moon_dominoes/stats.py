"""Three-Player Moon figures for the Stats page, aggregated in SQL over every finished hand.

A hand counts when its ``round_record`` row (game ``moon_dominoes``, not
abandoned, with a result: a passed-out deal is never stored) falls within
the dates asked for. The round row holds the bid, the trump letter and
whether the bid was made; ``moon_dominoes_seat`` holds each seat's tricks
and score; the shared ``game_seat`` rows say who won each finished game.

- bid success per amount (M2, M6) and per trump chosen (M3), 21s among them;
- the tricks a defender takes in a hand, overall and per player;
- a leaderboard per player: games, hands, bids, points, defence;
- the latest hands, for the replay.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, case, func, select
from sqlalchemy.sql.elements import ColumnElement

from core.moon_dominoes.config import BIDS, HAND, MOON
from core.moon_dominoes.table import TRUMP_LETTERS
from core.store import GameRecord, GameSeat, RoundRecord, Store
from core.store.moon_dominoes.tables import MoonDominoesSeat

#: The game these figures are of: every query keeps to its hands and games.
GAME = "moon_dominoes"
_R = RoundRecord.__table__  # type: ignore[attr-defined]
_S = MoonDominoesSeat.__table__  # type: ignore[attr-defined]
_G = GameRecord.__table__  # type: ignore[attr-defined]
_GS = GameSeat.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Filters:
    """Which hands and games count: a bound left ``None`` does not filter."""

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
        """The condition on ``round_record`` rows: this game's finished hands."""
        return and_(
            _R.c.game == GAME,
            _R.c.abandoned.is_(False),
            _R.c.made.is_not(None),
            *self._dated(_R.c.finished_at),
        )

    def games(self) -> ColumnElement[bool]:
        """The condition on ``game_record`` rows: this game's games that ended, by their end."""
        return and_(_G.c.game == GAME, _G.c.abandoned.is_(False), *self._dated(_G.c.finished_at))


@dataclass(frozen=True)
class Success:
    """Bids tried and made, for one bid amount or one trump."""

    key: int
    tried: int
    made: int

    @property
    def rate(self) -> float:
        return self.made / self.tried if self.tried else 0.0


@dataclass(frozen=True)
class Player:
    """One player's line on the leaderboard."""

    name: str
    games: int
    games_won: int
    hands: int
    #: Hands won at auction, and of those the bids made.
    bids: int
    bids_made: int
    #: Bids of 21 (all seven tricks), and of those made.
    moons: int
    moons_made: int
    #: The sum of the player's hand scores (M6): bids won or lost, and a point a defending trick.
    points: int
    #: Hands defended, and the tricks taken in them.
    defended: int
    defender_tricks: int

    @property
    def defender_average(self) -> float:
        """Tricks a hand as a defender."""
        return self.defender_tricks / self.defended if self.defended else 0.0


@dataclass(frozen=True)
class Overview:
    """Every figure of the Stats page."""

    hands: int
    #: One line per bid of M2, lowest first (zeros where never bid).
    by_bid: list[Success]
    #: One line per trump of M3, keyed by trump id: 0–6, then doubles (7), then none (8).
    by_trump: list[Success]
    #: How many defenders took 0, 1 … 7 tricks in a hand (two defenders a hand).
    defender_spread: list[int]
    leaderboard: list[Player]

    @property
    def made(self) -> int:
        return sum(line.made for line in self.by_bid)

    @property
    def moon(self) -> Success:
        """The 21 bids (M6: all seven tricks, a made one wins the game)."""
        return next(line for line in self.by_bid if line.key == MOON)

    @property
    def defender_hands(self) -> int:
        return sum(self.defender_spread)

    @property
    def defender_average(self) -> float:
        """Tricks a defender takes in a hand, over every defender of every hand."""
        taken = sum(tricks * count for tricks, count in enumerate(self.defender_spread))
        return taken / self.defender_hands if self.defender_hands else 0.0


def _count(condition: ColumnElement[bool]) -> ColumnElement[int]:
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


def overview(store: Store, filters: Filters | None = None) -> Overview:
    """Every figure of the Stats page, in four queries."""
    filters = filters or Filters()
    where = filters.hands()
    made = _R.c.made.is_(True)
    cube = (
        select(_R.c.bid, _R.c.trump, func.count(), _count(made))
        .where(where)
        .group_by(_R.c.bid, _R.c.trump)
    )
    seats = _S.join(_R, _R.c.id == _S.c.round_id)
    defending = _S.c.bidder.is_(False)
    bidding = _S.c.bidder.is_(True)
    spread = (
        select(_S.c.tricks, func.count())
        .select_from(seats)
        .where(where, defending)
        .group_by(_S.c.tricks)
    )
    board = (
        select(
            _S.c.name,
            func.count(),
            _count(bidding),
            _count(and_(bidding, made)),
            _count(and_(bidding, _R.c.bid == MOON)),
            _count(and_(bidding, _R.c.bid == MOON, made)),
            func.coalesce(func.sum(_S.c.score), 0),
            _count(defending),
            func.coalesce(func.sum(case((defending, _S.c.tricks), else_=0)), 0),
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
    with store.read() as db:
        conn = db.connection()
        lines = [(int(b), str(t), int(n), int(m)) for b, t, n, m in conn.execute(cube)]
        spread_rows = [(int(t), int(n)) for t, n in conn.execute(spread)]
        board_rows = conn.execute(board).all()
        by_game = {str(name): (int(n), int(w)) for name, n, w in conn.execute(games)}

    def success(key: int, picked: list[tuple[int, str, int, int]]) -> Success:
        return Success(key, sum(line[2] for line in picked), sum(line[3] for line in picked))

    by_bid = [success(bid, [line for line in lines if line[0] == bid]) for bid in BIDS]
    by_trump = [
        success(trump, [line for line in lines if line[1] == letter])
        for trump, letter in enumerate(TRUMP_LETTERS)
    ]
    defender_spread = [0] * (HAND + 1)
    for tricks, count in spread_rows:
        defender_spread[tricks] += count
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


@dataclass(frozen=True)
class HandLine:
    """A stored hand, for the replay picker (its record is read once picked)."""

    id: int
    finished_at: datetime
    room_code: str
    game_number: int
    round_number: int
    names: list[str]
    bidder: int
    bid: int
    #: The trump id: 0–6, 7 doubles, 8 none.
    trump: int
    made: bool


def hands(store: Store, filters: Filters | None = None, limit: int = 50) -> list[HandLine]:
    """The latest finished hands, newest first."""
    query = (
        select(
            _R.c.id,
            _R.c.finished_at,
            _R.c.room_code,
            _R.c.game_number,
            _R.c.round_number,
            _R.c.names,
            _R.c.bidder,
            _R.c.bid,
            _R.c.trump,
            _R.c.made,
        )
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
            int(r.bidder),
            int(r.bid),
            TRUMP_LETTERS.index(str(r.trump)),
            bool(r.made),
        )
        for r in rows
    ]


def hand_record(store: Store, round_id: int) -> str | None:
    """The stored hand record (JSON text) of one of this game's hands, or ``None``."""
    query = select(_R.c.record).where(_R.c.id == round_id, _R.c.game == GAME)
    with store.read() as db:
        found = db.connection().execute(query).scalar()
    return None if found is None else str(found)
