"""Finished rounds and games as stored rows, written the same way by rooms and by simulations.

A round is kept as one ``round_record`` row (its hand record and the columns
every game shares) plus the game's own rows in its own tables
(``core/store/<game>/tables.py``: Moon 3 of Spades keeps a ``moon3_round``
row with the bid and result, a ``round_seat`` row per seat and a
``kali_capture`` row per 3♠ captured, Spades a ``spades_seat`` row per seat). A game is kept as one
``game_record`` row and, unless abandoned, one ``game_seat`` row per seat,
the same for every game. The game works out the facts
(:class:`core.games.RoundFacts`, :class:`core.games.GameFacts`); this module
only writes them. :func:`backfill` derives the rows of rounds and games stored
before their tables existed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Table, delete, exists, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, SQLModel

from core import games
from core.games import GameFacts, KeptGame, RoundFacts
from core.records import ActionError, RecordError
from core.store.tables import OPEN_GROUP, RUNNING, GameRecord, GameSeat, RoundRecord, Running


@dataclass
class RoundRows:
    """A round's record with the game's own rows (by table name), saved together."""

    record: RoundRecord
    own: dict[str, list[dict[str, Any]]] = field(default_factory=dict)


@dataclass
class GameRows:
    """A game's record with its per-seat results, saved together."""

    record: GameRecord
    seats: list[GameSeat] = field(default_factory=list)


def round_rows(
    game: str,
    facts: RoundFacts,
    names: Sequence[str],
    doc: dict[str, Any],
    *,
    room_code: str,
    game_number: int,
    round_number: int,
    finished_at: datetime,
    abandoned: bool = False,
) -> RoundRows:
    """Everything stored for one round; ``doc`` is its hand record (an abandoned one keeps no
    rows of its own)."""
    row = RoundRecord(
        game=game,
        room_code=room_code,
        game_number=game_number,
        round_number=round_number,
        mode=facts.mode,
        players=facts.players,
        jokers=facts.jokers,
        names=json.dumps(list(names)),
        abandoned=abandoned,
        source=facts.source,
        facts=facts.version,
        record=json.dumps(doc),
        finished_at=finished_at,
    )
    return RoundRows(row) if abandoned else RoundRows(row, dict(facts.rows))


def game_rows(
    game: str,
    facts: GameFacts,
    names: Sequence[str],
    totals: Sequence[int],
    winners: Sequence[int],
    *,
    room_code: str,
    game_number: int,
    rounds: int,
    finished_at: datetime,
    ended_early: bool = False,
    abandoned: bool = False,
    source: str = "table",
    source_key: str = "",
    key_version: int = 1,
) -> GameRows:
    """Everything stored for one game that ended: its record and, unless abandoned, each seat's
    result. A game kept without cards names its ``source`` and its ``source_key``."""
    row = GameRecord(
        game=game,
        room_code=room_code,
        game_number=game_number,
        mode=facts.mode,
        rounds=rounds,
        totals=json.dumps(list(totals)),
        winners=json.dumps(list(winners)),
        names=json.dumps(list(names)),
        ended_early=ended_early,
        abandoned=abandoned,
        source=source,
        source_key=source_key,
        key_version=key_version,
        finished_at=finished_at,
    )
    if abandoned:
        return GameRows(row)
    return GameRows(row, [GameSeat(game_id=0, **seat) for seat in facts.seats])


def _table(name: str) -> Table:
    """A game's own table by name (defined when the store opened)."""
    return SQLModel.metadata.tables[name]


def _add_own(session: Session, round_id: int, own: dict[str, list[dict[str, Any]]]) -> None:
    for name, rows in own.items():
        if rows:
            table = _table(name)
            running = table.info.get(RUNNING)
            if running is not None:
                rows = _with_running(session, table, running, round_id, rows)
            session.execute(insert(table), [{**r, "round_id": round_id} for r in rows])


