"""Three-Player Moon figures, aggregated in SQL over stored hands, agree with the hands.

Ten hands in two games are played with random legal tiles, each auction
steered so that the bids and trumps are known (the bidder bids, the others
pass), and stored the way a room stores them (``round_facts`` through
``history``), on SQLite and on PostgreSQL. Each figure is checked against
the literal count of the plan or, where the random play decides (made or
set, tricks, scores), against a count over the played hands themselves.
The pages are then opened with a hostile player name.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.games import RoundFacts
from core.moon_dominoes import record, rules, table, tiles
from core.moon_dominoes.actions import BID, PASS, TRUMP, Action
from core.moon_dominoes.config import MOON, PLAYERS, Config
from core.moon_dominoes.match import Match
from core.moon_dominoes.state import Phase, State
from core.pieces import dominoes
from core.store import Store, history
from core.store import stats as shared
from core.store.moon_dominoes import stats
from tests.apptests import page, pages_on
from tests.test_hostile_pages import check_page
from ui import charts, escape
from ui.moon_dominoes import stats as page_stats

D, N = tiles.DOUBLES, tiles.NO_TRUMP
#: Each game: its room, its players by seat, when its first hand ended, the winning seat,
#: and its hands as (bidder's seat, bid, trump).
PLAN = (
    (
        "AAAA",
        ("Asha", "Ben", "Chen"),
        datetime(2025, 1, 10, 20, 0, tzinfo=UTC),
        1,
        ((0, 4, 6), (1, 5, 5), (2, 6, D), (0, 21, N), (1, 4, 6)),
    ),
    (
        "BBBB",
        ("Ben", "Chen", "Dev"),
        datetime(2025, 3, 5, 19, 0, tzinfo=UTC),
        2,
        ((0, 7, 3), (2, 4, N), (1, 5, 6), (0, 4, 0), (2, 21, D)),
    ),
)
MARCH = datetime(2025, 2, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Played:
    """One finished hand, as played and as stored."""

    room: str
    game: int
    number: int
    names: tuple[str, ...]
    state: State
    finished_at: datetime

    @property
    def bidder(self) -> str:
        assert self.state.bidder is not None
        return self.names[self.state.bidder]

    @property
    def made(self) -> bool:
        done = record.result(self.state)
        assert done is not None
        return done.made

    def score(self, seat: int) -> int:
        done = record.result(self.state)
        assert done is not None
        return done.score[seat]


def play(match: Match, seed: int, bidder: int, bid: int, trump: int) -> State:
    """A hand where ``bidder`` bids ``bid`` (the others pass) and names ``trump``; the discard
    and every tile are random legal choices."""
    rng = random.Random(seed)
    state = match.deal(seed)
    while state.phase is Phase.BIDDING:
        seat = state.to_act
        assert seat is not None
        rules.apply(state, Action(seat, BID, bid) if seat == bidder else Action(seat, PASS))
    while state.to_act is not None:
        seat = state.to_act
        if state.phase is Phase.TRUMP:
            rules.apply(state, Action(seat, TRUMP, trump))
        else:
            rules.apply(state, rng.choice(rules.legal_actions(state)))
    assert state.bidder == bidder and state.trump == trump
    return state


@pytest.fixture(scope="module")
def played() -> list[Played]:
    hands = []
    for game, (room, names, start, _, plan) in enumerate(PLAN, start=1):
        match = Match(Config())
        for number, (bidder, bid, trump) in enumerate(plan, start=1):
            state = play(match, 100 * game + number, bidder, bid, trump)
            match.settle(state)
            when = start + timedelta(minutes=5 * number)
            hands.append(Played(room, game, number, names, state, when))
    return hands


def rows_of(hands: list[Played]) -> list[object]:
    """Every hand and both games, as a room stores them; then an abandoned hand and another
    game's round, which no figure may count."""
    rows: list[object] = []
    for hand in hands:
        rows.append(
            history.round_rows(
                "moon_dominoes",
                table.round_facts(hand.state, hand.names),
                hand.names,
                record.dump(hand.state, {"names": list(hand.names)}),
                room_code=hand.room,
                game_number=hand.game,
                round_number=hand.number,
                finished_at=hand.finished_at,
            )
        )
    for game, (room, names, _, winner, plan) in enumerate(PLAN, start=1):
        ours = [h for h in hands if h.game == game]
        totals = [sum(h.score(s) for h in ours) for s in range(PLAYERS)]
        rows.append(
            history.game_rows(
                "moon_dominoes",
                table.game_facts(Config(), names, totals, [winner]),
                names,
                totals,
                [winner],
                room_code=room,
                game_number=game,
                rounds=len(plan),
                finished_at=ours[-1].finished_at,
            )
        )
    last = hands[-1]
    for game, abandoned in (("moon_dominoes", True), ("spades", False)):
        rows.append(
            history.round_rows(
                game,
                table.round_facts(last.state, last.names) if abandoned else RoundFacts("x", 3),
                last.names,
                record.dump(last.state),
                room_code="CCCC",
                game_number=1,
                round_number=1,
                finished_at=last.finished_at + timedelta(hours=1),
                abandoned=abandoned,
            )
        )
    return rows


