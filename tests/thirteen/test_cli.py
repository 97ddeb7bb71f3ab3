"""``python -m core replay``, ``simulate`` and ``tournament`` for Thirteen (T7).

Replay keeps the contract of section 5: one JSON object on standard output,
or exit 1 with one line on standard error and nothing on standard output.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from core.thirteen import record, rules
from core.thirteen.config import Config

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"phase", "to_act", "legal", "standing", "passed", "cards_left", "places", "score", "totals"}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "core", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def finished(seed: int, players: int = 4) -> dict[str, object]:
    """A random hand played to its end, as its record."""
    rng = random.Random(seed)
    state = rules.deal(Config(players), seed)
    while state.to_act is not None:
        rules.apply(state, rng.choice(rules.legal_actions(state)))
    return record.dump(state)


def test_t7_replay_prints_one_object_with_exactly_the_contract_keys() -> None:
    done = run("replay", "-", stdin=json.dumps(finished(3)))
    assert done.returncode == 0 and not done.stderr
    result = json.loads(done.stdout)
    assert set(result) == KEYS and result["phase"] == "hand_over"
    assert sorted(result["places"]) == [0, 1, 2, 3] and sum(result["score"]) == 6


def test_t7_an_illegal_play_is_one_line_on_stderr_and_nothing_on_stdout() -> None:
    data = finished(5)
    actions = data["actions"]
    assert isinstance(actions, list)
    play = next(i for i, a in enumerate(actions) if i and a["type"] == "play")
    actions[play] = {**actions[play], "cards": ["3S", "9H"]}
    done = run("replay", "-", stdin=json.dumps(data))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"action {play} ")


def test_t7_a_card_dealt_twice_is_a_bad_record() -> None:
    data = finished(6)
    hands = data["hands"]
    assert isinstance(hands, list)
    hands[1][0] = hands[0][0]
    done = run("replay", "-", stdin=json.dumps(data))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("bad record: ") and done.stderr.count("\n") == 1


def test_t7_replay_jsonl_goes_on_after_a_failing_line(tmp_path: Path) -> None:
    good = finished(7, 3)
    bad = {**finished(8), "first_leader": 4}
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in (good, bad, good)) + "\n")
    done = run("replay", "--jsonl", str(path))
    assert done.returncode == 1
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 3 and set(lines[0]) == KEYS and lines[0] == lines[2]
    assert lines[1]["error"].startswith("bad record: first_leader")


def test_simulate_plays_whole_games_and_writes_records_that_replay(tmp_path: Path) -> None:
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


def test_simulate_refuses_a_table_of_five() -> None:
    done = run("simulate", "--game", "thirteen", "--players", "5")
    assert done.returncode == 1 and done.stdout == "" and "players" in done.stderr


def test_tournament_reports_a_difference_and_its_interval() -> None:
    done = run(
        "tournament", "--game", "thirteen", "--a", "rules", "--b", "random",
        "--pairs", "4", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["game"] == "thirteen" and summary["pairs"] == 4
    low, high = summary["ci95"]
    assert low <= summary["difference_per_pair"] <= high
