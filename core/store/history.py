"""Finished rounds and games as stored rows, written the same way by rooms and by simulations.

A round is kept as one ``round_record`` row (its hand record plus the columns
the stats filter on), one ``round_seat`` row per seat and one ``kali_capture``
row per 3♠ captured; a game as one ``game_record`` row and, unless abandoned,
one ``game_seat`` row per seat. The per-seat rows are what the leaderboard
and the per-player charts sum in SQL. :func:`backfill` derives them for
rounds and games stored before these tables existed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import exists, select
from sqlmodel import Session

from core.games import RoundFacts
from core.moon3 import cards, rules
from core.moon3 import record as hand_record
from core.moon3.config import Config
from core.moon3.scoring import round_score, unit_of
from core.moon3.state import Phase, State
from core.moon3.table import captures_of
from core.records import ActionError, RecordError
from core.store.tables import (
    GameRecord,
    GameSeat,
    KaliCapture,
    RoundRecord,
    RoundSeat,
    SpadesSeat,
)

BIDDER, PARTNER, DEFENDER = "bidder", "partner", "defender"


@dataclass
class RoundRows:
    """A round's record with its per-seat facts, saved together."""

    record: RoundRecord
    seats: list[RoundSeat] = field(default_factory=list)
    captures: list[KaliCapture] = field(default_factory=list)
    #: The game's own per-seat facts, in its own table.
    own: list[Any] = field(default_factory=list)


@dataclass
class GameRows:
    """A game's record with its per-seat results, saved together."""

    record: GameRecord
    seats: list[GameSeat] = field(default_factory=list)


def round_facts(state: State, names: Sequence[str]) -> tuple[list[RoundSeat], list[KaliCapture]]:
    """The per-seat rows of a round that is over (``round_id`` left to :func:`save`)."""
    if state.phase is not Phase.ROUND_OVER:
        raise ValueError("the round is not over")
    assert state.bidder is not None and state.bid is not None
    made = bool(rules.made(state))
    side = set(rules.bidding_side(state))
    score = round_score(state.config, state.bidder, state.partners, state.bid, made)
    captures = captures_of(state)
    seats = [
        RoundSeat(
            round_id=0,
            seat=seat,
            name=names[seat],
            role=BIDDER if seat == state.bidder else PARTNER if seat in side else DEFENDER,
            won=(seat in side) == made,
            points=state.points[seat],
            score=score[unit_of(state.config, seat)],
            kali=sum(1 for s, _ in captures if s == seat),
        )
        for seat in range(state.config.players)
    ]
    kali = [
        KaliCapture(round_id=0, seat=s, name=names[s], trick=t, bidding_side=s in side)
        for s, t in captures
    ]
    return seats, kali


def round_rows(
    state: State,
    names: Sequence[str],
    doc: dict[str, Any],
    *,
    room_code: str,
    game_number: int,
    round_number: int,
    finished_at: datetime,
    abandoned: bool = False,
) -> RoundRows:
    """Everything stored for one round; ``doc`` is its hand record (see ``record.dump``)."""
    config = state.config
    made = rules.made(state)
    sides = rules.side_points(state)
    kali = [{"seat": s, "trick": t} for s, t in captures_of(state)]
    row = RoundRecord(
        room_code=room_code,
        game_number=game_number,
        round_number=round_number,
        mode=config.mode.value,
        players=config.players,
        decks=config.decks,
        jokers=config.jokers,
        bidder=state.bidder if state.bidder is not None else -1,
        bidder_name=names[state.bidder] if state.bidder is not None else "",
        bid=state.bid or 0,
        trump=cards.SUITS[state.trump] if state.trump is not None else None,
        called=json.dumps(cards.names(state.called or ())),
        partners=json.dumps(state.partners),
        names=json.dumps(list(names)),
        made=made,
        bidding_points=sides["bidding"],
        defending_points=sides["defending"],
        kali_tidi=json.dumps(kali),
        abandoned=abandoned,
        record=json.dumps(doc),
        finished_at=finished_at,
    )
    if abandoned or state.phase is not Phase.ROUND_OVER:
        return RoundRows(row)
    return RoundRows(row, *round_facts(state, names))


#: Each game's own per-seat table (Moon 3 of Spades keeps its facts in round_seat).
OWN_TABLES: dict[str, type[SpadesSeat]] = {"spades": SpadesSeat}


def facts_rows(
    game: str,
    facts: RoundFacts | None,
    names: Sequence[str],
    doc: dict[str, Any],
    *,
    room_code: str,
    game_number: int,
    round_number: int,
    finished_at: datetime,
    abandoned: bool = False,
) -> RoundRows:
    """A round of a game that brings its own facts: the shared row and the game's own rows."""
    row = RoundRecord(
        game=game,
        room_code=room_code,
        game_number=game_number,
        round_number=round_number,
        mode=facts.mode if facts else "",
        players=len(names),
        decks=1,
        jokers=facts.jokers if facts else False,
        bidder=-1,
        bidder_name="",
        bid=0,
        names=json.dumps(list(names)),
        abandoned=abandoned,
        record=json.dumps(doc),
        finished_at=finished_at,
    )
    if facts is None or abandoned:
        return RoundRows(row)
    table = OWN_TABLES[game]
    return RoundRows(row, own=[table(round_id=0, **seat) for seat in facts.own])