@pytest.fixture
def stored(store: Store, played: list[Played]) -> list[Played]:
    with store.write() as session:
        history.save(session, rows_of(played))
        session.commit()
    return played


def test_no_hands_no_figures(store: Store) -> None:
    figures = stats.overview(store)
    assert figures.hands == 0 and figures.leaderboard == [] and stats.hands(store) == []
    assert figures.defender_average == 0.0 and figures.moon.tried == 0


def test_hands_played_counts_each_finished_hand_once(store: Store, stored: list[Played]) -> None:
    # The abandoned hand and the other game's round are left out.
    assert stats.overview(store).hands == 10


def test_m2_bids_tried_by_amount(store: Store, stored: list[Played]) -> None:
    tried = {line.key: line.tried for line in stats.overview(store).by_bid}
    assert tried == {4: 4, 5: 2, 6: 1, 7: 1, 21: 2}


def test_m6_bids_made_by_amount(store: Store, stored: list[Played]) -> None:
    made = {line.key: line.made for line in stats.overview(store).by_bid}
    assert made == {b: sum(h.made for h in stored if h.state.bid == b) for b in (4, 5, 6, 7, 21)}
    assert 0 < sum(made.values()) < 10  # the random play both makes and sets bids here


def test_m3_trumps_chosen_each_number_doubles_and_none(store: Store, stored: list[Played]) -> None:
    chosen = [line.tried for line in stats.overview(store).by_trump]
    # 0, 1, 2, 3, 4, 5, 6, doubles, no trump
    assert chosen == [1, 0, 0, 1, 0, 1, 3, 2, 2]


def test_m3_bids_made_by_trump(store: Store, stored: list[Played]) -> None:
    made = [line.made for line in stats.overview(store).by_trump]
    assert made == [sum(h.made for h in stored if h.state.trump == t) for t in tiles.TRUMPS]


def test_m6_21s_tried_and_made(store: Store, stored: list[Played]) -> None:
    figures = stats.overview(store)
    assert figures.moon.tried == 2
    assert figures.moon.made == sum(h.made for h in stored if h.state.bid == MOON)
    by_player = {p.name: (p.moons, p.moons_made) for p in figures.leaderboard}
    assert by_player["Asha"][0] == 1 and by_player["Dev"][0] == 1 and by_player["Ben"][0] == 0


def test_tricks_a_defender_takes_in_a_hand(store: Store, stored: list[Played]) -> None:
    figures = stats.overview(store)
    defenders = [h.state.taken[s] for h in stored for s in range(PLAYERS) if s != h.state.bidder]
    assert figures.defender_hands == 20
    assert figures.defender_spread == [defenders.count(t) for t in range(8)]
    assert figures.defender_average == pytest.approx(sum(defenders) / 20)


