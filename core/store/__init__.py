"""The room store: database engines, tables and transactions.

``DATABASE_URL`` chooses the database; unset, it is the embedded SQLite file
``data/moon3.db`` (WAL mode, a busy timeout, writers take the lock at
``BEGIN IMMEDIATE`` so two writers never deadlock on a lock upgrade). A
``postgresql://`` URL uses psycopg 3. Tables are created on first use.

Every write to a room is a compare-and-set on its version (STYLE item 11):
:meth:`Store.compare_and_set` updates the row only where the version is the
one read, and reports whether it did.
"""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, suppress
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, event, insert, inspect, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, IntegrityError, SAWarning
from sqlmodel import Session, SQLModel, create_engine

from core import games
from core.store import history, listen
from core.store.reactions import Reaction
from core.store.tables import (
    FORMER_COLUMNS,
    FORMER_INDEXES,
    FORMER_ROUND,
    FROM_FORMER,
    UNIQUE_KEY,
    FriendGroup,
    GameRecord,
    GameSeat,
    RoundRecord,
    Seat,
)
from core.store.tables import Room as Room

__all__ = [
    "FriendGroup",
    "GameRecord",
    "GameSeat",
    "Reaction",
    "Room",
    "RoundRecord",
    "Seat",
    "Store",
    "database_url",
    "existing",
]

DEFAULT_URL = "sqlite:///data/moon3.db"
_ROOMS = Room.__table__  # type: ignore[attr-defined]
#: The compare-and-set of STYLE item 11, built once.
_CAS = (
    update(_ROOMS)
    .where(_ROOMS.c.code == bindparam("room_code"))
    .where(_ROOMS.c.version == bindparam("expected"))
    .values(
        version=bindparam("version"),
        doc=bindparam("doc"),
        status=bindparam("status"),
        host_seat_id=bindparam("host_seat_id"),
        due_at=bindparam("due_at"),
        updated_at=bindparam("updated_at"),
    )
)
#: A room moved: told to the other servers when the transaction commits (PostgreSQL).
_NOTIFY = text(f"SELECT pg_notify('{listen.CHANNEL}', :payload)")
SQLITE_BUSY_MS = 30_000
#: The advisory lock (PostgreSQL) under which a server creates the tables a store lacks.
SCHEMA_LOCK = 0x6D6F6F6E33  # "moon3"


def database_url(url: str | None = None) -> str:
    """The URL to use: the argument, else ``DATABASE_URL``, else the SQLite default."""
    url = url or os.environ.get("DATABASE_URL") or DEFAULT_URL
    # Hosted PostgreSQL services hand out postgres:// URLs; psycopg 3 is the driver here.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


#: Where Streamlit Community Cloud runs an app from: its files do not outlive a restart.
COMMUNITY_CLOUD_SOURCE = "/mount/src/"


def files_are_temporary(environ: Mapping[str, str], folder: str) -> bool:
    """Whether this host wipes local files when the app restarts (SPEC G3): said anywhere by
    ``STORE_IS_TEMPORARY=1``; Streamlit Community Cloud is recognised from where it runs the
    app (``folder``, the app's folder) and from its home folder."""
    said = environ.get("STORE_IS_TEMPORARY", "").strip().lower()
    if said in {"1", "true", "yes", "on"}:
        return True
    if said in {"0", "false", "no", "off"}:
        return False
    return folder.startswith(COMMUNITY_CLOUD_SOURCE) or environ.get("HOME") == "/home/appuser"


