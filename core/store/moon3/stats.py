"""Moon 3 of Spades' figures over the stored rounds, aggregated in SQL so the page stays fast as
history grows.

Every function takes the store and :class:`~core.moon3.figures.Filters` (or,
asking for no filter, the group) and returns the plain values of
:mod:`core.moon3.figures`, of one group's rounds and games only (SPEC G4);
abandoned rounds and rounds without a bid never count. A round's bid, trump
and result are its ``moon3_round`` row, read with its shared ``round_record``
row (:data:`ROUNDS`).
What every game's figures share (games won, the dates played, the readers
side by side) is in :mod:`core.store.stats`.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, cast

from sqlalchemy import and_, case, func, or_, select, true
from sqlalchemy.sql.elements import ColumnElement

from core.moon3.cards import KALI_TIDI, POINTS
from core.moon3.config import Mode
from core.moon3.facts import DEALT, PARTNER
from core.moon3.figures import (
    BAND_START,
    BAND_WIDTH,
    BIG_ABOVE,
    HIGH_ABOVE,
    MARGIN_WIDTH,
    TOP_PLACES,
    Call,
    Filters,
    GameLine,
    Group,
    Habits,
    KaliPlayer,
    KaliSummary,
    Matchups,
    Overview,
    Partnerships,
    Rate,
    RecapCard,
    Rival,
    RoundLine,
    Standing,
    best,
    big_bid,
    favourites,
    from_lowest,
    least_together,
    lowest_bid,
)
from core.store import GameRecord, GameSeat, RoundRecord, Store
from core.store import stats as shared
from core.store.moon3.tables import KaliCapture, Moon3Round, RoundGroup, RoundSeat
from core.store.stats import count_if, in_group, rows, together
from core.store.tables import OPEN_GROUP

#: The game these figures are of: every query keeps to its rounds and games.
GAME = "moon3"
_R = RoundRecord.__table__  # type: ignore[attr-defined]
_M = Moon3Round.__table__  # type: ignore[attr-defined]
_RS = RoundSeat.__table__  # type: ignore[attr-defined]
_K = KaliCapture.__table__  # type: ignore[attr-defined]
_G = GameRecord.__table__  # type: ignore[attr-defined]
_GS = GameSeat.__table__  # type: ignore[attr-defined]
_GR = RoundGroup.__table__  # type: ignore[attr-defined]
#: What one 3♠ is worth (R2).
KALI_POINTS: int = POINTS[KALI_TIDI]
#: Every round that counts.
UNFILTERED = Filters()
#: Every finished round: its shared round row with its own.
ROUNDS = _R.join(_M, _M.c.round_id == _R.c.id)


def where(filters: Filters = UNFILTERED) -> ColumnElement[bool]:
    """The condition on :data:`ROUNDS`: the rounds played out with a bid, filtered."""
    terms = [_M.c.bid > 0]
    if filters.mode is not None:
        terms.append(_R.c.mode == filters.mode)
    if filters.decks is not None:
        terms.append(_M.c.decks == filters.decks)
    if filters.player:
        # An uncorrelated IN: the player's rounds are found once, not once per round.
        sat = _RS.alias("sat")
        terms.append(
            _R.c.id.in_(
                select(sat.c.round_id).where(
                    func.lower(sat.c.name) == filters.player.strip().lower()
                )
            )
        )
    return shared.rounds_where(GAME, filters, *terms)


#: One line of the bids' cube: (band, players, mode, decks, bidder), then rounds, made, the sum
#: of the bids, the big bids made (:data:`BIG_ABOVE`), the highest bid and the highest
#: made (0 when none was made), and the Kali Tidi figures of its dealt rounds: how many, the 3♠ to
#: the bidding side, bids it made and bids it failed (:class:`KaliSummary`).
CubeLine = tuple[int, int, str, int, str, int, int, int, int, int, int, int, int, int, int]


def _band(bid: int) -> int:
    """The band a bid falls in (:func:`core.moon3.figures.band_label`); -1 below the first."""
    return -1 if bid < BAND_START else (bid - BAND_START) // BAND_WIDTH


#: The positions in a cube line of the figures that are highest values, not counts or sums.
_HIGHEST = (9, 10)


def bid_cube(store: Store, filters: Filters = UNFILTERED) -> list[CubeLine]:
    """Every bid figure in one pass: rounds and bids made per band, table and bidder.

    The success rates by band, players, table and bidder, each bidder's
    average and big bids, the Kali Tidi summary and the rounds kept without
    cards are all sums over these lines (:func:`rates`, :func:`kali_of`,
    :func:`cardless_of`).
    """
    made = _M.c.made.is_(True)
    bid, points, ours, theirs = _M.c.bid, _M.c.bidding_points, _M.c.kali_ours, _M.c.kali_theirs
    dealt = _M.c.source == DEALT
    # Grouped by the bid itself, in the order of the own rows' covering index, the database
    # reads it in order and needs no sort; the bids are put in their bands here.
    group = (bid, _M.c.players, _M.c.mode, _M.c.decks, _M.c.bidder_name)
    source, scope = _own(filters)
    query = (
        select(
            *group,
            func.count(),
            count_if(made),
            func.sum(bid),
            count_if(and_(made, bid >= BIG_ABOVE + lowest_bid(1) * _M.c.decks)),
            func.max(bid),
            func.max(case((made, bid), else_=0)),
            count_if(dealt),
            count_if(and_(dealt, ours > 0)),
            count_if(and_(dealt, made, ours > 0, points - KALI_POINTS * ours < bid)),
            count_if(and_(dealt, ~made, theirs > 0, points + KALI_POINTS * theirs >= bid)),
        )
        .select_from(source)
        .where(scope)
        .group_by(*group)
    )
    lines: dict[tuple[int, int, str, int, str], list[int]] = {}
    for b, p, m, d, n, *figures in rows(store, query):
        key = (_band(int(b)), int(p), str(m), int(d), str(n))
        found = lines.get(key)
        if found is None:
            lines[key] = [int(v or 0) for v in figures]
            continue
        for i, value in enumerate(figures):
            more = int(value or 0)
            found[i] = max(found[i], more) if i + len(key) in _HIGHEST else found[i] + more
    return [cast(CubeLine, (*key, *figures)) for key, figures in sorted(lines.items())]


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


def bid_success(store: Store, filters: Filters = UNFILTERED) -> Rate:
    """Bids made out of all rounds played to the end."""
    cube = bid_cube(store, filters)
    return Rate(None, sum(line[5] for line in cube), sum(line[6] for line in cube))


def bid_success_by_band(store: Store, filters: Filters = UNFILTERED) -> list[Rate]:
    """Success rate per bid band (see :func:`band_label`), lowest first."""
    return rates(bid_cube(store, filters), BY_BAND)


def bid_success_by_players(store: Store, filters: Filters = UNFILTERED) -> list[Rate]:
    return rates(bid_cube(store, filters), BY_PLAYERS)


def bid_success_by_table(store: Store, filters: Filters = UNFILTERED) -> list[Rate]:
    """Per (mode, decks)."""
    return rates(bid_cube(store, filters), BY_TABLE)


def bid_success_by_bidder(store: Store, filters: Filters = UNFILTERED) -> list[Rate]:
    """Per bidder name, as the bidder was called at the table."""
    return rates(bid_cube(store, filters), BY_BIDDER)


def bidders(cube: list[CubeLine]) -> dict[str, tuple[float, int]]:
    """Each bidder's average bid and big bids made (H5, :data:`BIG_ABOVE`)."""
    sums: dict[str, list[int]] = {}
    for line in cube:
        found = sums.setdefault(line[4], [0, 0, 0])
        found[0] += line[5]
        found[1] += line[7]
        found[2] += line[8]
    return {name: (total / count, big) for name, (count, total, big) in sums.items() if count}


