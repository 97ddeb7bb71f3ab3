"""H3 on both databases: a scorebook scores entered rounds by R27, ends games by R28, lets the
last round be corrected or deleted, stores every round for the stats, and keeps who may write.

Expected scores are worked out by hand from R27: Card-Based made — bidder +2×bid, each partner
+bid; failed — bidder −bid, each defender +bid. Team-wise: the bidding team scores the bid when
made, the defending team when it fails.
"""

from __future__ import annotations

import json

import pytest
from sqlmodel import select

from core import importing
from core.moon3.book import BookSettings
from core.rooms import Forbidden, Refused, Rooms, Stale
from core.store import GameRecord, RoundRecord, Store
from core.store.moon3 import stats
from core.store.moon3.tables import Moon3Round, RoundSeat
from ui import charts

SIX = ("Ben", "Chen", "Dev", "Esha", "Farid")  # with the host Asha: six players


def book(rooms: Rooms, **options: object) -> tuple[str, str]:
    return rooms.create_book("Asha", BookSettings(others=SIX, **options))  # type: ignore[arg-type]


def enter(rooms: Rooms, token: str, **entry: object) -> None:
    rooms.enter_round(token, entry, rooms.view(token).version)


def test_h3_card_based_rounds_score_by_r27(rooms: Rooms) -> None:
    _, host = book(rooms)
    enter(rooms, host, bidder=0, bid=250, partners=[2, 3], made=True)
    assert rooms.view(host).book.totals == (500, 0, 250, 250, 0, 0)
    enter(rooms, host, bidder=1, bid=300, partners=[4], made=False)
    # Ben −300; Esha (partner) 0; Asha, Chen, Dev, Farid +300 each.
    assert rooms.view(host).book.totals == (800, -300, 550, 550, 0, 300)


def test_h3_points_taken_decide_the_round_by_r26(rooms: Rooms) -> None:
    _, host = book(rooms)
    enter(rooms, host, bidder=2, bid=260, partners=[0], taken=255)
    view = rooms.view(host).book
    assert view.rounds[0].made is False and view.rounds[0].taken == 255
    with pytest.raises(Refused, match="R26"):
        enter(rooms, host, bidder=2, bid=260, partners=[0], taken=270, made=False)


def test_h3_team_wise_scores_the_bidding_team(rooms: Rooms) -> None:
    _, host = rooms.create_book(
        "Asha", BookSettings(mode="teams", others=("Ben", "Chen", "Dev"), team_b=(1, 3))
    )
    enter(rooms, host, bidder=1, bid=150, made=True)  # team B (Ben, Dev) makes 150
    enter(rooms, host, bidder=0, bid=140, made=False)  # team A fails: team B scores 140
    view = rooms.view(host).book
    assert view.totals == (0, 290)
    assert view.rounds[0].partners == (3,)  # the side is Ben's whole team


def test_h3_the_game_ends_after_its_rounds_and_the_highest_total_wins(rooms: Rooms) -> None:
    _, host = book(rooms, rounds=2)
    enter(rooms, host, bidder=0, bid=250, partners=[1], made=True)
    enter(rooms, host, bidder=5, bid=250, partners=[4], made=True)
    view = rooms.view(host)
    assert view.status == "over"
    assert view.book.winners == (0, 5)  # 500 each: ties share the win (R28)
    with pytest.raises(Refused, match="over"):
        enter(rooms, host, bidder=1, bid=250, partners=[2], made=True)


def test_h3_the_last_round_can_be_corrected_until_the_next(rooms: Rooms) -> None:
    _, host = book(rooms)
    enter(rooms, host, bidder=0, bid=250, partners=[2], made=True)
    rooms.correct_round(host, {"bidder": 0, "bid": 250, "partners": [2], "made": False}, None)
    assert rooms.view(host).book.totals == (-250, 250, 0, 250, 250, 250)
    enter(rooms, host, bidder=1, bid=260, partners=[3], made=True)
    rooms.delete_round(host)
    view = rooms.view(host).book
    assert len(view.rounds) == 1 and view.totals == (-250, 250, 0, 250, 250, 250)


