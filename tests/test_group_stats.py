"""G4: every figure is one group's, on SQLite and PostgreSQL.

One store holds two groups and the open group, each with bot-played rounds of
every game (stored as a room of the group stores them) and the two groups the
same history imported into each. "Asha" sits in every group: a name belongs to
its group, so each group's Asha counts that group's rounds only. What each
group should show is read straight from its rows, never through the figures.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import text

from core import games, simulate
from core.figures import OPEN_GROUP as PLAIN_OPEN_GROUP
from core.moon3.figures import Filters
from core.rooms import Forbidden
from core.stats import Stats
from core.store import Store, history
from core.store.moon3 import stats as moon3_stats
from core.store.tables import OPEN_GROUP
from tests import postgres

A, B = "grpA", "grpB"
GROUPS = (OPEN_GROUP, A, B)
#: Who plays in each group: Asha everywhere, the others in one group only.
ROSTER = {
    OPEN_GROUP: ["Asha", "Omar", "Ola", "Oren"],
    A: ["Asha", "Arjun", "Anil", "Amit"],
    B: ["Asha", "Bela", "Bina", "Bodhi"],
}
#: Rounds played of every game in each group, and the day its last one finished.
ROUNDS = {OPEN_GROUP: 2, A: 3, B: 4}
ENDS = {
    OPEN_GROUP: datetime(2024, 3, 1, tzinfo=UTC),
    A: datetime(2025, 1, 10, tzinfo=UTC),
    B: datetime(2025, 6, 10, tzinfo=UTC),
}
#: A history both groups import (the same file): their names, in both groups.
IMPORTED = ["Asha", "Kiran", "Lila", "Mira"]
HISTORY = json.dumps(
    [
        {
            "date": "2025-02-01",
            "players": IMPORTED,
            "rounds": [
                {"leader": "Kiran", "teammates": ["Asha"], "points": 150, "result": "made"},
                {"leader": "Lila", "teammates": ["Mira"], "points": 140, "result": "failed"},
            ],
        }
    ]
).encode()
NAMES = {
    OPEN_GROUP: set(ROSTER[OPEN_GROUP]),
    A: set(ROSTER[A]) | set(IMPORTED),
    B: set(ROSTER[B]) | set(IMPORTED),
}
#: The games of each group as played (the imported history's comes on top).
PLAYED = ("moon3", "spades", "moon_dominoes", "thirteen")
SEATS = {"moon3": 4, "spades": 4, "moon_dominoes": 3, "thirteen": 4}


class Collected(simulate.Keeper):
    """The rows a simulated run would store, kept here to be stored in a group."""

    def __init__(self, code: str, end: datetime, rounds: int) -> None:
        self.code = code
        self.rows: list[Any] = []
        self.kept: list[Any] = []
        self.total = rounds
        self.now = end
        self.spread = timedelta(days=5)
        self.by_games = False

    def flush(self) -> None:
        self.kept += self.rows
        self.rows = []


def played_rows(game: str, group: str, seed: int) -> list[Any]:
    """A group's bot-played rounds of ``game`` (and the games they finished), as rows."""
    parser = argparse.ArgumentParser()
    simulate.add_arguments(parser, game)
    args = parser.parse_args(
        ["--game", game, "--players", str(SEATS[game]), "--rounds", str(ROUNDS[group])]
    )
    declared = games.get(game)
    assert declared.simulation is not None
    rng = random.Random(seed)
    config = declared.simulation.config(args, rng)
    code = f"{group or 'open'}{PLAYED.index(game)}"[-8:].upper()
    keeper = Collected(code, ENDS[group], ROUNDS[group])
    simulate.simulate(declared, config, rng, args, ROSTER[group][: SEATS[game]], keeper)
    keeper.flush()
    return keeper.kept


def fill(store: Store) -> None:
    for seed, group in enumerate(GROUPS):
        for game in PLAYED:
            with store.write() as session:
                history.save(session, played_rows(game, group, 10 * seed), group)
                session.commit()
    for group in (A, B):
        stats = Stats(store, group)
        found = stats.check_import("moon3", HISTORY, "history.json", "UTC", None)
        assert stats.store_import("moon3", found, clean_only=False).games == 1


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def filled(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Store]:
    """One store with every group's rounds, per database, shared by this module's tests."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('groups') / 'rooms.db'}"
    else:
        url = postgres.fresh_database(request.getfixturevalue("postgres_server"))
    store = Store(url)
    fill(store)
    yield store
    store.close()
    if request.param == "postgresql":
        postgres.drop_database(url)


def query(store: Store, sql: str, **values: Any) -> list[Any]:
    with store.read() as session:
        return list(session.connection().execute(text(sql), values).all())


def round_ids(store: Store, game: str, group: str) -> set[int]:
    """The group's rounds of ``game`` (none abandoned here), from their rows."""
    found = query(
        store,
        "SELECT id FROM round_record WHERE game = :game AND group_id = :group",
        game=game,
        group=group,
    )
    return {int(i) for (i,) in found}