def margins(store: Store, filters: Filters = UNFILTERED) -> list[tuple[int, int]]:
    """(bucket start, rounds) of the bidding side's points less its bid, lowest first.

    A margin of 0 or more is a made bid; the buckets are :data:`MARGIN_WIDTH` wide. Rounds
    whose points nobody counted (a scorebook's "made" alone) are left out.
    """
    margin = _M.c.bidding_points - _M.c.bid
    # Floor division that rounds towards minus infinity on every database.
    bucket = case(
        (margin >= 0, margin // MARGIN_WIDTH),
        else_=-((-margin + MARGIN_WIDTH - 1) // MARGIN_WIDTH),
    ).label("bucket")
    source, scope = _facts(_M, filters)
    query = (
        select(bucket, func.count())
        .select_from(source)
        .where(scope, _M.c.bid > 0, _M.c.points_known.is_(True))
        .group_by(bucket)
        .order_by(bucket)
    )
    return [(int(b) * MARGIN_WIDTH, int(n)) for b, n in rows(store, query)]


def kali_of(cube: list[CubeLine]) -> KaliSummary:
    """Rounds where the bidding side took the 3♠, and rounds the 3♠ decided (dealt rounds only:
    a round kept without cards does not know who took it), summed over the cube."""
    return KaliSummary(
        rounds=sum(line[11] for line in cube),
        to_bidders=sum(line[12] for line in cube),
        made_with_it=sum(line[13] for line in cube),
        failed_without_it=sum(line[14] for line in cube),
    )


def kali_summary(store: Store, filters: Filters = UNFILTERED) -> KaliSummary:
    """The Kali Tidi summary of the filtered rounds (:func:`kali_of`)."""
    return kali_of(bid_cube(store, filters))


def _of_group(round_id: Any, filters: Filters) -> ColumnElement[bool]:
    """The condition that keeps a ``round_id`` column to the group's rounds (the other filters
    aside), from the shared round row's covering index alone.

    A group's rounds are looked up by id. The open group, which holds all of a store from
    before groups, is kept to by the rounds of the other groups, a short list: checking
    each row against it costs next to nothing, where a list of every round would not.
    """
    if filters.group == OPEN_GROUP:
        others = select(_R.c.id).where(_R.c.game == GAME, _R.c.group_id > OPEN_GROUP)
        return cast(ColumnElement[bool], round_id.not_in(others))
    counted = shared.rounds_where(GAME, Filters(group=filters.group))
    return cast(ColumnElement[bool], round_id.in_(select(_R.c.id).where(counted)))


def _own(filters: Filters) -> tuple[Any, ColumnElement[bool]]:
    """FROM and WHERE for the rounds' own rows (``moon3_round``), played out with a bid: with
    no date or player asked, that table's covering index (it repeats the table size, mode
    and source), with the group's rounds looked up unless its rows are all the store holds;
    otherwise joined with the shared round row."""
    if filters.since is None and filters.until is None and not filters.player:
        terms = [_M.c.bid > 0]
        if filters.mode is not None:
            terms.append(_M.c.mode == filters.mode)
        if filters.decks is not None:
            terms.append(_M.c.decks == filters.decks)
        if filters.players is not None:
            terms.append(_M.c.players == filters.players)
        if not filters.whole_store:
            terms.append(_of_group(_M.c.round_id, filters))
        return _M, and_(*terms)
    return ROUNDS, where(filters)


def _facts(table: Any, filters: Filters) -> tuple[Any, ColumnElement[bool]]:
    """FROM and WHERE for per-seat rows: limited to the filtered rounds of the group unless
    nothing asks it.

    Per-seat rows (and a round's own row) exist only for rounds played to the
    end, so unfiltered, with the group's rows all the store holds, they need no
    condition; with only the group to keep to, its rounds come from the shared
    round row's covering index alone. Filtered, the rounds are found once, from
    the covering indexes (a join would read each wide round row with its hand
    record).
    """
    if filters.narrows:
        chosen = select(_M.c.round_id).select_from(ROUNDS).where(where(filters))
        return table, table.c.round_id.in_(chosen)
    if not filters.whole_store:
        return table, _of_group(table.c.round_id, filters)
    return table, true()


def kali_by_trick(store: Store, filters: Filters = UNFILTERED) -> list[tuple[int, int, int]]:
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
    return [(int(t), int(a), int(b)) for t, a, b in rows(store, query)]


def kali_by_player(store: Store, filters: Filters = UNFILTERED) -> list[KaliPlayer]:
    """Every player's 3♠ captures in dealt rounds, most first (then by share, then name)."""
    captured = func.sum(case((_RS.c.kali > 0, 1), else_=0))
    source, scope = _facts(_RS, filters)
    query = (
        select(_RS.c.name, func.count(), captured, func.sum(_RS.c.kali))
        .select_from(source)
        .where(scope, _RS.c.dealt.is_(True))
        .group_by(_RS.c.name)
    )
    found = [KaliPlayer(n, int(r), int(c or 0), int(k or 0)) for n, r, c, k in rows(store, query)]
    return sorted(found, key=lambda p: (-p.captures, -p.share, p.name))


def leaderboard(
    store: Store, filters: Filters = UNFILTERED, cube: list[CubeLine] | None = None
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
            count_if(won),
            count_if(_RS.c.role == "bidder"),
            count_if(and_(_RS.c.role == "bidder", won)),
            count_if(and_(_RS.c.role == "partner", won)),
            count_if(and_(_RS.c.role == "defender", won)),
            count_if(_RS.c.role == "partner"),
            count_if(_RS.c.role == "defender"),
            func.sum(_RS.c.points),
            func.sum(_RS.c.score),
        )
        .select_from(source)
        .where(scope)
        .group_by(_RS.c.name)
    )
    # Every stored game seat has counted rounds: unfiltered, the group's games are all there is.
    chosen = where(filters) if filters.narrows else None
    by_game, round_rows, cube_found = together(
        lambda: shared.games_won(store, GAME, rounds=chosen, source=ROUNDS, group=filters.group),
        lambda: rows(store, rounds),
        lambda: cube if cube is not None else bid_cube(store, filters),
    )
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
            .select_from(ROUNDS)
            .where(where(filters))
            .order_by(_R.c.finished_at.desc(), _R.c.id.desc())
            .offset(start)
            .limit(chunk)
        )
        page = rows(store, query)
        for code, number in page:
            found.setdefault((code, int(number)))
        if len(page) < chunk:
            break
        start += chunk
    return list(found)[:limit]