def test_tricks_as_defender_per_player(store: Store, stored: list[Played]) -> None:
    board = {p.name: p for p in stats.overview(store).leaderboard}
    for name, defended in (("Asha", 3), ("Ben", 6), ("Chen", 8), ("Dev", 3)):
        taken = [
            h.state.taken[s]
            for h in stored
            for s in range(PLAYERS)
            if h.names[s] == name and s != h.state.bidder
        ]
        assert board[name].defended == defended == len(taken)
        assert board[name].defender_tricks == sum(taken)


def test_leaderboard_hands_and_hands_as_bidder(store: Store, stored: list[Played]) -> None:
    board = {p.name: (p.hands, p.bids) for p in stats.overview(store).leaderboard}
    assert board == {"Asha": (5, 2), "Ben": (10, 4), "Chen": (10, 2), "Dev": (5, 2)}


def test_leaderboard_bids_made_and_points(store: Store, stored: list[Played]) -> None:
    for player in stats.overview(store).leaderboard:
        mine = [(h, h.names.index(player.name)) for h in stored if player.name in h.names]
        assert player.bids_made == sum(h.made for h, _ in mine if h.bidder == player.name)
        assert player.points == sum(h.score(seat) for h, seat in mine)


def test_m7_leaderboard_games_played_and_won(store: Store, stored: list[Played]) -> None:
    board = stats.overview(store).leaderboard
    games = {p.name: (p.games, p.games_won) for p in board}
    assert games == {"Asha": (1, 0), "Ben": (2, 1), "Chen": (2, 0), "Dev": (1, 1)}
    assert [p.name for p in board][:2] in (["Ben", "Dev"], ["Dev", "Ben"])  # winners first


def test_dates_keep_the_hands_and_games_in_range(store: Store, stored: list[Played]) -> None:
    figures = stats.overview(store, stats.Filters(since=MARCH))
    assert figures.hands == 5
    assert {line.key: line.tried for line in figures.by_bid} == {4: 2, 5: 1, 6: 0, 7: 1, 21: 1}
    games = {p.name: (p.hands, p.games) for p in figures.leaderboard}
    assert games == {"Ben": (5, 1), "Chen": (5, 1), "Dev": (5, 1)}
    assert stats.overview(store, stats.Filters(until=MARCH)).hands == 5


def test_recent_hands_newest_first_with_their_facts(store: Store, stored: list[Played]) -> None:
    lines = stats.hands(store, limit=3)
    assert [(line.room_code, line.round_number) for line in lines] == [
        ("BBBB", 5),
        ("BBBB", 4),
        ("BBBB", 3),
    ]
    newest = lines[0]
    assert newest.names == ["Ben", "Chen", "Dev"]
    assert (newest.bidder, newest.bid, newest.trump) == (2, 21, tiles.DOUBLES)
    assert newest.made == stored[-1].made


def test_a_stored_hand_replays_as_played(store: Store, stored: list[Played]) -> None:
    line = stats.hands(store, limit=1)[0]
    text = shared.hand_record(store, stats.GAME, line.id)
    assert text is not None
    state = record.replay(record.load(json.loads(text)))
    assert state.trick_winners == stored[-1].state.trick_winners
    assert state.discard == stored[-1].state.discard


# ---------------------------------------------------------------- the pages

HOSTILE = "<b>x</b>*y*"
FORMULA = "=1+1"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory, played: list[Played]) -> Iterator[str]:
    """The same hands on a database of the pages' own, Ben and Chen renamed to hostile names."""
    hostile = {"Ben": HOSTILE, "Chen": FORMULA}
    renamed = [replace(h, names=tuple(hostile.get(n, n) for n in h.names)) for h in played]
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('md-stats') / 'rooms.db'}") as url:
        store = Store(url)
        with store.write() as session:
            history.save(session, rows_of(renamed))
            session.commit()
        store.close()
        yield url