def asha_rounds(store: Store, game: str, group: str) -> int:
    """How many of the group's rounds of ``game`` Asha sat in, from their rows."""
    found = query(
        store,
        "SELECT names FROM round_record WHERE game = :game AND group_id = :group",
        game=game,
        group=group,
    )
    return sum("Asha" in json.loads(names) for (names,) in found)


def board(stats: Stats, game: str) -> dict[str, Any]:
    """Each name on ``game``'s leaderboard, with its line."""
    return {p.name: p for p in stats.overview(game).leaderboard}


def test_the_figures_open_group_is_the_stores() -> None:
    assert PLAIN_OPEN_GROUP == OPEN_GROUP


def test_g4_each_groups_leaderboards_show_its_own_names_only(filled: Store) -> None:
    for group in GROUPS:
        stats = Stats(filled, group)
        for game in PLAYED:
            names = set(board(stats, game))
            assert "Asha" in names and names <= NAMES[group], (group, game, names)


def test_g4_a_name_in_two_groups_counts_only_that_groups_rounds(filled: Store) -> None:
    for group in GROUPS:
        stats = Stats(filled, group)
        assert board(stats, "moon3")["Asha"].rounds == asha_rounds(filled, "moon3", group)
        for game in ("spades", "moon_dominoes", "thirteen"):
            asha = board(stats, game)["Asha"]
            assert asha.hands == asha_rounds(filled, game, group), (group, game)


def test_g4_each_groups_overview_counts_its_own_rounds(filled: Store) -> None:
    for group in GROUPS:
        stats = Stats(filled, group)
        assert stats.overview("moon3").overall.rounds == len(round_ids(filled, "moon3", group))
        for game in ("spades", "moon_dominoes", "thirteen"):
            assert stats.overview(game).hands == ROUNDS[group], (group, game)


def test_g4_each_groups_players_are_its_own(filled: Store) -> None:
    for group in GROUPS:
        assert set(Stats(filled, group).players("moon3")) == NAMES[group]


def test_g4_each_groups_history_lists_its_own_games(filled: Store) -> None:
    for group in GROUPS:
        stats = Stats(filled, group)
        found = stats.history_games("moon3", Filters())
        codes = {code for (code,) in query(
            filled,
            "SELECT DISTINCT room_code FROM round_record WHERE game = 'moon3' AND group_id = :g",
            g=group,
        )}  # fmt: skip
        assert {g.room_code for g in found} == codes
        for line in found:
            assert set(line.names) <= NAMES[group] and set(line.winners) <= NAMES[group]
            rounds = stats.history_rounds("moon3", line.room_code, line.game_number)
            assert len(rounds) == line.rounds
            assert {r.id for r in rounds} <= round_ids(filled, "moon3", group)


def test_g4_a_history_imported_into_two_groups_is_each_groups_own(filled: Store) -> None:
    imported = {
        group: {
            g.room_code
            for g in Stats(filled, group).history_games("moon3", Filters())
            if g.source == "import"
        }
        for group in (A, B)
    }
    [code] = imported[A]
    assert imported[B] == {code}
    for group in (A, B):
        rounds = Stats(filled, group).history_rounds("moon3", code, 1)
        assert len(rounds) == 2
        assert {r.id for r in rounds} <= round_ids(filled, "moon3", group)
    assert Stats(filled).history_rounds("moon3", code, 1) == []


def test_g4_each_groups_partnerships_and_recap_show_its_own_names(filled: Store) -> None:
    for group in GROUPS:
        stats = Stats(filled, group)
        pairs, trios = stats.pairs_and_trios("moon3", Filters())
        assert pairs and {n for g in pairs + trios for n in g.names} <= NAMES[group]
        cards = stats.recap("moon3", Filters())
        assert {c.name for c in cards} == NAMES[group]
        asha = next(c for c in cards if c.name == "Asha")
        assert asha.standing.rounds == asha_rounds(filled, "moon3", group)


def test_g4_each_groups_latest_hands_are_its_own(filled: Store) -> None:
    for group in GROUPS:
        stats = Stats(filled, group)
        for game in ("spades", "moon_dominoes", "thirteen"):
            hands = stats.hands(game)
            assert {h.id for h in hands} == round_ids(filled, game, group), (group, game)
            assert {n for h in hands for n in h.names} <= NAMES[group]


def test_g4_a_hand_record_of_another_group_is_not_shown(filled: Store) -> None:
    theirs = min(round_ids(filled, "moon3", B))
    assert Stats(filled, B).hand_record("moon3", theirs) is not None
    assert Stats(filled, A).hand_record("moon3", theirs) is None
    assert Stats(filled).hand_record("moon3", theirs) is None