def history_games(store: Store, filters: Filters = UNFILTERED, limit: int = 50) -> list[GameLine]:
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
            func.min(_M.c.decks),
            func.count(),
            last,
            func.min(_R.c.source),
        )
        .select_from(ROUNDS)
        .where(where(filters), _R.c.room_code.in_({code for code, _ in latest}))
        .group_by(_R.c.room_code, _R.c.game_number)
    )
    place = {game: index for index, game in enumerate(latest)}
    chosen = sorted(
        (row for row in rows(store, query) if (row[0], int(row[1])) in place),
        key=lambda row: place[(row[0], int(row[1]))],
    )
    codes = {code for code, *_ in chosen}
    # The names of the chosen games only: the covering index above holds no names. A room
    # plays one game, but a game imported into two groups has its code in both.
    named = {
        (code, number): names
        for code, number, names in rows(
            store,
            select(_R.c.room_code, _R.c.game_number, func.max(_R.c.names))
            .where(_R.c.room_code.in_(codes), in_group(_R, filters.group))
            .group_by(_R.c.room_code, _R.c.game_number),
        )
    }
    ended = rows(
        store,
        select(_G.c.room_code, _G.c.game_number, _G.c.abandoned, _GS.c.name, _GS.c.won)
        .select_from(_G.outerjoin(_GS, _GS.c.game_id == _G.c.id))
        .where(_G.c.room_code.in_(codes), in_group(_G, filters.group))
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
        for code, number, mode, players, decks, count, finished, source in chosen
    ]


