"""Streamlit servers started by tests and benchmarks: loopback only, always stopped."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Seconds a test server's bots wait before each move (``BOT_DELAY_SECONDS``).
HURRIED_BOT_DELAY = 0.25
LIVE_LOGS: list[Path] = []
"""The logs of the servers running now, for a failed test's report (see conftest)."""


def free_port() -> int:
    """A loopback TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def chromium() -> str:
    """Debian's Chromium binary; browsers are never downloaded."""
    executable = shutil.which("chromium")
    if executable is None:
        raise RuntimeError("Debian's chromium is needed: make test installs it")
    return executable


def wait_healthy(base: str, process: subprocess.Popen[bytes], what: str) -> None:
    """Wait until ``base`` answers Streamlit's health check (directly or through a proxy)."""
    for _ in range(120):
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited while starting")
        try:
            with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"{what} did not start")


#: The table pages' poll on a test server, beside push (see :func:`streamlit_server`).
TEST_SAFETY_POLL = 1.0


@contextlib.contextmanager
def streamlit_server(
    database: str,
    options: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
    cpus: set[int] | None = None,
    hurried: bool = True,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Run ``app.py`` on a free loopback port against ``database``; yield (base URL, process).

    Waits on ``/_stcore/health`` before yielding and stops the server afterwards,
    whatever happened in between. ``cpus`` pins the server to those cores. A ``hurried``
    server's bots move :data:`HURRIED_BOT_DELAY` seconds after the move before theirs, not
    the 0.8 s a table gives people to follow: a test beside bots waits on them, not on
    pauses (benchmarks of what players see are not hurried).
    """
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="streamlit-", suffix=".log")[1])
    pace = {"BOT_DELAY_SECONDS": str(HURRIED_BOT_DELAY)} if hurried else {}
    # Tests that move a room from their own process (the service, on the same SQLite file)
    # are not heard by the server's push: its pages look every second, as without push.
    net = {"SAFETY_POLL_SECONDS": str(TEST_SAFETY_POLL)}
    environment = {**os.environ, **net, **pace, **(env or {}), "DATABASE_URL": database}
    command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true"]
    command += ["--server.port", str(port), "--server.address", "127.0.0.1", *options]
    # No watcher over the checkout (its virtual environment included): the tests change no
    # source while a server runs, and watching costs each server start and every file written.
    command += ["--server.fileWatcherType", "none"]
    with log.open("wb") as output:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
            preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None,
        )
    base = f"http://127.0.0.1:{port}"
    LIVE_LOGS.append(log)
    try:
        wait_healthy(base, process, "the Streamlit server")
        yield base, process
    finally:
        LIVE_LOGS.remove(log)
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.unlink(missing_ok=True)
