"""The command line: ``python -m core replay`` and ``simulate`` (SPEC section 5)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden" / "moon3"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "core", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def golden(name: str) -> dict[str, object]:
    case: dict[str, object] = json.loads((GOLDEN / f"{name}.json").read_text())
    return case


def test_replay_prints_one_object_with_exactly_the_contract_keys(tmp_path: Path) -> None:
    case = golden("r26_complete_partners_made")
    path = tmp_path / "round.json"
    path.write_text(json.dumps(case["record"]))
    done = run("replay", str(path))
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0]) == case["expected"]
    assert list(json.loads(lines[0])) == [
        "phase", "to_act", "legal", "bidder", "bid", "trump", "called", "partners",
        "bidding_side", "defending_side", "trick_winners", "points", "side_points", "made",
        "kali_tidi",
    ]  # fmt: skip


def test_replay_reads_standard_input() -> None:
    case = golden("r13_max_bid_ends_auction_at_once")
    done = run("replay", "-", stdin=json.dumps(case["record"]))
    assert done.returncode == 0
    assert json.loads(done.stdout) == case["expected"]


@pytest.mark.parametrize(
    ("name", "start"),
    [
        ("err_not_following_diamonds", 'action 4 {"seat": 0, "type": "play", "card": "8S"}: '),
        ("err_out_of_turn", "action 1 "),
        ("err_bid_amount_float", "action 0 "),
        ("err_unknown_action_type", "action 0 "),
        ("bad_hands_not_the_deck", "bad record: "),
        ("bad_teams_mode_without_teams", "bad record: "),
    ],
)
def test_replay_refusal_is_one_line_on_stderr_and_nothing_on_stdout(name: str, start: str) -> None:
    done = run("replay", "-", stdin=json.dumps(golden(name)["record"]))
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(start)


def test_replay_error_names_the_reason_for_follow_suit() -> None:
    done = run("replay", "-", stdin=json.dumps(golden("err_not_following_diamonds")["record"]))
    assert done.stderr.strip().endswith("seat 0 must follow diamonds")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "a record must be a JSON object"),
        ('{"game": "chess", "config": {}}', 'unknown game "chess"'),
        ('{"config": {"players": 2, "mode": "partners"}, "hands": []}', "Card-Based"),
        ('{"config": {"players": 4, "mode": "teams", "teams": [[0, 2], [1, 3]]}}', "hands"),
        ('{"config": {"players": "4", "mode": "teams"}, "hands": []}', "players"),
    ],
)
def test_replay_malformed_records(text: str, reason: str) -> None:
    done = run("replay", "-", stdin=text)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("bad record: ") and reason in done.stderr
    assert done.stderr.count("\n") == 1


def test_replay_missing_file_fails_cleanly(tmp_path: Path) -> None:
    done = run("replay", str(tmp_path / "nothing.json"))
    assert done.returncode == 1 and done.stdout == "" and done.stderr.count("\n") == 1


def test_replay_jsonl_goes_on_after_a_failing_line(tmp_path: Path) -> None:
    good = golden("r24_seed_example_later_duplicate_wins")
    bad = golden("err_play_card_not_held")
    path = tmp_path / "history.jsonl"
    lines = [json.dumps(good["record"]), json.dumps(bad["record"]), "", "{oops"]
    lines.append(json.dumps(good["record"]))
    path.write_text("\n".join(lines) + "\n")
    done = run("replay", "--jsonl", str(path))
    assert done.returncode == 1
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == 4
    assert out[0] == good["expected"] and out[3] == good["expected"]
    assert out[1]["error"].startswith(str(bad["error"]))
    assert out[2]["error"].startswith("bad record: not valid JSON")


def test_replay_jsonl_all_good_exits_zero(tmp_path: Path) -> None:
    good = golden("r13_bid_stands_all_others_pass_teams")
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps(good["record"]) + "\n" + json.dumps(good["record"]) + "\n")
    done = run("replay", "--jsonl", str(path))
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 2


def test_simulate_writes_records_that_replay_to_finished_rounds(tmp_path: Path) -> None:
    done = run(
        "simulate", "--players", "6", "--mode", "partners", "--jokers", "--rounds", "5",
        "--seed", "3", "--records", str(tmp_path), "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["rounds"] == 5 and summary["rounds_per_second"] > 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 5
    joined = tmp_path / "all.jsonl"
    joined.write_text("".join(f.read_text() for f in files))
    replayed = run("replay", "--jsonl", str(joined))
    assert replayed.returncode == 0
    results = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert all(r["phase"] == "round_over" for r in results)
    meta = json.loads(files[0].read_text())["meta"]
    assert (
        meta["round"] == 1
        and len(meta["names"]) == 6
        and "seed" in json.loads(files[0].read_text())
    )


def test_simulate_is_repeatable_for_a_seed() -> None:
    first = json.loads(run("simulate", "--rounds", "20", "--seed", "9", "--json").stdout)
    second = json.loads(run("simulate", "--rounds", "20", "--seed", "9", "--json").stdout)
    for key in ("bid_success_rate", "average_bid", "trumps", "wins"):
        assert first[key] == second[key]


def test_simulate_refuses_a_table_the_rules_do_not_allow() -> None:
    done = run("simulate", "--players", "2", "--mode", "partners")
    assert done.returncode == 1 and "Card-Based" in done.stderr and done.stdout == ""


def test_tournament_plays_deal_pairs_both_ways_and_reports_an_interval() -> None:
    done = run("tournament", "--a", "rules", "--b", "random", "--pairs", "12", "--json")
    assert done.returncode == 0
    summary = json.loads(done.stdout)
    assert summary["pairs"] == 12 and not summary["stopped_early"]
    assert summary["a"]["level"] == "rules" and summary["b"]["level"] == "random"
    low, high = summary["ci95"]
    assert low <= summary["difference_per_pair"] <= high
    assert summary["a"]["score_per_round"] > summary["b"]["score_per_round"]


def test_tournament_refuses_bad_options_with_one_line() -> None:
    done = run("tournament", "--players", "13")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("bad options:") and len(done.stderr.splitlines()) == 1