def _with_running(
    session: Session, table: Table, running: Running, round_id: int, rows: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The round's per-seat rows with each player's running total in the game (their scores
    in its earlier rounds, stored before this one, plus this round's) and whether it leads."""
    this = _R.alias("this_round")  # the round's game: same game, group, room and number
    same_game = [_R.c[c] == this.c[c] for c in ("game", "group_id", "room_code", "game_number")]
    earlier = (
        select(table.c.name, func.sum(table.c[running.score]))
        .join(_R, _R.c.id == table.c.round_id)
        .join(this, this.c.id == round_id)
        .where(_R.c.id < round_id, *same_game)
        .group_by(table.c.name)
    )
    before = {str(name): int(total or 0) for name, total in session.execute(earlier)}
    totals = [before.get(r["name"], 0) + int(r[running.score]) for r in rows]
    top = max(totals)
    return [
        {**r, running.total: total, running.leads: total == top}
        for r, total in zip(rows, totals, strict=True)
    ]


def fill_running(session: Session) -> int:
    """Fill the running totals and leads of per-seat rows stored without them (a store from
    before them, or a server of an older release writing beside a newer one), for every game's
    table that keeps them, in one pass a table; how many tables were filled."""
    done = 0
    for table in SQLModel.metadata.sorted_tables:
        running = table.info.get(RUNNING)
        if running is None:
            continue
        missing = select(table.c.round_id).where(table.c[running.leads].is_(None)).limit(1)
        if session.execute(missing).first() is None:
            continue
        game = (_R.c.game, _R.c.group_id, _R.c.room_code, _R.c.game_number, table.c.name)
        total = func.sum(table.c[running.score]).over(partition_by=game, order_by=table.c.round_id)
        totals = (
            select(table.c.id, table.c.round_id, total.label("total"))
            .join(_R, _R.c.id == table.c.round_id)
            .subquery()
        )
        top = func.max(totals.c.total).over(partition_by=totals.c.round_id)
        ranked = select(
            totals.c.id, totals.c.total, (totals.c.total == top).label("leads")
        ).subquery()
        session.execute(
            update(table)
            .where(table.c.id == ranked.c.id)
            .values({running.total: ranked.c.total, running.leads: ranked.c.leads})
        )
        done += 1
    return done


def save(
    session: Session, items: Iterable[RoundRows | GameRows | Any], group: str = OPEN_GROUP
) -> None:
    """Add rows in the caller's transaction, in ``group``, giving the game's own rows their
    parent's id.

    A game kept without cards whose key is stored already in the group is not stored again
    (nor its seats): the first one stored stands.
    """
    for item in items:
        if isinstance(item, RoundRows | GameRows):
            item.record.group_id = group
        if isinstance(item, RoundRows):
            session.add(item.record)
            session.flush()
            assert item.record.id is not None
            _add_own(session, item.record.id, item.own)
        elif isinstance(item, GameRows):
            _save_game(session, item)
        else:
            session.add(item)
    session.flush()


def _save_game(session: Session, rows: GameRows) -> bool:
    """Store a game with its seats; ``False`` (and nothing stored) if its key is taken."""
    record = rows.record
    if record.source_key:
        game_id = _insert_once(session, record)
        if game_id is None:
            return False
    else:
        session.add(record)
        session.flush()
        assert record.id is not None
        game_id = record.id
    for seat in rows.seats:
        seat.game_id = game_id
    session.add_all(rows.seats)
    return True


def _insert_once(session: Session, record: GameRecord) -> int | None:
    """Insert a keyed game unless its key is stored already (by this transaction, or by one
    that committed meanwhile: the database's unique index decides); its id, else ``None``."""
    values = {c.name: getattr(record, c.name) for c in _G.columns if c.name != "id"}
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    statement = (
        dialect.insert(_G)
        .values(values)
        .on_conflict_do_nothing(
            index_elements=[_G.c.game, _G.c.group_id, _G.c.source_key],
            index_where=_G.c.source_key != "",
        )
        .returning(_G.c.id)
    )
    found = session.connection().execute(statement).scalar()
    return None if found is None else int(found)


def save_kept(
    session: Session,
    game: str,
    kept: KeptGame,
    room_code: str,
    number: int,
    group: str = OPEN_GROUP,
) -> bool:
    """Store a whole game kept without cards in ``group``, its game row first: ``False`` (and
    nothing stored) when a game with its key is stored already there."""
    *rounds, game_row = kept_rows(game, kept, room_code, number)
    game_row.record.group_id = group
    if not _save_game(session, game_row):
        return False
    save(session, rounds, group)
    return True


_R = RoundRecord.__table__  # type: ignore[attr-defined]
_G = GameRecord.__table__  # type: ignore[attr-defined]
_GS = GameSeat.__table__  # type: ignore[attr-defined]


def _restored(table: Any, text: str) -> Any | None:
    """A stored round rebuilt by its game's engine, or ``None`` if its record no longer replays."""
    try:
        return table.restore(json.loads(text))
    except (ValueError, KeyError, TypeError, RecordError, ActionError):
        return None


def backfill(session: Session) -> int:
    """Derive the game's own rows of stored rounds anew where they are of an older shape.

    Each game says which tables hold its rows (``FACTS_TABLES``) and their shape
    (``FACTS_VERSION``): a finished round stored with an older one (or before
    the tables existed) gets its rows again from its hand record, and games
    stored before ``game_seat`` existed get theirs. A record that no longer
    replays is left alone. Returns how many rounds and games were done.
    """
    done = 0
    conn = session.connection()
    for name in games.names():
        table = games.get(name).table
        owned = [_table(t) for t in table.FACTS_TABLES]
        stale = (
            select(_R.c.id, _R.c.names, _R.c.record)
            .where(
                _R.c.game == name,
                _R.c.abandoned.is_(False),
                _R.c.facts < table.FACTS_VERSION,
            )
            .order_by(_R.c.id)
        )
        for round_id, names, text in conn.execute(stale).all():
            state = _restored(table, text)
            if state is None or games.get(name).to_act(state) is not None:
                continue
            for own in owned:
                conn.execute(delete(own).where(own.c.round_id == round_id))
            facts = table.round_facts(state, json.loads(names))
            _add_own(session, round_id, facts.rows)
            conn.execute(update(_R).where(_R.c.id == round_id).values(facts=facts.version))
            done += 1
        ended = select(
            _G.c.id, _G.c.room_code, _G.c.game_number, _G.c.names, _G.c.totals, _G.c.winners
        ).where(
            _G.c.game == name,
            _G.c.abandoned.is_(False),
            ~exists().where(_GS.c.game_id == _G.c.id),
        )
        for game_id, code, number, names, totals, winners in conn.execute(ended).all():
            text = conn.execute(
                select(_R.c.record)
                .where(_R.c.game == name, _R.c.room_code == code, _R.c.game_number == number)
                .limit(1)
            ).scalar()
            state = None if text is None else _restored(table, text)
            if state is None:
                continue
            result = table.game_facts(
                state.config, json.loads(names), json.loads(totals), json.loads(winners)
            )
            session.add_all(GameSeat(game_id=game_id, **seat) for seat in result.seats)
            done += 1
    session.flush()
    return done


def _delete_rounds(session: Session, game: str, *where: Any) -> None:
    """Delete a game's stored rounds matching ``where``, with the game's own rows."""
    conn = session.connection()
    ids = select(_R.c.id).where(_R.c.game == game, *where)
    for own in games.get(game).table.FACTS_TABLES:
        table = _table(own)
        conn.execute(delete(table).where(table.c.round_id.in_(ids)))
    conn.execute(delete(_R).where(_R.c.game == game, *where))


def forget(session: Session, game: str, room_code: str, game_number: int, rounds_from: int) -> None:
    """Delete a game's stored rounds from ``rounds_from`` on (with the game's own rows) and the
    game's own record: a scorebook round corrected or deleted is stored again as it now is."""
    conn = session.connection()
    _delete_rounds(
        session,
        game,
        _R.c.room_code == room_code,
        _R.c.game_number == game_number,
        _R.c.round_number >= rounds_from,
    )
    kept = select(_G.c.id).where(
        _G.c.game == game, _G.c.room_code == room_code, _G.c.game_number == game_number
    )
    conn.execute(delete(_GS).where(_GS.c.game_id.in_(kept)))
    conn.execute(
        delete(_G).where(
            _G.c.game == game, _G.c.room_code == room_code, _G.c.game_number == game_number
        )
    )


def known_keys(
    session: Session, game: str, keys: Iterable[str], group: str = OPEN_GROUP
) -> dict[str, list[str]]:
    """Which of these games kept without cards (by their ``source_key``) are already stored
    in ``group``, with the players each lists."""
    wanted = sorted(set(keys))
    found: dict[str, list[str]] = {}
    for start in range(0, len(wanted), 500):
        chunk = wanted[start : start + 500]
        query = select(_G.c.source_key, _G.c.names).where(
            _G.c.game == game, _G.c.group_id == group, _G.c.source_key.in_(chunk)
        )
        found.update((str(k), json.loads(n)) for k, n in session.connection().execute(query))
    return found


def kept_rows(game: str, kept: KeptGame, room_code: str, game_number: int) -> list[Any]:
    """Everything stored for a whole game kept without cards: its rounds, then the game."""
    rows: list[Any] = [
        round_rows(
            game,
            facts,
            kept.names,
            doc,
            room_code=room_code,
            game_number=game_number,
            round_number=number,
            finished_at=finished,
        )
        for number, (facts, doc, finished) in enumerate(kept.rounds, start=1)
    ]
    rows.append(kept_game_rows(game, kept, room_code, game_number))
    return rows


def kept_game_rows(game: str, kept: KeptGame, room_code: str, game_number: int) -> GameRows:
    """The game's own rows of a whole game kept without cards (a scorebook stores its rounds
    as they are entered, and this once the game is over)."""
    return game_rows(
        game,
        kept.facts,
        kept.names,
        kept.totals,
        kept.winners,
        room_code=room_code,
        game_number=game_number,
        rounds=len(kept.rounds),
        finished_at=kept.finished,
        ended_early=kept.ended_early,
        source=kept.source,
        source_key=kept.key,
        key_version=games.book_of(game).KEY_VERSION,
    )


def _drop_repeat(session: Session, game: str, kept: Any, repeat: Any) -> None:
    """Delete ``repeat``, a stored game the same as ``kept`` (rows of ``game_record`` with their
    id, room code and game number), with its seats and its rounds and their own rows.

    An import files a game's rounds under a code made from its key, so the repeats of an
    imported game share their rounds' room and game number: of those, the first stored of
    each round number stays.
    """
    conn = session.connection()
    conn.execute(delete(_GS).where(_GS.c.game_id == repeat.id))
    conn.execute(delete(_G).where(_G.c.id == repeat.id))
    if (repeat.room_code, repeat.game_number) != (kept.room_code, kept.game_number):
        _delete_rounds(
            session,
            game,
            _R.c.room_code == repeat.room_code,
            _R.c.game_number == repeat.game_number,
        )
        return
    earlier = _R.alias("earlier")
    _delete_rounds(
        session,
        game,
        _R.c.room_code == kept.room_code,
        _R.c.game_number == kept.game_number,
        exists().where(
            earlier.c.game == game,
            earlier.c.room_code == kept.room_code,
            earlier.c.game_number == kept.game_number,
            earlier.c.round_number == _R.c.round_number,
            earlier.c.id < _R.c.id,
        ),
    )


def _kept_games(conn: Any, *where: Any) -> list[Any]:
    """Stored games kept without cards (id, game, group, room code, game number), oldest
    first."""
    query = select(_G.c.id, _G.c.game, _G.c.group_id, _G.c.room_code, _G.c.game_number)
    return list(conn.execute(query.where(_G.c.source_key != "", *where).order_by(_G.c.id)).all())


def stale_keys(session: Session) -> bool:
    """Whether a game kept without cards is stored under an older shape of its game's key."""
    conn = session.connection()
    return any(
        conn.execute(select(_G.c.id).where(*_stale(name)).limit(1)).first() is not None
        for name in _keeping()
    )


def _keeping() -> list[str]:
    """The games that keep games without cards (a scorebook): only they store keys."""
    found = []
    for name in games.names():
        try:
            games.book_of(name)
        except KeyError:
            continue
        found.append(name)
    return found


def _stale(name: str) -> list[Any]:
    version = games.book_of(name).KEY_VERSION
    return [_G.c.game == name, _G.c.source_key != "", _G.c.key_version < version]


def rekey(session: Session) -> int:
    """Give each game kept without cards that is stored under an older shape of its key the
    key its game now works out from its stored rounds (``stored_key`` of the game's book);
    a game whose new key another stored game holds is a repeat of it and goes
    (:func:`_drop_repeat`). Returns how many games were looked at."""
    conn = session.connection()
    done = 0
    for name in _keeping():
        book = games.book_of(name)
        for row in _kept_games(conn, *_stale(name)):
            rounds = conn.execute(
                select(_R.c.round_number, _R.c.record, _R.c.finished_at)
                .where(
                    _R.c.game == name,
                    _R.c.room_code == row.room_code,
                    _R.c.game_number == row.game_number,
                )
                .order_by(_R.c.round_number, _R.c.id)
            ).all()
            first = {number: (json.loads(text), at) for number, text, at in reversed(rounds)}
            key = book.stored_key([first[n] for n in sorted(first)]) if first else None
            holder = None
            if key is not None:
                holder = next(
                    iter(
                        _kept_games(
                            conn,
                            _G.c.game == name,
                            _G.c.group_id == row.group_id,
                            _G.c.source_key == key,
                        )
                    ),
                    None,
                )
            if holder is not None and holder.id != row.id:
                _drop_repeat(session, name, holder, row)
            else:
                # A scorebook game was stored saying it had no rounds: its rounds say how many.
                values: dict[str, Any] = {"key_version": book.KEY_VERSION, "rounds": len(first)}
                if key is not None:
                    values["source_key"] = key
                conn.execute(update(_G).where(_G.c.id == row.id).values(**values))
            done += 1
    session.flush()
    return done


def merge_repeats(session: Session) -> int:
    """Keep one of each game kept without cards that a store holds more than once (by its key:
    imports of one file at the same moment stored it again before keys were unique), with its
    rounds once (:func:`_drop_repeat`). Returns how many games were deleted."""
    conn = session.connection()
    repeated = (
        select(_G.c.game, _G.c.group_id, _G.c.source_key)
        .where(_G.c.source_key != "")
        .group_by(_G.c.game, _G.c.group_id, _G.c.source_key)
        .having(func.count() > 1)
    )
    deleted = 0
    for game, group, key in conn.execute(repeated).all():
        kept, *repeats = _kept_games(
            conn, _G.c.game == game, _G.c.group_id == group, _G.c.source_key == key
        )
        for repeat in repeats:
            _drop_repeat(session, game, kept, repeat)
            deleted += 1
    session.flush()
    return deleted