def facts_game_rows(
    game: str,
    mode: str,
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
) -> GameRows:
    """A finished game of a game that brings its own facts (totals and winners per side)."""
    return GameRows(
        GameRecord(
            game=game,
            room_code=room_code,
            game_number=game_number,
            mode=mode,
            rounds=rounds,
            totals=json.dumps(list(totals)),
            winners=json.dumps(list(winners)),
            names=json.dumps(list(names)),
            ended_early=ended_early,
            abandoned=abandoned,
            finished_at=finished_at,
        )
    )


def game_seats(
    config: Config, names: Sequence[str], totals: Sequence[int], winners: Sequence[int]
) -> list[GameSeat]:
    """Each seat's result in a finished game: every member of a winning team wins."""
    return [
        GameSeat(
            game_id=0,
            seat=seat,
            name=names[seat],
            won=unit_of(config, seat) in winners,
            total=totals[unit_of(config, seat)],
        )
        for seat in range(config.players)
    ]


def game_rows(
    config: Config,
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
) -> GameRows:
    """Everything stored for one game that ended."""
    row = GameRecord(
        room_code=room_code,
        game_number=game_number,
        mode=config.mode.value,
        rounds=rounds,
        totals=json.dumps(list(totals)),
        winners=json.dumps(list(winners)),
        names=json.dumps(list(names)),
        ended_early=ended_early,
        abandoned=abandoned,
        finished_at=finished_at,
    )
    if abandoned:
        return GameRows(row)
    return GameRows(row, game_seats(config, names, totals, winners))


def save(session: Session, items: Iterable[RoundRows | GameRows | Any]) -> None:
    """Add rows in the caller's transaction, giving the per-seat rows their parent's id."""
    for item in items:
        if isinstance(item, RoundRows):
            session.add(item.record)
            session.flush()
            assert item.record.id is not None
            for child in (*item.seats, *item.captures, *item.own):
                child.round_id = item.record.id
            session.add_all([*item.seats, *item.captures, *item.own])
        elif isinstance(item, GameRows):
            session.add(item.record)
            session.flush()
            assert item.record.id is not None
            for seat in item.seats:
                seat.game_id = item.record.id
            session.add_all(item.seats)
        else:
            session.add(item)
    session.flush()


_R = RoundRecord.__table__  # type: ignore[attr-defined]
_G = GameRecord.__table__  # type: ignore[attr-defined]
_RS = RoundSeat.__table__  # type: ignore[attr-defined]
_GS = GameSeat.__table__  # type: ignore[attr-defined]


def _replayed(text: str) -> State | None:
    try:
        state = hand_record.replay(hand_record.load(json.loads(text)))
    except (ValueError, RecordError, ActionError):
        return None
    return state if state.phase is Phase.ROUND_OVER else None


def backfill(session: Session) -> int:
    """Derive missing per-seat rows from stored hand records; returns how many rounds and games.

    Rounds and games stored before the per-seat tables existed get theirs
    from their records; a record that no longer replays is left alone.
    """
    done = 0
    missing = select(_R.c.id, _R.c.names, _R.c.record).where(
        _R.c.abandoned.is_(False),
        _R.c.made.is_not(None),
        ~exists().where(_RS.c.round_id == _R.c.id),
    )
    conn = session.connection()
    configs: dict[tuple[str, int], Config] = {}
    for round_id, names, text in conn.execute(missing).all():
        state = _replayed(text)
        if state is None:
            continue
        seats, captures = round_facts(state, json.loads(names))
        for child in (*seats, *captures):
            child.round_id = round_id
        session.add_all([*seats, *captures])
        done += 1
    games = select(
        _G.c.id, _G.c.room_code, _G.c.game_number, _G.c.names, _G.c.totals, _G.c.winners
    ).where(_G.c.abandoned.is_(False), ~exists().where(_GS.c.game_id == _G.c.id))
    for game_id, code, number, names, totals, winners in conn.execute(games).all():
        key = (code, number)
        if key not in configs:
            text = conn.execute(
                select(_R.c.record)
                .where(_R.c.room_code == code, _R.c.game_number == number)
                .limit(1)
            ).scalar()
            if text is None:
                continue
            try:
                configs[key] = hand_record.load(json.loads(text)).config
            except (ValueError, RecordError):
                continue
        rows = game_seats(configs[key], json.loads(names), json.loads(totals), json.loads(winners))
        for seat in rows:
            seat.game_id = game_id
        session.add_all(rows)
        done += 1
    session.flush()
    return done
