"""App tests of the Stats page: empty, with bot-played games, with every filter, and a replay;
with an imported history (H4, H5): the partnerships, the rounds kept without cards."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt
from streamlit.testing.v1 import AppTest

from core import importing
from core.moon3.figures import band_label, best, favourites, worst
from core.store import Store
from core.store.moon3 import stats
from ui import escape

ROOT = Path(__file__).resolve().parents[1]
NAMES = "Asha,Ben,Chen,Dev,Eli,Fay"
EVENING = ROOT / "tests" / "data" / "partnerships"
EXPECTED: dict[str, Any] = json.loads((EVENING / "expected.json").read_text(encoding="utf-8"))
#: A player whose name is Markdown and HTML; it must show as the text it is.
MARKUP = "**x** <b>y</b>"
#: A game of 2024 (outside the evening's year) with that player, as an import file.
MARKUP_GAME = {
    "games": [
        {
            "date": "2024-06-01",
            "players": [MARKUP, "Zed", "Yan", "Xi"],
            "rounds": [
                {"leader": MARKUP, "teammates": ["Zed"], "points": 150, "result": "made"},
                {"leader": "Yan", "teammates": [MARKUP], "points": 160, "result": "failed"},
                {"leader": "Zed", "teammates": [MARKUP], "points": 140, "result": "made"},
            ],
        }
    ]
}


def _use(url: str) -> None:
    """Point the page's cached room service at ``url``, forgetting cached figures."""
    os.environ["DATABASE_URL"] = url
    from ui import session

    session.rooms.clear()  # type: ignore[attr-defined]
    import streamlit as st

    st.cache_data.clear()
    st.cache_resource.clear()


