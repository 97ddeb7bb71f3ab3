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
    "tests/test_numbers_browser.py": 20.0,
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
    """Under ``--dist worksteal``, keep one worker for the tests that need the processor.

    The browser modules mostly wait (for a page's poll, a bot's pause), the others mostly
    compute. Work stealing hands worker ``i`` the ``i``-th contiguous run of the collection
    and balances from the back of the queues, so the browser modules go at the head of
    every run but the last, longest first (each module whole: one server and one Chromium
    for it), and the other tests follow in their own order. A waiting test then runs beside
    a computing one, not beside another like it, and no long module is left alone at the
    end. Which tests run is unchanged: only their order is.
    """
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    # A worker's own options say "no" distribution; the command line's are kept here.
    if workers < 2 or getattr(config.known_args_namespace, "dist", None) != "worksteal":
        return
    modules: dict[str, list[pytest.Item]] = {}
    rest: list[pytest.Item] = []
    for item in items:
        if _seconds(item) > 0:
            modules.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
        else:
            rest.append(item)
    shares: list[list[pytest.Item]] = [[] for _ in range(workers - 1)]
    loads = [0.0] * (workers - 1)
    for path in sorted(modules, key=lambda p: (-_seconds(modules[p][0]), p)):
        emptiest = loads.index(min(loads))
        shares[emptiest] += modules[path]
        loads[emptiest] += _seconds(modules[path][0])
    ordered: list[pytest.Item] = []
    left = len(items)
    for index, share in enumerate([*shares, []]):
        size = left // (workers - index)  # the run worksteal sends this worker first
        fill = max(0, size - len(share))
        ordered += share + rest[:fill]
        rest = rest[fill:]
        left -= len(share) + fill
    ordered += rest
    assert sorted(map(id, ordered)) == sorted(map(id, items))
    items[:] = ordered


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    passed = len(reporter.stats.get("passed", [])) if reporter else session.testscollected
    if exitstatus == 0 and passed == 0:
        session.exitstatus = 1


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """A failed test's report ends with the last lines of every Streamlit server running."""
    from tests.servers import LIVE_LOGS

    report = yield
    if report.failed:
        for log in LIVE_LOGS:
            lines = log.read_text(errors="replace").splitlines()[-40:]
            report.sections.append((f"server log {log.name}", "\n".join(lines)))
    return report


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
    url = postgres.fresh_database(base)
    request.addfinalizer(lambda: postgres.drop_database(url))  # after the test's store closed
    return url


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
