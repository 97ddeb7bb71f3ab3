"""Stats of hand-built rounds equal the values worked out by hand, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

from core.store import RoundRecord, Store, stats

# (mode, players, decks, bidder name, bid, made, bidding points, abandoned)
ROUNDS = [
    ("teams", 4, 1, "Asha", 125, True, 140, False),
    ("teams", 4, 1, "Asha", 145, False, 120, False),
    ("teams", 4, 1, "Ben", 150, True, 150, False),
    ("teams", 4, 1, "Ben", 175, True, 200, False),
    ("partners", 5, 1, "Asha", 200, False, 190, False),
    ("partners", 6, 2, "Chen", 300, True, 320, False),
    ("partners", 6, 2, "Chen", 305, False, 250, False),
    ("teams", 4, 1, "Dev", 250, True, 250, True),  # abandoned: never counts
    ("teams", 4, 1, "Dev", 100, False, 90, False),  # a low house minimum
]


def fill(store: Store) -> None:
    with store.write() as session:
        for number, (mode, players, decks, name, bid, made, points, abandoned) in enumerate(ROUNDS):
            session.add(
                RoundRecord(
                    room_code="STATS1",
                    game_number=1,
                    round_number=number + 1,
                    mode=mode,
                    players=players,
                    decks=decks,
                    jokers=False,
                    bidder=0,
                    bidder_name=name,
                    bid=bid,
                    made=made,
                    bidding_points=points,
                    defending_points=250 * decks - points,
                    abandoned=abandoned,
                    record="{}",
                    finished_at=datetime(2026, 11, 1 + number, tzinfo=UTC),
                )
            )
        session.commit()


def test_bid_success_overall_counts_finished_rounds_only(store: Store) -> None:
    fill(store)
    overall = stats.bid_success(store)
    assert (overall.rounds, overall.made) == (8, 4)
    assert overall.rate == 0.5


def test_bid_success_by_band_of_25(store: Store) -> None:
    fill(store)
    bands = {
        stats.band_label(r.group): (r.rounds, r.made) for r in stats.bid_success_by_band(store)
    }
    assert bands == {
        "under 125": (1, 0),
        "125–145": (2, 1),
        "150–170": (1, 1),
        "175–195": (1, 1),
        "200–220": (1, 0),
        "300–320": (2, 1),
    }


def test_bid_success_by_players_table_and_bidder(store: Store) -> None:
    fill(store)
    by_players = {r.group: (r.rounds, r.made) for r in stats.bid_success_by_players(store)}
    assert by_players == {4: (5, 3), 5: (1, 0), 6: (2, 1)}
    by_table = {r.group: (r.rounds, r.made) for r in stats.bid_success_by_table(store)}
    assert by_table == {("partners", 1): (1, 0), ("partners", 2): (2, 1), ("teams", 1): (5, 3)}
    by_bidder = {r.group: (r.rounds, r.made) for r in stats.bid_success_by_bidder(store)}
    assert by_bidder == {"Asha": (3, 1), "Ben": (2, 2), "Chen": (2, 1), "Dev": (1, 0)}


def test_filters_narrow_every_figure(store: Store) -> None:
    fill(store)
    teams = stats.Filters(mode="teams")
    assert (stats.bid_success(store, teams).rounds, stats.bid_success(store, teams).made) == (5, 3)
    two_decks = stats.Filters(decks=2)
    assert stats.bid_success(store, two_decks).rounds == 2
    early = stats.Filters(until=datetime(2026, 11, 3, tzinfo=UTC))
    assert (stats.bid_success(store, early).rounds, stats.bid_success(store, early).made) == (2, 1)


def test_margins_are_the_bidding_sides_points_less_the_bid(store: Store) -> None:
    fill(store)
    assert sorted(stats.margins(store)) == sorted(
        [(125, 15), (145, -25), (150, 0), (175, 25), (200, -10), (300, 20), (305, -55), (100, -10)]
    )
