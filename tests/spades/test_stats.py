"""Spades figures, aggregated in SQL over stored hands, agree with the hands themselves."""

from __future__ import annotations

import json
import random

from sqlalchemy import text

from core import records
from core.rooms import Rooms
from core.spades.table import SpadesSettings
from core.store.spades import stats as spades_stats
from tests.conftest import FakeClock
from tests.service_play import play_until_round_ends


def test_spades_figures_count_every_stored_hand(rooms: Rooms, clock: FakeClock) -> None:
    _, host = rooms.create("Asha", SpadesSettings(target=200, blind_nil=True))
    for _ in range(3):
        rooms.add_bot(host, "rules")
    rooms.begin(host)
    rng = random.Random(5)
    for _ in range(40):
        end = play_until_round_ends(rooms, [host], rng, advance=clock.advance)
        if end.status == "over":
            break
        rooms.next_round(host, end.version)
    figures = spades_stats.overview(rooms.store)
    with rooms.store.read() as db:
        stored = [
            json.loads(r[0])
            for r in db.connection().execute(text("SELECT record FROM round_record"))
        ]
    assert figures.hands == len(stored) == end.rounds_played
    bids = [b for data in stored for b in records.replay(data)["bids"]]  # type: ignore[union-attr]
    assert figures.bids == sum(1 for b in bids if b)
    assert figures.exact + figures.over + figures.under == figures.bids
    assert figures.nils + figures.blind_nils == sum(1 for b in bids if b == 0)
    assert figures.contracts_made <= figures.contracts <= figures.side_hands == 2 * figures.hands
    names = {p.name for p in figures.leaderboard}
    assert names == {"Asha", "Ben Bot", "Cleo Bot", "Dex Bot"}
    assert all(p.hands == figures.hands for p in figures.leaderboard)


def test_no_spades_hands_no_figures(rooms: Rooms) -> None:
    figures = spades_stats.overview(rooms.store)
    assert figures.hands == 0 and figures.leaderboard == []
