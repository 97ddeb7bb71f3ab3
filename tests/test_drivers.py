"""The drivers from the registry: ``simulate``, ``tournament`` and ``demo`` for every game.

One simulate driver and one tournament driver play every registered game
through its declared part (``core.games.Simulation``, ``Tournament``); each
game's own options live in its own command line; ``demo`` seeds every game.
The fixed-seed figures below are the ones each game's own run gave before
the drivers were shared.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from core import games, simulate, tournament
from core.__main__ import main
from core.store import Store

COMMANDS: dict[str, Callable[[argparse.ArgumentParser, str], None]] = {
    "simulate": simulate.add_arguments,
    "tournament": tournament.add_arguments,
}


def own_options(command: str, name: str) -> set[str]:
    """The option strings a game adds to ``command`` besides the shared ones."""
    game = games.get(name)
    part = game.simulation if command == "simulate" else game.tournament
    assert part is not None
    parser = argparse.ArgumentParser(add_help=False)
    part.options(parser)
    return {flag for action in parser._actions for flag in action.option_strings}


def ran(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def summary(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    figures: dict[str, Any] = json.loads(ran(capsys, *argv, "--json"))
    for timing in ("seconds", "rounds_per_second"):
        figures.pop(timing, None)
    return figures


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", games.names())
def test_every_game_options_sit_beside_the_shared_ones(command: str, name: str) -> None:
    COMMANDS[command](argparse.ArgumentParser(), name)  # a clash raises argparse.ArgumentError


@pytest.mark.parametrize("command", COMMANDS)
def test_a_game_option_is_refused_under_another_game(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    refused = 0
    for name in games.names():
        for other in games.names():
            for flag in sorted(own_options(command, other) - own_options(command, name)):
                with pytest.raises(SystemExit):
                    main([command, "--game", name, flag])
                assert f"unrecognized arguments: {flag}" in capsys.readouterr().err
                refused += 1
    assert refused  # Spades' --individual under Thirteen, Moon 3 of Spades' --mode under Spades…


def test_two_games_may_each_have_an_option_of_the_same_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    twin = dataclasses.replace(games.get("thirteen"), name="thirteen_twin", title="Thirteen twin")
    monkeypatch.setitem(games.REGISTRY, twin.name, twin)
    for name in ("thirteen", "thirteen_twin"):
        figures = summary(
            capsys, "simulate", "--game", name, "--players", "3", "--games", "1", "--hands", "2"
        )
        assert figures["game"] == name and figures["hands"] == 2


def test_simulate_help_lists_the_chosen_game_options_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--game", "spades", "--help"])
    shown = capsys.readouterr().out
    assert "Spades options" in shown and "--individual" in shown
    assert "--min-bid" not in shown and "--hands" not in shown


def test_demo_seeds_every_registered_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    printed = ran(capsys, "demo", "--store", url, "--games", "1")
    tables = {}
    for name in simulate.playable():
        part = games.get(name).simulation
        assert part is not None
        tables[name] = len(part.DEMO)
    assert set(tables) >= {"moon3", "spades", "moon_dominoes", "thirteen"}
    assert printed.count("stored as room") == sum(tables.values())
    store = Store(url)
    try:
        with store.read() as db:
            conn = db.connection()
            kept = conn.execute(text("SELECT game, count(*) FROM game_record GROUP BY game")).all()
            names = conn.execute(text("SELECT names FROM game_record")).scalars().all()
    finally:
        store.close()
    assert dict(kept) == tables  # one game at each of every game's tables
    assert all(name in simulate.DEMO_NAMES.split(",") for row in names for name in json.loads(row))


SIMULATED = [
    (
        ["--rounds", "30", "--seed", "5"],
        {"game": "moon3", "players": 4, "decks": 1, "mode": "teams", "jokers": False,
         "bot": "random", "seed": 5, "rounds": 30, "bid_success_rate": 0.0, "average_bid": 249.5,
         "kali_tidi_to_bidding_side": 0.5, "trumps": {"S": 7, "H": 7, "C": 4, "D": 12},
         "games_finished": 28, "wins": [15, 13]},
    ),
    (
        ["--players", "5", "--mode", "random", "--games", "3", "--seed", "3", "--bot", "rules"],
        {"game": "moon3", "players": 5, "decks": 2, "mode": "random", "jokers": False,
         "bot": "rules", "seed": 3, "rounds": 6, "bid_success_rate": 1.0, "average_bid": 250.0,
         "kali_tidi_to_bidding_side": 1.0, "trumps": {"S": 2, "H": 0, "C": 3, "D": 1},
         "games_finished": 3, "wins": [3, 0]},
    ),
    (
        ["--game", "spades", "--rounds", "30", "--seed", "5"],
        {"game": "spades", "config": {"players": 4, "partnership": True, "jokers": False,
         "nil": True, "blind_nil": False, "failed_nil": "nothing", "bags": True,
         "set_penalty": True, "target": 500, "mercy": False}, "bot": "random", "seed": 5,
         "hands": 30, "games": 0, "score_per_hand": [-120.37, -117.7], "contracts_made": 0.2333,
         "nils": 10, "nils_made": 1, "bags_per_hand": 0.93},
    ),
    (
        ["--game", "moon_dominoes", "--rounds", "30", "--seed", "4"],
        {"game": "moon_dominoes", "bot": "random", "seed": 4, "hands": 30, "passed_out": 0,
         "games": 0, "score_per_hand": [-2.97, -1.33, -5.5],
         "bids": {"4": {"tried": 2, "made": 0}, "5": {"tried": 2, "made": 0},
                  "6": {"tried": 3, "made": 0}, "7": {"tried": 6, "made": 0},
                  "21": {"tried": 17, "made": 0}},
         "moon_tried": 17, "moon_made": 0, "made": 0.0},
    ),
    (
        ["--game", "thirteen", "--players", "3", "--games", "2", "--hands", "3", "--bot", "rules",
         "--seed", "4"],
        {"game": "thirteen", "bot": "rules", "players": 3, "seed": 4, "hands": 6, "games": 2,
         "place_per_hand": [1.667, 2.167, 2.167], "points_per_hand": [1.333, 0.833, 0.833],
         "bombs": 1, "first_leader_won": 0.1667},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("options", "expected"), SIMULATED)
def test_simulate_gives_each_game_the_same_summary_for_a_seed(
    options: list[str], expected: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    assert summary(capsys, "simulate", *options) == expected


def test_simulate_writes_every_game_records_named_after_its_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, unit in (("moon3", "round"), ("spades", "hand")):
        folder = tmp_path / name
        ran(capsys, "simulate", "--game", name, "--rounds", "3", "--records", str(folder))
        written = sorted(folder.iterdir())
        assert [p.name for p in written] == [f"{unit}-{n:05d}.json" for n in (1, 2, 3)]
        record = json.loads(written[-1].read_text())
        assert record["game"] == name and set(record["meta"]) == {
            "round", "names", "auto", "abandoned", "started",
        }  # fmt: skip


TOURNAMENTS = [
    (
        ["--pairs", "12"],
        """12 deal pairs, 4 players, 1 deck(s), teams
  rules   score/round   243.33  points/round  154.79  auctions won     0  made -
  random  score/round      0.0  points/round   95.21  auctions won    24  made 0.0%
  rules − random: +243.33 a deal pair, 95% interval [+240.07, +246.6]
