"""Stored rounds and games carry every seat's part, from rooms, from simulations and by backfill."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys

from sqlalchemy import delete, update
from sqlmodel import select

from core.moon3 import record
from core.moon3.state import Phase
from core.moon3.table import RoomSettings
from core.rooms import Rooms
from core.store import GameRecord, GameSeat, RoundRecord, Store, history
from core.store.moon3 import stats
from core.store.moon3.tables import KaliCapture, Moon3Round, RoundGroup, RoundSeat
from tests.conftest import FakeClock
from tests.service_play import open_room, play_until_round_ends


def _facts(store: Store) -> tuple[list[tuple[object, ...]], ...]:
    with store.read() as session:
        seats = [
            (s.round_id, s.seat, s.name, s.role, s.won, s.points, s.score, s.kali)
            for s in session.exec(select(RoundSeat).order_by(RoundSeat.round_id, RoundSeat.seat))
        ]
        kali = [
            (k.round_id, k.seat, k.trick, k.bidding_side)
            for k in session.exec(select(KaliCapture).order_by(KaliCapture.id))
        ]
        groups = sorted(
            (g.round_id, g.size, g.first, g.second, g.third, g.won)
            for g in session.exec(select(RoundGroup))
        )
    return seats, kali, groups


def test_a_room_round_stores_each_seats_part_consistent_with_its_record(
    rooms: Rooms, store: Store, clock: FakeClock
) -> None:
    _, tokens = open_room(rooms, RoomSettings(mode="partners", players=5), 2)
    play_until_round_ends(rooms, tokens, random.Random(8), advance=clock.advance)
    with store.read() as session:
        [row] = list(session.exec(select(RoundRecord)))
        [own] = list(session.exec(select(Moon3Round)))
        seats = list(session.exec(select(RoundSeat).order_by(RoundSeat.seat)))
        kali = list(session.exec(select(KaliCapture)))
        session.expunge_all()  # keep the loaded values after the read ends
    state = record.replay(record.load(json.loads(row.record)))
    assert state.phase is Phase.ROUND_OVER
    assert [s.name for s in seats] == json.loads(row.names)
    assert [s.points for s in seats] == state.points
    assert own.round_id == row.id
    assert [s.seat for s in seats if s.role == "bidder"] == [own.bidder]
    bidding = [s for s in seats if s.role != "defender"]
    assert sum(s.points for s in bidding) == own.bidding_points
    assert all(s.won == own.made for s in bidding)
    assert all(s.won != own.made for s in seats if s.role == "defender")
    assert sorted(k.seat for k in kali) == sorted(state.kali)
    assert sum(s.kali for s in seats) == len(kali)
    assert {(k.seat, k.trick) for k in kali} == {
        (c["seat"], c["trick"]) for c in json.loads(own.kali_tidi)
    }


def test_a_finished_game_credits_every_seat_of_the_winning_team(
    rooms: Rooms, store: Store, clock: FakeClock
) -> None:
    _, tokens = open_room(rooms, RoomSettings(mode="teams", players=4, rounds=1), 4)
    end = play_until_round_ends(rooms, tokens, random.Random(2), advance=clock.advance)
    assert end.status == "over"
    with store.read() as session:
        game = session.exec(select(GameRecord)).one()
        seats = list(session.exec(select(GameSeat).order_by(GameSeat.seat)))
        config = record.load(json.loads(session.exec(select(RoundRecord)).one().record)).config
        session.expunge_all()
    winners = json.loads(game.winners)
    assert len(seats) == 4
    for seat in seats:
        assert seat.won == (config.teams[seat.seat] in winners)
        assert seat.total == json.loads(game.totals)[config.teams[seat.seat]]
    assert sum(s.won for s in seats) == 2 * len(winners)


def test_backfill_rebuilds_the_same_facts_from_stored_records(
    rooms: Rooms, store: Store, clock: FakeClock
) -> None:
    _, tokens = open_room(rooms, RoomSettings(mode="teams", players=4, rounds=2), 4)
    rng = random.Random(4)
    play_until_round_ends(rooms, tokens, rng, advance=clock.advance)
    rooms.next_round(tokens[0])
    play_until_round_ends(rooms, tokens, rng, advance=clock.advance)
    before = _facts(store)
    with store.read() as session:
        games_before = [(g.seat, g.name, g.won, g.total) for g in session.exec(select(GameSeat))]
    assert before[2], "a Team-wise round has pairs on both sides"
    with store.write() as session:  # as a store from before these rows had their shape
        for table in (RoundSeat, KaliCapture, RoundGroup, GameSeat):
            session.exec(delete(table))  # type: ignore[call-overload]
        session.exec(update(RoundRecord).values(facts=1))  # type: ignore[call-overload]
        session.commit()
    with store.write() as session:
        assert history.backfill(session) == 3  # two rounds and one game
        session.commit()
    seats, kali, groups = _facts(store)
    assert seats == before[0]
    assert [k[1:] for k in kali] == [k[1:] for k in before[1]]
    assert groups == before[2]
    with store.read() as session:
        games_after = [(g.seat, g.name, g.won, g.total) for g in session.exec(select(GameSeat))]
    assert games_after == games_before
    with store.write() as session:
        assert history.backfill(session) == 0  # nothing left to do
        session.commit()


def test_a_store_from_before_the_stats_rows_counts_its_rounds_once_opened(
    rooms: Rooms, store: Store, clock: FakeClock
) -> None:
    _, tokens = open_room(rooms, RoomSettings(mode="teams", players=4, rounds=1), 4)
    play_until_round_ends(rooms, tokens, random.Random(5), advance=clock.advance)
    board = stats.leaderboard(store)
    with store.write() as session:  # as a store from before these rows had their shape
        for table in (RoundSeat, KaliCapture, RoundGroup, GameSeat):
            session.exec(delete(table))  # type: ignore[call-overload]
        session.exec(update(RoundRecord).values(facts=1))  # type: ignore[call-overload]
        session.commit()
    assert stats.leaderboard(store) == []
    opened = Store(store.url)  # as a server starting on it: no page needs to be visited first
    try:
        assert stats.leaderboard(opened) == board
    finally:
        opened.close()


def test_simulate_store_keeps_whole_games_for_the_stats_page(database_url: str) -> None:
    done = subprocess.run(
        [
            sys.executable, "-m", "core", "simulate", "--store", database_url, "--games", "3",
            "--players", "5", "--mode", "partners", "--bot", "rules", "--seed", "4",
            "--names", "Asha,Ben,Chen,Dev,Eli,Fay", "--spread-days", "10", "--json",
        ],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    summary = json.loads(done.stdout)
    assert summary["games_finished"] == 3
    store = Store(database_url)
    try:
        overall = stats.bid_success(store)
        assert overall.rounds == summary["rounds"] == 15  # Card-Based: a round per player
        assert round(overall.made / overall.rounds, 4) == summary["bid_success_rate"]
        board = stats.leaderboard(store)
        assert {s.name for s in board} <= {"Asha", "Ben", "Chen", "Dev", "Eli", "Fay"}
        assert sum(s.games for s in board) == 3 * 5
        assert sum(s.games_won for s in board) >= 3
        assert sum(s.rounds for s in board) == 15 * 5
        games = stats.history_games(store)
        assert len(games) == 3 and all(g.over and g.winners for g in games)
        span = stats.date_range(store)
        assert span is not None and (span[1] - span[0]).days >= 6
    finally:
        store.close()


def test_trick_steps_replay_every_trick_with_hands_and_points() -> None:
    from core.moon3 import rules
    from core.moon3.config import Config

    state = rules.deal(Config.make(4), 0, 11)
    rng = random.Random(11)
    while state.to_act is not None:
        rules.apply(state, rng.choice(rules.legal_actions(state)))
    steps = record.trick_steps(state)
    assert len(steps) == len(state.tricks) == 13
    assert [list(h) for h in steps[0].hands] == [list(h) for h in state.dealt]
    assert steps[-1].points == tuple(state.points)
    for before, after in itertools.pairwise(steps):
        for seat, card in zip(before.seats, before.cards, strict=True):
            remaining = list(before.hands[seat])
            remaining.remove(card)
            assert sorted(after.hands[seat]) == sorted(remaining)
    assert [s.winner for s in steps] == state.trick_winners


def test_a_store_from_before_an_index_gets_it_on_opening(database_url: str) -> None:
    from sqlalchemy import inspect, text

    first = Store(database_url)
    with first.write() as session:
        session.connection().execute(text("drop index ix_round_record_finished_at"))
        session.commit()
    names = {i["name"] for i in inspect(first.writer).get_indexes("round_record")}
    assert "ix_round_record_finished_at" not in names
    first.close()
    again = Store(database_url)
    names = {i["name"] for i in inspect(again.writer).get_indexes("round_record")}
    again.close()
    assert "ix_round_record_finished_at" in names