@pytest.fixture
def empty(tmp_path: Path) -> Iterator[str]:
    before = os.environ.get("DATABASE_URL")
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    _use(url)
    yield url
    _restore(before)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Bot-played games of two tables, dated over the last 20 days."""
    before = os.environ.get("DATABASE_URL")
    url = f"sqlite:///{tmp_path_factory.mktemp('stats') / 'demo.db'}"
    for table in (["--players", "4"], ["--players", "5", "--mode", "partners"]):
        subprocess.run(
            [sys.executable, "-m", "core", "simulate", "--store", url, "--games", "6",
             "--bot", "rules", "--names", NAMES, "--spread-days", "20", "--json", *table],
            check=True, capture_output=True, cwd=ROOT,
        )  # fmt: skip
    _use(url)
    yield url
    _restore(before)


def _restore(before: str | None) -> None:
    if before is None:
        os.environ.pop("DATABASE_URL", None)
    else:
        os.environ["DATABASE_URL"] = before
    from ui import session

    session.rooms.clear()  # type: ignore[attr-defined]


def stats_page() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.switch_page("screens/stats.py")
    return at.run()


def metric(at: AppTest, label: str) -> str:
    return str(next(m.value for m in at.metric if m.label == label))


def figures(url: str, filters: stats.Filters | None = None) -> stats.Overview:
    store = Store(url)
    try:
        return stats.overview(store, filters or stats.Filters())
    finally:
        store.close()


def pct(made: int, played: int) -> str:
    return f"{made / played:.0%}"


def test_a_fresh_install_shows_a_friendly_empty_state(empty: str) -> None:
    at = stats_page()
    assert not at.exception
    assert any("No round has been played to the end yet" in i.value for i in at.info)
    assert any("make demo" in m.value for m in at.markdown)
    assert not at.metric and not at.tabs


def test_demo_data_answers_the_headline_questions(demo: str) -> None:
    at = stats_page()
    assert not at.exception
    view = figures(demo)
    high = view.high
    assert metric(at, "Rounds played") == f"{view.overall.rounds:,}"
    assert metric(at, "Bids made") == pct(view.overall.made, view.overall.rounds)
    assert metric(at, "Bids of 150+ (275+ two decks) made") == pct(high.made, high.rounds)
    assert metric(at, "Kali Tidi to the bidders") == pct(view.kali.to_bidders, view.kali.rounds)
    assert metric(at, "Most Kali Tidi") == view.kali_by_player[0].name
    assert [t.label for t in at.tabs] == [
        "Bids",
        "Kali Tidi",
        "Leaderboard",
        "Partnerships",
        "History",
    ]
    # Nine charts, and each ranking of pairs and trios that has a group to show.
    found = stats.partnerships(Store(demo), stats.Filters())
    rankings = [
        favourites(found.pairs),
        best(found.trios),
        worst(found.pairs),
    ]
    assert len(at.get("plotly_chart")) == 9 + sum(1 for r in rankings if r)
    html = "\n".join(m.value for m in at.markdown)
    # Each chart's table: the bid bands, and the leaderboard's first line.
    for rate in view.bands:
        assert f"<td>{band_label(rate.group)}</td>" in html
    leader = view.leaderboard[0]
    assert f'<td>{leader.name}</td><td class="m3-num">{leader.games}</td>' in html


@pytest.mark.parametrize(
    ("key", "value", "filters"),
    [
        ("f-mode", "partners", stats.Filters(mode="partners")),
        ("f-players", 4, stats.Filters(players=4)),
        ("f-decks", 2, stats.Filters(decks=2)),
        ("f-player", "Fay", stats.Filters(player="Fay")),
    ],
)
def test_each_filter_narrows_the_page_to_its_rounds(
    demo: str, key: str, value: object, filters: stats.Filters
) -> None:
    at = stats_page()
    at.selectbox(key=key).set_value(value).run()
    assert not at.exception
    view = figures(demo, filters)
    assert 0 < view.overall.rounds < figures(demo).overall.rounds
    assert metric(at, "Rounds played") == f"{view.overall.rounds:,}"
    assert metric(at, "Bids made") == pct(view.overall.made, view.overall.rounds)


def test_a_date_range_narrows_the_page(demo: str) -> None:
    at = stats_page()
    last = at.date_input[0].max
    at.date_input[0].set_value((last - timedelta(days=5), last)).run()
    assert not at.exception
    since = datetime.combine(last - timedelta(days=5), datetime.min.time(), tzinfo=UTC)
    view = figures(demo, stats.Filters(since=since, until=since + timedelta(days=6)))
    assert 0 < view.overall.rounds < figures(demo).overall.rounds
    assert metric(at, "Rounds played") == f"{view.overall.rounds:,}"


def test_filters_that_match_nothing_say_so(demo: str) -> None:
    at = stats_page()
    at.selectbox(key="f-players").set_value(7).run()
    assert not at.exception
    assert any("No finished round matches these filters" in i.value for i in at.info)


def test_history_replays_a_round_trick_by_trick(demo: str) -> None:
    at = stats_page()
    assert at.selectbox(key="h-game").value is not None
    assert "The deal, after the auction" in "\n".join(c.value for c in at.caption)
    forward = next(b for b in at.button if b.label == "Next trick")
    forward.click().run()
    assert not at.exception
    slider = next(s for s in at.slider if s.label == "Trick")
    assert slider.value == 1
    html = "\n".join(m.value for m in at.markdown)
    assert "Trick 1: " in html and html.count('class="m3-hand') >= 4
    next(b for b in at.button if b.label == "Previous").click().run()
    assert next(s for s in at.slider if s.label == "Trick").value == 0


# ---------------------------------------------------------------- an imported history (H4, H5)


def import_files(url: str, *files: tuple[str, bytes]) -> None:
    """Store each (name, content) history file, which must be clean, as the page would."""
    store = Store(url)
    try:
        for name, data in files:
            found = importing.check(store, "moon3", data, name)
            assert found.problems == [], found.problems
            importing.store_history(store, "moon3", found)
    finally:
        store.close()


def evening_files() -> list[tuple[str, bytes]]:
    """The hand-worked evening, and a game of 2024 with a name made of markup."""
    return [
        ("evening.json", (EVENING / "evening.json").read_bytes()),
        ("markup.json", json.dumps(MARKUP_GAME).encode()),
    ]


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The evening's 31 rounds (all imported, none dealt) and the markup game's 3."""
    before = os.environ.get("DATABASE_URL")
    url = f"sqlite:///{tmp_path_factory.mktemp('evening') / 'evening.db'}"
    import_files(url, *evening_files())
    yield url
    _restore(before)


@pytest.fixture
def on_evening(evening: str) -> Iterator[str]:
    """The pages on the evening's store for one test, then back on the store before it."""
    before = os.environ.get("DATABASE_URL")
    _use(evening)
    yield evening
    if before is None:
        _restore(None)
    else:
        _use(before)


def page_html(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in at.markdown)


def group_row(names: list[str], together: int, won: int) -> str:
    label = escape.html(" & ".join(names))
    return f'<td>{label}</td><td class="m3-num">{together}</td><td class="m3-num">{won}</td>'


