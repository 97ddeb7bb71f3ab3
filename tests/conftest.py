"""Suite-wide checks (a run that executes no test fails), the order of the run, the room store."""

from __future__ import annotations

import pytest

# ---------------------------------------------------------------- the order of the run

#: Roughly how long the modules that drive a Streamlit server take, in seconds on two cores:
#: a hint for the order of the run only, never a limit. A module that starts a server and is
#: not listed counts as ``BROWSER_SECONDS``.
MODULE_SECONDS = {
    "tests/test_browser.py": 330.0,
    "tests/test_two_servers.py": 95.0,
    "tests/spades/test_browser.py": 45.0,
    "tests/moon_dominoes/test_browser.py": 40.0,
    "tests/test_scorebook_browser.py": 20.0,
    "tests/test_deploy.py": 20.0,
    "tests/test_hostile_browser.py": 20.0,
}
BROWSER_SECONDS = 40.0


def _seconds(item: pytest.Item) -> float:
    """The hint for ``item``'s module: 0 for a module that starts no Streamlit server."""
    module = getattr(item, "module", None)
    path = item.nodeid.split("::", 1)[0]
    if path in MODULE_SECONDS:
        return MODULE_SECONDS[path]
    return BROWSER_SECONDS if hasattr(module, "streamlit_server") else 0.0


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``--dist worksteal``, start each worker on a share of the long browser modules.

    Work stealing hands worker ``i`` the ``i``-th contiguous run of the collection and
    balances from the back of the queues; a long module in the middle of a run could
    end up alone at the end. So the browser modules are spread over the workers, longest
    first (each module whole: one server and one Chromium for it), each share at the head
    of its worker's run, and the other tests follow in their own order. Which tests run
    is unchanged: only their order is.
    """
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    if workers < 2 or config.getoption("dist", "no") != "worksteal":
        return
    modules: dict[str, list[pytest.Item]] = {}
    rest: list[pytest.Item] = []
    for item in items:
        if _seconds(item) > 0:
            modules.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
        else:
            rest.append(item)
    shares: list[list[pytest.Item]] = [[] for _ in range(workers)]
    loads = [0.0] * workers
    for path in sorted(modules, key=lambda p: (-_seconds(modules[p][0]), p)):
        emptiest = loads.index(min(loads))
        shares[emptiest] += modules[path]
        loads[emptiest] += _seconds(modules[path][0])
    ordered: list[pytest.Item] = []
    left = len(items)
    for index, share in enumerate(shares):
        size = left // (workers - index)  # the run worksteal sends this worker first
        fill = max(0, size - len(share))
        ordered += share + rest[:fill]
        rest = rest[fill:]
        left -= size
    ordered += rest
    assert sorted(map(id, ordered)) == sorted(map(id, items))
    items[:] = ordered


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
