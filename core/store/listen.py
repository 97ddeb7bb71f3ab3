"""Rooms that moved on another server: PostgreSQL's LISTEN/NOTIFY between app servers.

A write that moves a room sends ``NOTIFY`` on :data:`CHANNEL` inside its own
transaction (:meth:`core.store.Store.announce`), so the notice leaves only if
the write commits. Its payload is the room's code and the sending process's
:data:`ORIGIN`, a random tag: nothing secret, and a server skips its own notices
(it told its own pages already). Each server holds one :class:`Listener`, a
thread on one connection that waits for notices and hands each room code on.

``LISTEN`` needs a session of its own on the database server, which a
transaction-mode pooler (PgBouncer, the pooled endpoints of Supabase and Neon)
does not give: notices would reach whichever client the pooler served next.
So the listener takes ``DATABASE_LISTEN_URL`` (a direct connection string), or
``DATABASE_URL`` where it does not look pooled (:func:`listen_url`); where only
a pooled URL is given there is no listener, and pages on other servers see a
move at their next poll.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable, Mapping

import psycopg
from sqlalchemy.engine import make_url

#: The channel every server of a store listens on.
CHANNEL = "room_moved"
#: This process's tag in its notices.
ORIGIN = secrets.token_hex(4)
#: Ports on which the known transaction-mode poolers listen (PgBouncer, Supabase's pooler).
POOLER_PORTS = frozenset({6432, 6543})
#: How long the listener waits before connecting again after losing its connection.
RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0, 10.0)

_log = logging.getLogger("moon3.listen")


def payload(code: str) -> str:
    """A notice's payload: the room's code and this process's tag."""
    return f"{code} {ORIGIN}"


def looks_pooled(url: str) -> bool:
    """Whether ``url`` reaches PostgreSQL through a transaction-mode pooler, as far as its
    address says: a pooler's port, or a host named as one (Supabase's ``pooler.supabase.com``,
    Neon's ``-pooler`` endpoints)."""
    parsed = make_url(url)
    host = (parsed.host or "").lower()
    return parsed.port in POOLER_PORTS or "pooler" in host


def listen_url(environ: Mapping[str, str], database_url: str) -> str | None:
    """The connection string to listen on: ``DATABASE_LISTEN_URL`` (``off`` for none), else
    ``database_url`` when it is PostgreSQL and not pooled; ``None``: no listener."""
    given = environ.get("DATABASE_LISTEN_URL", "").strip()
    if given.lower() == "off":
        return None
    url = given or database_url
    if not url.startswith(("postgres://", "postgresql")):
        return None
    if not given and looks_pooled(url):
        return None
    return url


def _libpq(url: str) -> str:
    """A SQLAlchemy-style PostgreSQL URL as libpq reads it."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """One thread that waits for rooms moved by other servers and hands on their codes.

    It reconnects after a lost connection, waiting a little longer each time, and
    tells ``heard`` nothing about the rooms moved meanwhile: those pages see them at
    their next poll.
    """

    def __init__(self, url: str, heard: Callable[[str], None], origin: str = ORIGIN) -> None:
        """Listen at ``url``; hand each room code to ``heard``, except from notices of
        ``origin`` (this process's own, by default)."""
        self.url = _libpq(url)
        self.heard = heard
        self.origin = origin
        self.stopping = threading.Event()
        self.listening = threading.Event()
        self.thread = threading.Thread(target=self._run, name="room-listener", daemon=True)

    def start(self) -> Listener:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=5)

    def _run(self) -> None:
        failures = 0
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if failures:
                        _log.info("listening for rooms moved on other servers again")
                    failures = 0
                    while not self.stopping.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            self._hand_on(notice.payload)
            except psycopg.Error as exc:
                self.listening.clear()
                wait = RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)]
                if not failures:
                    _log.warning("lost the connection listening for moved rooms (%s)", exc)
                failures += 1
                self.stopping.wait(wait)

    def _hand_on(self, text: str) -> None:
        code, _, origin = text.partition(" ")
        if origin == self.origin or not code:
            return
        try:
            self.heard(code)
        except Exception:  # a page's trouble must not stop the listening
            _log.exception("handing on a moved room")
