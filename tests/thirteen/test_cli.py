"""Thirteen on the command line, beyond what every game's commands do: ``simulate`` plays
whole games of several hands, each giving out 2 + 1 + 0 points at three players (T6), and a
later hand's record names its leader (T2)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.commands import run


def test_simulate_plays_whole_games_whose_later_hands_name_their_leader(tmp_path: Path) -> None:
    done = run(
        "simulate", "--game", "thirteen", "--players", "3", "--games", "2", "--hands", "3",
        "--bot", "rules", "--seed", "4", "--json", "--records", str(tmp_path),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["game"] == "thirteen" and summary["games"] == 2 and summary["hands"] == 6
    assert abs(sum(summary["points_per_hand"]) - 3) < 0.01  # 2 + 1 + 0 every hand
    files = sorted(tmp_path.glob("hand-*.json"))
    assert len(files) == 6
    second = json.loads(files[1].read_text())
    assert "first_leader" in second  # a later hand: its winner before leads freely
    replayed = run("replay", str(files[1]))
    assert json.loads(replayed.stdout)["phase"] == "hand_over"