def test_h3_correcting_the_round_that_ended_the_game_reopens_it(rooms: Rooms, store: Store) -> None:
    _, host = book(rooms, target=550)
    enter(rooms, host, bidder=0, bid=275, partners=[1], made=True)  # Asha 550: the game ends
    assert rooms.view(host).status == "over"
    rooms.correct_round(host, {"bidder": 0, "bid": 250, "partners": [1], "made": True}, None)
    assert rooms.view(host).status == "scoring"  # 500: short of the target again
    with store.read() as session:
        assert session.exec(select(GameRecord)).all() == []
        [kept] = session.exec(select(RoundRecord)).all()
        [own] = session.exec(select(Moon3Round)).all()
        assert (own.round_id, own.bid, kept.source) == (kept.id, 250, "scorebook")


def test_h3_rounds_are_stored_for_the_stats_as_scorebook_rounds(rooms: Rooms, store: Store) -> None:
    _, host = book(rooms, rounds=1)
    enter(rooms, host, bidder=3, bid=300, partners=[0, 5], made=True)
    board = {s.name: s for s in stats.leaderboard(store)}
    assert board["Dev"].score == 600 and board["Dev"].bids_made == 1
    assert board["Asha"].partner_rounds == 1 and board["Asha"].partner_wins == 1
    assert board["Dev"].games_won == 1 and board["Ben"].games == 1
    assert stats.kali_summary(store).rounds == 0  # no cards
    assert stats.cardless(store) == 1
    pairs = {g.names: g for g in stats.groups(store, stats.Filters(), 2)}
    assert pairs[("Asha", "Dev")].together == 1 and pairs[("Asha", "Dev")].won == 1
    with store.read() as session:
        seats = session.exec(select(RoundSeat)).all()
        assert {s.dealt for s in seats} == {False}


def test_h3_the_exported_game_imports_as_already_stored(rooms: Rooms, store: Store) -> None:
    code, host = book(rooms, rounds=2)
    enter(rooms, host, bidder=0, bid=250, partners=[1], made=True)
    enter(rooms, host, bidder=2, bid=255, partners=[3, 4], made=False)
    exported = rooms.export_book(code)
    assert exported["games"][0]["scores"]["Farid"] == 255
    found = importing.check(store, "moon3", json.dumps(exported).encode(), "book.json")
    assert found.problems == []
    assert importing.store_history(store, "moon3", found) == importing.Added(0, 0, 1)


def test_h3_only_the_host_writes_unless_seated_players_are_allowed(rooms: Rooms) -> None:
    code, host = book(rooms)
    ben = next(s for s in rooms.watch(code).seats if s.name == "Ben")
    guest = rooms.claim_seat(code, ben.seat_id)
    with pytest.raises(Forbidden):
        enter(rooms, guest, bidder=1, bid=250, partners=[2], made=True)
    rooms.allow_scoring(host, True)
    enter(rooms, guest, bidder=1, bid=250, partners=[2], made=True)
    assert rooms.view(host).book.totals[1] == 500
    with pytest.raises(Refused, match="already taken"):
        rooms.claim_seat(code, ben.seat_id)


def test_h3_an_entry_on_a_stale_page_is_refused_and_changes_nothing(rooms: Rooms) -> None:
    _, host = book(rooms)
    version = rooms.view(host).version
    rooms.enter_round(host, {"bidder": 0, "bid": 250, "partners": [1], "made": True}, version)
    with pytest.raises(Stale):
        rooms.enter_round(host, {"bidder": 0, "bid": 250, "partners": [1], "made": True}, version)
    assert len(rooms.view(host).book.rounds) == 1


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        ({"bidder": 0, "bid": 252, "partners": [1], "made": True}, "multiple of 5"),
        ({"bidder": 0, "bid": 120, "partners": [1], "made": True}, "from 250"),
        ({"bidder": 6, "bid": 250, "partners": [1], "made": True}, "bidder"),
        ({"bidder": 0, "bid": 250, "partners": [0], "made": True}, "own partner"),
        ({"bidder": 0, "bid": 250, "partners": [1, 2, 3, 4, 5], "made": True}, "defend"),
        ({"bidder": 0, "bid": 250, "partners": [1]}, "made"),
    ],
)
def test_h3_a_bad_entry_gets_a_clear_message_and_changes_nothing(
    rooms: Rooms, entry: dict[str, object], reason: str
) -> None:
    _, host = book(rooms)
    before = rooms.view(host)
    with pytest.raises(Refused, match=reason):
        rooms.enter_round(host, entry, before.version)
    assert rooms.view(host).version == before.version