def history_rounds(
    store: Store, room_code: str, game_number: int, group: str | None = OPEN_GROUP
) -> list[RoundLine]:
    """The finished rounds of one game of ``group``, in order."""
    query = (
        select(
            *shared.HAND_COLUMNS,
            _M.c.bidder_name,
            _M.c.bid,
            _M.c.trump,
            _M.c.made,
            _M.c.bidding_points,
            _M.c.kali_tidi,
            _M.c.points_known,
        )
        .select_from(ROUNDS)
        .where(
            _R.c.room_code == room_code,
            _R.c.game_number == game_number,
            where(Filters(group=group)),
        )
        .order_by(_R.c.round_number)
    )
    return [
        RoundLine(
            *shared.hand_fields(row),
            bidder_name=row.bidder_name,
            bid=row.bid,
            trump=row.trump,
            made=bool(row.made),
            bidding_points=row.bidding_points,
            kali=json.loads(row.kali_tidi),
            points_known=bool(row.points_known),
        )
        for row in rows(store, query)
    ]


def overview(store: Store, filters: Filters | None = None) -> Overview:
    """All the page's aggregations, read side by side."""
    filters = filters or Filters()
    cube = bid_cube(store, filters)
    found = together(
        lambda: margins(store, filters),
        lambda: kali_by_trick(store, filters),
        lambda: kali_by_player(store, filters),
        lambda: leaderboard(store, filters, cube),
    )
    return Overview(
        overall=Rate(None, sum(line[5] for line in cube), sum(line[6] for line in cube)),
        bands=rates(cube, BY_BAND),
        by_players=rates(cube, BY_PLAYERS),
        by_table=rates(cube, BY_TABLE),
        by_bidder=rates(cube, BY_BIDDER),
        margins=found[0],
        kali=kali_of(cube),
        kali_by_trick=found[1],
        kali_by_player=found[2],
        leaderboard=found[3],
        cardless=cardless_of(cube),
        high=bids_from(cube, HIGH_ABOVE),
    )


