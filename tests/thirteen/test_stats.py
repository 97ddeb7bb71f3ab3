"""Thirteen figures, aggregated in SQL over stored hands, agree with hands worked out by hand.

Three short hands are built card by card so that every place, bomb and
first lead is known (T2, T4, T6), each its own one-hand game, and stored
the way a room stores them (``round_facts`` through ``history``), on SQLite
and on PostgreSQL:

- A, 4 players (Asha, Ben, Chen, Dev), each holding one suit from 3 to 2.
  Asha holds 3♠ and leads her run; each beats it with a higher run, Dev's
  hearts last. Everyone passes; Dev goes out with 2♥ (1st). Nobody beats
  it; Asha, next still holding cards, goes out with 2♠ (2nd), Ben beats it
  with 2♣ (3rd) and Chen is left holding 2♦ (4th).
- B, 2 players (Ben, Asha), a later hand led by Asha: she leads 2♥, Ben
  bombs it with four 4s, she passes and he goes out with a nine-card run.
  Asha is left with 12 cards.
- C, 3 players (Chen, Dev, Asha), a first hand: Asha holds 3♠, leads her
  run 3♠–A♠, nobody beats it, and she goes out with 2♥ (1st, from the
  first lead). Chen bombs the 2♥ with three pairs 4–6, Dev bombs that with
  three pairs 7–9, Chen passes and Dev goes out with a run (2nd); Chen is
  left with 7 cards.

The pages are then opened with hostile player names.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.games import RoundFacts
from core.store import Store, history
from core.store import stats as shared
from core.store.thirteen import stats
from core.thirteen import cards, record, rules, table
from core.thirteen.actions import PASS, PLAY, Action
from core.thirteen.config import Config
from core.thirteen.figures import Overview, Player
from core.thirteen.state import State
from tests.apptests import page, pages_on
from tests.test_hostile_pages import check_page
from ui import charts, escape, look
from ui.thirteen import stats as page_stats

SPADES = "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"


def run_of(suit: str) -> str:
    return " ".join(f"{r}{suit}" for r in "3456789TJQKA")


@dataclass(frozen=True)
class Built:
    """A hand built by hand: its table, its players, when it ended, and the state played."""

    room: str
    names: tuple[str, ...]
    finished_at: datetime
    state: State


def build(hands: list[str], moves: list[tuple[int, str]], first_leader: int | None = None) -> State:
    """The hand dealt as given and played move by move (``""`` a pass), every move checked."""
    state = rules.start(
        Config(len(hands), 1),
        [[cards.parse(c) for c in hand.split()] for hand in hands],
        first_leader,
    )
    for seat, played in moves:
        if played:
            rules.apply(state, Action(seat, PLAY, tuple(sorted(map(cards.parse, played.split())))))
        else:
            rules.apply(state, Action(seat, PASS))
    assert record.is_over(state)
    return state


def hand_a() -> State:
    suits = [f"{run_of(s)} 2{s}" for s in "SCDH"]
    return build(
        suits,
        [
            *((seat, run_of(suit)) for seat, suit in enumerate("SCDH")),
            *((seat, "") for seat in range(3)),
            (3, "2H"),  # Dev is out: 1st
            *((seat, "") for seat in range(3)),
            (0, "2S"),  # Asha, next still holding cards, leads and is out: 2nd
            (1, "2C"),  # Ben is out: 3rd; Chen is left with 2♦
        ],
    )


def hand_b() -> State:
    return build(
        [
            "4S 4C 4D 4H 5S 6S 7S 8S 9S TS JS QS KS",
            "2H 3S 3C 3D 3H 6C 6D 7C 7D 8C 8D AC AD",
        ],
        [(1, "2H"), (0, "4S 4C 4D 4H"), (1, ""), (0, "5S 6S 7S 8S 9S TS JS QS KS")],
        first_leader=1,
    )


def hand_c() -> State:
    return build(
        [
            "4C 4D 5C 5D 6C 6D TH JH QH KH AH TC JC",
            "7C 7D 8C 8D 9C 9D 3H 4H 5H 6H 7H 8H 9H",
            f"{SPADES} 2H",
        ],
        [
            (2, SPADES),
            (0, ""),
            (1, ""),
            (2, "2H"),  # Asha is out: 1st
            (0, "4C 4D 5C 5D 6C 6D"),  # a bomb on a single 2
            (1, "7C 7D 8C 8D 9C 9D"),  # a higher bomb on the bomb
            (0, ""),
            (1, "3H 4H 5H 6H 7H 8H 9H"),  # Dev is out: 2nd; Chen is left with 7 cards
        ],
    )


FEBRUARY = datetime(2025, 2, 1, tzinfo=UTC)


@pytest.fixture(scope="module")
def built() -> list[Built]:
    return [
        Built("AAAA", ("Asha", "Ben", "Chen", "Dev"), datetime(2025, 1, 10, tzinfo=UTC), hand_a()),
        Built("BBBB", ("Ben", "Asha"), datetime(2025, 2, 10, tzinfo=UTC), hand_b()),
        Built("CCCC", ("Chen", "Dev", "Asha"), datetime(2025, 3, 10, tzinfo=UTC), hand_c()),
    ]


def rows_of(hands: list[Built]) -> list[object]:
    """Each hand and its one-hand game, as a room stores them; then an abandoned hand and
    another game's round, which no figure may count."""
    rows: list[object] = []
    for hand in hands:
        state = hand.state
        rows.append(
            history.round_rows(
                "thirteen",
                table.round_facts(state, hand.names),
                hand.names,
                record.dump(state, {"names": list(hand.names)}),
                room_code=hand.room,
                game_number=1,
                round_number=1,
                finished_at=hand.finished_at,
            )
        )
        totals = record.totals(state)
        assert totals is not None
        winners = [state.places[0]]
        rows.append(
            history.game_rows(
                "thirteen",
                table.game_facts(state.config, hand.names, totals, winners),
                hand.names,
                totals,
                winners,
                room_code=hand.room,
                game_number=1,
                rounds=1,
                finished_at=hand.finished_at,
            )
        )
    last = hands[-1]
    for game, abandoned in (("thirteen", True), ("spades", False)):
        rows.append(
            history.round_rows(
                game,
                table.round_facts(last.state, last.names) if abandoned else RoundFacts("x", 3),
                last.names,
                record.dump(last.state),
                room_code="DDDD",
                game_number=1,
                round_number=1,
                finished_at=last.finished_at + timedelta(hours=1),
                abandoned=abandoned,
            )
        )
    return rows


