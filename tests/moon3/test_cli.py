"""Moon 3 of Spades on the command line, beyond what every game's commands do: Card-Based
tables with jokers in ``simulate``, their refusal for two players, and the Rules bot ahead of
the Random one in a ``tournament``."""

from __future__ import annotations

import json
from pathlib import Path

from tests.commands import run


def test_simulate_card_based_with_jokers_writes_records_with_their_meta(tmp_path: Path) -> None:
    done = run(
        "simulate", "--players", "6", "--mode", "partners", "--jokers", "--rounds", "5",
        "--seed", "3", "--records", str(tmp_path), "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["rounds"] == 5 and summary["rounds_per_second"] > 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 5
    first = json.loads(files[0].read_text())
    assert first["config"]["jokers"] and first["config"]["mode"] == "partners"
    assert first["meta"]["round"] == 1 and len(first["meta"]["names"]) == 6 and "seed" in first


def test_simulate_refuses_card_based_for_two_players() -> None:
    done = run("simulate", "--players", "2", "--mode", "partners")
    assert done.returncode == 1 and "Card-Based" in done.stderr and done.stdout == ""


def test_tournament_the_rules_bot_scores_more_than_the_random_one() -> None:
    done = run("tournament", "--a", "rules", "--b", "random", "--pairs", "12", "--json")
    assert done.returncode == 0
    summary = json.loads(done.stdout)
    assert summary["pairs"] == 12 and not summary["stopped_early"]
    assert summary["a"]["score_per_round"] > summary["b"]["score_per_round"]
