"""H5 on both databases: each player's figures, every pair and trio together on one side, the
rankings and the Recap, against a hand-built evening worked out by hand
(``tests/data/partnerships/``, from the SPEC and the README alone)."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from core import importing
from core.moon3.figures import Group, best, favourites, worst
from core.store import Store
from core.store.moon3 import stats

DATA = Path(__file__).parent / "data" / "partnerships"
EXPECTED: dict[str, Any] = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
LEAST = EXPECTED["min_together"]


@pytest.fixture
def evening(store: Store) -> Store:
    found = importing.check(store, "moon3", (DATA / "evening.json").read_bytes(), "evening.json")
    assert found.problems == []
    importing.store_history(store, "moon3", found)
    return store


def filters_for(part: str) -> stats.Filters:
    span = EXPECTED[part]
    if span.get("from") is None:
        return stats.Filters()
    since = datetime.combine(date.fromisoformat(span["from"]), datetime.min.time(), UTC)
    until = datetime.combine(date.fromisoformat(span["to"]), datetime.min.time(), UTC)
    return stats.Filters(since=since, until=until + timedelta(days=1))


def as_json(groups: list[Group]) -> list[dict[str, Any]]:
    return [{"names": list(g.names), "together": g.together, "won": g.won} for g in groups]


PARTS = ["whole_file", "may_2025"]


@pytest.mark.parametrize("part", PARTS)
def test_h5_each_players_figures(evening: Store, part: str) -> None:
    board = {s.name: s for s in stats.leaderboard(evening, filters_for(part))}
    expected = EXPECTED[part]["players"]
    assert set(board) == set(expected)
    for name, figures in expected.items():
        mine = board[name]
        got = {
            "rounds": mine.rounds,
            "won": mine.rounds_won,
            "bids": mine.bids,
            "bids_made": mine.bids_made,
            "average_bid": mine.average_bid if mine.bids else None,
            "big_bids_made": mine.big_bids_made,
            "partner_rounds": mine.partner_rounds,
            "partner_wins": mine.partner_wins,
            "defender_rounds": mine.defender_rounds,
            "defender_wins": mine.defender_wins,
        }
        assert got == figures, name


@pytest.mark.parametrize("part", PARTS)
def test_h5_pairs_and_trios_together_on_one_side(evening: Store, part: str) -> None:
    found = stats.partnerships(evening, filters_for(part))
    assert as_json(found.pairs) == EXPECTED[part]["pairs"]
    assert as_json(found.trios) == EXPECTED[part]["trios"]


@pytest.mark.parametrize("part", PARTS)
def test_h5_favourite_partnerships_best_trios_and_worst_pairs(evening: Store, part: str) -> None:
    found = stats.partnerships(evening, filters_for(part))
    ranked = EXPECTED[part]["rankings"]
    assert as_json(favourites(found.pairs, 3)) == ranked["favourite_pairs"]
    assert as_json(best(found.trios, LEAST, 3)) == ranked["best_trios"]
    assert as_json(worst(found.pairs, LEAST, 3)) == ranked["worst_pairs"]


def test_h5_a_player_filter_keeps_that_players_partnerships(evening: Store) -> None:
    everyone = stats.groups(evening, stats.Filters(), 2)
    asha = stats.groups(evening, stats.Filters(player="asha"), 2)
    assert asha == [g for g in everyone if "Asha" in g.names]


def test_h5_recap_card_tells_each_players_year(evening: Store) -> None:
    cards = stats.recap(evening, stats.Filters(), LEAST)
    expected = EXPECTED["whole_file"]
    assert [c.name for c in cards] == sorted(
        expected["players"], key=lambda n: (-expected["players"][n]["rounds"], n)
    )
    pairs = [Group(tuple(p["names"]), p["together"], p["won"]) for p in expected["pairs"]]
    for card in cards:
        mine = [g for g in pairs if card.name in g.names]
        assert card.favourite == (favourites(mine, 1) or [None])[0]
        assert card.best == (best(mine, LEAST, 1) or [None])[0]
        assert card.standing.rounds == expected["players"][card.name]["rounds"]


def test_h5_recap_boldest_bid_is_the_highest_led_made_or_not(evening: Store) -> None:
    games = json.loads((DATA / "evening.json").read_text(encoding="utf-8"))["games"]
    led: dict[str, list[tuple[int, bool]]] = {}
    for game in games:
        for played in game["rounds"]:
            made = str(played["result"]).lower() in ("made", "won", "win", "w", "yes", "true")
            led.setdefault(played["leader"], []).append((played["points"], made))
    for card in stats.recap(evening, stats.Filters(), LEAST):
        bids = led.get(card.name, [])
        assert card.boldest == (max(b for b, _ in bids) if bids else None)
        made = [b for b, ok in bids if ok]
        assert card.boldest_made == (max(made) if made else None)