@pytest.fixture
def stored(store: Store, built: list[Built]) -> list[Built]:
    with store.write() as session:
        history.save(session, rows_of(built))
        session.commit()
    return built


def board(store: Store, filters: stats.Filters | None = None) -> dict[str, stats.Player]:
    return {p.name: p for p in stats.overview(store, filters).leaderboard}


# ---------------------------------------------------------------- the store's figures


def test_no_hands_no_figures(store: Store) -> None:
    figures = stats.overview(store)
    assert figures.hands == 0 and figures.games == 0 and figures.leaderboard == []
    assert figures.first_lead_rate == 0.0 and stats.hands(store) == []
    assert stats.date_range(store) is None


def test_hands_played_counts_each_finished_hand_once(store: Store, stored: list[Built]) -> None:
    figures = stats.overview(store)
    # The abandoned hand and the other game's round are left out.
    assert figures.hands == 3 and figures.games == 3
    assert [(s.players, s.hands) for s in figures.by_size] == [(2, 1), (3, 1), (4, 1)]


def test_t6_places_per_player(store: Store, stored: list[Built]) -> None:
    places = {name: p.places for name, p in board(store).items()}
    assert places == {
        "Asha": (1, 2, 0, 0),  # A 2nd, B 2nd, C 1st
        "Ben": (1, 0, 1, 0),  # A 3rd, B 1st
        "Chen": (0, 0, 1, 1),  # A 4th, C 3rd
        "Dev": (1, 1, 0, 0),  # A 1st, C 2nd
    }


def test_t6_average_place(store: Store, stored: list[Built]) -> None:
    averages = {name: p.average_place for name, p in board(store).items()}
    assert averages == pytest.approx({"Asha": 5 / 3, "Ben": 2.0, "Chen": 3.5, "Dev": 1.5})


def test_t6_points_n_minus_one_for_first_down_to_nothing_for_last(
    store: Store, stored: list[Built]
) -> None:
    points = {name: p.points for name, p in board(store).items()}
    # A: Dev 3, Asha 2, Ben 1, Chen 0; B: Ben 1, Asha 0; C: Asha 2, Dev 1, Chen 0.
    assert points == {"Asha": 4, "Ben": 2, "Chen": 0, "Dev": 4}


