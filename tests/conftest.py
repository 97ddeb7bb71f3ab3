"""Suite-wide checks: a run that executes no test fails."""

from __future__ import annotations

import pytest


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    passed = len(reporter.stats.get("passed", [])) if reporter else session.testscollected
    if exitstatus == 0 and passed == 0:
        session.exitstatus = 1


# ---------------------------------------------------------------- the room store

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

from core.rooms import Rooms  # noqa: E402
from core.store import Store  # noqa: E402
from tests import postgres  # noqa: E402


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    with postgres.server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Every store test runs once on SQLite and once on a real PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rooms.db'}"
    base: str = request.getfixturevalue("postgres_server")
    return postgres.fresh_database(base)


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    opened = Store(database_url)
    yield opened
    opened.close()


@pytest.fixture
def rooms(store: Store, clock: FakeClock) -> Rooms:
    return Rooms(store, clock)
