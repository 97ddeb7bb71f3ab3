"""Live table benchmark: what polling costs the server, and how soon a move shows.

Everything runs on loopback against a Streamlit server started here on a fresh
SQLite store, and is stopped afterwards.

1. Server CPU of one poll that finds no change. Simulated players watch tables
   in play that wait on a human and poll once a second as the room page does:
   a rerun of its ``follow`` fragment. A simulated player is a websocket client
   that speaks Streamlit's own protocol (``watch`` below), so the server does
   exactly the work a browser would make it do. The figure is the server
   process's CPU time over the window divided by the polls answered. Two
   alternatives are measured the same way: Streamlit's full garbage collection
   after every rerun switched back on, and a rerun of the whole page each
   second, which is what streamlit-autorefresh asks of the server (its
   component's timer reruns the whole script).
2. Click-to-visible over a full round: four Chromium players at a Team-wise
   2v2 table. For every move, the time from the click in one browser until each
   of the three others shows the new table version (a MutationObserver in each
   page notes the moment; all pages share the machine's clock).
3. Players per server process: simulated players sit at tables where someone
   moves every few seconds; their number steps up while the four browsers keep
   playing, until p95 click-to-visible passes 1.5 s or the largest step is done.

Run with ``make bench`` or ``python -m bench.ui``. With two cores or more,
parts 2 and 3 pin the server to one core and the browsers and simulated
players to the others, so the players' own load does not eat the server's
time; the poll costs of part 1 are CPU time, whatever the pinning.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import websockets
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from core.games import FLAGSHIP, get
from core.rooms import RoomError, Rooms
from core.store import Store
from tests import postgres
from tests.browsing import act_in_page, table_state
from tests.servers import CHROMIUM_FLAGS, chromium, streamlit_server
from tests.service_play import open_room, pick, tokens_by_position

SPAWN = multiprocessing.get_context("spawn")
TICKS = os.sysconf("SC_CLK_TCK")
STALLS = Path(tempfile.gettempdir()) / "moon3-bench-ui"
#: With two cores or more the server gets core 0 to itself and the browsers and
#: simulated players share the rest, so their load does not slow the server.
_CORES = sorted(os.sched_getaffinity(0))
SERVER_CPUS = {_CORES[0]} if len(_CORES) > 1 else None
LOAD_CPUS = set(_CORES[1:]) if len(_CORES) > 1 else None
DONE = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}
TARGETS = {"poll_cpu_ms": 10.0, "click_p95_ms": 1500.0, "players": 60}
#: The server as shipped (push on, its 5 s safety poll), and with push forced off.
SHIPPED = {"SAFETY_POLL_SECONDS": "5"}
PUSH_OFF = {"PUSH": "off"}
# Tables of the simulated players see a move every MOVE_EVERY seconds, a human pace.
MOVE_EVERY = 4.0


# ---------------------------------------------------------------- simulated players


def _rerun(query: str, page: str, fragment: str | None) -> bytes:
    message = BackMsg()
    state = message.rerun_script
    state.query_string = query
    if page:
        state.page_script_hash = page
    else:
        state.page_name = "room"
    if fragment:
        state.fragment_id = fragment
        state.is_auto_rerun = True
    return message.SerializeToString()


async def watch(
    url: str, query: str, full: bool, flags: dict[str, Any], out: dict[str, Any]
) -> None:
    """One player's page: draw it, then poll as the server tells a browser to (the fragment's
    ``run_every``: every second without push, every 5 s with it) until told to stop.

    ``full`` polls with a rerun of the whole page (streamlit-autorefresh's way)
    instead of the ``follow`` fragment. Poll round trips and page errors go to
    ``out`` while ``flags["measuring"]`` is set.
    """
    async with websockets.connect(url, max_size=None, ping_interval=None) as socket:
        known: dict[str, Any] = {"page": "", "fragment": "", "every": 1.0}
        finished = asyncio.Event()

        async def listen() -> None:
            async for raw in socket:
                message = ForwardMsg.FromString(raw)  # type: ignore[arg-type]
                kind = message.WhichOneof("type")
                if kind == "navigation":
                    known["page"] = message.navigation.page_script_hash
                elif kind == "auto_rerun":
                    known["fragment"] = message.auto_rerun.fragment_id
                    known["every"] = message.auto_rerun.interval or 1.0
                elif kind == "script_finished" and message.script_finished in DONE:
                    finished.set()
                elif (
                    kind == "delta" and message.delta.new_element.WhichOneof("type") == "exception"
                ):
                    out["errors"] += 1

        listener = asyncio.create_task(listen())
        await socket.send(_rerun(query, "", None))
        await asyncio.wait_for(finished.wait(), 120)
        out["ready"] += 1
        loop = asyncio.get_running_loop()
        while not flags["stop"].is_set():
            tick = loop.time()
            finished.clear()
            started = time.perf_counter()
            await socket.send(_rerun(query, known["page"], None if full else known["fragment"]))
            try:
                await asyncio.wait_for(finished.wait(), 30)
            except TimeoutError:
                out["timeouts"] += 1
                continue
            if flags["measuring"].is_set():
                out["polls"] += 1
                out["rtt_ms"].append((time.perf_counter() - started) * 1000)
            every = 1.0 if full else known["every"]
            await asyncio.sleep(max(0.0, tick + every - loop.time()))
        listener.cancel()


async def _watch_all(
    url: str, queries: list[str], full: bool, flags: dict[str, Any]
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ready": 0,
        "polls": 0,
        "timeouts": 0,
        "errors": 0,
        "rtt_ms": [],
        "messages": set(),
    }
    ready_flag = flags["ready"]

    async def one(number: int, query: str) -> None:
        await asyncio.sleep(number * 0.05)  # people do not all open the link in the same ms
        await watch(url, query, full, flags, out)

    async def report_ready() -> None:
        while out["ready"] < len(queries):
            await asyncio.sleep(0.1)
        with ready_flag.get_lock():
            ready_flag.value += len(queries)

    await asyncio.gather(report_ready(), *(one(n, q) for n, q in enumerate(queries)))
    return out


def pollers(url: str, queries: list[str], full: bool, flags: dict[str, Any], results: Any) -> None:
    """A process of simulated players (run with spawn)."""
    results.put(asyncio.run(_watch_all(url, queries, full, flags)))


def mover(database: str, tables: list[dict[str, Any]], stop: Any) -> None:
    """Someone moves at every table every ``MOVE_EVERY`` seconds, through the room service."""
    store = Store(database)
    rooms = Rooms(store)
    rng = random.Random(7)
    gap = MOVE_EVERY / max(1, len(tables))
    while not stop.is_set():
        for table in tables:
            if stop.is_set():
                break
            time.sleep(gap)
            try:
                view = rooms.view(table["host"])
                if view.status == "results":
                    rooms.next_round(table["host"])
                elif view.status == "over":
                    rooms.rematch(table["host"])
                elif view.table is not None and view.table.to_act is not None:
                    token = table["tokens"][view.table.to_act]
                    mine = rooms.view(token)
                    rooms.act(token, pick(mine, rng), mine.version)
            except RoomError:
                pass
    store.close()


@contextmanager
def crowd(
    base: str, database: str, tables: list[dict[str, Any]], full: bool = False, moving: bool = False
) -> Iterator[dict[str, Any]]:
    """Simulated players for every seat of ``tables``, in two processes; yields the flags.

    Waits until every page has drawn once. On leaving, stops them and puts
    their merged counts into the yielded dict's ``result``.
    """
    url = base.replace("http://", "ws://") + "/_stcore/stream"
    queries = [f"room={t['code']}&seat={token}" for t in tables for token in t["tokens"]]
    flags: dict[str, Any] = {
        "stop": SPAWN.Event(),
        "measuring": SPAWN.Event(),
        "ready": SPAWN.Value("i", 0),
    }
    results = SPAWN.Queue()
    halves = [queries[0::2], queries[1::2]]
    workers = [
        SPAWN.Process(target=pollers, args=(url, half, full, flags, results))
        for half in halves
        if half
    ]
    moving_worker = SPAWN.Process(target=mover, args=(database, tables, flags["stop"]))
    for worker in workers:
        worker.start()
    deadline = time.monotonic() + 60 + len(queries)
    while flags["ready"].value < len(queries) and time.monotonic() < deadline:
        time.sleep(0.2)
    if moving:
        moving_worker.start()
    try:
        yield flags
    finally:
        flags["stop"].set()
        parts = [results.get(timeout=120) for _ in workers]
        for worker in workers:
            worker.join()
        if moving:
            moving_worker.join()
        flags["result"] = {
            "players": len(queries),
            "polls": sum(p["polls"] for p in parts),
            "timeouts": sum(p["timeouts"] for p in parts),
            "errors": sum(p["errors"] for p in parts),
            "rtt_ms": [v for p in parts for v in p["rtt_ms"]],
            "messages": sorted({m for p in parts for m in p["messages"]}),
        }


def open_tables(database: str, count: int, into_play: bool) -> list[dict[str, Any]]:
    """``count`` Team-wise 2v2 tables of four humans, begun; optionally played to trick play."""
    store = Store(database)
    rooms = Rooms(store)
    rng = random.Random(count)
    tables = []
    for _ in range(count):
        code, tokens = open_room(
            rooms, get(FLAGSHIP).table.settings_from_json({"mode": "teams", "players": 4}), humans=4
        )
        ordered = tokens_by_position(rooms, tokens)
        while into_play:
            view = rooms.view(tokens[0])
            assert view.table is not None
            if view.table.phase == "playing":
                break
            mine = rooms.view(ordered[view.table.to_act])
            rooms.act(ordered[view.table.to_act], pick(mine, rng), mine.version)
        tables.append({"code": code, "host": tokens[0], "tokens": ordered})
    store.close()
    return tables


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


# ---------------------------------------------------------------- 1. cost of a poll


def poll_cost(
    label: str,
    options: tuple[str, ...],
    full: bool,
    tables: int,
    seconds: float,
    env: dict[str, str] | None = None,
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{Path(folder) / 'poll.db'}"
        seated = open_tables(database, tables, into_play=True)
        with (
            streamlit_server(database, options, env=env or SHIPPED, hurried=False) as (
                base,
                process,
            ),
            crowd(base, database, seated, full=full) as flags,
        ):
            time.sleep(3)  # let the first polls settle
            before = cpu_seconds(process.pid)
            flags["measuring"].set()
            time.sleep(seconds)
            flags["measuring"].clear()
            used = cpu_seconds(process.pid) - before
        result = flags["result"]
    polls = max(1, result["polls"])
    return {
        "label": label,
        "players": result["players"],
        "polls": result["polls"],
        "cpu_ms_per_poll": round(used * 1000 / polls, 2),
        "cpu_ms_per_player_second": round(used * 1000 / max(1, result["players"]) / seconds, 2),
        "server_cpu_percent": round(100 * used / seconds, 1),
        "rtt_median_ms": round(statistics.median(result["rtt_ms"]), 1)
        if result["rtt_ms"]
        else None,
        "rtt_p95_ms": _p95(result["rtt_ms"]),
        "errors": result["errors"],
        "error_messages": result["messages"],
    }


# ---------------------------------------------------------------- 2. click to visible

OBSERVE = """version => {
  window.__m3seen = 0;
  const seen = () => {
    const felt = document.querySelector('.m3-felt[data-version]');
    if (felt && Number(felt.dataset.version) > version) {
      window.__m3seen = Date.now();
      watcher.disconnect();
    }
  };
  const watcher = new MutationObserver(seen);
  watcher.observe(document.body, {subtree: true, childList: true, attributes: true});
  seen();
}"""
MARK_CLICKS = (
    "() => document.addEventListener('click', () => { window.__m3click = Date.now(); }, true)"
)
SHOWS = """v => {
  const felt = document.querySelector('.m3-felt[data-version]');
  return felt && Number(felt.dataset.version) >= v;
}"""


class BrowserTable:
    """Four Chromium players at one 2v2 table, each in their own context."""

    def __init__(self, browser: Browser, bases: list[str], database: str) -> None:
        """Four players, the i-th on ``bases[i % len(bases)]``."""
        self.database = database
        store = Store(database)
        self.rooms = Rooms(store)
        self.code, tokens = open_room(
            self.rooms,
            get(FLAGSHIP).table.settings_from_json({"mode": "teams", "players": 4}),
            humans=4,
        )
        self.host = tokens[0]
        ordered = tokens_by_position(self.rooms, tokens)
        sizes = [(390, 844), (1280, 800)] * 2
        self.contexts = [browser.new_context(viewport={"width": w, "height": h}) for w, h in sizes]
        self.pages: list[Page] = []
        self.stalls = 0
        for number, (context, token) in enumerate(zip(self.contexts, ordered, strict=True)):
            page = context.new_page()
            base = bases[number % len(bases)]
            page.goto(f"{base}/room?room={self.code}&seat={token}")
            page.wait_for_selector(".m3-felt", timeout=60_000)
            page.evaluate(MARK_CLICKS)
            self.pages.append(page)

    def moves(self, count: int | None) -> list[float]:
        """Play ``count`` moves (None: to the end of the round); click-to-visible times in ms."""
        latencies: list[float] = []
        while count is None or len(latencies) < 3 * count:
            state = table_state(self.database, self.code)
            assert state is not None
            if state.phase.label == "round_over":
                if count is None:
                    break
                self.rooms.next_round(self.host)
                continue
            version = self.rooms.version(self.code)
            for number, page in enumerate(self.pages):
                try:
                    page.wait_for_function(SHOWS, arg=version, timeout=30_000)
                except PlaywrightTimeout:
                    # A page that missed a move: keep a picture, count it, reload, go on.
                    self.stalls += 1
                    page.screenshot(path=str(STALLS / f"stall-{self.stalls}-{number}.png"))
                    page.reload()
                    page.wait_for_function(SHOWS, arg=version, timeout=60_000)
                    page.evaluate(MARK_CLICKS)
            actor = self.pages[state.to_act]
            others = [p for p in self.pages if p is not actor]
            for page in others:
                page.evaluate(OBSERVE, version)
            if not act_in_page(actor, state):
                time.sleep(0.2)  # the page is a poll behind; look again
                continue
            clicked = float(actor.evaluate("window.__m3click"))
            for page in others:
                page.wait_for_function("window.__m3seen > 0", timeout=60_000)
                latencies.append(float(page.evaluate("window.__m3seen")) - clicked)
        return latencies

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        self.rooms.store.close()


# ---------------------------------------------------------------- report


def _p95(values: list[float]) -> float | None:
    if not values:
        return None
    return round(statistics.quantiles(values, n=20)[-1], 1) if len(values) > 1 else values[0]


def _latency(values: list[float]) -> dict[str, Any]:
    return {
        "moves_seen": len(values),
        "median_ms": round(statistics.median(values), 1),
        "p95_ms": _p95(values),
        "max_ms": round(max(values), 1),
    }


def full_round(browser: Browser, env: dict[str, str], servers: int) -> dict[str, Any]:
    """Click-to-visible over a full round of four browsers, on one server (SQLite) or on
    ``servers`` servers sharing a PostgreSQL (the players spread over them)."""
    with ExitStack() as stack, tempfile.TemporaryDirectory() as folder:
        if servers > 1:
            database = postgres.fresh_database(stack.enter_context(postgres.server()))
        else:
            database = f"sqlite:///{Path(folder) / 'round.db'}"
        bases = [
            stack.enter_context(
                streamlit_server(database, env=env, cpus=SERVER_CPUS, hurried=False)
            )[0]
            for _ in range(servers)
        ]
        STALLS.mkdir(exist_ok=True)
        table = BrowserTable(browser, bases, database)
        try:
            return {**_latency(table.moves(None)), "stalled_pages": table.stalls}
        finally:
            table.close()


#: The full rounds of part 2: the poll alone (push forced off, as before push), push on one
#: server, push across two servers on PostgreSQL.
ROUNDS = (
    ("poll only (PUSH=off), one server", PUSH_OFF, 1),
    ("push, one server (SQLite)", SHIPPED, 1),
    ("push, two servers (PostgreSQL, NOTIFY/LISTEN)", SHIPPED, 2),
)


def capacity(
    browser: Browser, steps: list[int], moves: int
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A full round with only the browsers, then simulated players stepped up."""
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{Path(folder) / 'live.db'}"
        with streamlit_server(database, env=SHIPPED, cpus=SERVER_CPUS, hurried=False) as (
            base,
            process,
        ):
            STALLS.mkdir(exist_ok=True)
            table = BrowserTable(browser, [base], database)
            try:
                alone = {**_latency(table.moves(None)), "stalled_pages": table.stalls}
                rows = []
                for step in steps:
                    tables = open_tables(database, step // 4, into_play=False)
                    with crowd(base, database, tables, moving=True) as flags:
                        before = cpu_seconds(process.pid)
                        started = time.monotonic()
                        flags["measuring"].set()
                        seen = table.moves(moves)
                        elapsed = time.monotonic() - started
                        used = cpu_seconds(process.pid) - before
                    result = flags["result"]
                    row = {
                        "players": result["players"] + 4,
                        **_latency(seen),
                        "server_cpu_percent": round(100 * used / elapsed, 1),
                        "poll_rtt_p95_ms": _p95(result["rtt_ms"]),
                        "errors": result["errors"] + result["timeouts"],
                        "stalled_pages": table.stalls,
                    }
                    rows.append(row)
                    print(f"    {row}", flush=True)
                    if row["p95_ms"] is not None and row["p95_ms"] > TARGETS["click_p95_ms"]:
                        break
            finally:
                table.close()
    return alone, rows


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="poll-cost window")
    parser.add_argument(
        "--steps", default="20,40,60,80,120,160,240", help="simulated players per step"
    )
    parser.add_argument("--moves", type=int, default=16, help="browser moves timed per step")
    parser.add_argument("--only", choices=["cost", "live"], help="run one part only")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    steps = [int(s) for s in args.steps.split(",") if s]
    costs = (
        []
        if args.only == "live"
        else [
            poll_cost("fragment poll (shipped, push on)", (), False, 5, args.seconds),
            poll_cost("fragment poll, push off", (), False, 5, args.seconds, PUSH_OFF),
            poll_cost(
                "fragment poll, GC after each rerun",
                ("--runner.postScriptGC", "true"),
                False,
                5,
                args.seconds,
            ),
            poll_cost("whole-page rerun (streamlit-autorefresh)", (), True, 5, args.seconds),
        ]
    )
    if LOAD_CPUS:
        os.sched_setaffinity(0, LOAD_CPUS)  # inherited by Chromium and the simulated players
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        try:
            rounds = (
                []
                if args.only == "cost"
                else [(label, full_round(browser, env, n)) for label, env, n in ROUNDS]
            )
            alone, rows = capacity(browser, steps if args.only != "cost" else [], args.moves)
        finally:
            browser.close()
    held = [
        r["players"]
        for r in rows
        if r["p95_ms"] is not None and r["p95_ms"] <= TARGETS["click_p95_ms"] and not r["errors"]
    ]
    results = {
        "poll_cost": costs,
        "full_rounds": dict(rounds),
        "full_round": alone,
        "steps": rows,
        "players_held": max(held, default=4),
    }
    if args.json:
        print(json.dumps(results))
        return
    print("Live table: Streamlit servers as shipped (push on, 5 s safety poll) unless said")
    for cost in costs:
        print(
            f"  {cost['label']:<42} {cost['cpu_ms_per_poll']:>6} ms server CPU a poll,"
            f" {cost['cpu_ms_per_player_second']} ms a player each second"
            f" ({cost['players']} players, {cost['polls']} polls, {cost['errors']} errors;"
            f" round trip median {cost['rtt_median_ms']} ms, p95 {cost['rtt_p95_ms']} ms)"
        )
        for message in cost["error_messages"]:
            print(f"    error shown: {message}")
    for label, seen in rounds:
        print(
            f"  click-to-visible, 4 browsers, full round, {label}: median {seen['median_ms']} ms,"
            f" p95 {seen['p95_ms']} ms, max {seen['max_ms']} ms ({seen['moves_seen']} sightings,"
            f" {seen['stalled_pages']} stalled pages)"
        )
    print(
        f"  click-to-visible, 4 browsers, full round: median {alone['median_ms']} ms,"
        f" p95 {alone['p95_ms']} ms, max {alone['max_ms']} ms ({alone['moves_seen']} sightings,"
        f" {alone['stalled_pages']} stalled pages)"
    )
    for row in rows:
        print(
            f"  {row['players']:>4} players: click-to-visible median {row['median_ms']} ms,"
            f" p95 {row['p95_ms']} ms; server CPU {row['server_cpu_percent']}%;"
            f" poll round trip p95 {row['poll_rtt_p95_ms']} ms; errors {row['errors']};"
            f" stalled pages so far {row['stalled_pages']}"
        )
    print(f"  players held with p95 click-to-visible <= 1.5 s: {results['players_held']}")
    print("  targets: no-change poll < 10 ms server CPU, p95 < 1.5 s, >= 60 players a server")


if __name__ == "__main__":
    main()
