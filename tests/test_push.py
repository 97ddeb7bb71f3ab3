"""Push (ui/push.py, core/store/listen.py): a move reaches the other pages at once.

The parts of Streamlit's private runtime that push uses are checked against the installed
release here, so an upgrade that breaks push fails this file, loudly, instead of leaving
pages on the slow safety poll. The browser tests run with push on (the default), and
tests/test_push_browser.py plays with push on and forced off.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Iterator

import psycopg
import pytest
import streamlit

from core.moon3.table import RoomSettings
from core.rooms import RoomError, Rooms
from core.store import Store, listen
from tests import postgres
from tests.conftest import FakeClock
from tests.service_play import open_room, pick
from ui import push


@pytest.fixture
def fresh_push(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Push decides afresh whether it is available (it remembers the answer per process)."""
    monkeypatch.setattr(push, "_checked", None)
    yield
    push._checked = None


def test_p_push_finds_every_part_of_streamlit_it_uses_in_the_installed_release() -> None:
    push.check()  # raises, naming the missing parts, when a release lacks any
    assert streamlit.__version__.startswith("1.67."), (
        f"Streamlit {streamlit.__version__}: push was checked against 1.67 only; run this "
        "file against the new release and move the pin in pyproject.toml and requirements.txt"
    )


def test_p_with_push_the_poll_is_a_safety_net_of_seconds(
    fresh_push: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PUSH", raising=False)
    monkeypatch.delenv("SAFETY_POLL_SECONDS", raising=False)
    assert push.available()
    assert push.poll_seconds() == push.SAFETY_POLL == 5.0


@pytest.mark.parametrize(("given", "seconds"), [("30", 30.0), ("0", 1.0), ("9999", 600.0)])
def test_p_safety_poll_seconds_sets_the_poll_within_its_bounds(
    fresh_push: None, monkeypatch: pytest.MonkeyPatch, given: str, seconds: float
) -> None:
    monkeypatch.setenv("SAFETY_POLL_SECONDS", given)
    assert push.poll_seconds() == seconds


@pytest.mark.parametrize("given", ["soon", "nan"])
def test_p_a_safety_poll_that_is_not_a_number_keeps_the_default(
    fresh_push: None, monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    monkeypatch.setenv("SAFETY_POLL_SECONDS", given)
    assert push.poll_seconds() == push.SAFETY_POLL


def test_p_push_off_makes_pages_poll_every_second_and_says_so_once(
    fresh_push: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("PUSH", "off")
    with caplog.at_level(logging.INFO, logger="moon3.push"):
        assert not push.available()
        assert not push.available()
        assert push.poll_seconds() == push.FALLBACK_POLL == 1.0
    assert [r.message for r in caplog.records].count(
        "push is off (PUSH=off): table pages poll every second"
    ) == 1


def test_p_a_streamlit_without_the_parts_push_uses_falls_back_to_the_poll_and_says_so(
    fresh_push: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken() -> None:
        raise AttributeError("AppSession.request_rerun")

    monkeypatch.delenv("PUSH", raising=False)
    monkeypatch.setattr(push, "check", broken)
    with caplog.at_level(logging.WARNING, logger="moon3.push"):
        assert not push.available()
        assert push.poll_seconds() == 1.0
        push.moved("ABCDEF")  # nothing to push to, and no error
    [record] = caplog.records
    assert "AppSession.request_rerun missing" in record.message


def test_p_outside_a_page_watching_and_waking_do_nothing(fresh_push: None) -> None:
    push.watch("ABCDEF")
    push.wake("ABCDEF", 1.0)
    push.moved("ABCDEF")
    assert "ABCDEF" not in push.watched()


# ---------------------------------------------------------------- the service tells


def test_p_every_write_that_moves_a_room_is_told_once_and_a_refused_move_is_not(
    rooms: Rooms,
) -> None:
    heard: list[str] = []
    rooms.moved.append(heard.append)
    code, tokens = open_room(rooms, RoomSettings(), humans=4)
    heard.clear()
    [seat] = [t for t in tokens if rooms.view(t).table.legal]  # type: ignore[union-attr]
    move = pick(rooms.view(seat), random.Random(1))
    before = rooms.version(code)
    rooms.act(seat, move)
    assert heard == [code] and rooms.version(code) == before + 1
    with pytest.raises(RoomError):
        rooms.act(seat, move, version=before)  # stale: refused, nothing written
    assert heard == [code]
    rooms.react(tokens[0], "thumbs")
    assert heard == [code, code]


# ---------------------------------------------------------------- across servers


def test_p_listen_url_is_direct_unless_pooled_and_the_setting_wins() -> None:
    direct = "postgresql+psycopg://u:p@db.example.com:5432/rooms"
    supabase = "postgresql://u:p@aws-0-eu.pooler.supabase.com:6543/postgres"
    neon = "postgresql://u:p@ep-cool-1-pooler.eu-central-1.aws.neon.tech/neondb"
    bouncer = "postgresql://u:p@10.0.0.5:6432/rooms"
    assert listen.listen_url({}, direct) == direct
    for pooled in (supabase, neon, bouncer):
        assert listen.looks_pooled(pooled)
        assert listen.listen_url({}, pooled) is None
    assert listen.listen_url({"DATABASE_LISTEN_URL": direct}, supabase) == direct
    assert listen.listen_url({"DATABASE_LISTEN_URL": "off"}, direct) is None
    assert listen.listen_url({}, "sqlite:///data/moon3.db") is None


def _heard(
    url: str, origin: str = "another server"
) -> tuple[listen.Listener, list[str], threading.Event]:
    """A listener as another server's (another process tag), and what it hears."""
    heard: list[str] = []
    arrived = threading.Event()

    def hear(code: str) -> None:
        heard.append(code)
        arrived.set()

    listener = listen.Listener(url, hear, origin).start()
    assert listener.listening.wait(30)
    return listener, heard, arrived


def _plain(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


@pytest.fixture
def direct_url(postgres_server: str) -> Iterator[str]:
    url = postgres.fresh_database(postgres_server)
    yield url
    postgres.drop_database(url)


@pytest.mark.parametrize("through", ["direct", "pooled"])
def test_p_a_move_written_on_one_server_is_heard_by_the_others_listener(
    direct_url: str, pgbouncer: str, through: str
) -> None:
    """A move written directly or through PgBouncer in transaction mode sends its NOTIFY
    on commit; another server's listener (another process tag) hears the room's code."""
    url = direct_url if through == "direct" else postgres.pooled(direct_url, pgbouncer)
    store = Store(url)
    writer = Rooms(store, FakeClock())
    listener, heard, arrived = _heard(direct_url)
    try:
        code, _ = open_room(writer, RoomSettings(), humans=1)
        assert arrived.wait(30)
        assert set(heard) == {code}
        arrived.clear()
        with psycopg.connect(_plain(direct_url), autocommit=True) as conn:
            conn.execute("SELECT pg_notify(%s, %s)", (listen.CHANNEL, "YYYYYY another server"))
            conn.execute("SELECT pg_notify(%s, %s)", (listen.CHANNEL, f"ZZZZZZ {code}"))
        for _ in range(3000):  # up to 30 s for the notices to arrive
            if "ZZZZZZ" in heard:
                break
            time.sleep(0.01)
        assert "ZZZZZZ" in heard and "YYYYYY" not in heard  # its own notice skipped
    finally:
        listener.stop()
        store.close()


def test_p_a_notice_carries_the_room_code_and_the_process_tag_only(direct_url: str) -> None:
    store = Store(direct_url)
    rooms = Rooms(store, FakeClock())
    try:
        with psycopg.connect(_plain(direct_url), autocommit=True) as conn:
            conn.execute(f"LISTEN {listen.CHANNEL}")
            code, tokens = open_room(rooms, RoomSettings(), humans=1)
            notices = [n.payload for n in conn.notifies(timeout=2.0)]
        assert notices and set(notices) == {f"{code} {listen.ORIGIN}"}
        assert not any(token in payload for token in tokens for payload in notices)
    finally:
        store.close()


def test_p_the_listener_listens_again_after_losing_its_connection(direct_url: str) -> None:
    listener, heard, arrived = _heard(direct_url)
    try:
        with psycopg.connect(_plain(direct_url), autocommit=True) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            for _ in range(300):  # it notices the loss and connects again
                if not listener.listening.is_set():
                    break
                time.sleep(0.01)
            assert listener.listening.wait(30)
            conn.execute("SELECT pg_notify(%s, %s)", (listen.CHANNEL, "ABCDEF elsewhere"))
        assert arrived.wait(30)
        assert heard == ["ABCDEF"]
    finally:
        listener.stop()


def test_p_a_listener_in_trouble_never_turns_a_written_move_into_an_error(rooms: Rooms) -> None:
    def broken(code: str) -> None:
        raise RuntimeError("the page's session went away")

    code, tokens = open_room(rooms, RoomSettings(), humans=4)
    rooms.moved.append(broken)
    [seat] = [t for t in tokens if rooms.view(t).table.legal]  # type: ignore[union-attr]
    before = rooms.version(code)
    rooms.act(seat, pick(rooms.view(seat), random.Random(1)))
    assert rooms.version(code) == before + 1