def _sqlite_engine(url: str, immediate: bool, create: bool = True) -> Engine:
    path = make_url(url).database
    if create and path and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event issue BEGIN itself (pysqlite's own is deferred).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if create:  # the file's journal mode is kept in it: setting it writes
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def _postgresql_engine(url: str) -> Engine:
    """An engine that works as well through a transaction-mode pooler (PgBouncer, the pooled
    endpoints of Supabase and Neon) as on the server itself. Such a pooler may run each
    transaction on another server connection, so nothing is kept on one between
    transactions: psycopg never prepares a statement on the server (it would after five runs
    of one query), and the store sets no session state (its only lock, the schema's, ends
    with its transaction). A connection the pooler or the server closed while it sat in the
    pool is found by a ping when it is taken, and replaced."""
    return create_engine(
        url, pool_pre_ping=True, pool_size=5, connect_args={"prepare_threshold": None}
    )


def dropped(error: BaseException) -> bool:
    """Whether ``error`` is the database connection lost (closed by the server or a pooler)
    rather than something the statement did: the connection is discarded, and the work may
    run again on a new one where running it twice is harmless."""
    return isinstance(error, DBAPIError) and bool(error.connection_invalidated)


def game_module(game: str, part: str) -> ModuleType:
    """A registered game's store module ``<part>`` (``tables``: its own rows; ``stats``: its
    figures) in the package the game declares (:attr:`core.games.Game.store`), so shared
    code never imports a game."""
    return importlib.import_module(f"{games.get(game).store}.{part}")


def load_game_tables() -> None:
    """Define every registered game's own tables (its store package's ``tables``, where it has
    one), so that they are created with the shared ones and the history can write to them."""
    for name in games.names():
        package = games.get(name).store
        try:
            game_module(name, "tables")
        except ModuleNotFoundError as exc:
            if exc.name not in (package, f"{package}.tables"):
                raise


def _add_column(conn: Connection, table: str, column: Any) -> None:
    """``ALTER TABLE`` ``table`` to add ``column`` (a NOT NULL one takes its server default)."""
    kind = column.type.compile(dialect=conn.dialect)
    if column.server_default is None:
        conn.exec_driver_sql(f"ALTER TABLE {table} ADD COLUMN {column.name} {kind}")
        return
    default = column.server_default.arg
    conn.exec_driver_sql(
        f"ALTER TABLE {table} ADD COLUMN {column.name} {kind} NOT NULL DEFAULT '{default}'"
    )


def _add_missing_columns(engine: Engine) -> None:
    """Add columns added to tables that already existed, with their server default (P7).

    ``create_all`` never alters a table: a store from an earlier release gets
    the new columns here, its rows taking the default (the ``game`` of every
    earlier room and round is Moon 3 of Spades), or none where the column may be empty
    until the store fills it.
    """
    seen = inspect(engine)
    for table in SQLModel.metadata.sorted_tables:
        present = {c["name"] for c in seen.get_columns(table.name)}
        for column in table.columns:
            if column.name in present or (column.server_default is None and not column.nullable):
                continue
            with suppress(DBAPIError), engine.begin() as conn:  # another server did it first
                _add_column(conn, table.name, column)


def _add_missing_indexes(engine: Engine) -> None:
    """Create indexes added to tables that already existed (``create_all`` skips those tables)."""
    seen = inspect(engine)
    for table in SQLModel.metadata.sorted_tables:
        # Reading an index on an expression back is not supported, and needs no warning here.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SAWarning)
            present = {i["name"] for i in seen.get_indexes(table.name)}
        for index in table.indexes:
            if index.name in present:
                continue
            with suppress(DBAPIError):  # another server may create it in between: nothing to do
                index.create(engine)


def _drop_former_indexes(engine: Engine) -> None:
    """Drop the indexes of a store from before groups that newer ones replace (G4): the
    unique key of a game kept without cards now holds its group, and the covering index of
    the counted rounds leads with it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SAWarning)
        present = {
            i["name"]
            for table in (RoundRecord.__tablename__, GameRecord.__tablename__)
            for i in inspect(engine).get_indexes(table)
        }
    for name in FORMER_INDEXES:
        if name in present:
            with suppress(DBAPIError), engine.begin() as conn:  # another server did it first
                conn.exec_driver_sql(f"DROP INDEX IF EXISTS {name}")


def _former_columns(bind: Engine | Connection) -> list[str]:
    """The columns of the round row of a store from before that it no longer holds."""
    present = {c["name"] for c in inspect(bind).get_columns(RoundRecord.__tablename__)}
    return [name for name in FORMER_COLUMNS if name in present]


@contextmanager
def _transaction(engine: Engine) -> Iterator[Session]:
    """A session on ``engine`` that rolls back whatever it did not commit (a no-op after a
    commit), for reading and writing alike."""
    with Session(engine, expire_on_commit=False) as session:
        try:
            yield session
        finally:
            session.rollback()


def existing(url: str | None = None) -> Store | None:
    """The store at ``url`` opened to be read only, as it is, or ``None`` if there is none
    (no SQLite file, or no tables yet): a check creates nothing, not even an empty store.
    Its games kept without cards carry the keys of the release that last opened it."""
    url = database_url(url)
    if url.startswith("sqlite"):
        path = make_url(url).database
        if not path or path == ":memory:" or not Path(path).is_file():
            return None
    store = Store(url, create=False)
    if not inspect(store.reader).has_table(GameRecord.__tablename__):
        store.close()
        return None
    return store


class Store:
    """The engines of one database and the transactions the room service runs in."""

    def __init__(self, url: str | None = None, *, create: bool = True) -> None:
        """Open the store at ``url``; unless ``create`` is false (see :func:`existing`), make
        its file, tables, columns and indexes where they are missing, and bring a store from
        an earlier release up to date (P7)."""
        self.url = database_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        if self.is_sqlite:
            self.writer = _sqlite_engine(self.url, immediate=True, create=create)
            self.reader = _sqlite_engine(self.url, immediate=False, create=create)
        else:
            self.writer = _postgresql_engine(self.url)
            self.reader = self.writer
        load_game_tables()
        if not create:
            return
        self._create_tables()
        _add_missing_columns(self.writer)
        _drop_former_indexes(self.writer)
        self._move_former_columns()
        self._upgrade_kept_games()
        _add_missing_indexes(self.writer)
        self._derive_facts()

    def _create_tables(self) -> None:
        """Create the tables the store lacks. On PostgreSQL two servers opening a store at the
        same moment would both create a new table (and one fail): the second waits on a lock
        until the first has, then finds it there. On SQLite the write lock does the same."""
        with self.writer.begin() as conn:
            if not self.is_sqlite:
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
            SQLModel.metadata.create_all(conn)

    def _move_former_columns(self) -> None:
        """A store from before each game kept its own round columns (P7): its round rows
        still hold Moon 3 of Spades' and Three-Player Moon's columns
        (:data:`~core.store.tables.FORMER_ROUND`). Each game's own table that says how
        (:data:`~core.store.tables.FROM_FORMER`) takes its rows from them, then they go, with
        the index over them, so that rounds stored from now on need not fill them.

        One transaction does it all, once: on SQLite it holds the write lock from its start;
        on PostgreSQL it locks the round table first. A server that opens the store at the
        same moment waits, then finds nothing left to do.
        """
        if not _former_columns(self.writer):
            return
        table = RoundRecord.__tablename__
        with self.write() as session:
            conn = session.connection()
            if not self.is_sqlite:
                conn.exec_driver_sql(f"LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE")
            if not _former_columns(conn):
                return  # another server did it first
            present = {c["name"] for c in inspect(conn).get_columns(table)}
            for column in FORMER_ROUND.columns:  # a store older than some of them
                if column.name not in present:
                    _add_column(conn, table, column)
            for own in SQLModel.metadata.sorted_tables:
                rows_of = own.info.get(FROM_FORMER)
                if rows_of is not None:
                    query = rows_of(FORMER_ROUND)
                    conn.execute(insert(own).from_select(query.selected_columns.keys(), query))
            quote = conn.dialect.identifier_preparer.quote
            # SQLite drops no column an index covers.
            for index in inspect(conn).get_indexes(table):
                if set(index["column_names"]) & set(FORMER_COLUMNS):
                    conn.exec_driver_sql(f"DROP INDEX {quote(str(index['name']))}")
            for name in FORMER_COLUMNS:
                conn.exec_driver_sql(f"ALTER TABLE {table} DROP COLUMN {quote(name)}")
            session.commit()

    def _upgrade_kept_games(self) -> None:
        """Games kept without cards in a store from before (P7): each stored under an older
        shape of key gets its key anew, and before keys are made unique each game held more
        than once is kept once."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SAWarning)
            present = {i["name"] for i in inspect(self.writer).get_indexes("game_record")}
        with self.read() as session:
            stale = history.stale_keys(session)
        if UNIQUE_KEY in present and not stale:
            return
        with self.write() as session:
            history.rekey(session)
            if UNIQUE_KEY not in present:
                history.merge_repeats(session)
            session.commit()

    def _derive_facts(self) -> None:
        """Each game's own rows of rounds and games stored before they had their present shape,
        derived again from the hand records (:func:`history.backfill`), and the running totals
        of rows stored without them (:func:`history.fill_running`), so that every figure
        counts them from the first page on."""
        with suppress(IntegrityError), self.write() as session:  # another server did it first
            if history.backfill(session):
                session.commit()
        with self.write() as session:
            if history.fill_running(session):
                session.commit()

    def write(self) -> AbstractContextManager[Session]:
        """A write transaction; the caller commits, anything else rolls back."""
        return _transaction(self.writer)

    def read(self) -> AbstractContextManager[Session]:
        """A read-only transaction (on SQLite it never takes the write lock)."""
        return _transaction(self.reader)

    @staticmethod
    def compare_and_set(
        session: Session,
        code: str,
        expected: int,
        *,
        doc: str,
        status: str,
        host_seat_id: int | None,
        due_at: float | None,
        now: datetime,
    ) -> bool:
        """Write a room only if its version is still ``expected``; bump the version."""
        result = session.connection().execute(
            _CAS,
            {
                "room_code": code,
                "expected": expected,
                "version": expected + 1,
                "doc": doc,
                "status": status,
                "host_seat_id": host_seat_id,
                "due_at": due_at,
                "updated_at": now,
            },
        )
        return bool(result.rowcount == 1)

    def announce(self, session: Session, code: str) -> None:
        """Tell the other servers of this store, when the transaction commits, that room
        ``code`` moved (PostgreSQL's NOTIFY on :data:`core.store.listen.CHANNEL`, which works
        through a transaction-mode pooler too); SQLite has one server, so nothing to tell."""
        if not self.is_sqlite:
            session.connection().execute(_NOTIFY, {"payload": listen.payload(code)})

    def close(self) -> None:
        """Close every connection (a restart of the app does the same)."""
        self.writer.dispose()
        if self.reader is not self.writer:
            self.reader.dispose()