def test_h3_random_mode_draws_two_teams_once_r9(rooms: Rooms) -> None:
    _, host = rooms.create_book(
        "Asha", BookSettings(mode="random", others=("Ben", "Chen", "Dev", "Esha"))
    )
    view = rooms.view(host).book
    assert sorted((view.teams.count(0), view.teams.count(1))) == [2, 3]
    enter(rooms, host, bidder=0, bid=260, made=True)
    team = [p for p in range(5) if view.teams[p] == view.teams[0]]
    assert rooms.view(host).book.rounds[0].partners == tuple(p for p in team if p != 0)
    assert rooms.view(host).book.totals[view.teams[0]] == 260
    assert rooms.view(host).book.teams == view.teams  # drawn once, kept all game


def test_h3_a_scorebook_game_already_imported_is_stored_once(rooms: Rooms, store: Store) -> None:
    code, host = book(rooms, rounds=1)
    made = {"bidder": 0, "bid": 250, "partners": [1], "made": True}
    enter(rooms, host, **made)
    exported = json.dumps(rooms.export_book(code)).encode()
    rooms.correct_round(host, {**made, "made": False}, None)  # the stored game changes
    found = importing.check(store, "moon3", exported, "book.json")
    assert importing.store_history(store, "moon3", found).games == 1  # the game as it was
    rooms.correct_round(host, made, None)  # and back: the book keeps it as imported
    with store.read() as session:
        kept = [g.source for g in session.exec(select(GameRecord)).all()]
    assert kept == ["import"]
    assert rooms.view(host).book.totals == (500, 250, 0, 0, 0, 0)


def test_h3_a_csv_export_imports_every_name_as_it_was_and_adds_nothing(
    rooms: Rooms, store: Store
) -> None:
    others = ("Ann;Bo", "Chen, Li", 'Dev "D"', "-Eve")  # a separator, a comma, quotes, a formula
    code, host = rooms.create_book("Asha", BookSettings(others=others, rounds=3))
    enter(rooms, host, bidder=0, bid=250, partners=[1], made=True)
    enter(rooms, host, bidder=2, bid=260, partners=[3], made=False)
    enter(rooms, host, bidder=4, bid=255, partners=[0, 1], made=True)
    text = charts.csv_text(*rooms.export_book_rows(code))  # as the page downloads it
    found = importing.check(store, "moon3", text.encode(), "book.csv")
    assert found.problems == []
    [game] = found.games
    assert sorted(game.names) == sorted(("Asha", *others))
    assert importing.store_history(store, "moon3", found) == importing.Added(0, 0, 1)


def test_h3_a_csv_export_names_every_player_even_one_never_in_a_round(
    rooms: Rooms, store: Store
) -> None:
    code, host = book(rooms, rounds=1)
    enter(rooms, host, bidder=0, bid=250, partners=[1], made=False)  # Chen…Farid defend
    found = importing.check(
        store, "moon3", charts.csv_text(*rooms.export_book_rows(code)).encode(), "b.csv"
    )
    [game] = found.games
    assert game.names == ["Asha", *SIX] and game.note == ""
    assert game.status == "skipped: already stored"


def test_h3_a_three_player_round_allows_at_most_1_partner(rooms: Rooms) -> None:
    _, host = rooms.create_book("Asha", BookSettings(others=("Ben", "Chen")))
    with pytest.raises(Refused, match=r"^at most 1 partner: someone must defend$"):
        enter(rooms, host, bidder=0, bid=125, partners=[1, 2], made=True)


def test_h3_a_finished_game_is_stored_with_its_count_of_rounds(rooms: Rooms, store: Store) -> None:
    _, host = book(rooms, rounds=2)
    enter(rooms, host, bidder=0, bid=250, partners=[1], made=True)
    enter(rooms, host, bidder=2, bid=255, partners=[3, 4], made=False)
    with store.read() as session:
        kept = [(g.rounds, g.source) for g in session.exec(select(GameRecord)).all()]
    assert kept == [(2, "scorebook")]
