"""G3's warning and G4's groups on the pages (Streamlit's app tests, SQLite)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from core import games
from core.boundary import open_gate
from core.store import files_are_temporary
from tests.apptests import ROOT, page, pages_on, readable

LOST = "will be lost when this app restarts"
#: The host's pages (SPEC G3): home, create, scorebook, Stats, and the group's page.
HOST_PAGES = ("home", "create", "keep", "stats", "group")


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('groups') / 'rooms.db'}") as url:
        yield url


def _said(at: object) -> str:
    parts = [*at.warning, *at.info, *at.caption, *at.markdown, *at.success, *at.title]  # type: ignore[attr-defined]
    return readable(" ".join(str(p.value) for p in parts))


def _param(at: AppTest, key: str) -> str:
    """The URL parameter ``key`` of the page as it is now."""
    value = at.query_params[key]
    return value if isinstance(value, str) else value[0]


def _quick() -> object:
    return games.get(games.FLAGSHIP).table.quick_settings(4, {"mode": "teams"})


@pytest.mark.parametrize("name", HOST_PAGES)
def test_g3_a_host_page_says_the_history_will_be_lost_where_files_are_wiped(
    database: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STORE_IS_TEMPORARY", "1")
    at = page(name).run()
    assert not at.exception
    lines = [w.value for w in at.warning if LOST in w.value]
    assert len(lines) == 1 and "keep-history" in lines[0]


def test_g3_the_lobby_says_the_history_will_be_lost_where_files_are_wiped(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STORE_IS_TEMPORARY", "1")
    gate = open_gate(database)
    code, host = gate.create("Asha", _quick())
    at = page("room", room=code, seat=host).run()
    assert any(LOST in w.value for w in at.warning)


def test_g3_nothing_is_said_where_files_are_kept(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STORE_IS_TEMPORARY", "0")
    at = page("home").run()
    assert not any(LOST in w.value for w in at.warning)


def test_g3_community_cloud_is_recognised_from_where_it_runs_the_app() -> None:
    assert files_are_temporary({}, "/mount/src/moon3")
    assert files_are_temporary({"HOME": "/home/appuser"}, "/srv/app")
    assert files_are_temporary({"STORE_IS_TEMPORARY": "1"}, "/srv/app")
    assert not files_are_temporary({"HOME": "/root"}, "/srv/app")
    assert not files_are_temporary({"STORE_IS_TEMPORARY": "0"}, "/mount/src/moon3")


def test_g3_the_fix_is_one_click_away(database: str) -> None:
    at = AppTest.from_file(str(ROOT / "screens" / "keep_history.py")).run()
    said = _said(at)
    assert "DATABASE_URL" in said and "pooler" in said and "Download everything" in said


def test_g4_a_page_opened_with_a_groups_link_keeps_it_in_its_url(database: str) -> None:
    started = open_gate(database).start_group("Thursday cards")
    at = page("home", group=started.link).run()
    assert _param(at, "group") == started.link
    assert "Thursday cards" in readable(" ".join(str(p.proto.label) for p in at.get("page_link")))
    at.switch_page("screens/stats.py").run()
    assert _param(at, "group") == started.link
    assert "Thursday cards" in _said(at)


def test_g4_the_groups_page_shows_its_link_and_rooms(database: str) -> None:
    gate = open_gate(database)
    started = gate.start_group("Friday <b>crew</b>")
    code, _ = gate.create("Asha", _quick(), started.group.id)
    at = page("group", group=started.link).run()
    said = _said(at)
    assert not at.exception
    assert "Friday <b>crew</b>" in said  # the name is text
    assert code in said
    assert any(started.link in str(c.value) for c in at.code)


def test_g4_a_founders_link_makes_a_new_link_and_leaves_the_url(database: str) -> None:
    gate = open_gate(database)
    started = gate.start_group("Saturday")
    at = page("group", group=started.link, founder=started.founder).run()
    assert "founder" not in at.query_params
    next(b for b in at.button if b.label == "Make a new group link").click().run()
    assert gate.group(started.link) is None
    fresh = _param(at, "group")
    assert gate.group(fresh) == started.group


def test_g4_a_group_started_from_home_is_held_by_the_browser(database: str) -> None:
    at = page("home").run()
    at.text_input(key="home-group-name").input("Sunday club")
    next(b for b in at.button if b.label == "Start a group").click().run()
    assert not at.exception
    link = _param(at, "group")
    assert open_gate(database).group(link) is not None


def test_g4_with_the_open_group_closed_a_visitor_without_a_link_sees_no_stats(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPEN_GROUP", "off")
    st.cache_data.clear()
    for name in ("stats", "recap"):
        at = page(name).run()
        assert not at.exception
        assert "Stats here belong to groups" in _said(at)
        assert not at.get("plotly_chart") and not at.dataframe


def test_g4_a_room_invite_made_in_a_group_keeps_the_group(database: str) -> None:
    gate = open_gate(database)
    started = gate.start_group("Monday")
    code, host = gate.create("Asha", _quick(), started.group.id)
    at = page("room", room=code, seat=host, group=started.link).run()
    invites = [str(c.value) for c in at.code if f"room={code}" in str(c.value)]
    assert invites and all(f"group={started.link}" in link for link in invites)