def bids_from(cube: list[CubeLine], above: int) -> Rate:
    """Bids ``above`` the lowest bid of their table or more (on a band's start), made out of
    played."""
    picked = [
        line
        for line in cube
        if line[0] >= 0 and BAND_START + line[0] * BAND_WIDTH >= from_lowest(above, line[3])
    ]
    return Rate(above, sum(line[5] for line in picked), sum(line[6] for line in picked))


def cardless_of(cube: list[CubeLine]) -> int:
    """Rounds kept without their cards (a scorebook's, or imported), summed over the cube."""
    return sum(line[5] - line[11] for line in cube)


def cardless(store: Store, filters: Filters = UNFILTERED) -> int:
    """Rounds kept without their cards among those filtered (:func:`cardless_of`)."""
    return cardless_of(bid_cube(store, filters))


def fingerprint(store: Store, group: str | None = OPEN_GROUP) -> tuple[int, int, int]:
    """Changes whenever a round or game is stored in ``group``: (rounds, last round id, last
    game id); the rounds counted from their own rows' covering indexes."""
    source, counted = _own(Filters(group=group))
    return shared.fingerprint(
        store, GAME, counted, source=source, group=group, round_id=_M.c.round_id
    )


def players(store: Store, filters: Filters = UNFILTERED) -> list[str]:
    """Every name that sat in a finished round passing the filters (of their group), most
    rounds first."""
    source, scope = _facts(_RS, filters)
    query = (
        select(_RS.c.name, func.count().label("n"))
        .select_from(source)
        .where(scope)
        .group_by(_RS.c.name)
        .order_by(func.count().desc(), _RS.c.name)
    )
    return [str(name) for name, _ in rows(store, query)]


