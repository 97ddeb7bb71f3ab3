"""Suite-wide checks (a run that executes no test fails), the order of the run, the room store."""

from __future__ import annotations

import pytest

# ---------------------------------------------------------------- the order of the run

#: Where the suite keeps, in pytest's cache, how long each test took when it last ran here.
MEASURED = "moon3/test-seconds"


def _path(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def _module(item: pytest.Item) -> str:
    return _path(item.nodeid)


def _drives_a_browser(item: pytest.Item) -> bool:
    """Whether ``item``'s module starts Streamlit servers (and a browser to drive them)."""
    return hasattr(getattr(item, "module", None), "streamlit_server")


#: A test expected to take this long (seconds) or longer is a unit of its own when the run is
#: shared out, apart from the rest of its module, so one long module cannot keep a worker busy
#: alone at the end; and what a browser test never measured counts as, at least.
ALONE, TYPICAL = 45.0, 6.0


def _seconds(config: pytest.Config, items: list[pytest.Item]) -> dict[str, float]:
    """How long each browser test is expected to take, a hint for the order of the run only:
    the seconds it took when this checkout last ran it (measured by the suite itself), else
    its ``seconds`` mark (the whole-game tests carry one, for a fresh clone), else as long as
    the typical measured one, so that a test nobody has timed goes early rather than last."""
    cache = getattr(config, "cache", None)
    measured: dict[str, float] = (cache.get(MEASURED, {}) if cache else {}) or {}
    known = sorted(measured[i.nodeid] for i in items if i.nodeid in measured)
    typical = max(TYPICAL, known[len(known) // 2] if known else 0.0)
    seconds: dict[str, float] = {}
    for item in items:
        mark = item.get_closest_marker("seconds")
        given = float(mark.args[0]) if mark is not None else typical
        seconds[item.nodeid] = measured.get(item.nodeid, given)
    return seconds


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``--dist worksteal``, spread the browser tests over the workers.

    The browser tests mostly wait (for a page's poll, a bot's pause), the others mostly
    compute. Work stealing hands worker ``i`` the ``i``-th contiguous run of the collection
    and balances from the back of the queues, so the browser tests go at the head of every
    worker's run, longest first, and the workers' shares as even as the expected times make
    them (:func:`_seconds`); the other tests follow in their own order: the computing tests at
    the back even out the end. A module is shared out whole (one server and one Chromium for
    it), but for its long tests (:data:`ALONE`), which may go to another worker; a worker runs
    its part of each module in one stretch, in the module's order. Which tests run is
    unchanged: only their order is.
    """
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    # A worker's own options say "no" distribution; the command line's are kept here.
    if workers < 2 or getattr(config.known_args_namespace, "dist", None) != "worksteal":
        return
    browser = [item for item in items if _drives_a_browser(item)]
    rest = [item for item in items if not _drives_a_browser(item)]
    seconds = _seconds(config, browser)
    units: dict[str, list[pytest.Item]] = {}
    for item in browser:
        alone = seconds[item.nodeid] >= ALONE
        units.setdefault(item.nodeid if alone else _module(item), []).append(item)
    weight = {key: sum(seconds[i.nodeid] for i in unit) for key, unit in units.items()}
    shares: list[list[pytest.Item]] = [[] for _ in range(workers)]
    loads = [0.0] * workers
    for key in sorted(units, key=lambda k: (-weight[k], k)):
        emptiest = loads.index(min(loads))
        shares[emptiest] += units[key]
        loads[emptiest] += weight[key]
    place = {item.nodeid: index for index, item in enumerate(items)}
    for share in shares:  # each module's part in one stretch, the heaviest part first
        part: dict[str, float] = {}
        for item in share:
            part[_module(item)] = part.get(_module(item), 0.0) + seconds[item.nodeid]
        share.sort(key=lambda i: (-part[_module(i)], _module(i), place[i.nodeid]))
    ordered: list[pytest.Item] = []
    left = len(items)
    for index, share in enumerate(shares):
        size = left // (workers - index)  # the run worksteal sends this worker first
        fill = max(0, size - len(share))
        ordered += share + rest[:fill]
        rest = rest[fill:]
        left -= len(share) + fill
    ordered += rest
    assert sorted(map(id, ordered)) == sorted(map(id, items))
    items[:] = ordered


#: Seconds each test took in this run (setup, call and teardown), as its reports come in.
_TOOK: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _TOOK[report.nodeid] = _TOOK.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    cache = getattr(session.config, "cache", None)
    if cache is not None and _TOOK and not hasattr(session.config, "workerinput"):
        # The next run orders its browser modules by these (a worker's reports reach here);
        # the times of tests whose module is gone are dropped.
        root = session.config.rootpath
        kept = {**(cache.get(MEASURED, {}) or {}), **_TOOK}
        cache.set(MEASURED, {n: t for n, t in kept.items() if (root / _path(n)).exists()})
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

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from core.rooms import Rooms  # noqa: E402
from core.store import Store  # noqa: E402
from tests import postgres  # noqa: E402
from tests.servers import CHROMIUM_FLAGS, chromium  # noqa: E402


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, for a module's browser tests (never a downloaded one)."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    with postgres.server() as url:
        yield url


@pytest.fixture(scope="session")
def pgbouncer(postgres_server: str) -> Iterator[str]:
    """A real PgBouncer in transaction mode in front of the test PostgreSQL (SPEC G2)."""
    with postgres.pooler(postgres_server) as url:
        yield url


#: The modules whose PostgreSQL cases reach it through PgBouncer: the store's, the rooms' and
#: their concurrency, backups and groups (the reads and writes a pooler could break). The
#: figures' and pages' PostgreSQL cases reach the server directly: the same SQL, sooner.
POOLED = (
    "test_store",
    "test_rooms",
    "test_pooler",
    "test_backup",
    "test_groups",
    "test_reactions",
    "test_scorebook",
    "test_history",
    "test_wake",
)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Every store test runs once on SQLite and once on a real PostgreSQL; the store's and the
    rooms' reach it as a hosted one is reached, through a transaction-mode PgBouncer (SPEC
    G2, :data:`POOLED`). The database is made and dropped on the server itself."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rooms.db'}"
    base: str = request.getfixturevalue("postgres_server")
    url = postgres.fresh_database(base)
    request.addfinalizer(lambda: postgres.drop_database(url))  # after the test's store closed
    if not request.node.path.name.startswith(POOLED):
        return url
    pooled: str = request.getfixturevalue("pgbouncer")
    return postgres.pooled(url, pooled)


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
