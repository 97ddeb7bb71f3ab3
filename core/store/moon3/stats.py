"""Stats over the stored rounds, aggregated in SQL so the page stays fast as history grows.

Every function takes the store and a :class:`Filters` and returns plain rows;
abandoned rounds and rounds without a bid never count.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import and_, case, func, or_, select, true
from sqlalchemy.sql.elements import ColumnElement

from core.moon3.cards import KALI_TIDI, POINTS
from core.store import GameRecord, GameSeat, RoundRecord, Store
from core.store.moon3.tables import KaliCapture, RoundGroup, RoundSeat

#: Bid bands are this wide, from the lowest default minimum bid (one deck) upwards.
BAND_WIDTH = 25
BAND_START = 125

#: H5's "big bid": bids of this much or more, made, are counted per player.
BIG_BID = 200
#: The game these figures are of: every query keeps to its rounds and games.
GAME = "moon3"
#: Rounds dealt here; the others were kept in a scorebook or imported, without their cards.
DEALT = "table"
#: Threads for reads that run side by side (:func:`together`), shared by every page.
_READER_NAME = "stats-reader"
_READERS = ThreadPoolExecutor(max_workers=4, thread_name_prefix=_READER_NAME)
_R = RoundRecord.__table__  # type: ignore[attr-defined]
_RS = RoundSeat.__table__  # type: ignore[attr-defined]
_K = KaliCapture.__table__  # type: ignore[attr-defined]
_G = GameRecord.__table__  # type: ignore[attr-defined]
_GS = GameSeat.__table__  # type: ignore[attr-defined]
_GR = RoundGroup.__table__  # type: ignore[attr-defined]
#: What one 3♠ is worth (R2).
KALI_POINTS: int = POINTS[KALI_TIDI]


@dataclass(frozen=True)
class Filters:
    """Which rounds count: any field left ``None`` does not filter."""

    mode: str | None = None
    players: int | None = None
    decks: int | None = None
    since: datetime | None = None
    until: datetime | None = None
    #: Only rounds this player sat in (names compare without regard to case).
    player: str | None = None

    @property
    def narrows(self) -> bool:
        """Whether any field filters (per-seat rows need no join with their rounds otherwise)."""
        return any(v is not None for v in vars(self).values())

    def where(self) -> ColumnElement[bool]:
        """The condition on ``round_record`` rows."""
        terms = [
            _R.c.game == GAME,
            _R.c.abandoned.is_(False),
            _R.c.made.is_not(None),
            _R.c.bid > 0,
        ]
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
        if self.player:
            # An uncorrelated IN: the player's rounds are found once, not once per round.
            sat = _RS.alias("sat")
            terms.append(
                _R.c.id.in_(
                    select(sat.c.round_id).where(
                        func.lower(sat.c.name) == self.player.strip().lower()
                    )
                )
            )
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


#: One line of the bids' cube: (band, players, mode, decks, bidder), then rounds, made, the sum
#: of the bids, the bids of :data:`BIG_BID` or more made, the highest bid and the highest made
#: (0 when none was made).
CubeLine = tuple[int, int, str, int, str, int, int, int, int, int, int]


def _band() -> ColumnElement[int]:
    return case((_R.c.bid < BAND_START, -1), else_=(_R.c.bid - BAND_START) // BAND_WIDTH)


def bid_cube(store: Store, filters: Filters = Filters()) -> list[CubeLine]:
    """Every bid figure in one pass: rounds and bids made per band, table and bidder.

    The success rates by band, players, table and bidder, and each bidder's
    average and big bids, are all sums over these lines (:func:`rates`).
    """
    made = _R.c.made.is_(True)
    group = (_band(), _R.c.players, _R.c.mode, _R.c.decks, _R.c.bidder_name)
    query = (
        select(
            *group,
            func.count(),
            _count(made),
            func.sum(_R.c.bid),
            _count(and_(made, _R.c.bid >= BIG_BID)),
            func.max(_R.c.bid),
            func.max(case((made, _R.c.bid), else_=0)),
        )
        .where(filters.where())
        .group_by(*group)
    )
    return [
        (int(b), int(p), str(m), int(d), str(n), int(r), int(k or 0), int(t or 0), int(g or 0),
         int(top or 0), int(best or 0))
        for b, p, m, d, n, r, k, t, g, top, best in _rows(store, query)
    ]  # fmt: skip


#: What a rate is grouped by, as positions in a cube line.
BY_BAND, BY_PLAYERS, BY_TABLE, BY_BIDDER = (0,), (1,), (2, 3), (4,)


def rates(cube: list[CubeLine], by: tuple[int, ...]) -> list[Rate]:
    """Bids made out of played, per group of the cube's columns ``by``, in group order."""
    totals: dict[Any, list[int]] = {}
    for line in cube:
        key = tuple(line[i] for i in by) if len(by) > 1 else line[by[0]]
        found = totals.setdefault(key, [0, 0])
        found[0] += line[5]
        found[1] += line[6]
    return [Rate(key, played, made) for key, (played, made) in sorted(totals.items())]


