"""Stats page benchmark: time to compute and draw the page over 10,000 and 100,000 rounds.

A seed of bot-played games (several tables, ``python -m core simulate --store``)
is copied in SQL, with fresh ids, game numbers and dates, until the SQLite
store holds the wanted number of rounds with every per-seat row. For each
size it reports:

- ``overview``: all the page's SQL aggregations (``stats.overview``), cold;
- ``overview, one player``: the same with the player filter;
- ``pairs and trios``, ``recap figures``: the partnership aggregations (H5);
- ``page``, ``recap page``: a whole run of the Stats page, and of the Recap,
  in Streamlit's app-test runner with every cache cleared: the queries, the
  Plotly figures, the tables and the cards, as a first visit draws them.

Each figure is the median of ``--repeat`` runs. Target: both pages under 1.5 s
at every size (100,000 rounds included). Run with ``make bench`` or
``python -m bench.stats``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import text

from core.games import FLAGSHIP
from core.store import Store, game_module

stats = game_module(FLAGSHIP, "stats")  # the flagship's figures, found through the registry

ROOT = Path(__file__).resolve().parents[1]
TARGET_S = 1.5
NAMES = "Asha,Bikram,Chandra,Dipa,Esha,Farhan,Gita,Hari,Indu,Jamal"
#: (options, games): about 1,000 rounds across modes, the seed every size is copied from.
SEED_TABLES = [
    (["--players", "4"], 120),
    (["--players", "6"], 30),
    (["--players", "5", "--mode", "partners"], 60),
    (["--players", "7", "--mode", "partners"], 20),
    (["--players", "3", "--mode", "partners"], 40),
]


def seed(url: str) -> None:
    for options, games in SEED_TABLES:
        subprocess.run(
            [sys.executable, "-m", "core", "simulate", "--store", url, "--bot", "rules",
             "--games", str(games), "--names", NAMES, "--spread-days", "90", "--json",
             *options],
            check=True, capture_output=True, cwd=ROOT,
        )  # fmt: skip


def grow(store: Store, rounds: int) -> int:
    """Copy the seed rounds (with their own rows, seats, captures and games) until ``rounds``
    are stored."""
    with store.write() as session:
        conn = session.connection()
        base = conn.execute(text("select count(*), max(id) from round_record")).one()
        seed_rounds, max_round = int(base[0]), int(base[1])
        max_game = int(conn.execute(text("select max(id) from game_record")).scalar() or 0)
        copies = -(-rounds // seed_rounds) - 1
        if copies > 999:
            raise ValueError("at most 1,000 copies of the seed: seed more games")
        for k in range(1, copies + 1):
            r, g = k * max_round, k * max_game
            # Copy k: fresh ids, and room codes of its own (three digits, then the seed's code).
            conn.execute(
                text(
                    "insert into round_record (id, room_code, game_number, round_number, mode,"
                    " players, jokers, names, abandoned, source, facts, record, finished_at)"
                    " select id + :r, printf('%03d', :k) || substr(room_code, 4),"
                    " game_number, round_number, mode, players, jokers, names, abandoned,"
                    " source, facts, record, finished_at"
                    " from round_record where id <= :top"
                ),
                {"r": r, "k": k, "top": max_round},
            )
            conn.execute(
                text(
                    "insert into moon3_round (round_id, players, mode, source, decks, bidder,"
                    " bidder_name, bid, trump, called, partners, made, bidding_points,"
                    " defending_points, points_known, kali_tidi, kali_ours, kali_theirs)"
                    " select round_id + :r, players, mode, source, decks, bidder, bidder_name,"
                    " bid, trump, called, partners, made, bidding_points, defending_points,"
                    " points_known, kali_tidi, kali_ours, kali_theirs from moon3_round"
                    " where round_id <= :top"
                ),
                {"r": r, "top": max_round},
            )
            conn.execute(
                text(
                    "insert into round_seat"
                    " (round_id, seat, name, role, won, points, score, kali, dealt, total, leads)"
                    " select round_id + :r, seat, name, role, won, points, score, kali, dealt,"
                    " total, leads from round_seat where round_id <= :top"
                ),
                {"r": r, "top": max_round},
            )
            conn.execute(
                text(
                    "insert into round_group (round_id, size, first, second, third, won)"
                    " select round_id + :r, size, first, second, third, won"
                    " from round_group where round_id <= :top"
                ),
                {"r": r, "top": max_round},
            )
            conn.execute(
                text(
                    "insert into kali_capture (round_id, seat, name, trick, bidding_side)"
                    " select round_id + :r, seat, name, trick, bidding_side"
                    " from kali_capture where round_id <= :top"
                ),
                {"r": r, "top": max_round},
            )
            conn.execute(
                text(
                    "insert into game_record (id, room_code, game_number, mode, rounds, totals,"
                    " winners, names, ended_early, abandoned, source, source_key, finished_at)"
                    " select id + :g,"
                    " printf('%03d', :k) || substr(room_code, 4), game_number, mode, rounds,"
                    " totals, winners, names, ended_early, abandoned, source, source_key,"
                    " finished_at from game_record where id <= :top"
                ),
                {"g": g, "k": k, "top": max_game},
            )
            conn.execute(
                text(
                    "insert into game_seat (game_id, seat, name, won, total)"
                    " select game_id + :g, seat, name, won, total from game_seat"
                    " where game_id <= :top"
                ),
                {"g": g, "top": max_game},
            )
        session.commit()
    with store.read() as session:
        return int(session.connection().execute(text("select count(*) from round_record")).one()[0])


def timed(work: object, repeat: int) -> float:
    """Median seconds of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def page_run(url: str, screen: str = "stats") -> None:
    """One first visit of a page (the Stats page, or the Recap), every cache cleared."""
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from ui import session

    session.rooms.clear()  # type: ignore[attr-defined]
    st.cache_data.clear()
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.switch_page(f"screens/{screen}.py")
    at.run()
    assert not at.exception, at.exception
    if screen == "stats":
        assert at.metric, "the page drew no figures"
    else:
        assert at.get("download_button"), "the Recap drew no card"