def test_h5_partnerships_tab_shows_the_favourite_pair_worked_by_hand(on_evening: str) -> None:
    at = stats_page()
    assert not at.exception
    favourite = EXPECTED["whole_file"]["rankings"]["favourite_pairs"][0]
    assert favourite["names"] == ["Asha", "Esha"]
    html = page_html(at)
    assert group_row(favourite["names"], favourite["together"], favourite["won"]) in html
    # The chart of favourites leads with the same pair, its label escaped for Plotly.
    specs = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    won = next(trace for spec in specs for trace in spec["data"] if trace.get("name") == "Won")
    assert won["y"][0] == "Asha &amp; Esha" and won["x"][0] == favourite["won"]
    # Dev's line, worked by hand: 27 rounds, 10 won, 5 bids, 3 made, 6 as teammate, 2 won.
    dev = EXPECTED["whole_file"]["players"]["Dev"]
    assert (
        f'<td>Dev</td><td class="m3-num">{dev["rounds"]}</td><td class="m3-num">{dev["won"]}</td>'
        in html
    )
    assert "together when they are on one side of a round" in "\n".join(c.value for c in at.caption)


def test_h5_best_trios_and_worst_pairs_rank_those_together_at_least_n_rounds(
    on_evening: str,
) -> None:
    at = stats_page()
    at.number_input(key="p-least").set_value(EXPECTED["min_together"]).run()
    assert not at.exception
    ranked = EXPECTED["whole_file"]["rankings"]
    specs = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    # The three rankings, in order: favourite pairs, best trios, worst pairs.
    shown = [t["y"] for spec in specs for t in spec["data"] if t.get("name") == "Won"]
    for ranking, kind in zip(shown, ranked, strict=True):
        expected = [escape.chart(" & ".join(g["names"])) for g in ranked[kind]]
        assert ranking[: len(expected)] == expected, kind


@pytest.mark.parametrize("typed", [0, 10_001])
def test_h5_rounds_together_out_of_range_rank_nothing_and_say_the_range(
    on_evening: str, typed: int
) -> None:
    at = stats_page()
    at.number_input(key="p-least").set_value(typed).run()
    assert not at.exception
    said = "\n".join(e.value for e in at.error)
    assert f"{typed} is out of range: type a number from 1 to 10,000." in said
    waiting = "\n".join(c.value for c in at.caption)
    assert waiting.count("Waiting for a number of rounds in range.") == 2  # trios, pairs
    specs = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    won = [t for spec in specs for t in spec["data"] if t.get("name") == "Won"]
    assert len(won) == 1  # the favourite pairs alone: they rank by no number


def test_h5_a_player_filter_shows_that_players_pairs(on_evening: str) -> None:
    at = stats_page()
    at.selectbox(key="f-player").set_value("Farid").run()
    assert not at.exception
    html = page_html(at)
    assert group_row(["Farid", "Gita"], 4, 1) in html
    assert group_row(["Asha", "Esha"], 9, 6) not in html


def test_h4_figures_that_need_the_cards_say_how_many_rounds_they_leave_out(on_evening: str) -> None:
    at = stats_page()
    assert not at.exception
    captions = "\n".join(c.value for c in at.caption)
    kept = "34 rounds kept in a scorebook or imported have no cards"
    assert f"{kept}: the Kali Tidi figures leave them out." in captions
    assert f"{kept}: they are not counted here." in captions
    assert f"{kept}: the card points leave them out." in captions
    assert "34 rounds kept in a scorebook or imported say only made or failed" in captions
    assert any("Kali Tidi needs the cards" in i.value for i in at.info)


def test_h4_dealt_rounds_alone_say_nothing_of_rounds_without_cards(demo: str) -> None:
    _use(demo)
    at = stats_page()
    assert not at.exception
    captions = "\n".join(c.value for c in at.caption)
    assert "have no cards" not in captions and "has no cards" not in captions
    assert "say only made or failed" not in captions


def test_h4_an_imported_game_has_no_cards_to_replay(on_evening: str) -> None:
    at = stats_page()
    assert not at.exception
    assert "imported" in at.selectbox(key="h-game").options[0]
    rounds = next(m.value for m in at.markdown if "Trump</th>" in m.value).split("<tr>")[2:]
    # Trump, the bidding side's points (none were imported) and Kali Tidi: "–" in every round.
    assert rounds and all(row.count("<td>–</td>") == 3 for row in rounds)
    assert any("there is nothing to replay" in i.value for i in at.info)
    assert not any(s.label == "Replay a round" for s in at.selectbox)
    assert not at.error


def test_h5_a_name_made_of_markup_shows_as_text_in_the_partnerships_table(on_evening: str) -> None:
    at = stats_page()
    assert not at.exception
    html = page_html(at)
    assert f"<td>{escape.html(MARKUP)}</td>" in html
    rendered = MarkdownIt("gfm-like", {"html": True}).render(html)
    assert "<b>y</b>" not in rendered and "<strong>x</strong>" not in rendered