def bid_success(store: Store, filters: Filters = Filters()) -> Rate:
    """Bids made out of all rounds played to the end."""
    cube = bid_cube(store, filters)
    return Rate(None, sum(line[5] for line in cube), sum(line[6] for line in cube))


def band_label(band: int) -> str:
    """The bid range of a band number: band 0 is 125–145, band 1 is 150–170, ..."""
    if band < 0:
        return f"under {BAND_START}"
    low = BAND_START + band * BAND_WIDTH
    return f"{low}–{low + BAND_WIDTH - 5}"


def bid_success_by_band(store: Store, filters: Filters = Filters()) -> list[Rate]:
    """Success rate per bid band (see :func:`band_label`), lowest first."""
    return rates(bid_cube(store, filters), BY_BAND)


def bid_success_by_players(store: Store, filters: Filters = Filters()) -> list[Rate]:
    return rates(bid_cube(store, filters), BY_PLAYERS)


def bid_success_by_table(store: Store, filters: Filters = Filters()) -> list[Rate]:
    """Per (mode, decks)."""
    return rates(bid_cube(store, filters), BY_TABLE)


def bid_success_by_bidder(store: Store, filters: Filters = Filters()) -> list[Rate]:
    """Per bidder name, as the bidder was called at the table."""
    return rates(bid_cube(store, filters), BY_BIDDER)


def bidders(cube: list[CubeLine]) -> dict[str, tuple[float, int]]:
    """Each bidder's average bid and bids of :data:`BIG_BID` or more made (H5)."""
    sums: dict[str, list[int]] = {}
    for line in cube:
        found = sums.setdefault(line[4], [0, 0, 0])
        found[0] += line[5]
        found[1] += line[7]
        found[2] += line[8]
    return {name: (total / count, big) for name, (count, total, big) in sums.items() if count}


def _rows(store: Store, query: Any) -> list[Any]:
    with store.read() as session:
        return list(session.connection().execute(query).all())


#: Margins are counted in buckets this wide: bucket -10 holds margins −10 to −1.
MARGIN_WIDTH = 10