def date_range(store: Store, group: str | None = OPEN_GROUP) -> tuple[datetime, datetime] | None:
    """When the first and the last stored round of the game in ``group`` finished, or
    ``None`` with none.

    Kept to the game and group alone, so that both ends come from one range of the covering
    index.
    """
    return shared.date_range(store, and_(_R.c.game == GAME, in_group(_R, group)))


# ---------------------------------------------------------------- partnerships (H5)


def groups(store: Store, filters: Filters = UNFILTERED, size: int = 2) -> list[Group]:
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
        select(_GR.c.first, _GR.c.second, _GR.c.third, func.count(), count_if(_GR.c.won.is_(True)))
        .select_from(source)
        .where(*terms)
        .group_by(_GR.c.first, _GR.c.second, _GR.c.third)
    )
    found = [
        Group(tuple(n for n in (a, b, c) if n), int(together), int(won or 0))
        for a, b, c, together, won in rows(store, query)
    ]
    return sorted(found, key=lambda g: g.names)


def pairs_and_trios(store: Store, filters: Filters = UNFILTERED) -> tuple[list[Group], list[Group]]:
    """Every pair and every trio together on one side (:func:`groups`), read side by side."""
    pairs, trios = together(lambda: groups(store, filters, 2), lambda: groups(store, filters, 3))
    return pairs, trios


def partnerships(
    store: Store, filters: Filters = UNFILTERED, board: list[Standing] | None = None
) -> Partnerships:
    """Each player's figures (the leaderboard, given or read here), every pair and every trio."""
    found, (pairs, trios) = together(
        lambda: board if board is not None else leaderboard(store, filters),
        lambda: pairs_and_trios(store, filters),
    )
    return Partnerships(found, pairs, trios)


# ---------------------------------------------------------------- the Recap (H5)


def boldest(cube: list[CubeLine]) -> dict[str, tuple[int, int | None]]:
    """Each bidder's highest bid, and their highest bid that was made (``None`` if none was)."""
    found: dict[str, tuple[int, int]] = {}
    for line in cube:
        top, made = found.get(line[4], (0, 0))
        found[line[4]] = (max(top, line[9]), max(made, line[10]))
    return {name: (top, made or None) for name, (top, made) in found.items()}


def recap(store: Store, filters: Filters = UNFILTERED, least: int | None = None) -> list[RecapCard]:
    """One card per player of the filtered rounds, most rounds first (then by name); a best
    partner or trio is of those together at least ``least`` rounds (by default the rounds
    :func:`~core.moon3.figures.least_together` asks of these players, A10)."""
    cube = bid_cube(store, filters)
    board, pairs, trios = together(
        lambda: leaderboard(store, filters, cube),
        lambda: groups(store, filters, 2),
        lambda: groups(store, filters, 3),
    )
    least = least_together(board) if least is None else least
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


# ---------------------------------------------------------------- who calls whom, who beats whom


def calls(store: Store, filters: Filters = UNFILTERED) -> list[tuple[str, str, int]]:
    """(bidder, partner, rounds) of every Card-Based bidder and each player their called cards
    made their partner (R10, R17–R20), in name order.

    In Team-wise and Random the bidder's partners are their team, called by nobody.
    """
    # From each Card-Based round's own row (its bidder's name is there) to its partners' rows.
    partner = _RS.alias("partner")
    source, scope = _own(filters)
    query = (
        select(_M.c.bidder_name, partner.c.name, func.count())
        .select_from(source.join(partner, partner.c.round_id == _M.c.round_id))
        .where(scope, _M.c.mode == Mode.PARTNERS.value, partner.c.role == PARTNER)
        .group_by(_M.c.bidder_name, partner.c.name)
        .order_by(_M.c.bidder_name, partner.c.name)
    )
    return [(str(b), str(p), int(n)) for b, p, n in rows(store, query)]


