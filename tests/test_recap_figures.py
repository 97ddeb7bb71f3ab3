"""H5's Recap figures (directed calls, preferred partner, nemesis, the lead, big bids, top-3
finishes) and A10's minimums, on both databases, against a small history counted by hand.

January (Card-Based, four players, one deck, one card called a round; R27 scores):

====  ===========================  =====================  =============================
 #     bid                          round's scores         running: Ann Bo Cy Di (leads)
====  ===========================  =====================  =============================
 1     Ann 150 with Bo, made        Ann +300, Bo +150      300 150   0   0  (Ann)
 2     Ann 200 with Bo, failed      Ann −200, Cy/Di +200   100 150 200 200  (Cy, Di)
 3     Cy 130 with Ann, made        Cy +260, Ann +130      230 150 460 200  (Cy)
 4     Di 210 with Cy, failed       Di −210, Ann/Bo +210   440 360 460 −10  (Cy)
====  ===========================  =====================  =============================

Final totals Cy 460, Ann 440, Bo 360, Di −10: Cy, Ann and Bo finish in the top three.
February: one Team-wise game, Ann & Cy against Bo & Di: Ann bids 150 with Cy, made; Bo bids
160 with Di, failed (Ann & Cy 310, Bo & Di 0).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from sqlalchemy import text

from core import importing
from core.moon3.figures import (
    BOT,
    GUEST,
    MIN_TOGETHER,
    REGULAR,
    Call,
    Group,
    Rival,
    Standing,
    best,
    kinds,
    least_together,
    preferred,
    worst,
)
from core.stats import Stats
from core.store import Store
from core.store.moon3 import stats
from core.store.tables import OPEN_GROUP

FOUR = ["Ann", "Bo", "Cy", "Di"]
HISTORY = {
    "games": [
        {
            "date": "2025-01-10",
            "players": FOUR,
            "rounds": [
                {"leader": "Ann", "teammates": ["Bo"], "points": 150, "result": "made"},
                {"leader": "Ann", "teammates": ["Bo"], "points": 200, "result": "failed"},
                {"leader": "Cy", "teammates": ["Ann"], "points": 130, "result": "made"},
                {"leader": "Di", "teammates": ["Cy"], "points": 210, "result": "failed"},
            ],
            "scores": {"Ann": 440, "Bo": 360, "Cy": 460, "Di": -10},
        },
        {
            "date": "2025-02-10",
            "mode": "teams",
            "teams": [["Ann", "Cy"], ["Bo", "Di"]],
            "players": FOUR,
            "rounds": [
                {"leader": "Ann", "teammates": ["Cy"], "points": 150, "result": "made"},
                {"leader": "Bo", "teammates": ["Di"], "points": 160, "result": "failed"},
            ],
            "scores": {"Ann": 310, "Bo": 0, "Cy": 310, "Di": 0},
        },
    ]
}
JANUARY = stats.Filters(
    since=datetime(2025, 1, 1, tzinfo=UTC), until=datetime(2025, 2, 1, tzinfo=UTC)
)


def imported(store: Store, history: dict[str, object]) -> Store:
    data = json.dumps(history).encode()
    found = importing.check(store, "moon3", data, "history.json")
    assert found.problems == []
    importing.store_history(store, "moon3", found)
    return store


@pytest.fixture
def history(store: Store) -> Store:
    return imported(store, HISTORY)


def standing(name: str, rounds: int) -> Standing:
    return Standing(name, rounds, 0, 0, 0, 0, 0, 0, 0, 0.0, 0, 0)


# ---------------------------------------------------------------- the Recap's new figures


def test_recap_a_bidder_calls_the_players_their_cards_made_partners_directed(
    history: Store,
) -> None:
    found = stats.matchups(history, JANUARY)
    assert found.calls == [
        Call("Ann", "Bo", 2, 2),
        Call("Cy", "Ann", 1, 1),
        Call("Di", "Cy", 1, 1),
    ]
    assert found.most_called("Ann") == Call("Ann", "Bo", 2, 2)
    assert found.most_called("Bo") is None  # Bo never bid: Ann calling Bo is not Bo calling Ann


def test_recap_a_team_wise_partner_is_not_called(history: Store) -> None:
    # February's Ann with Cy is a team, not a call: the whole year has January's calls only.
    assert stats.matchups(history).calls == stats.matchups(history, JANUARY).calls


def test_recap_the_nemesis_is_the_opponent_one_lost_most_rounds_to(history: Store) -> None:
    found = stats.matchups(history, JANUARY)
    # Di lost to Ann in rounds 1, 3 and 4, of the four they were on opposite sides.
    assert found.nemesis("Di") == Rival("Di", "Ann", 4, 3)
    # Bo lost to Cy in rounds 2 and 3 (and to Ann or Di once each).
    assert found.nemesis("Bo") == Rival("Bo", "Cy", 4, 2)


def test_recap_a_nemesis_tie_goes_to_the_higher_share_lost(history: Store) -> None:
    found = stats.matchups(history, JANUARY)
    # Ann lost round 2 to both Cy and Di: 1 of 3 against Cy (together in round 3), 1 of 4
    # against Di.
    assert found.nemesis("Ann") == Rival("Ann", "Cy", 3, 1)
    # Cy lost rounds 1 and 4 to both Ann (2 of 3) and Bo (2 of 4).
    assert found.nemesis("Cy") == Rival("Cy", "Ann", 3, 2)


def test_recap_the_preferred_partner_is_the_one_won_most_rounds_with(history: Store) -> None:
    pairs = stats.groups(history, JANUARY, 2)
    # Ann won once with Bo (of 2) and once with Cy (of 1): the tie goes to the higher rate.
    assert preferred(pairs, "Ann") == Group(("Ann", "Cy"), 1, 1)
    assert preferred(pairs, "Bo") == Group(("Ann", "Bo"), 2, 1)
    assert preferred(pairs, "Di") is None  # Di never won on a side with anyone


def test_recap_the_lead_is_the_top_running_score_after_each_round(history: Store) -> None:
    led = {n: (h.rounds, h.leads) for n, h in stats.matchups(history, JANUARY).habits.items()}
    assert led == {"Ann": (4, 1), "Bo": (4, 0), "Cy": (4, 3), "Di": (4, 1)}


def test_recap_the_lead_restarts_with_each_game(history: Store) -> None:
    # February: Ann & Cy lead after both rounds (150, then 310), Bo & Di never.
    led = {n: h.leads for n, h in stats.matchups(history).habits.items()}
    assert led == {"Ann": 1 + 2, "Bo": 0, "Cy": 3 + 2, "Di": 1}


def test_recap_the_lead_of_a_range_starting_mid_game_counts_the_whole_games_score(
    history: Store,
) -> None:
    # January's rounds 3 and 4 finished on the 20th: from the 15th, Cy leads after both on
    # the game's running score (460 and 460), though Ann scored more in those two rounds.
    with history.write() as session:
        session.execute(
            text(
                "update round_record set finished_at = :late where round_number >= 3"
                " and finished_at < :february"
            ),
            {"late": datetime(2025, 1, 20, 12, tzinfo=UTC), "february": datetime(2025, 2, 1)},
        )
        session.commit()
    late = stats.Filters(
        since=datetime(2025, 1, 15, tzinfo=UTC), until=datetime(2025, 2, 1, tzinfo=UTC)
    )
    led = {n: (h.rounds, h.leads) for n, h in stats.matchups(history, late).habits.items()}
    assert led == {"Ann": (2, 0), "Bo": (2, 0), "Cy": (2, 2), "Di": (2, 0)}


def test_recap_a_store_from_before_the_running_scores_gets_them_when_opened(
    history: Store, database_url: str
) -> None:
    before = stats.matchups(history)
    with history.write() as session:
        session.execute(text("update round_seat set total = null, leads = null"))
        session.commit()
    assert stats.matchups(history).habits["Cy"].leads == 0  # nothing to read yet
    reopened = Store(database_url)
    try:
        assert stats.matchups(reopened) == before
        with reopened.read() as session:
            empty = "select count(*) from round_seat where total is null or leads is null"
            assert session.execute(text(empty)).scalar() == 0
    finally:
        reopened.close()


def test_recap_big_bids_are_those_of_200_or_more_with_one_deck(history: Store) -> None:
    big = {n: (h.bids, h.big_bids) for n, h in stats.matchups(history, JANUARY).habits.items()}
    assert big == {"Ann": (2, 1), "Bo": (0, 0), "Cy": (1, 0), "Di": (1, 1)}


def test_recap_big_bids_follow_the_decks_325_or_more_with_two(store: Store) -> None:
    two_decks = {
        "games": [
            {
                "date": "2025-03-01",
                "decks": 2,
                "players": FOUR,
                "rounds": [
                    {"leader": "Ann", "teammates": ["Bo"], "points": 320, "result": "made"},
                    {"leader": "Ann", "teammates": ["Cy"], "points": 325, "result": "made"},
                ],
            }
        ]
    }
    found = stats.matchups(imported(store, two_decks))
    assert (found.habits["Ann"].bids, found.habits["Ann"].big_bids) == (2, 1)
    assert found.decks == [2]


def test_recap_top_three_finishes_count_card_based_games_only(history: Store) -> None:
    # January: Cy 460, Ann 440, Bo 360 in the top three, Di −10 fourth; February is Team-wise.
    placed = {
        n: (h.placed_games, h.top_finishes) for n, h in stats.matchups(history).habits.items()
    }
    assert placed == {"Ann": (1, 1), "Bo": (1, 1), "Cy": (1, 1), "Di": (1, 0)}


def test_recap_figures_are_the_groups_own(history: Store) -> None:
    # The history is the open group's: a group that holds none of it sees none of its figures.
    assert Stats(history, OPEN_GROUP).matchups("moon3", stats.Filters()).calls != []
    other = Stats(history, "another")
    found = other.matchups("moon3", stats.Filters())
    assert (found.calls, found.rivals, found.habits) == ([], [], {})


# ---------------------------------------------------------------- A10: minimums that mean something


def test_a10_the_minimum_stays_three_for_a_small_group() -> None:
    assert least_together([standing(n, 4) for n in FOUR]) == MIN_TOGETHER


def test_a10_the_minimum_is_a_tenth_of_the_regulars_median_rounds() -> None:
    board = [standing("Ann", 400), standing("Bo", 350), standing("Cy", 301)]
    assert least_together(board) == 35


def test_a10_guests_and_bots_do_not_set_the_minimum() -> None:
    regulars = [standing("Ann", 400), standing("Bo", 350), standing("Cy", 301)]
    guests = [standing(f"Guest {n}", 4) for n in range(9)]
    assert least_together([*regulars, *guests, standing("Bot 1", 900)]) == 35


def test_a10_a_guest_has_fewer_than_a_fifth_of_the_busiest_persons_rounds() -> None:
    board = [standing("Ann", 100), standing("Bo", 20), standing("Gus", 19), standing("Bot 2", 500)]
    assert kinds(board) == {"Ann": REGULAR, "Bo": REGULAR, "Gus": GUEST, "Bot 2": BOT}


def test_a10_a_pair_that_never_lost_is_no_worst_pair() -> None:
    assert worst([Group(("Fay", "Hal"), 3, 3)], MIN_TOGETHER) == []


def test_a10_a_pair_that_mostly_lost_is_no_best_pair() -> None:
    assert best([Group(("Fay", "Hal"), 3, 1)], MIN_TOGETHER) == []


def test_a10_a_guests_few_rounds_do_not_make_them_a_best_partner(store: Store) -> None:
    # Ann, Bo, Cy and Di play five games of eight rounds, Ann calling Bo, Cy, Di in turn and
    # failing the last three (Ann & Bo 10 of 15, Ann & Cy 10 of 15, Ann & Di 5 of 10); Gus
    # comes once, Ann calls him three times and they win all three: the best at the old
    # minimum of three rounds, but the regulars play 43 rounds, so the minimum is now 5.
    regular = []
    for game in range(5):
        rounds = []
        for number in range(8):
            partner = ["Bo", "Cy", "Di"][number % 3]
            made = "made" if number < 5 else "failed"
            rounds.append({"leader": "Ann", "teammates": [partner], "points": 150, "result": made})
        regular.append({"date": f"2025-04-{game + 1:02d}", "players": FOUR, "rounds": rounds})
    gus = {
        "date": "2025-04-20",
        "players": [*FOUR, "Gus"],
        "rounds": [
            {"leader": "Ann", "teammates": ["Gus"], "points": 150, "result": "made"}
            for _ in range(3)
        ],
    }
    imported(store, {"games": [*regular, gus]})
    cards = {c.name: c for c in stats.recap(store)}
    assert least_together([c.standing for c in cards.values()]) == 5
    assert cards["Ann"].best == Group(("Ann", "Bo"), 15, 10)
    assert best(stats.groups(store, size=2), MIN_TOGETHER, 1)[0].names == ("Ann", "Gus")
