"""H4 on both databases: an import stores whole games once, marked as imported, and the stats
count them where they need no cards; ``python -m core import`` reports and refuses."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, inspect, select

from core import importing
from core.store import GameRecord, RoundRecord, Store
from core.store.moon3 import stats
from tests import store_workers
from ui.moon3 import recap

DATA = Path(__file__).parent / "data" / "imports"


def counts(store: Store) -> tuple[int, int]:
    with store.read() as session:
        conn = session.connection()
        rounds = conn.execute(select(func.count()).select_from(RoundRecord)).scalar_one()
        games = conn.execute(select(func.count()).select_from(GameRecord)).scalar_one()
    return int(games), int(rounds)


def imported(store: Store, name: str, clean_only: bool = False) -> importing.Added:
    found = importing.check(store, "moon3", (DATA / name).read_bytes(), name)
    return importing.store_history(store, "moon3", found, clean_only)


def test_h4_importing_the_same_file_twice_adds_nothing(store: Store) -> None:
    first = imported(store, "good.json")
    assert (first.games, first.rounds, first.skipped) == (6, 28, 0)
    assert counts(store) == (6, 28)
    again = imported(store, "good.json")
    assert (again.games, again.rounds, again.skipped) == (0, 0, 6)
    assert counts(store) == (6, 28)


def test_h4_a_bad_file_stores_nothing_unless_its_clean_lines_are_asked_for(store: Store) -> None:
    assert imported(store, "bad.json") == importing.Added(0, 0, 0)
    assert counts(store) == (0, 0)
    clean = imported(store, "bad.json", clean_only=True)
    assert (clean.games, clean.rounds) == (8, 19)
    assert counts(store) == (8, 19)


def test_h4_imported_rounds_count_in_bids_and_the_leaderboard_but_not_kali_tidi(
    store: Store,
) -> None:
    imported(store, "good_toplevel_list.json")
    figures = stats.overview(store)
    assert figures.overall.rounds == 7
    assert figures.kali.rounds == 0  # no cards: Kali Tidi figures skip them
    board = {s.name: s for s in figures.leaderboard}
    # Hand-worked totals (expected.json): Hana 765 over the first game's four rounds.
    assert board["Hana"].score == 765 and board["Hana"].games == 1
    with store.read() as session:
        sources = session.connection().execute(select(RoundRecord.source).distinct()).all()
    assert [s for (s,) in sources] == ["import"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "core", "import", *args], capture_output=True, text=True, check=False
    )


def test_h4_import_command_reports_each_bad_line_and_stores_nothing(database_url: str) -> None:
    done = run(str(DATA / "bad.csv"), "--store", database_url)
    assert done.returncode == 1
    assert "line 4: date" in done.stderr and "nothing imported" in done.stderr
    store = Store(database_url)
    assert counts(store) == (0, 0)
    store.close()


def test_h4_import_command_stores_a_clean_file_once(database_url: str) -> None:
    done = run(str(DATA / "good.csv"), "--store", database_url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "imported 3 games (13 rounds); 0 already stored"
    again = run(str(DATA / "good.csv"), "--store", database_url)
    assert again.stdout.splitlines()[-1] == "imported 0 games (0 rounds); 3 already stored"
    assert "(skipped: already stored)" in again.stdout


def test_games_at_the_ends_of_the_calendar_are_refused_and_the_ends_of_the_range_stored(
    store: Store,
) -> None:
    dates = [
        "9999-12-31T23:59:30Z",
        "0001-01-01T00:30:00+14:00",
        "2100-12-31T23:59:30Z",
        "1900-01-01T00:30:00+14:00",
        *["2100-12-31"] * 6,
    ]
    games = [
        {
            "date": when,
            "players": ["Asha", "Ben", "Chen"],
            "rounds": [{"leader": "Asha", "teammates": [], "points": 150 + 5 * n, "result": 1}],
        }
        for n, when in enumerate(dates)
    ]
    found = importing.check(store, "moon3", json.dumps(games, indent=1).encode(), "edge.json")
    refused = [found.games[0].line, found.games[1].line]
    assert [(p.line, p.message[:18]) for p in found.problems] == [
        (line, "date: give a date ") for line in refused
    ]
    added = importing.store_history(store, "moon3", found, clean_only=True)
    assert (added.games, added.rounds) == (8, 8)
    assert counts(store) == (8, 8)


#: Each importer is a process of its own with its own store, as each server would be.
PROCESSES = multiprocessing.get_context("forkserver")
PROCESSES.set_forkserver_preload(["tests.store_workers"])


def test_three_imports_of_one_file_at_the_same_moment_store_each_game_once(
    store: Store, database_url: str
) -> None:
    data = (DATA / "good.json").read_bytes()
    barrier = PROCESSES.Barrier(3)
    results = PROCESSES.Queue()
    importers = [
        PROCESSES.Process(
            target=store_workers.import_file, args=(database_url, data, barrier, results)
        )
        for _ in range(3)
    ]
    for importer in importers:
        importer.start()
    added = [results.get(timeout=300) for _ in importers]
    for importer in importers:
        importer.join(timeout=60)
        assert importer.exitcode == 0
    assert counts(store) == (6, 28)
    assert sum(games for games, _, _ in added) == 6
    assert sorted(skipped for *_, skipped in added) == sorted(6 - games for games, _, _ in added)


def test_a_history_imported_as_json_then_as_csv_is_stored_once(store: Store) -> None:
    rounds = [
        {"leader": "Asha", "teammates": ["Ben"], "points": 150, "result": "made"},
        {"leader": "Chen", "teammates": ["Asha"], "points": 160, "result": "failed"},
    ]
    game = {"date": "2025-08-01", "players": ["Asha", "Ben", "Chen", "Dev"], "rounds": rounds}
    found = importing.check(store, "moon3", json.dumps([game]).encode(), "history.json")
    assert importing.store_history(store, "moon3", found).games == 1
    csv = "date,game,leader,teammates,bid,made\n"
    csv += "2025-08-01,1,Asha,Ben,150,yes\n2025-08-01,1,Chen,Asha,160,no\n"
    found = importing.check(store, "moon3", csv.encode(), "history.csv")
    [again] = found.games
    assert again.names == ["Asha", "Ben", "Chen"]  # Dev never bid nor was called
    assert (
        again.status == "skipped: already stored, which lists other players (Asha, Ben, Chen, Dev)"
    )
    assert importing.store_history(store, "moon3", found) == importing.Added(0, 0, 1)
    assert counts(store) == (1, 2)


NEW_YEARS_EVE = [
    {
        "date": when,
        "players": ["Asha", "Ben", "Chen"],
        "rounds": [{"leader": "Asha", "teammates": ["Ben"], "points": bid, "result": "made"}],
    }
    for when, bid in (("2026-01-01T02:30:00Z", 150), ("2025-12-31", 160))
]


def test_games_count_on_their_day_in_the_time_zone_chosen_on_import(store: Store) -> None:
    data = json.dumps(NEW_YEARS_EVE).encode()
    found = importing.check(store, "moon3", data, "nye.json", zone="America/New_York")
    assert [g.day for g in found.games] == ["2025-12-31", "2025-12-31"]
    importing.store_history(store, "moon3", found)
    # New York's New Year's Eve (02:30 UTC on the first is 21:30 there) is in 2025's Recap.
    stored = stats.date_range(store)
    assert stored is not None
    span = recap.default_span(stored[1], date(2026, 6, 1))
    assert (span.first, span.last) == (date(2025, 1, 1), date(2025, 12, 31))
    cards = {c.name: c for c in stats.recap(store, span.filters(None))}
    assert cards["Asha"].standing.rounds == 2
    with store.read() as session:
        metas = [
            json.loads(r)["meta"]
            for (r,) in session.connection().execute(select(RoundRecord.record))
        ]
    assert {m["zone"] for m in metas} == {"America/New_York"}
    assert sorted(m["local"][:16] for m in metas) == ["2025-12-31T20:00", "2025-12-31T21:30"]


def test_import_command_counts_days_in_the_time_zone_it_is_told(
    database_url: str, tmp_path: Path
) -> None:
    path = tmp_path / "nye.json"
    path.write_text(json.dumps(NEW_YEARS_EVE))
    done = run(str(path), "--check", "--timezone", "Asia/Kolkata", "--store", database_url)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "days counted in Asia/Kolkata"
    days = [line.split(": ")[1].split(",")[0] for line in lines[1:]]
    assert days == ["2026-01-01", "2025-12-31"]  # 08:00 on the first in India
    wrong = run(str(path), "--check", "--timezone", "Mars/Olympus", "--store", database_url)
    assert wrong.returncode == 2 and "unknown time zone 'Mars/Olympus'" in wrong.stderr


def test_import_command_dates_the_undated_games_when_told(
    database_url: str, tmp_path: Path
) -> None:
    path = tmp_path / "undated.csv"
    path.write_text("date,game,leader,teammates,bid,made\n,1,Asha,Ben,150,yes\n,1,Chen,,150,no\n")
    refused = run(str(path), "--store", database_url)
    assert refused.returncode == 1 and "line 2: date: missing" in refused.stderr
    done = run(str(path), "--date", "2025-03-01", "--store", database_url)
    assert done.returncode == 0, done.stderr
    assert "line 2: 2025-03-01," in done.stdout
    assert done.stdout.splitlines()[-1] == "imported 1 game (2 rounds); 0 already stored"


def test_a_check_creates_no_store_file(tmp_path: Path) -> None:
    path = tmp_path / "not-yet" / "moon3.db"
    url = f"sqlite:///{path}"
    done = run(str(DATA / "good.json"), "--check", "--store", url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("(ready)") == 6
    assert not path.parent.exists()
    assert run(str(DATA / "good.json"), "--store", url).returncode == 0
    again = run(str(DATA / "good.json"), "--check", "--store", url)
    assert again.stdout.count("(skipped: already stored)") == 6


def test_a_check_creates_no_table_in_an_empty_database(database_url: str, tmp_path: Path) -> None:
    if database_url.startswith("sqlite"):
        sqlite3.connect(tmp_path / "rooms.db").close()  # an empty file where the store would be
    done = run(str(DATA / "good.csv"), "--check", "--store", database_url)
    assert done.returncode == 0, done.stderr
    engine = create_engine(database_url)
    try:
        assert inspect(engine).get_table_names() == []
    finally:
        engine.dispose()


def hostile_files() -> list[tuple[str, bytes]]:
    """A file for each way an upload tried to break the import, with one clean game in it."""
    clean = {
        "date": "2025-01-10",
        "players": ["Asha", "Ben", "Chen"],
        "rounds": [{"leader": "Asha", "teammates": ["Ben"], "points": 150, "result": "made"}],
    }
    game = json.dumps(clean)
    head = "date,game,leader,teammates,bid,made\n2025-01-10,1,Asha,Ben,150,yes\n"
    head += "2025-01-10,1,Chen,,150,no\n"
    return [
        ("deep.json", f"[{game},\n{'[' * 20_000}{']' * 20_000}]".encode()),
        ("digits.json", f"[{game},\n{game.replace('150', '1' + '0' * 5_000)}]".encode()),
        ("surrogate.json", f"[{game},\n{game.replace('Chen', chr(92) + 'ud800')}]".encode()),
        ("date.json", f"[{game},\n{game.replace('2025-01-10', '9999-12-31T23:59:30Z')}]".encode()),
        ("square.csv", f"{head}2025-01-10,1,Ben,,\u00b2,yes\n".encode()),
        ("long.csv", f"{head}2025-01-10,1,Ben,,{'1' * 5_000},yes\n".encode()),
        ("cell.csv", f"{head}2025-01-10,1,Ben,,150,{'y' * 140_000}\n".encode()),
    ]


@pytest.mark.parametrize(("name", "data"), hostile_files())
def test_a_hostile_file_gets_line_numbered_problems_and_stores_nothing(
    store: Store, name: str, data: bytes
) -> None:
    found = importing.check(store, "moon3", data, name)
    assert found.problems and all(p.line >= 1 for p in found.problems)
    assert all(len(p.message) < 200 for p in found.problems)
    "\n".join(str(p) for p in found.problems).encode("utf-8")
    assert importing.store_history(store, "moon3", found) == importing.Added(0, 0, 0)
    assert counts(store) == (0, 0)
