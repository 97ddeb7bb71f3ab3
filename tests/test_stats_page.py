"""App tests of the Stats page: empty, with bot-played games, with every filter, and a replay."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.store import Store
from core.store.moon3 import stats

ROOT = Path(__file__).resolve().parents[1]
NAMES = "Asha,Ben,Chen,Dev,Eli,Fay"


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
    high = view.rate_from(150)
    assert metric(at, "Rounds played") == f"{view.overall.rounds:,}"
    assert metric(at, "Bids made") == pct(view.overall.made, view.overall.rounds)
    assert metric(at, "Bids of 150+ made") == pct(high.made, high.rounds)
    assert metric(at, "Kali Tidi to the bidders") == pct(view.kali.to_bidders, view.kali.rounds)
    assert metric(at, "Most Kali Tidi") == view.kali_by_player[0].name
    assert [t.label for t in at.tabs] == ["Bids", "Kali Tidi", "Leaderboard", "History"]
    assert len(at.get("plotly_chart")) == 9
    html = "\n".join(m.value for m in at.markdown)
    # Each chart's table: the bid bands, and the leaderboard's first line.
    for rate in view.bands:
        assert f"<td>{stats.band_label(rate.group)}</td>" in html
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