""",
    ),
    (
        ["--game", "spades", "--players", "3", "--pairs", "12", "--seed", "2"],
        """12 deal pairs, Spades, 3 players, individual
  rules   score/hand    37.33  contracts made    36
  random  score/hand   -52.25  contracts made    12
  rules − random: +89.58 a deal pair, 95% interval [+55.6, +123.57]
""",
    ),
    (
        ["--game", "moon_dominoes", "--pairs", "8", "--seed", "7"],
        """8 deal sets, Three-Player Moon, each deal played 6 ways (every level in every seat)
  rules   score/hand a seat   2.94  bids made     3 of 3
  random  score/hand a seat  -7.47  bids made     0 of 45
  rules − random: +10.42 a deal set, 95% interval [+8.23, +12.61]
""",
    ),
    (
        ["--game", "thirteen", "--pairs", "20"],
        """20 deal sets, Thirteen, 4 players, each deal played 2 ways (every level in every seat)
  rules   place points/hand a seat  2.288  first places    38
  random  place points/hand a seat  0.713  first places     2
  rules − random: +1.575 a deal set, 95% interval [+1.397, +1.753]
""",
    ),
]


@pytest.mark.parametrize(("options", "expected"), TOURNAMENTS)
def test_tournament_gives_each_game_the_same_report_for_a_seed(
    options: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert ran(capsys, "tournament", *options) == expected


def test_tournament_summary_names_its_game_and_its_plays_a_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    figures = summary(capsys, "tournament", "--game", "thirteen", "--players", "3", "--pairs", "2")
    assert figures["game"] == "thirteen" and figures["plays_per_pair"] == 6
    assert set(figures["a"]) == {"level", "points_per_hand", "firsts"}
