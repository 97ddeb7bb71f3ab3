"""A throwaway PostgreSQL server for the store tests, on a loopback port.

PostgreSQL refuses to run as root, so when the tests run as root the cluster
belongs to the ``postgres`` user and every server command runs through
``runuser``. The cluster lives in a temporary folder (in memory, under
``/dev/shm``, where there is one) and is stopped and deleted when the test
session ends. Each test's database is dropped after the test.

:func:`pooler` puts a real PgBouncer in transaction mode in front of it, as the
pooled endpoints of hosted PostgreSQL services do: each transaction may run on
another server connection, so nothing may outlive one (a prepared statement, a
``SET``, a session lock). Like the cluster, it runs as ``postgres`` when the
tests run as root.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import sqlalchemy

#: The cluster's superuser, and the only user the pooler lets in.
USER = "moon3"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _folder() -> str | None:
    """Where the cluster goes: in memory if there is room there, else the temporary folder.

    Every store test creates a database, a copy of the template's files; on disk these
    copies, and deleting them all at the end, cost more than the tests that use them.
    A container's ``/dev/shm`` is often 64 MB, too small for a cluster: a gigabyte free
    is asked for.
    """
    shm = "/dev/shm"
    if not (os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK)):
        return None
    return shm if shutil.disk_usage(shm).free >= 1 << 30 else None


def _as_owner(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@contextmanager
def server() -> Iterator[str]:
    """Start a cluster; yield the base URL (without a database name); stop it after."""
    for tool in ("initdb", "pg_ctl"):
        if shutil.which(tool) is None:
            raise RuntimeError(f"PostgreSQL's {tool} is not on PATH; the store tests need it")
    root = Path(tempfile.mkdtemp(prefix="moon3-pg-", dir=_folder()))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    data, log = root / "data", root / "server.log"
    port = _free_port()
    initdb = shutil.which("initdb")
    pg_ctl = shutil.which("pg_ctl")
    assert initdb and pg_ctl
    subprocess.run(
        _as_owner([initdb, "-D", str(data), "-U", USER, "--auth=trust", "-E", "UTF8"]),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_owner([pg_ctl, "-D", str(data), "-o", options, "-l", str(log), "-w", "start"]),
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://{USER}@127.0.0.1:{port}"
    finally:
        subprocess.run(
            _as_owner([pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"]),
            check=False,
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)


POOLER_CONFIG = """\
[databases]
* = host=127.0.0.1 port={server_port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {port}
unix_socket_dir =
pool_mode = transaction
auth_type = trust
auth_file = {root}/users.txt
admin_users = {user}
max_client_conn = 500
default_pool_size = 20
logfile = {root}/pgbouncer.log
pidfile = {root}/pgbouncer.pid
"""


def _port_of(url: str) -> int:
    port = sqlalchemy.engine.make_url(url).port
    assert port is not None
    return port


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


@contextmanager
def pooler(server_url: str) -> Iterator[str]:
    """Start PgBouncer in transaction mode in front of the cluster at ``server_url`` (the base
    URL :func:`server` yields); yield its own base URL, under which every database of the
    cluster is reached by its name; stop it after."""
    executable = shutil.which("pgbouncer") or shutil.which("pgbouncer", path="/usr/sbin")
    if executable is None:
        raise RuntimeError("PgBouncer is not installed; make test installs it")
    root = Path(tempfile.mkdtemp(prefix="moon3-pgbouncer-"))
    port = _free_port()
    config = POOLER_CONFIG.format(
        server_port=_port_of(server_url), port=port, root=root, user=USER
    )
    (root / "pgbouncer.ini").write_text(config)
    (root / "users.txt").write_text(f'"{USER}" ""\n')
    if os.geteuid() == 0:  # it refuses to run as root, like PostgreSQL
        for path in (root, *root.iterdir()):
            shutil.chown(path, "postgres", "postgres")
    subprocess.run(
        _as_owner([executable, "-d", str(root / "pgbouncer.ini")]), check=True, capture_output=True
    )
    pidfile = root / "pgbouncer.pid"
    try:
        while not (_listening(port) and pidfile.exists()):
            time.sleep(0.05)
        yield f"postgresql+psycopg://{USER}@127.0.0.1:{port}"
    finally:
        if pidfile.exists():
            os.kill(int(pidfile.read_text()), signal.SIGTERM)
        shutil.rmtree(root, ignore_errors=True)


def pooled(url: str, pooler_url: str) -> str:
    """The database of ``url`` reached through the pooler at ``pooler_url``."""
    return f"{pooler_url}/{url.rsplit('/', 1)[1]}"


def fresh_database(base_url: str) -> str:
    """Create an empty database on the server and return its URL."""
    name = "t_" + uuid.uuid4().hex[:12]
    plain = base_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain + "/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{base_url}/{name}"


def drop_database(url: str) -> None:
    """Drop the database of ``url`` (made by :func:`fresh_database`), closing its connections."""
    base, name = url.rsplit("/", 1)
    plain = base.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain + "/postgres", autocommit=True) as conn:
        # The pooler keeps its server connections after the test's store closed. Ended here,
        # and watched until they are gone (a few milliseconds), they leave nothing to the
        # drop, which would wait for them in steps of a tenth of a second. One the pooler
        # opens meanwhile is ended in turn; the drop forces out any still left after that.
        connections = "FROM pg_stat_activity WHERE datname = %s"
        for _ in range(500):
            conn.execute(f"SELECT pg_terminate_backend(pid) {connections}", [name])
            if not conn.execute(f"SELECT 1 {connections}", [name]).fetchone():
                break
            time.sleep(0.002)
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def copy_sqlite_store(path: Path, url: str) -> None:
    """Write the tables and rows of a SQLite store into the empty database at ``url``, as
    they are (columns, indexes and ids): the same old store on PostgreSQL."""
    source = sqlalchemy.create_engine(f"sqlite:///{path}")
    target = sqlalchemy.create_engine(url)
    tables = sqlalchemy.MetaData()

    @sqlalchemy.event.listens_for(tables, "column_reflect")
    def _generic(inspector: object, table: object, column: dict[str, Any]) -> None:
        column["type"] = column["type"].as_generic()  # SQLite's DATETIME is PostgreSQL's TIMESTAMP

    with warnings.catch_warnings():  # an index on an expression is made again when it opens
        warnings.simplefilter("ignore", sqlalchemy.exc.SAWarning)
        tables.reflect(source)
    for table in tables.sorted_tables:
        for index in table.indexes:  # a partial index stays partial
            where = index.dialect_options["sqlite"].get("where")
            if where is not None:
                index.dialect_options["postgresql"]["where"] = where
    try:
        tables.create_all(target)
        with source.connect() as reading, target.begin() as writing:
            for table in tables.sorted_tables:
                rows = [dict(row._mapping) for row in reading.execute(table.select())]
                if rows:
                    writing.execute(table.insert(), rows)
                if "id" in table.c and rows:
                    writing.execute(
                        sqlalchemy.text(
                            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                            f"(SELECT max(id) FROM {table.name}))"
                        )
                    )
    finally:
        source.dispose()
        target.dispose()