def test_t4_bombs_per_player_and_per_table(store: Store, stored: list[Built]) -> None:
    bombs = {name: p.bombs for name, p in board(store).items()}
    # Ben's four 4s on a 2 (B); Chen's three pairs on a 2 and Dev's higher three pairs (C).
    assert bombs == {"Asha": 0, "Ben": 1, "Chen": 1, "Dev": 1}
    figures = stats.overview(store)
    assert figures.bombs == 3 and figures.bomb_hands == 2
    assert [(s.bombs, s.bomb_hands) for s in figures.by_size] == [(1, 1), (2, 1), (0, 0)]


def test_t2_hands_won_from_the_first_lead(store: Store, stored: list[Built]) -> None:
    players = board(store)
    # Asha led the first trick of all three hands and won only C.
    assert (players["Asha"].led_first, players["Asha"].first_lead_wins) == (3, 1)
    assert players["Asha"].first_lead_rate == pytest.approx(1 / 3)
    assert all(players[n].led_first == 0 for n in ("Ben", "Chen", "Dev"))
    figures = stats.overview(store)
    assert figures.first_lead_wins == 1 and figures.first_lead_rate == pytest.approx(1 / 3)
    assert [s.first_lead_wins for s in figures.by_size] == [0, 1, 0]


def test_cards_left_when_last(store: Store, stored: list[Built]) -> None:
    left = {name: p.cards_left for name, p in board(store).items()}
    assert left == {"Asha": 12, "Ben": 0, "Chen": 8, "Dev": 0}


def test_games_played_and_won_and_the_leaderboard_order(store: Store, stored: list[Built]) -> None:
    players = board(store)
    games = {name: (p.games, p.games_won, p.hands, p.hands_won) for name, p in players.items()}
    assert games == {
        "Asha": (3, 1, 3, 1),
        "Ben": (2, 1, 2, 1),
        "Chen": (2, 0, 2, 0),
        "Dev": (2, 1, 2, 1),
    }
    # Games won, then points, then hands won, then the better average place.
    assert [p.name for p in stats.overview(store).leaderboard] == ["Dev", "Asha", "Ben", "Chen"]


def test_table_size_filter_keeps_its_hands_and_games(store: Store, stored: list[Built]) -> None:
    three = stats.Filters(players=3)
    figures = stats.overview(store, three)
    assert figures.hands == 1 and figures.games == 1
    assert {p.name: (p.games, p.games_won, p.places[0]) for p in figures.leaderboard} == {
        "Asha": (1, 1, 1),
        "Dev": (1, 0, 0),
        "Chen": (1, 0, 0),
    }
    assert [line.room_code for line in stats.hands(store, three)] == ["CCCC"]


def test_dates_keep_the_hands_and_games_in_range(store: Store, stored: list[Built]) -> None:
    later = stats.overview(store, stats.Filters(since=FEBRUARY))
    assert later.hands == 2 and later.games == 2
    assert {p.name: p.hands for p in later.leaderboard} == {
        "Asha": 2,
        "Ben": 1,
        "Chen": 1,
        "Dev": 1,
    }
    assert stats.overview(store, stats.Filters(until=FEBRUARY)).hands == 1
    first, last = stats.date_range(store) or (None, None)
    assert first is not None and last is not None
    assert (first.date(), last.date()) == (
        stored[0].finished_at.date(),
        stored[-1].finished_at.date(),
    )


def test_recent_hands_newest_first_with_their_facts(store: Store, stored: list[Built]) -> None:
    lines = stats.hands(store)
    assert [line.room_code for line in lines] == ["CCCC", "BBBB", "AAAA"]
    newest = lines[0]
    assert newest.names == ["Chen", "Dev", "Asha"] and newest.players == 3
    assert (newest.winner, newest.won_from_lead, newest.bombs) == (2, True, 2)
    assert (lines[2].winner, lines[2].won_from_lead, lines[2].bombs) == (3, False, 0)


def test_a_stored_hand_replays_as_played(store: Store, stored: list[Built]) -> None:
    line = stats.hands(store, limit=1)[0]
    text = shared.hand_record(store, stats.GAME, line.id)
    assert text is not None
    state = record.replay(record.load(json.loads(text)))
    assert state.places == stored[-1].state.places == [2, 1, 0]
    assert shared.hand_record(store, stats.GAME, line.id + 1000) is None


# ---------------------------------------------------------------- the replay


def played_at_random(seed: int, players: int) -> State:
    rng = random.Random(seed)
    state = rules.deal(Config(players, 1), seed)
    while state.to_act is not None:
        rules.apply(state, rng.choice(rules.legal_actions(state)))
    return state