def measure(url: str, repeat: int) -> dict[str, float]:
    store = Store(url)
    try:
        top = stats.players(store)[0]
        overview = timed(lambda: stats.overview(store), repeat)
        one = timed(lambda: stats.overview(store, stats.Filters(player=top)), repeat)
        partners = timed(lambda: stats.partnerships(store), repeat)
        recap = timed(lambda: stats.recap(store), repeat)
    finally:
        store.close()
    os.environ["DATABASE_URL"] = url
    page_run(url)  # warm the imports and the backfill check once
    page_run(url, "recap")
    page = timed(lambda: page_run(url), repeat)
    recap_page = timed(lambda: page_run(url, "recap"), repeat)
    return {
        "overview": overview,
        "overview, one player": one,
        "pairs and trios": partners,
        "recap figures": recap,
        "page": page,
        "recap page": recap_page,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="10000,100000", help="round counts to measure")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(","))
    with tempfile.TemporaryDirectory() as folder:
        print("seeding bot-played games ...", flush=True)
        results = {}
        for size in sizes:
            url = f"sqlite:///{Path(folder) / f'stats-{size}.db'}"
            seed(url)
            store = Store(url)
            held = grow(store, size)
            store.close()
            results[held] = measure(url, args.repeat)
            figures = ", ".join(f"{k} {v * 1000:,.0f} ms" for k, v in results[held].items())
            print(f"{held:>7,} rounds: {figures}", flush=True)
    for size, figures in sorted(results.items()):
        for screen in ("page", "recap page"):
            verdict = "met" if figures[screen] < TARGET_S else "MISSED"
            print(f"target: {screen} under {TARGET_S} s at {size:,} rounds: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