def rivals(store: Store, filters: Filters = UNFILTERED) -> list[Rival]:
    """Every player and opponent: the rounds they were on opposite sides, and those the
    player's side lost; in name order.

    There are two sides (R26), so on opposite sides one lost to the other: only each round's
    (loser, winner) pairs are read, and two players' rounds against each other are those
    either lost to the other.
    """
    lost, beat = _RS.alias("lost"), _RS.alias("beat")
    source, scope = _facts(lost, filters)
    query = (
        select(lost.c.name, beat.c.name, func.count())
        .select_from(source.join(beat, beat.c.round_id == lost.c.round_id))
        .where(scope, lost.c.won.is_(False), beat.c.won.is_(True))
        .group_by(lost.c.name, beat.c.name)
    )
    beaten = {(str(a), str(b)): int(n) for a, b, n in rows(store, query)}
    pairs = sorted({*beaten, *((b, a) for a, b in beaten)})
    return [
        Rival(a, b, beaten.get((a, b), 0) + beaten.get((b, a), 0), beaten.get((a, b), 0))
        for a, b in pairs
    ]


def leads(store: Store, filters: Filters = UNFILTERED) -> dict[str, tuple[int, int]]:
    """Each player's (rounds, rounds after which they had the top running score of their
    game), by name: the running score is the sum of their R27 scores in that game's rounds
    so far, and players tied at the top all lead.

    The store keeps both with each seat's row as it adds the round
    (:class:`~core.store.tables.Running`), so a filter chooses the rounds counted, never
    the scores summed: a date range starting mid-game still knows who led that game.
    """
    source, scope = _facts(_RS, filters)
    query = (
        select(_RS.c.name, func.count(), count_if(_RS.c.leads.is_(True)))
        .select_from(source)
        .where(scope)
        .group_by(_RS.c.name)
    )
    return {str(name): (int(n), int(led or 0)) for name, n, led in rows(store, query)}


def top_finishes(store: Store, filters: Filters = UNFILTERED) -> dict[str, tuple[int, int]]:
    """Each player's Card-Based games ended (a game counts when any of its rounds passes the
    filters) and those they finished in the top :data:`TOP_PLACES` by final total, by name.
    Team-wise and Random games are left out: a team's members share one total."""
    card_based = and_(_G.c.game == GAME, _G.c.mode == Mode.PARTNERS.value)
    if filters.narrows:
        return shared.top_finishes(
            store, GAME, TOP_PLACES, card_based, rounds=where(filters), source=ROUNDS
        )
    return shared.top_finishes(
        store, GAME, TOP_PLACES, and_(card_based, in_group(_G, filters.group))
    )


def matchups(store: Store, filters: Filters = UNFILTERED) -> Matchups:
    """Who calls whom, who beats whom, and each player's lead, big bids and top finishes,
    read side by side."""
    cube, called, against, led, placed = together(
        lambda: bid_cube(store, filters),
        lambda: calls(store, filters),
        lambda: rivals(store, filters),
        lambda: leads(store, filters),
        lambda: top_finishes(store, filters),
    )
    bids: dict[str, list[int]] = {}
    for line in cube:
        mine = bids.setdefault(line[4], [0, 0, 0])
        mine[0] += line[5]
        mine[1] += line[5] if line[0] >= _band(big_bid(line[3])) else 0
        mine[2] += line[5] if line[2] == Mode.PARTNERS.value else 0
    habits = {}
    for name, (rounds, leading) in led.items():
        bid, big, _ = bids.get(name, [0, 0, 0])
        games, top = placed.get(name, (0, 0))
        habits[name] = Habits(name, rounds, leading, bid, big, games, top)
    return Matchups(
        calls=[Call(b, p, n, bids.get(b, [0, 0, 0])[2]) for b, p, n in called],
        rivals=against,
        habits=habits,
        decks=sorted({line[3] for line in cube}),
    )