def opened(name: str) -> AppTest:
    """A page run with Three-Player Moon chosen in its game selector."""
    at = page(name).run()
    at.radio(key=f"{name}-game").set_value("moon_dominoes").run()
    return at


def replay_html(at: AppTest) -> str:
    return next(str(m.value) for m in at.markdown if 'class="mds-replay"' in str(m.value))


def test_stats_page_says_how_to_get_figures_when_empty(tmp_path: Path) -> None:
    with pages_on(f"sqlite:///{tmp_path / 'empty.db'}"):
        at = opened("stats")
        assert not at.exception
        assert any("Quick game" in i.value for i in at.info)
        assert not at.metric


def test_stats_page_shows_the_figures_and_names_as_text(database: str) -> None:
    at = opened("stats")
    html = check_page(at)
    labels = {m.label for m in at.metric}
    assert {"Hands played", "Bids made", "21s made", "Tricks a defender takes"} <= labels
    assert next(m for m in at.metric if m.label == "Hands played").value == "10"
    heads = " ".join(h.value for h in at.subheader)
    assert "Leaderboard" in heads and "Trump chosen" in heads and "Replay a hand" in heads
    assert escape.html(HOSTILE) in html  # shown as the text it is
    assert "<b>x</b>" not in html and "<em>y</em>" not in html


def test_stats_csv_neutralises_a_formula_name(database: str) -> None:
    store = Store(database)
    figures = stats.overview(store)
    store.close()
    for shown in (page_stats.leaderboard_table, page_stats.defence_table, page_stats.moon_table):
        out = charts.csv_text(*shown(figures))
        assert not any(line.startswith(("=", "+", "-", "@")) for line in out.splitlines())
    assert "'=1+1" in charts.csv_text(*page_stats.leaderboard_table(figures))


def test_stats_replay_shows_every_tile_face_up_at_the_end(
    database: str, played: list[Played]
) -> None:
    at = opened("stats")
    next(s for s in at.slider if s.label == "Move").set_value(len(played[-1].state.history)).run()
    check_page(at)
    replay = replay_html(at)
    # Every tile of the set is face up in a hand (the widow in the bidder's), and the widow and
    # the discard are face up above them; the seventh trick is in the list of tricks.
    for ends in tiles.ENDS:
        assert f"<title>{dominoes.words(*ends)}" in replay
    assert replay.count("<svg") == tiles.COUNT + 2 + 3 + 21  # hands, widow, discard, tricks
    assert replay.count('class="mds-hand"') == 3
    assert "Bid made" in replay or "Bid set" in replay
    assert '<span class="mds-n">7</span>' in replay
    assert escape.html(HOSTILE) in replay and HOSTILE not in replay


def test_stats_replay_steps_one_move_at_a_time(database: str) -> None:
    at = opened("stats")
    assert "As dealt" in replay_html(at)
    next(b for b in at.button if b.label == "Next").click().run()
    assert not at.exception
    assert "passes." in replay_html(at) or "bids" in replay_html(at)
    assert next(s for s in at.slider if s.label == "Move").value == 1


def test_rules_page_explains_three_player_moon_from_the_engine(database: str) -> None:
    at = opened("rules")
    assert not at.exception
    assert [t.value for t in at.title] == ["Rules of Three-Player Moon"]
    text = " ".join(str(m.value) for m in at.markdown)
    assert "4, 5, 6, 7 or 21" in text and "21 points" in text and "22 tiles" in text  # M1, M2
    assert "5-3 with no trump" in text and "it beats 4-3, 3-2, 3-1" in text  # M4
    assert "5-5, 6-5, 5-4, 5-3, 5-2, 5-1" in text  # M4: trumps rank double first
    assert "scores **+5**" in text and "scores **−6**" in text  # M6
    assert text.count("<svg") >= tiles.COUNT