def margins(store: Store, filters: Filters = Filters()) -> list[tuple[int, int]]:
    """(bucket start, rounds) of the bidding side's points less its bid, lowest first.

    A margin of 0 or more is a made bid; the buckets are :data:`MARGIN_WIDTH` wide. Rounds
    whose points nobody counted (a scorebook's "made" alone) are left out.
    """
    margin = _R.c.bidding_points - _R.c.bid
    # Floor division that rounds towards minus infinity on every database.
    bucket = case(
        (margin >= 0, margin // MARGIN_WIDTH),
        else_=-((-margin + MARGIN_WIDTH - 1) // MARGIN_WIDTH),
    ).label("bucket")
    query = (
        select(bucket, func.count())
        .where(filters.where(), _R.c.points_known.is_(True))
        .group_by(bucket)
        .order_by(bucket)
    )
    return [(int(b) * MARGIN_WIDTH, int(n)) for b, n in _rows(store, query)]


@dataclass(frozen=True)
class KaliSummary:
    """How the 3♠ went over a set of rounds (R2: it is worth 30 points)."""

    rounds: int
    #: Rounds in which the bidding side captured a 3♠.
    to_bidders: int
    #: Made bids that would have failed without the 3♠ the bidding side captured.
    made_with_it: int
    #: Failed bids that would have been made with the 3♠ the defenders captured.
    failed_without_it: int

    @property
    def decided(self) -> int:
        """Rounds the 3♠ decided, one way or the other."""
        return self.made_with_it + self.failed_without_it

    def share(self, count: int) -> float:
        return count / self.rounds if self.rounds else 0.0


def kali_summary(store: Store, filters: Filters = Filters()) -> KaliSummary:
    """Rounds where the bidding side took the 3♠, and rounds the 3♠ decided (dealt rounds only:
    a round kept without cards does not know who took it)."""
    ours, theirs = _R.c.kali_ours, _R.c.kali_theirs
    made = _R.c.made.is_(True)
    query = select(
        func.count(),
        _count(ours > 0),
        _count(and_(made, ours > 0, _R.c.bidding_points - KALI_POINTS * ours < _R.c.bid)),
        _count(and_(~made, theirs > 0, _R.c.bidding_points + KALI_POINTS * theirs >= _R.c.bid)),
    ).where(filters.where(), _R.c.source == DEALT)
    rounds, to_bidders, made_with, failed_without = _rows(store, query)[0]
    return KaliSummary(rounds, to_bidders or 0, made_with or 0, failed_without or 0)


def _facts(table: Any, filters: Filters) -> tuple[Any, ColumnElement[bool]]:
    """FROM and WHERE for per-seat rows: limited to the filtered rounds only when a filter
    needs it.

    Per-seat rows exist only for rounds that count, so unfiltered they need no
    condition. Filtered, the rounds are found once, from the covering index
    (a join would read each wide round row with its hand record).
    """
    if filters.narrows:
        return table, table.c.round_id.in_(select(_R.c.id).where(filters.where()))
    return table, true()


def kali_by_trick(store: Store, filters: Filters = Filters()) -> list[tuple[int, int, int]]:
    """(trick number, captures by the bidding side, captures by the defenders), by trick."""
    source, scope = _facts(_K, filters)
    query = (
        select(
            _K.c.trick,
            func.sum(case((_K.c.bidding_side.is_(True), 1), else_=0)),
            func.sum(case((_K.c.bidding_side.is_(True), 0), else_=1)),
        )
        .select_from(source)
        .where(scope)
        .group_by(_K.c.trick)
        .order_by(_K.c.trick)
    )
    return [(int(t), int(a), int(b)) for t, a, b in _rows(store, query)]


@dataclass(frozen=True)
class KaliPlayer:
    """One player's captures of the 3♠."""

    name: str
    rounds: int
    #: Rounds in which this player's own tricks took a 3♠.
    rounds_captured: int
    captures: int

    @property
    def share(self) -> float:
        return self.rounds_captured / self.rounds if self.rounds else 0.0


def kali_by_player(store: Store, filters: Filters = Filters()) -> list[KaliPlayer]:
    """Every player's 3♠ captures in dealt rounds, most first (then by share, then name)."""
    captured = func.sum(case((_RS.c.kali > 0, 1), else_=0))
    source, scope = _facts(_RS, filters)
    query = (
        select(_RS.c.name, func.count(), captured, func.sum(_RS.c.kali))
        .select_from(source)
        .where(scope, _RS.c.dealt.is_(True))
        .group_by(_RS.c.name)
    )
    rows = [KaliPlayer(n, int(r), int(c or 0), int(k or 0)) for n, r, c, k in _rows(store, query)]
    return sorted(rows, key=lambda p: (-p.captures, -p.share, p.name))


@dataclass(frozen=True)
class Standing:
    """One player's line on the leaderboard; every member of a winning side is credited."""

    name: str
    rounds: int
    rounds_won: int
    #: Auctions won, and of those the bids made.
    bids: int
    bids_made: int
    #: Rounds won as a partner of the bidder, and as a defender.
    partner_wins: int
    defender_wins: int
    #: Rounds on the bidder's side without bidding (called as a teammate in Card-Based, H5).
    partner_rounds: int
    #: Rounds defending against the bid.
    defender_rounds: int
    #: H5: the player's average winning bid, and their bids of ``BIG_BID`` or more made.
    average_bid: float
    #: Card points captured in the player's own tricks.
    points: int
    #: R27 score credited to the player's team (or to the player in Card-Based).
    score: int
    big_bids_made: int = 0
    games: int = 0
    games_won: int = 0

    @property
    def win_rate(self) -> float:
        return self.rounds_won / self.rounds if self.rounds else 0.0


def _count(condition: ColumnElement[bool]) -> Any:
    return func.sum(case((condition, 1), else_=0))


def leaderboard(
    store: Store, filters: Filters = Filters(), cube: list[CubeLine] | None = None
) -> list[Standing]:
    """Every player's rounds, wins, bids, points and games, best first.

    A game counts when any of its rounds passes the filters. Order: games
    won, then rounds won, then score. The bidders' own figures come from the
    bids' cube (given, or read here).
    """
    won = _RS.c.won.is_(True)
    source, scope = _facts(_RS, filters)
    rounds = (
        select(
            _RS.c.name,
            func.count(),
            _count(won),
            _count(_RS.c.role == "bidder"),
            _count(and_(_RS.c.role == "bidder", won)),
            _count(and_(_RS.c.role == "partner", won)),
            _count(and_(_RS.c.role == "defender", won)),
            _count(_RS.c.role == "partner"),
            _count(_RS.c.role == "defender"),
            func.sum(_RS.c.points),
            func.sum(_RS.c.score),
        )
        .select_from(source)
        .where(scope)
        .group_by(_RS.c.name)
    )
    # The games with a round in the filter, found in one pass over the rounds.
    chosen = (
        select(_R.c.room_code, _R.c.game_number)
        .where(filters.where())
        .group_by(_R.c.room_code, _R.c.game_number)
        .subquery()
    )
    games = (
        select(_GS.c.name, func.count(), _count(_GS.c.won.is_(True)))
        .where(_G.c.game == GAME)
        .group_by(_GS.c.name)
    )
    seated = _GS.join(_G, _G.c.id == _GS.c.game_id)
    if filters.narrows:  # every stored game seat has counted rounds: no filter, no join
        seated = seated.join(
            chosen,
            and_(
                chosen.c.room_code == _G.c.room_code,
                chosen.c.game_number == _G.c.game_number,
            ),
        )
    games = games.select_from(seated)
    by_game_rows, round_rows, cube_found = together(
        lambda: _rows(store, games),
        lambda: _rows(store, rounds),
        lambda: cube if cube is not None else bid_cube(store, filters),
    )
    by_game = {name: (int(n), int(w or 0)) for name, n, w in by_game_rows}
    by_bidder = bidders(cube_found)
    table = []
    for row in round_rows:
        name, played, won_, bids, made, partner, defender, partnered, defended, points, score = row
        games_played, games_won = by_game.get(name, (0, 0))
        average_bid, big_bids_made = by_bidder.get(name, (0.0, 0))
        table.append(
            Standing(
                name=name,
                rounds=int(played),
                rounds_won=int(won_ or 0),
                bids=int(bids or 0),
                bids_made=int(made or 0),
                partner_wins=int(partner or 0),
                defender_wins=int(defender or 0),
                partner_rounds=int(partnered or 0),
                defender_rounds=int(defended or 0),
                average_bid=round(average_bid, 1),
                big_bids_made=big_bids_made,
                points=int(points or 0),
                score=int(score or 0),
                games=games_played,
                games_won=games_won,
            )
        )
    return sorted(table, key=lambda s: (-s.games_won, -s.rounds_won, -s.score, s.name))


@dataclass(frozen=True)
class GameLine:
    """A game in the history list: finished, or still being played."""

    room_code: str
    game_number: int
    mode: str
    players: int
    decks: int
    rounds: int
    last_played: datetime
    names: list[str]
    #: The winners' names; empty while the game goes on or when it was abandoned.
    winners: list[str]
    over: bool
    #: ``table`` (dealt here), ``scorebook`` or ``import``: the last two have no cards to replay.
    source: str = DEALT


def _latest_games(store: Store, filters: Filters, limit: int) -> list[tuple[str, int]]:
    """The ``limit`` games whose last filtered round is the latest, newest first.

    Rounds are read newest first, a few thousand at a time, until that many
    games have turned up: the newest games' rounds are the newest rounds.
    """
    found: dict[tuple[str, int], None] = {}
    chunk, start = 2000, 0
    while len(found) < limit:
        query = (
            select(_R.c.room_code, _R.c.game_number)
            .where(filters.where())
            .order_by(_R.c.finished_at.desc(), _R.c.id.desc())
            .offset(start)
            .limit(chunk)
        )
        rows = _rows(store, query)
        for code, number in rows:
            found.setdefault((code, int(number)))
        if len(rows) < chunk:
            break
        start += chunk
    return list(found)[:limit]


def history_games(store: Store, filters: Filters = Filters(), limit: int = 50) -> list[GameLine]:
    """The latest games that have a finished round passing the filters, newest first."""
    latest = _latest_games(store, filters, limit)
    if not latest:
        return []
    last = func.max(_R.c.finished_at).label("last")
    query = (
        select(
            _R.c.room_code,
            _R.c.game_number,
            func.min(_R.c.mode),
            func.min(_R.c.players),
            func.min(_R.c.decks),
            func.count(),
            last,
            func.min(_R.c.source),
        )
        .where(filters.where(), _R.c.room_code.in_({code for code, _ in latest}))
        .group_by(_R.c.room_code, _R.c.game_number)
    )
    place = {game: index for index, game in enumerate(latest)}
    rows = sorted(
        (row for row in _rows(store, query) if (row[0], int(row[1])) in place),
        key=lambda row: place[(row[0], int(row[1]))],
    )
    codes = {code for code, *_ in rows}
    # The names of the chosen games only: the covering index above holds no names.
    named = {
        (code, number): names
        for code, number, names in _rows(
            store,
            select(_R.c.room_code, _R.c.game_number, func.max(_R.c.names))
            .where(_R.c.room_code.in_(codes))  # a room plays one game: its code is enough
            .group_by(_R.c.room_code, _R.c.game_number),
        )
    }
    ended = _rows(
        store,
        select(_G.c.room_code, _G.c.game_number, _G.c.abandoned, _GS.c.name, _GS.c.won)
        .select_from(_G.outerjoin(_GS, _GS.c.game_id == _G.c.id))
        .where(_G.c.room_code.in_(codes))
        .order_by(_GS.c.seat),
    )
    over: set[tuple[str, int]] = set()
    winners: dict[tuple[str, int], list[str]] = {}
    for code, number, _abandoned, name, won in ended:
        over.add((code, number))
        if won:
            winners.setdefault((code, number), []).append(name)
    return [
        GameLine(
            code,
            number,
            mode,
            players,
            decks,
            count,
            finished,
            json.loads(named.get((code, number), "[]")),
            winners.get((code, number), []),
            (code, number) in over,
            source,
        )
        for code, number, mode, players, decks, count, finished, source in rows
    ]


@dataclass(frozen=True)
class RoundLine:
    """A round in the history list."""

    id: int
    round_number: int
    bidder_name: str
    bid: int
    trump: str | None
    made: bool
    bidding_points: int
    kali: list[dict[str, int]]
    finished_at: datetime
    #: Whether the bidding side's points were counted (a scorebook round may say only made).
    points_known: bool = True


def history_rounds(store: Store, room_code: str, game_number: int) -> list[RoundLine]:
    """The finished rounds of one game, in order."""
    query = (
        select(
            _R.c.id,
            _R.c.round_number,
            _R.c.bidder_name,
            _R.c.bid,
            _R.c.trump,
            _R.c.made,
            _R.c.bidding_points,
            _R.c.kali_tidi,
            _R.c.finished_at,
            _R.c.points_known,
        )
        .where(
            _R.c.room_code == room_code,
            _R.c.game_number == game_number,
            Filters().where(),
        )
        .order_by(_R.c.round_number)
    )
    return [
        RoundLine(i, n, b, bid, t, bool(m), p, json.loads(k), f, bool(known))
        for i, n, b, bid, t, m, p, k, f, known in _rows(store, query)
    ]


def hand_record(store: Store, round_id: int) -> str | None:
    """The stored hand record (JSON text) of one round, or ``None``."""
    found = _rows(store, select(_R.c.record).where(_R.c.id == round_id))
    return str(found[0][0]) if found else None


@dataclass(frozen=True)
class Overview:
    """Every figure of the Stats page for one set of filters."""

    overall: Rate
    bands: list[Rate]
    by_players: list[Rate]
    by_table: list[Rate]
    by_bidder: list[Rate]
    margins: list[tuple[int, int]]
    kali: KaliSummary
    kali_by_trick: list[tuple[int, int, int]]
    kali_by_player: list[KaliPlayer]
    leaderboard: list[Standing]
    #: Rounds kept without their cards (scorebook, import): in every figure but Kali Tidi's.
    cardless: int = 0

    def rate_from(self, low: int) -> Rate:
        """Bids of ``low`` or more, made out of played (``low`` on a band boundary)."""
        picked = [
            r for r in self.bands if r.group >= 0 and BAND_START + r.group * BAND_WIDTH >= low
        ]
        return Rate(f"{low}+", sum(r.rounds for r in picked), sum(r.made for r in picked))


def together(*calls: Callable[[], Any]) -> list[Any]:
    """Run independent reads at once (each on its own connection); their results in order.

    The database does the work, and both SQLite and PostgreSQL serve
    concurrent readers: on a first visit the page waits for the slowest
    query rather than for their sum.
    """
    if threading.current_thread().name.startswith(_READER_NAME):  # no waiting on our own pool
        return [call() for call in calls]
    return [f.result() for f in [_READERS.submit(call) for call in calls]]


def overview(store: Store, filters: Filters = Filters()) -> Overview:
    """All the page's aggregations, read side by side."""
    cube = bid_cube(store, filters)
    found = together(
        lambda: margins(store, filters),
        lambda: kali_summary(store, filters),
        lambda: kali_by_trick(store, filters),
        lambda: kali_by_player(store, filters),
        lambda: leaderboard(store, filters, cube),
        lambda: cardless(store, filters),
    )
    return Overview(
        overall=Rate(None, sum(line[5] for line in cube), sum(line[6] for line in cube)),
        bands=rates(cube, BY_BAND),
        by_players=rates(cube, BY_PLAYERS),
        by_table=rates(cube, BY_TABLE),
        by_bidder=rates(cube, BY_BIDDER),
        margins=found[0],
        kali=found[1],
        kali_by_trick=found[2],
        kali_by_player=found[3],
        leaderboard=found[4],
        cardless=found[5],
    )


def cardless(store: Store, filters: Filters = Filters()) -> int:
    """Rounds kept without their cards (a scorebook's, or imported) among those filtered."""
    query = select(func.count()).where(filters.where(), _R.c.source != DEALT)
    return int(_rows(store, query)[0][0])


def fingerprint(store: Store) -> tuple[int, int, int]:
    """Changes whenever a round or game is stored: (rounds, last round id, last game id)."""
    rounds, last = _rows(store, select(func.count(), func.max(_R.c.id)).where(Filters().where()))[0]
    game = _rows(store, select(func.max(_G.c.id)).where(_G.c.game == GAME))[0][0]
    return int(rounds), int(last or 0), int(game or 0)


def players(store: Store) -> list[str]:
    """Every name that sat in a finished round, most rounds first."""
    query = (
        select(_RS.c.name, func.count().label("n"))
        .group_by(_RS.c.name)
        .order_by(func.count().desc(), _RS.c.name)
    )
    return [str(name) for name, _ in _rows(store, query)]


def date_range(store: Store) -> tuple[datetime, datetime] | None:
    """When the first and the last stored round finished, or ``None`` with no rounds.

    Unfiltered, so that both ends come straight from the index on ``finished_at``.
    """
    first, last = _rows(store, select(func.min(_R.c.finished_at), func.max(_R.c.finished_at)))[0]
    return (first, last) if first is not None else None


# ---------------------------------------------------------------- partnerships (H5)

#: Pairs and trios need this many rounds together to be ranked by their win rate.
MIN_TOGETHER = 3


@dataclass(frozen=True)
class Group:
    """Two or three players and the rounds they were together on one side (H5)."""

    names: tuple[str, ...]
    together: int
    won: int

    @property
    def rate(self) -> Fraction:
        """Rounds won out of rounds together, exactly (so ties are ties)."""
        return Fraction(self.won, self.together) if self.together else Fraction(0)

    def has(self, name: str) -> bool:
        return name in self.names


def groups(store: Store, filters: Filters = Filters(), size: int = 2) -> list[Group]:
    """Every pair (``size`` 2) or trio (3) ever together on one side, in name order.

    A side is the bidder with their partners; in Team-wise and Random the
    defending team too (:mod:`core.moon3.facts`). With a player filter, only the
    groups that player is in.
    """
    source, scope = _facts(_GR, filters)
    terms = [scope, _GR.c.size == size]
    if filters.player:
        wanted = filters.player.strip().lower()
        terms.append(or_(*(func.lower(_GR.c[c]) == wanted for c in ("first", "second", "third"))))
    query = (
        select(_GR.c.first, _GR.c.second, _GR.c.third, func.count(), _count(_GR.c.won.is_(True)))
        .select_from(source)
        .where(*terms)
        .group_by(_GR.c.first, _GR.c.second, _GR.c.third)
    )
    found = [
        Group(tuple(n for n in (a, b, c) if n), int(together), int(won or 0))
        for a, b, c, together, won in _rows(store, query)
    ]
    return sorted(found, key=lambda g: g.names)


def favourites(found: list[Group], count: int = 5) -> list[Group]:
    """The groups most often together; ties to the higher win rate, then the names."""
    return sorted(found, key=lambda g: (-g.together, -g.rate, g.names))[:count]


def best(found: list[Group], least: int = MIN_TOGETHER, count: int = 5) -> list[Group]:
    """The highest win rates among groups together at least ``least`` rounds; ties to more
    rounds together, then the names."""
    ranked = [g for g in found if g.together >= least]
    return sorted(ranked, key=lambda g: (-g.rate, -g.together, g.names))[:count]


def worst(found: list[Group], least: int = MIN_TOGETHER, count: int = 5) -> list[Group]:
    """The lowest win rates among groups together at least ``least`` rounds, lowest first;
    ties to more rounds together, then the names."""
    ranked = [g for g in found if g.together >= least]
    return sorted(ranked, key=lambda g: (g.rate, -g.together, g.names))[:count]


@dataclass(frozen=True)
class Partnerships:
    """The Partnerships tab: each player's H5 figures, every pair and every trio."""

    players: list[Standing]
    pairs: list[Group]
    trios: list[Group]


def partnerships(
    store: Store, filters: Filters = Filters(), board: list[Standing] | None = None
) -> Partnerships:
    """Each player's figures (the leaderboard, given or read here), every pair and every trio."""
    found, pairs, trios = together(
        lambda: board if board is not None else leaderboard(store, filters),
        lambda: groups(store, filters, 2),
        lambda: groups(store, filters, 3),
    )
    return Partnerships(found, pairs, trios)


# ---------------------------------------------------------------- the Recap (H5)


@dataclass(frozen=True)
class RecapCard:
    """One player's year (or any date range) in headline facts."""

    standing: Standing
    #: The highest bid they made, and the highest of their bids that was made.
    boldest: int | None
    boldest_made: int | None
    #: The partner they were most often with, and the one they won with most (by rate).
    favourite: Group | None
    best: Group | None
    #: The trio they won with most, among trios together at least the minimum.
    best_trio: Group | None

    @property
    def name(self) -> str:
        return self.standing.name


def boldest(cube: list[CubeLine]) -> dict[str, tuple[int, int | None]]:
    """Each bidder's highest bid, and their highest bid that was made (``None`` if none was)."""
    found: dict[str, tuple[int, int]] = {}
    for line in cube:
        top, made = found.get(line[4], (0, 0))
        found[line[4]] = (max(top, line[9]), max(made, line[10]))
    return {name: (top, made or None) for name, (top, made) in found.items()}


def recap(store: Store, filters: Filters = Filters(), least: int = MIN_TOGETHER) -> list[RecapCard]:
    """One card per player of the filtered rounds, most rounds first (then by name)."""
    cube = bid_cube(store, filters)
    board, pairs, trios = together(
        lambda: leaderboard(store, filters, cube),
        lambda: groups(store, filters, 2),
        lambda: groups(store, filters, 3),
    )
    bold = boldest(cube)
    cards = []
    for standing in sorted(board, key=lambda s: (-s.rounds, s.name)):
        mine = [g for g in pairs if g.has(standing.name)]
        top = favourites(mine, 1)
        good = best(mine, least, 1)
        trio = best([g for g in trios if g.has(standing.name)], least, 1)
        highest, made = bold.get(standing.name, (None, None))
        cards.append(
            RecapCard(
                standing=standing,
                boldest=highest,
                boldest_made=made,
                favourite=top[0] if top else None,
                best=good[0] if good else None,
                best_trio=trio[0] if trio else None,
            )
        )
    return cards