@pytest.mark.parametrize("seed, players", [(1, 4), (2, 3), (3, 2)])
def test_replay_steps_match_the_record_replay(seed: int, players: int) -> None:
    data = record.dump(played_at_random(seed, players))
    hand = record.load(data)
    names = [f"P{s}" for s in range(players)]
    for moves in range(len(hand.actions) + 1):
        step = page_stats.after(hand, moves)
        expected = record.describe(
            record.replay(record.load({**data, "actions": data["actions"][:moves]}))
        )
        assert record.describe(step.state) == expected
        html = page_stats.replay_html(step, names)
        left = [int(n) for n in re.findall(r'class="ths-left">(\d+) cards? left', html)]
        assert left == expected["cards_left"]
        passed, places = expected["passed"], expected["places"]
        assert isinstance(passed, list) and isinstance(places, list)
        assert html.count("ths-passed") == len(passed)
        for place, seat in enumerate(places):
            assert f"{page_stats.PLACE_WORDS[place]} P{seat}" in html


def test_replay_tells_the_trick_won_the_bombs_and_the_places() -> None:
    hand = record.load(record.dump(hand_c()))
    names = ["Chen", "Dev", "Asha"]
    dealt = page_stats.replay_html(page_stats.after(hand, 0), names)
    assert "<b>Asha</b> holds the lowest card, 3♠" in dealt
    won = page_stats.after(hand, 3)
    assert won.ended_by == 2 and [seat for seat, _ in won.ended] == [2, 0, 1]
    assert "Nobody beats it: <b>Asha</b> leads afresh" in page_stats.replay_html(won, names)
    out = page_stats.replay_html(page_stats.after(hand, 4), names)
    assert "<b>Asha</b> is out: <b>1st</b>" in out
    for moves in (5, 6):
        step = page_stats.after(hand, moves)
        assert step.bombed and "a bomb!" in page_stats.replay_html(step, names)
    end = page_stats.replay_html(page_stats.after(hand, len(hand.actions)), names)
    assert "Hand over: <b>Chen</b> is last, holding 7 cards" in end
    assert "Asha +2, Dev +1, Chen +0" in end
    # Every card dealt is face up, the 13 cards left out of a 3-player deal are not.
    assert end.count("data-card=") == 39 + 7  # the hands, and the last trick's cards


# ---------------------------------------------------------------- the pages

HOSTILE = "<b>x</b>*y*"
FORMULA = "=1+1"


def renamed(built: list[Built]) -> list[Built]:
    hostile = {"Ben": HOSTILE, "Chen": FORMULA}
    return [replace(h, names=tuple(hostile.get(n, n) for n in h.names)) for h in built]


def test_leaderboard_html_shows_hostile_names_as_text(store: Store, built: list[Built]) -> None:
    with store.write() as session:
        history.save(session, rows_of(renamed(built)))
        session.commit()
    figures = stats.overview(store)
    html = look.table_html(*page_stats.leaderboard_table(figures))
    assert escape.html(HOSTILE) in html and HOSTILE not in html and "<b>x" not in html
    chart = page_stats.places_chart(figures)
    assert escape.chart(HOSTILE) in chart.data[0].y and HOSTILE not in chart.data[0].y


def test_csv_neutralises_a_formula_name(store: Store, built: list[Built]) -> None:
    with store.write() as session:
        history.save(session, rows_of(renamed(built)))
        session.commit()
    figures = stats.overview(store)
    for shown in (
        page_stats.leaderboard_table,
        page_stats.places_table,
        page_stats.first_lead_players,
        page_stats.bombs_table,
    ):
        out = charts.csv_text(*shown(figures))
        assert not any(line.startswith(("=", "+", "-", "@")) for line in out.splitlines())
    assert "'=1+1" in charts.csv_text(*page_stats.leaderboard_table(figures))


def test_leaderboard_sorts_by_each_column(store: Store, stored: list[Built]) -> None:
    figures = stats.overview(store)
    first = {
        "Games won": "Dev",  # then Asha: both won a game and have 4 points; Dev's place is better
        "Average place": "Dev",
        "Points": "Dev",
        "Hands won": "Dev",
        "Won from the first lead": "Asha",
        "Bombs": "Ben",  # Ben, Chen and Dev played one each: by name
        "Name": "Asha",
    }
    assert set(first) == set(page_stats.ORDERS)
    for order, leader in first.items():
        header, rows = page_stats.leaderboard_table(figures, order)
        assert sorted(str(r[0]) for r in rows) == ["Asha", "Ben", "Chen", "Dev"]
        assert rows[0][0] == leader and len(header) == len(rows[0]), order


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory, built: list[Built]) -> Iterator[str]:
    """The same hands on a database of the pages' own, Ben and Chen renamed to hostile names."""
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('th-stats') / 'rooms.db'}") as url:
        store = Store(url)
        with store.write() as session:
            history.save(session, rows_of(renamed(built)))
            session.commit()
        store.close()
        yield url


