"""SPEC G2: the store through a transaction-mode pooler, as hosted PostgreSQL is reached, and a
connection lost on the way retried, never shown to a player."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from sqlalchemy import event, text

from core.moon3.table import RoomSettings
from core.rooms import Rooms
from core.store import Store
from tests import postgres
from tests.conftest import FakeClock
from tests.service_play import pick


def _plain(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


def _name(url: str) -> str:
    return url.rsplit("/", 1)[1]


def _admin(pooler: str, command: str, database: str) -> dict[str, Any]:
    """The row for ``database`` of a ``SHOW`` command on PgBouncer's admin console."""
    with psycopg.connect(_plain(pooler) + "/pgbouncer", autocommit=True) as console:
        cursor = console.execute(command)
        columns = [column.name for column in cursor.description or ()]
        rows = [dict(zip(columns, row, strict=True)) for row in cursor]
    [row] = [row for row in rows if row["database"] == database]
    return row


def _terminate(server: str, database: str, pid: int | None = None) -> int:
    """End the server's connections to ``database`` (only ``pid``'s, if given), as a restart
    of the server or a pooler does, and wait until they are gone; how many there were."""
    which = "datname = %s" + (" AND pid = %s" if pid is not None else "")
    values = [database, *([pid] if pid is not None else [])]
    with psycopg.connect(_plain(server) + "/postgres", autocommit=True) as conn:
        ended = conn.execute(
            f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE {which}", values
        ).fetchall()
        left = f"SELECT count(*) FROM pg_stat_activity WHERE {which}"
        while conn.execute(left, values).fetchone() != (0,):
            conn.execute("SELECT pg_sleep(0.02)")
    return len(ended)


@pytest.fixture
def direct_url(postgres_server: str) -> Iterator[str]:
    """A fresh database on the test PostgreSQL itself, no pooler in between."""
    url = postgres.fresh_database(postgres_server)
    yield url
    postgres.drop_database(url)


@pytest.fixture(params=["direct", "pooled"])
def reached_url(request: pytest.FixtureRequest, direct_url: str) -> str:
    """The fresh database, reached directly and through PgBouncer."""
    if request.param == "direct":
        return direct_url
    return postgres.pooled(direct_url, request.getfixturevalue("pgbouncer"))


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_g2_the_store_tests_reach_postgresql_through_pgbouncer_in_transaction_mode(
    rooms: Rooms, database_url: str, pgbouncer: str
) -> None:
    code, _ = rooms.create("Asha", RoomSettings())
    rooms.watch(code)
    assert database_url.startswith(pgbouncer + "/")
    assert _admin(pgbouncer, "SHOW POOLS", _name(database_url))["pool_mode"] == "transaction"
    assert _admin(pgbouncer, "SHOW STATS", _name(database_url))["total_xact_count"] > 0


def test_g2_the_store_prepares_no_statement_on_the_server(direct_url: str) -> None:
    store = Store(direct_url)
    try:
        with store.read() as session:
            conn = session.connection()
            for number in range(10):  # psycopg's default prepares a query on its fifth run
                conn.execute(text("SELECT version FROM room WHERE code = :c"), {"c": str(number)})
            kept = conn.exec_driver_sql("SELECT count(*) FROM pg_prepared_statements").scalar()
        assert kept == 0
    finally:
        store.close()


def test_g2_a_store_survives_its_server_connections_being_killed(
    reached_url: str, direct_url: str, postgres_server: str
) -> None:
    store = Store(reached_url)
    try:
        rooms = Rooms(store, FakeClock())
        code, host = rooms.create("Asha", RoomSettings())
        assert _terminate(postgres_server, _name(direct_url)) > 0
        rooms.add_bot(host)
        assert _terminate(postgres_server, _name(direct_url)) > 0
        assert len(rooms.watch(code).seats) == 2
    finally:
        store.close()


def test_g2_a_store_survives_the_pooler_dropping_its_connections(
    direct_url: str, pgbouncer: str
) -> None:
    store = Store(postgres.pooled(direct_url, pgbouncer))
    try:
        rooms = Rooms(store, FakeClock())
        code, host = rooms.create("Asha", RoomSettings())
        name = _name(direct_url)
        with psycopg.connect(_plain(pgbouncer) + "/pgbouncer", autocommit=True) as console:
            assert _admin(pgbouncer, "SHOW POOLS", name)["cl_active"] > 0  # the store's own
            console.execute(f"KILL {name}")  # every client connection to it, as a restart does
            console.execute(f"RESUME {name}")
        rooms.add_bot(host)
        assert len(rooms.watch(code).seats) == 2
    finally:
        store.close()


def _lose_connections(store: Store, server: str, times: int) -> list[int]:
    """End the server connection of every other connection the store takes from its pool,
    ``times`` times, just after the ping that found it alive: lost in the middle of the work.
    The one taken after each is left alone."""
    taken: list[int] = []
    lost: list[int] = []

    @event.listens_for(store.writer, "checkout")
    def _lose(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        taken.append(dbapi_connection.info.backend_pid)
        if len(taken) % 2 == 1 and len(lost) < times:
            lost.append(taken[-1])
            _terminate(server, dbapi_connection.info.dbname, lost[-1])

    return lost


def test_g2_a_connection_lost_during_a_room_change_is_retried_not_shown(
    direct_url: str, postgres_server: str
) -> None:
    store = Store(direct_url)
    try:
        rooms = Rooms(store, FakeClock())
        code, host = rooms.create("Asha", RoomSettings())
        rooms.room_of(host)  # known from now on: the change is the next thing to read
        lost = _lose_connections(store, postgres_server, 1)
        rooms.add_bot(host)
        assert len(lost) == 1
        assert len(rooms.watch(code).seats) == 2
    finally:
        store.close()


def test_g2_a_connection_lost_during_a_read_is_retried_not_shown(
    direct_url: str, postgres_server: str
) -> None:
    store = Store(direct_url)
    try:
        rooms = Rooms(store, FakeClock())
        code, host = rooms.create("Asha", RoomSettings())
        lost = _lose_connections(store, postgres_server, 3)
        version = rooms.version(code)
        view = rooms.view(host)  # the seat's room is read, then the room
        assert len(lost) == 3
        assert view.version == version
    finally:
        store.close()


def test_g2_a_round_with_bots_is_played_to_its_end_while_connections_are_lost(
    direct_url: str, postgres_server: str
) -> None:
    store = Store(direct_url)
    try:
        clock = FakeClock()
        rooms = Rooms(store, clock)
        code, host = rooms.quick_game("Asha", RoomSettings(), "random")
        lost = _lose_connections(store, postgres_server, 40)
        rng = random.Random(3)
        for _ in range(10_000):
            rooms.version(code)  # the page's poll, which plays the bots' moves that are due
            view = rooms.view(host)
            if view.status != "playing":
                break
            if view.table is not None and view.table.my_turn:
                rooms.act(host, pick(view, rng), view.version)
            else:
                clock.advance(2)
        assert view.status in ("results", "over")
        assert len(lost) == 40
    finally:
        store.close()