def test_g4_each_groups_dates_played_are_its_own(filled: Store) -> None:
    for group in GROUPS:
        stats = Stats(filled, group)
        for game in ("moon3", "thirteen"):
            found = stats.date_range(game)
            assert found is not None
            [(first, last)] = query(
                filled,
                "SELECT min(finished_at), max(finished_at) FROM round_record"
                " WHERE game = :game AND group_id = :group",
                game=game,
                group=group,
            )
            days = (found[0].date().isoformat(), found[1].date().isoformat())
            assert days == (str(first)[:10], str(last)[:10]), (group, game)


def test_g4_each_groups_fingerprint_counts_its_own_rounds(filled: Store) -> None:
    found = {group: Stats(filled, group).fingerprint("moon3") for group in GROUPS}
    for group in GROUPS:
        assert found[group][0] == len(round_ids(filled, "moon3", group))
        assert found[group][1] == max(round_ids(filled, "moon3", group))


def test_g4_filters_that_name_another_group_still_show_the_services_own(filled: Store) -> None:
    asked = Filters(group=B, whole_store=True)
    assert set(Stats(filled, A).players("moon3")) == NAMES[A]
    names = {s.name for s in Stats(filled, A).overview("moon3", asked).leaderboard}
    assert names == NAMES[A]


def test_g4_without_a_group_every_figure_is_empty(filled: Store) -> None:
    stats = Stats(filled, None)
    assert stats.overview("moon3").overall.rounds == 0
    assert stats.overview("moon3").leaderboard == []
    for game in ("spades", "moon_dominoes", "thirteen"):
        assert stats.overview(game).hands == 0 and stats.overview(game).leaderboard == []
        assert stats.hands(game) == []
    assert stats.players("moon3") == []
    assert stats.history_games("moon3", Filters()) == []
    assert stats.pairs_and_trios("moon3", Filters()) == ([], [])
    assert stats.recap("moon3", Filters()) == []
    assert stats.date_range("moon3") is None and stats.date_range("thirteen") is None
    assert stats.fingerprint("moon3") == (0, 0, 0)
    any_round = min(round_ids(filled, "moon3", OPEN_GROUP))
    assert stats.hand_record("moon3", any_round) is None
    [code] = {g.room_code for g in Stats(filled, A).history_games("moon3", Filters(player="Kiran"))}
    assert stats.history_rounds("moon3", code, 1) == []


def test_g4_without_a_group_nothing_is_imported(filled: Store) -> None:
    with pytest.raises(Forbidden):
        Stats(filled, None).check_import("moon3", HISTORY, "history.json", "UTC", None)
    found = Stats(filled, A).check_import("moon3", HISTORY, "history.json", "UTC", None)
    with pytest.raises(Forbidden):
        Stats(filled, None).store_import("moon3", found, clean_only=False)


def test_g4_an_import_lands_in_its_group_and_once_in_each_group(store: Store) -> None:
    into_a = Stats(store, A)
    added = into_a.store_import(
        "moon3", into_a.check_import("moon3", HISTORY, "h.json", "UTC", None), clean_only=False
    )
    assert (added.games, added.rounds) == (1, 2)
    stored = query(store, "SELECT DISTINCT group_id FROM round_record")
    assert stored == [(A,)] and query(store, "SELECT DISTINCT group_id FROM game_record") == [(A,)]
    assert Stats(store).players("moon3") == [] and set(into_a.players("moon3")) == set(IMPORTED)
    again = into_a.check_import("moon3", HISTORY, "h.json", "UTC", None)
    assert into_a.store_import("moon3", again, clean_only=False).games == 0
    into_b = Stats(store, B)
    fresh = into_b.check_import("moon3", HISTORY, "h.json", "UTC", None)
    assert into_b.store_import("moon3", fresh, clean_only=False).games == 1
    assert query(store, "SELECT group_id, count(*) FROM game_record GROUP BY group_id"
                 " ORDER BY group_id") == [(A, 1), (B, 1)]  # fmt: skip


def test_g4_a_groups_round_stored_while_the_open_groups_figures_are_read_is_not_in_them(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The open group's own rows skip their rounds only while no other group has any: a
    group's first round stored between the check and the read is not counted."""
    with store.write() as session:
        history.save(session, played_rows("moon3", OPEN_GROUP, 1))
        session.commit()
    read = moon3_stats.players

    def stored_meanwhile(opened: Store, filters: Filters) -> list[str]:
        if filters.whole_store:
            with opened.write() as session:
                history.save(session, played_rows("moon3", B, 2), B)
                session.commit()
        return read(opened, filters)

    monkeypatch.setattr(moon3_stats, "players", stored_meanwhile)
    assert set(Stats(store).players("moon3")) == set(ROSTER[OPEN_GROUP])
    assert set(Stats(store, B).players("moon3")) == set(ROSTER[B])