def opened(name: str) -> AppTest:
    """A page run with Thirteen chosen in its game selector."""
    at = page(name).run()
    at.radio(key=f"{name}-game").set_value("thirteen").run()
    return at


def replay_of(at: AppTest) -> str:
    return next(str(m.value) for m in at.markdown if 'class="ths-replay"' in str(m.value))


def test_stats_page_says_how_to_get_figures_when_empty(tmp_path: Path) -> None:
    with pages_on(f"sqlite:///{tmp_path / 'empty.db'}"):
        at = opened("stats")
        assert not at.exception
        assert any("Quick game" in i.value for i in at.info)
        assert not at.metric


def test_stats_page_shows_the_figures_and_names_as_text(database: str) -> None:
    at = opened("stats")
    html = check_page(at)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Hands played"] == "3" and metrics["Games finished"] == "3"
    assert metrics["Won from the first lead"] == "33%" and metrics["Bombs played"] == "3"
    heads = [h.value for h in at.subheader]
    assert heads == ["Places", "Won from the first lead", "Bombs", "Leaderboard", "Replay a hand"]
    assert escape.html(HOSTILE) in html  # shown as the text it is
    assert "<b>x</b>" not in html and "<em>y</em>" not in html


def test_stats_page_filters_by_table_size(database: str) -> None:
    at = opened("stats")
    at.selectbox(key="th-f-players").set_value(2).run()
    check_page(at)
    assert {m.label: m.value for m in at.metric}["Hands played"] == "1"
    assert "2 players" in at.expander[0].label


def test_stats_page_sorts_the_leaderboard(database: str) -> None:
    at = opened("stats")
    at.selectbox(key="th-order").set_value("Bombs").run()
    html = check_page(at)
    board = html[html.index("Won from the first lead</th></tr>") :]
    assert board.index(escape.html(HOSTILE)) < board.index("Asha")  # Ben's bomb first


def test_stats_replay_steps_one_move_at_a_time(database: str) -> None:
    at = opened("stats")
    assert "As dealt" in replay_of(at)
    next(b for b in at.button if b.label == "Next").click().run()
    check_page(at)
    assert next(s for s in at.slider if s.label == "Move").value == 1
    assert "leads <b>run 3–A</b>" in replay_of(at)  # the newest hand: C, Asha's run
    next(s for s in at.slider if s.label == "Move").set_value(8).run()
    html = check_page(at)
    assert "Hand over" in replay_of(at) and escape.html(FORMULA) in html


def test_rules_page_explains_thirteen_from_the_engine(database: str) -> None:
    at = opened("rules")
    assert not at.exception
    assert [t.value for t in at.title] == ["Rules of Thirteen"]
    text = " ".join(str(m.value) for m in at.markdown)
    assert "2 to 4 players" in text and "13 cards each" in text  # T1
    assert "lowest card dealt" in text  # T2
    assert "<b>run 4–7</b>" in text and "<b>3 pairs 8–10</b>" in text  # T3
    assert "<b>pair of 9s to 9♥</b> beats <b>pair of 9s to 9♦</b>" in text  # T4
    assert "<b>four 3s</b> beats <b>single 2♥</b>" in text  # T4 bombs
    assert "<b>4 pairs 5–8</b> beats <b>pair of 2s</b>" in text
    assert "<b>four 3s</b> does not beat <b>pair of 2s</b>" in text
    assert "leads afresh" in text  # T5
    assert "highest total wins" in text  # T6
    assert text.count("data-card=") >= 80


def test_a10_one_lucky_hand_never_tops_the_ranking_by_average_place() -> None:
    # Lucky won the one hand played; Steady has ten hands, an average place of 2.
    lucky = Player("Lucky", 0, 0, 1, (1, 0, 0, 0), 1, 3, 0, 0, 0, 0)
    steady = Player("Steady", 2, 1, 10, (3, 4, 2, 1), 21, 17, 0, 0, 0, 0)
    found = Overview(by_size=[], games=2, leaderboard=[lucky, steady])
    assert [row[0] for row in page_stats.places_table(found)[1]] == ["Steady", "Lucky"]
    assert list(page_stats.places_chart(found).data[0].y) == ["Steady", "Lucky"]
    ranked = page_stats.leaderboard_table(found, "Average place")[1]
    assert [row[0] for row in ranked] == ["Steady", "Lucky"]
