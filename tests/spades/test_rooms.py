"""Spades in a room, through the same room service as Moon 3 of Spades (SPEC P5), on both stores.

Seating puts partners opposite, each hand is dealt by the next dealer, the
scores and bags carry to the end of the game, every hand is kept as a
Spades round with each seat's own facts, and Moon 3 of Spades' stats never
count a Spades hand.
"""

from __future__ import annotations

import random

from sqlalchemy import text

from core.rooms import Rooms
from core.spades.table import SpadesSettings
from core.store.moon3 import stats
from tests.conftest import FakeClock
from tests.service_play import play_until_round_ends, tokens_by_position


def seated(rooms: Rooms, settings: SpadesSettings) -> tuple[str, str, list[str]]:
    code, host = rooms.create("Asha", settings)
    others = ("Ben", "Chen", "Dev")[: settings.players - 1]
    tokens = [host, *(rooms.join(code, name) for name in others)]
    rooms.begin(host)
    return code, host, tokens_by_position(rooms, tokens)


def test_partners_sit_opposite_and_the_hand_is_dealt(rooms: Rooms) -> None:
    _, host, _ = seated(rooms, SpadesSettings())
    view = rooms.view(host)
    assert view.game == "spades" and view.status == "playing"
    assert view.table is not None and len(view.table.hand) == 13
    teams = {s.name: s.team for s in view.seats}
    positions = {s.name: s.position for s in view.seats}
    assert positions["Asha"] == 0 and teams["Asha"] == teams[view.names[2]]
    assert view.table.to_act == 1  # the dealer is seat 0; the player on its left bids first


def test_a_hand_is_scored_kept_and_followed_by_the_next_dealer(rooms: Rooms) -> None:
    _, host, ordered = seated(rooms, SpadesSettings())
    end = play_until_round_ends(rooms, ordered, random.Random(4))
    assert end.status == "results"
    last = end.last_round
    assert last is not None and sum(last["tricks"]) == 13
    assert list(end.totals) == last["totals"]
    with rooms.store.read() as db:
        conn = db.connection()
        assert conn.execute(text("SELECT game FROM round_record")).scalar_one() == "spades"
        rows = conn.execute(text("SELECT bid, tricks FROM spades_seat ORDER BY seat")).all()
    assert [r.tricks for r in rows] == last["tricks"] and [r.bid for r in rows] == last["bids"]
    assert stats.overview(rooms.store, stats.Filters()).overall.rounds == 0  # not Moon 3's
    rooms.next_round(host, end.version)
    again = rooms.view(host)
    assert again.status == "playing" and again.table is not None
    assert again.table.dealer == 1 and again.table.to_act == 2


def test_bots_play_a_game_to_its_end(rooms: Rooms, clock: FakeClock) -> None:
    _, host = rooms.create("Asha", SpadesSettings(target=200))
    for _ in range(3):
        rooms.add_bot(host, "rules")
    rooms.begin(host)
    rng = random.Random(1)
    for _ in range(40):
        end = play_until_round_ends(rooms, [host], rng, advance=clock.advance)
        if end.status == "over":
            break
        rooms.next_round(host, end.version)
    else:
        raise AssertionError("the game never ended")
    assert max(end.totals) >= 200 or end.ended_early
    assert end.winners and end.game_number == 1
    with rooms.store.read() as db:
        games = db.connection().execute(text("SELECT game, winners FROM game_record")).all()
    assert [g.game for g in games] == ["spades"]
    with rooms.store.read() as db:
        won = db.connection().execute(text("SELECT name, won, total FROM game_seat")).all()
    # Every seat's result is kept as for any game: both partners of the winning side won.
    winners = [name for name, did, _ in won if did]
    assert len(won) == 4 and len(winners) == 2 and "Asha" in [n for n, _, _ in won]
    assert all(total == max(end.totals) for _, did, total in won if did)
    # Moon 3 of Spades' figures keep to its own games.
    assert stats.leaderboard(rooms.store, stats.Filters()) == []
