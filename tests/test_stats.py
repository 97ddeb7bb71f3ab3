"""Stats of hand-built rounds equal the values worked out by hand, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from core import games
from core.moon3 import figures
from core.stats import Stats
from core.store import GameRecord, GameSeat, RoundRecord, Store
from core.store import stats as shared
from core.store.moon3 import stats
from core.store.moon3.tables import KaliCapture, Moon3Round, RoundSeat

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


def stored_round(session: Any, row: RoundRecord, own: Moon3Round | None) -> int:
    """Store a round's shared row and its own (an abandoned round has none); its id."""
    session.add(row)
    session.flush()
    assert row.id is not None
    if own is not None:
        own.round_id = row.id
        own.players, own.mode, own.source = row.players, row.mode, row.source  # as facts repeat
        session.add(own)
    return row.id


def fill(store: Store) -> None:
    with store.write() as session:
        for number, (mode, players, decks, name, bid, made, points, abandoned) in enumerate(ROUNDS):
            stored_round(
                session,
                RoundRecord(
                    room_code="STATS1",
                    game_number=1,
                    round_number=number + 1,
                    mode=mode,
                    players=players,
                    jokers=False,
                    abandoned=abandoned,
                    record="{}",
                    finished_at=datetime(2026, 11, 1 + number, tzinfo=UTC),
                ),
                None
                if abandoned
                else Moon3Round(
                    round_id=0,
                    decks=decks,
                    bidder=0,
                    bidder_name=name,
                    bid=bid,
                    made=made,
                    bidding_points=points,
                    defending_points=250 * decks - points,
                ),
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
        figures.band_label(r.group): (r.rounds, r.made) for r in stats.bid_success_by_band(store)
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


def test_margins_count_rounds_per_ten_points_above_or_below_the_bid(store: Store) -> None:
    # Margins 15, -25, 0, 25, -10, 20, -55, -10: a margin of -10 falls in -10 to -1.
    fill(store)
    assert stats.margins(store) == [(-60, 1), (-30, 1), (-10, 2), (0, 1), (10, 1), (20, 2)]


def test_bids_of_150_or_more_made(store: Store) -> None:
    # 150 made, 175 made, 200 failed (one deck), 300 made, 305 failed (two decks: 275 or more).
    fill(store)
    high = stats.overview(store).high
    assert (high.rounds, high.made) == (5, 3)


def test_a10_high_and_big_bids_follow_the_range_of_bids_of_the_decks(store: Store) -> None:
    # With two decks the lowest bid is 250: a made 260 is neither high (275+) nor big (325+),
    # where with one deck a made 200 is both.
    with store.write() as session:
        for number, (decks, bid) in enumerate([(2, 260), (1, 200), (2, 325)]):
            row = RoundRecord(
                room_code="RANGE1",
                game_number=1,
                round_number=number + 1,
                mode="teams",
                players=4,
                jokers=False,
                record="{}",
                finished_at=datetime(2026, 11, 1 + number, tzinfo=UTC),
            )
            own = Moon3Round(
                round_id=0,
                decks=decks,
                bidder=0,
                bidder_name=f"Bidder {decks}",
                bid=bid,
                made=True,
                bidding_points=bid,
                defending_points=250 * decks - bid,
            )
            stored_round(session, row, own)
        session.commit()
    view = stats.overview(store)
    assert (view.high.rounds, view.high.made) == (2, 2)
    big = {name: made for name, (_, made) in stats.bidders(stats.bid_cube(store)).items()}
    assert big == {"Bidder 1": 1, "Bidder 2": 1}  # 200 of one deck; 325, not 260, of two


# A second, fuller evening, with every seat's part, worked out by hand.
# Game 1, Team-wise (teams A: Asha, Chen; B: Ben, Dev); game 2, Card-Based with Eli.
# Per seat: (name, role, won, card points, score, 3♠ captured).
EVENING: list[dict[str, Any]] = [
    {  # Asha bids 130 and makes it with 150; Chen's 3♠ (trick 5) made the difference.
        "game": 1, "mode": "teams", "players": 4, "bidder": "Asha", "bid": 130, "made": True,
        "points": (150, 100), "kali": [("Chen", 5, True)],
        "seats": [("Asha", "bidder", True, 90, 130, 0), ("Ben", "defender", False, 50, 0, 0),
                  ("Chen", "partner", True, 60, 130, 1), ("Dev", "defender", False, 50, 0, 0)],
    },
    {  # Ben bids 150 and fails with 140; Asha's 3♠ (trick 2) would have made it.
        "game": 1, "mode": "teams", "players": 4, "bidder": "Ben", "bid": 150, "made": False,
        "points": (140, 110), "kali": [("Asha", 2, False)],
        "seats": [("Asha", "defender", True, 70, 150, 1), ("Ben", "bidder", False, 80, 0, 0),
                  ("Chen", "defender", True, 40, 150, 0), ("Dev", "partner", False, 60, 0, 0)],
    },
    {  # Dev bids 125 and makes 200: the 3♠ (his, trick 12) did not decide it.
        "game": 1, "mode": "teams", "players": 4, "bidder": "Dev", "bid": 125, "made": True,
        "points": (200, 50), "kali": [("Dev", 12, True)],
        "seats": [("Asha", "defender", False, 20, 0, 0), ("Ben", "partner", True, 100, 125, 0),
                  ("Chen", "defender", False, 30, 0, 0), ("Dev", "bidder", True, 100, 125, 1)],
    },
    {  # Chen bids 160 with partner Eli and makes 180; Eli's 3♠ (trick 3) decided it.
        "game": 2, "mode": "partners", "players": 5, "bidder": "Chen", "bid": 160, "made": True,
        "points": (180, 70), "kali": [("Eli", 3, True)],
        "seats": [("Asha", "defender", False, 30, 0, 0), ("Ben", "defender", False, 20, 0, 0),
                  ("Chen", "bidder", True, 80, 320, 0), ("Dev", "defender", False, 20, 0, 0),
                  ("Eli", "partner", True, 100, 160, 1)],
    },
    {  # Eli bids 200 with partner Asha and fails with 120; Ben's 3♠ (trick 1) did not decide it.
        "game": 2, "mode": "partners", "players": 5, "bidder": "Eli", "bid": 200, "made": False,
        "points": (120, 130), "kali": [("Ben", 1, False)],
        "seats": [("Asha", "partner", False, 60, 0, 0), ("Ben", "defender", True, 60, 200, 1),
                  ("Chen", "defender", True, 40, 200, 0), ("Dev", "defender", True, 30, 200, 0),
                  ("Eli", "bidder", False, 60, -200, 0)],
    },
]  # fmt: skip
# Game 1: team A 280, team B 125, A wins. Game 2 (ended early): Chen leads with 520.
GAMES = [
    (1, "teams", [280, 125], [0], [("Asha", True, 280), ("Ben", False, 125),
                                   ("Chen", True, 280), ("Dev", False, 125)]),
    (2, "partners", [0, 200, 520, 200, -40], [2], [
        ("Asha", False, 0), ("Ben", False, 200), ("Chen", True, 520), ("Dev", False, 200),
        ("Eli", False, -40)]),
]  # fmt: skip


def fill_evening(store: Store) -> None:
    with store.write() as session:
        for number, spec in enumerate(EVENING):
            names = [seat[0] for seat in spec["seats"]]
            seat_of = {name: s for s, name in enumerate(names)}
            row = RoundRecord(
                room_code="EVE1",
                game_number=spec["game"],
                round_number=number + 1 if spec["game"] == 1 else number - 2,
                mode=spec["mode"],
                players=spec["players"],
                jokers=False,
                names=json.dumps(names),
                record=json.dumps({"round": number + 1}),
                finished_at=datetime(2026, 11, 20, 20, number, tzinfo=UTC),
            )
            own = Moon3Round(
                round_id=0,
                decks=1,
                bidder=seat_of[spec["bidder"]],
                bidder_name=spec["bidder"],
                bid=spec["bid"],
                made=spec["made"],
                bidding_points=spec["points"][0],
                defending_points=spec["points"][1],
                kali_tidi=json.dumps(
                    [{"seat": seat_of[n], "trick": t} for n, t, _ in spec["kali"]]
                ),
                kali_ours=sum(1 for _, _, ours in spec["kali"] if ours),
                kali_theirs=sum(1 for _, _, ours in spec["kali"] if not ours),
            )
            stored_round(session, row, own)
            for seat, (name, role, won, points, score, kali) in enumerate(spec["seats"]):
                session.add(
                    RoundSeat(
                        round_id=row.id, seat=seat, name=name, role=role, won=won,
                        points=points, score=score, kali=kali,
                    )
                )  # fmt: skip
            for name, trick, ours in spec["kali"]:
                session.add(
                    KaliCapture(
                        round_id=row.id, seat=seat_of[name], name=name, trick=trick,
                        bidding_side=ours,
                    )
                )  # fmt: skip
        # An abandoned round never counts.
        session.add(
            RoundRecord(
                room_code="EVE1", game_number=3, round_number=1, mode="teams", players=4,
                jokers=False, abandoned=True, record="{}",
                finished_at=datetime(2026, 11, 20, 23, tzinfo=UTC),
            )
        )  # fmt: skip
        for number, mode, totals, winners, seats in GAMES:
            game = GameRecord(
                room_code="EVE1",
                game_number=number,
                mode=mode,
                rounds=3 if number == 1 else 2,
                totals=json.dumps(totals),
                winners=json.dumps(winners),
                names=json.dumps([n for n, _, _ in seats]),
                ended_early=number == 2,
                finished_at=datetime(2026, 11, 20, 21, number, tzinfo=UTC),
            )
            session.add(game)
            session.flush()
            assert game.id is not None
            for seat, (name, won, total) in enumerate(seats):
                session.add(GameSeat(game_id=game.id, seat=seat, name=name, won=won, total=total))
        session.commit()


def test_leaderboard_credits_every_member_of_the_winning_side(store: Store) -> None:
    fill_evening(store)
    board = {s.name: s for s in stats.leaderboard(store)}
    # Chen won R1 as partner, R2 and R5 defending, R4 as bidder: four rounds, both games.
    chen = board["Chen"]
    assert (chen.rounds, chen.rounds_won, chen.bids, chen.bids_made) == (5, 4, 1, 1)
    assert (chen.partner_wins, chen.defender_wins, chen.points, chen.score) == (1, 2, 250, 800)
    assert (chen.games, chen.games_won) == (2, 2)
    asha = board["Asha"]
    assert (asha.rounds_won, asha.bids, asha.bids_made, asha.partner_wins) == (2, 1, 1, 0)
    assert (asha.defender_wins, asha.points, asha.score, asha.games_won) == (1, 270, 280, 1)
    # Ben won R3 as Dev's partner (Team-wise) and R5 defending, never his own bid.
    ben = board["Ben"]
    assert (ben.rounds_won, ben.bids, ben.bids_made, ben.partner_wins) == (2, 1, 0, 1)
    assert (ben.defender_wins, ben.points, ben.score, ben.games_won) == (1, 310, 325, 0)
    eli = board["Eli"]
    assert (eli.rounds, eli.rounds_won, eli.partner_wins, eli.score, eli.games) == (2, 1, 1, -40, 1)


def test_h5_leaderboard_counts_rounds_as_partner_and_their_wins(store: Store) -> None:
    fill_evening(store)
    board = {s.name: s for s in stats.leaderboard(store)}
    # By hand from the evening: Chen partners Asha in R1 (made), Dev partners Ben in R2
    # (failed), Ben partners Dev in R3 (made), Eli partners Chen in R4 (made), Asha partners
    # Eli in R5 (failed).
    seen = {name: (s.partner_rounds, s.partner_wins) for name, s in board.items()}
    assert seen == {"Asha": (1, 0), "Ben": (1, 1), "Chen": (1, 1), "Dev": (1, 0), "Eli": (1, 1)}


def test_h5_leaderboard_gives_each_bidders_average_bid_and_bids_of_200_made(
    store: Store,
) -> None:
    fill_evening(store)
    board = {s.name: s for s in stats.leaderboard(store)}
    # Each player won one auction: Asha 130, Ben 150, Dev 125, Chen 160, Eli 200 (failed).
    bids = {name: (s.average_bid, s.big_bids_made) for name, s in board.items()}
    assert bids == {
        "Asha": (130.0, 0),
        "Ben": (150.0, 0),
        "Chen": (160.0, 0),
        "Dev": (125.0, 0),
        "Eli": (200.0, 0),  # a bid of 200, but it failed: not counted as made
    }


def test_leaderboard_orders_by_games_won_then_rounds_won_then_score(store: Store) -> None:
    fill_evening(store)
    assert [s.name for s in stats.leaderboard(store)] == ["Chen", "Asha", "Ben", "Dev", "Eli"]


def test_kali_tidi_to_the_bidders_and_the_rounds_it_decided(store: Store) -> None:
    fill_evening(store)
    kali = stats.kali_summary(store)
    assert (kali.rounds, kali.to_bidders) == (5, 3)
    assert (kali.made_with_it, kali.failed_without_it, kali.decided) == (2, 1, 3)
    assert kali.share(kali.to_bidders) == 0.6


def test_kali_tidi_by_trick_number_and_side(store: Store) -> None:
    fill_evening(store)
    assert stats.kali_by_trick(store) == [(1, 0, 1), (2, 0, 1), (3, 1, 0), (5, 1, 0), (12, 1, 0)]


def test_kali_tidi_by_player_most_captures_then_share(store: Store) -> None:
    fill_evening(store)
    rows = stats.kali_by_player(store)
    assert [(p.name, p.rounds, p.rounds_captured, p.captures) for p in rows] == [
        ("Eli", 2, 1, 1),
        ("Asha", 5, 1, 1),
        ("Ben", 5, 1, 1),
        ("Chen", 5, 1, 1),
        ("Dev", 5, 1, 1),
    ]
    assert rows[0].share == 0.5


def test_player_filter_keeps_the_rounds_that_player_sat_in(store: Store) -> None:
    fill_evening(store)
    eli = stats.Filters(player=" ELI ")
    overall = stats.bid_success(store, eli)
    assert (overall.rounds, overall.made) == (2, 1)
    board = {s.name: s for s in stats.leaderboard(store, eli)}
    assert (board["Chen"].rounds, board["Chen"].games, board["Chen"].games_won) == (2, 1, 1)
    assert (board["Asha"].games, board["Asha"].games_won) == (1, 0)
    assert stats.kali_summary(store, eli).to_bidders == 1


def test_mode_filter_narrows_the_leaderboard_and_its_games(store: Store) -> None:
    fill_evening(store)
    board = {s.name: s for s in stats.leaderboard(store, stats.Filters(mode="teams"))}
    assert set(board) == {"Asha", "Ben", "Chen", "Dev"}
    assert (board["Asha"].rounds, board["Asha"].games, board["Asha"].games_won) == (3, 1, 1)


def test_history_lists_games_newest_first_with_their_winners(store: Store) -> None:
    fill_evening(store)
    games = stats.history_games(store)
    assert [(g.game_number, g.rounds, g.winners, g.over) for g in games] == [
        (2, 2, ["Chen"], True),
        (1, 3, ["Asha", "Chen"], True),
    ]
    rounds = stats.history_rounds(store, "EVE1", 1)
    assert [(r.round_number, r.bidder_name, r.bid, r.made) for r in rounds] == [
        (1, "Asha", 130, True),
        (2, "Ben", 150, False),
        (3, "Dev", 125, True),
    ]
    assert shared.hand_record(store, stats.GAME, rounds[1].id) == json.dumps({"round": 2})
    assert shared.hand_record(store, stats.GAME, 10_000) is None


def test_players_are_listed_by_rounds_played(store: Store) -> None:
    fill_evening(store)
    assert stats.players(store) == ["Asha", "Ben", "Chen", "Dev", "Eli"]


def test_h5_a_made_bid_of_200_or_more_counts_and_moves_the_average(store: Store) -> None:
    fill_evening(store)
    with store.write() as session:
        row = RoundRecord(
            room_code="EVE2", game_number=1, round_number=1, mode="teams", players=4,
            jokers=False, names=json.dumps(["Chen", "Asha", "Ben", "Dev"]), record="{}",
            finished_at=datetime(2026, 11, 21, 20, tzinfo=UTC),
        )  # fmt: skip
        own = Moon3Round(
            round_id=0, decks=1, bidder=0, bidder_name="Chen", bid=220, made=True,
            bidding_points=230, defending_points=20,
        )  # fmt: skip
        stored_round(session, row, own)
        for seat, (name, role, won) in enumerate(
            [("Chen", "bidder", True), ("Asha", "defender", False), ("Ben", "partner", True),
             ("Dev", "defender", False)]
        ):  # fmt: skip
            session.add(
                RoundSeat(round_id=row.id, seat=seat, name=name, role=role, won=won, points=0,
                          score=220 if won else 0, kali=0)
            )  # fmt: skip
        session.commit()
    chen = {s.name: s for s in stats.leaderboard(store)}["Chen"]
    assert (chen.average_bid, chen.big_bids_made) == (190.0, 1)  # (160 + 220) / 2; 220 made


def test_every_games_figures_are_read_through_the_one_stats_service(store: Store) -> None:
    fill(store)
    service = Stats(store)
    assert service.overview("moon3").overall.rounds == 8
    for game in set(games.names()) - {"moon3"}:  # found by name; none of these rounds is theirs
        assert service.overview(game).hands == 0 and service.hands(game) == []
    assert service.hand_record("spades", 1) is None  # a Moon 3 of Spades round is not Spades'
    assert service.hand_record("moon3", 1) == "{}"
