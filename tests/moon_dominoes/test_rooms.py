"""Three-Player Moon in a room, through the same room service as every game, on both stores.

Three seats in join order, the first bidder drawn at random and moving on
each deal, a passed-out deal dealt again at once, the widow seen by its
taker only, the discard by nobody else, totals carried to 21, and every
hand kept as a Three-Player Moon round with each seat's own facts.
"""

from __future__ import annotations

import random

import pytest
from sqlalchemy import text

from core.games import SettingsError
from core.moon_dominoes.table import MoonDominoesSettings
from core.rooms import Refused, Rooms
from core.store.spades import stats as spades_stats
from tests.conftest import FakeClock
from tests.service_play import move_of, play_until_round_ends, tokens_by_position


def seated(rooms: Rooms, hints: bool = False) -> tuple[str, str, list[str]]:
    code, host = rooms.create("Asha", MoonDominoesSettings(hints=hints))
    tokens = [host, rooms.join(code, "Ben"), rooms.join(code, "Chen")]
    rooms.begin(host)
    return code, host, tokens_by_position(rooms, tokens)


def act(rooms: Rooms, ordered: list[str], data: dict[str, object]) -> None:
    """The seat to act makes ``data`` its move."""
    view = rooms.view(ordered[0])
    assert view.table is not None and view.table.to_act is not None
    rooms.act(ordered[view.table.to_act], data, view.version)


def test_three_seats_in_join_order_seven_tiles_each(rooms: Rooms) -> None:
    _, host, _ordered = seated(rooms)
    view = rooms.view(host)
    assert view.game == "moon_dominoes" and view.status == "playing"
    assert [s.name for s in sorted(view.seats, key=lambda s: s.position or 0)] == [
        "Asha",
        "Ben",
        "Chen",
    ]
    assert view.table is not None and len(view.table.hand) == 7
    assert view.table.hand_counts == (7, 7, 7) and view.table.widow is None


def test_a_fourth_player_is_refused(rooms: Rooms) -> None:
    code, _host = rooms.create("Asha", MoonDominoesSettings())
    rooms.join(code, "Ben")
    rooms.join(code, "Chen")
    with pytest.raises(Refused):
        rooms.join(code, "Dev")


def test_settings_other_than_three_players_are_refused() -> None:
    with pytest.raises(SettingsError):
        MoonDominoesSettings(players=4).checked()


def test_m2_all_pass_deals_again_with_the_next_seat_opening(rooms: Rooms) -> None:
    _, host, ordered = seated(rooms)
    first = rooms.view(host).table
    assert first is not None
    for _ in range(3):
        act(rooms, ordered, {"type": "pass"})
    again = rooms.view(host)
    assert again.status == "playing" and again.table is not None
    assert again.table.phase == "bidding" and again.table.bids == (None, None, None)
    assert again.table.first_bidder == (first.first_bidder + 1) % 3
    assert again.table.to_act == again.table.first_bidder
    assert again.last_round == {"passed_out": 1} and again.rounds_played == 0


def test_m3_the_widow_is_seen_by_its_taker_and_the_discard_by_nobody_else(rooms: Rooms) -> None:
    _, host, ordered = seated(rooms)
    act(rooms, ordered, {"type": "bid", "amount": 4})
    act(rooms, ordered, {"type": "pass"})
    act(rooms, ordered, {"type": "pass"})
    view = rooms.view(host)
    assert view.table is not None and view.table.phase == "discard"
    bidder = view.table.bidder
    assert bidder is not None
    mine = rooms.view(ordered[bidder]).table
    assert mine is not None and mine.widow is not None and len(mine.hand) == 8
    others = [rooms.view(ordered[s]).table for s in range(3) if s != bidder]
    assert all(t is not None and t.widow is None and len(t.hand) == 7 for t in others)
    act(rooms, ordered, move_of(mine.legal[0]))
    after = rooms.view(ordered[bidder]).table
    assert after is not None and after.discard is not None and len(after.hand) == 7
    assert all(rooms.view(ordered[s]).table.discard is None for s in range(3) if s != bidder)  # type: ignore[union-attr]


def test_an_illegal_tile_is_refused_and_changes_nothing(rooms: Rooms) -> None:
    _, host, ordered = seated(rooms)
    view = rooms.view(host)
    assert view.table is not None and view.table.to_act is not None
    actor = ordered[view.table.to_act]
    with pytest.raises(Refused):
        rooms.act(actor, {"type": "play", "tile": "6-6"}, view.version)
    with pytest.raises(Refused):
        rooms.act(actor, {"type": "bid", "amount": 8}, view.version)
    with pytest.raises(Refused):
        rooms.act(actor, {"type": "bid", "tile": "4-6"}, view.version)
    assert rooms.view(host).version == view.version


def test_a_hand_is_scored_kept_and_the_opening_moves_on(rooms: Rooms) -> None:
    _, host, ordered = seated(rooms)
    opener = rooms.view(host).table.first_bidder  # type: ignore[union-attr]
    end = play_until_round_ends(rooms, ordered, random.Random(4))
    assert end.status in ("results", "over")
    last = end.last_round
    assert last is not None and sum(last["tricks"]) == 7
    assert list(end.totals) == last["totals"]
    with rooms.store.read() as db:
        conn = db.connection()
        row = conn.execute(
            text(
                "SELECT game, bid, trump, made FROM round_record"
                " JOIN moon_dominoes_round ON round_id = id"
            )
        ).one()
        seats = conn.execute(
            text("SELECT seat, bidder, tricks, score FROM moon_dominoes_seat")
        ).all()
    assert row.game == "moon_dominoes" and row.bid == last["bid"] and row.made == last["made"]
    assert row.trump == str(last["trump"])  # as M3 names it: 0 to 6, doubles or none
    assert sorted(s.seat for s in seats) == [0, 1, 2]
    assert [s.score for s in sorted(seats)] == last["score"]
    if end.status == "results":
        rooms.next_round(host, end.version)
        again = rooms.view(host).table
        assert again is not None and again.first_bidder != opener


def test_bots_play_a_game_to_21(rooms: Rooms, clock: FakeClock) -> None:
    _, host = rooms.create("Asha", MoonDominoesSettings())
    for _ in range(2):
        rooms.add_bot(host, "rules")
    rooms.begin(host)
    rng = random.Random(1)
    for _ in range(200):
        end = play_until_round_ends(rooms, [host], rng, advance=clock.advance)
        if end.status == "over":
            break
        if end.status == "results":
            rooms.next_round(host, end.version)
    else:
        raise AssertionError("the game never ended")
    assert max(end.totals) >= 21 and len(end.winners) == 1
    assert end.totals[end.winners[0]] == max(end.totals)
    assert list(end.totals).count(max(end.totals)) == 1 or end.last_round["bid"] == 21  # type: ignore[index]
    with rooms.store.read() as db:
        games = db.connection().execute(text("SELECT game FROM game_record")).all()
        won = db.connection().execute(text("SELECT name, won FROM game_seat")).all()
    assert [g.game for g in games] == ["moon_dominoes"]
    assert len(won) == 3 and sum(1 for _, did in won if did) == 1
    # Spades' figures keep to their own games.
    assert spades_stats.overview(rooms.store).hands == 0
