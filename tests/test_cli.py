"""The command line for every registered game: ``python -m core replay``, ``simulate``,
``tournament`` and ``import`` (SPEC section 5, P4, H4).

Replay keeps section 5's contract for every game's records: one JSON object
on standard output, or exit 1 with one line on standard error and nothing on
standard output; ``--jsonl`` goes on past a failing line. Every golden record
replays through the command as it does through the runner. ``simulate`` and
``tournament`` take ``--game``, write records that replay, keep whole games in
a store, and refuse a table the game does not seat in one line; ``import``
checks a group's history for a game that keeps one and refuses for another.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from core import games, importing, records
from core.store import Store
from tests.commands import run

GOLDEN = Path(__file__).parent / "golden"
HISTORY = Path(__file__).parent / "data" / "imports" / "good.csv"
#: What a summary says about how fast a run went: all that may differ between two runs.
TIMING = ("seconds", "rounds_per_second")


def played(name: str, seed: int) -> tuple[dict[str, Any], dict[str, object]]:
    """A round of ``name`` played at random to its end: its record and its description."""
    game = games.get(name)
    config = game.sample_configs()[0]
    state = game.deal(config, seed % game.seats_of(config), seed)
    rng = random.Random(seed)
    while game.to_act(state) is not None:
        legal = game.legal_actions(state)
        game.apply(state, legal[int(rng.random() * len(legal))])
    return game.dump_record(state), game.describe(state)


def out_of_turn(data: dict[str, Any], index: int) -> dict[str, Any]:
    """The record with its action ``index`` made by the next seat instead."""
    actions = [dict(a) for a in data["actions"]]
    actions[index]["seat"] = (actions[index]["seat"] + 1) % len(data["hands"])
    return {**data, "actions": actions}


def one_line_refusal(done: subprocess.CompletedProcess[str], start: str) -> None:
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(start), done.stderr


GAMES = games.names()


@pytest.mark.parametrize("name", GAMES)
def test_replay_prints_one_object_or_refuses_in_one_line(name: str, tmp_path: Path) -> None:
    data, described = played(name, 3)
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data))
    done = run("replay", str(path))
    assert done.returncode == 0 and done.stderr == ""
    assert len(done.stdout.splitlines()) == 1
    result = json.loads(done.stdout)
    assert result == described and list(result) == list(described)
    index = len(data["actions"]) // 2
    wrong = out_of_turn(data, index)
    done = run("replay", "-", stdin=json.dumps(wrong))
    one_line_refusal(done, f"action {index} {json.dumps(wrong['actions'][index])}: ")


@pytest.mark.parametrize("name", GAMES)
def test_replay_jsonl_gives_every_golden_outcome_and_goes_on_past_bad_lines(
    name: str, tmp_path: Path
) -> None:
    cases = [json.loads(p.read_text()) for p in sorted((GOLDEN / name).glob("*.json"))]
    good, described = played(name, 7)
    short = {**good, "hands": good["hands"][:-1]}
    lines = [json.dumps(case["record"]) for case in cases]
    lines += [json.dumps(good), json.dumps(short), "", "{oops", json.dumps(good)]
    path = tmp_path / "rounds.jsonl"
    path.write_text("\n".join(lines) + "\n")
    done = run("replay", "--jsonl", str(path))
    assert done.returncode == 1
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == len(cases) + 4  # the empty line is passed over
    for case, line in zip(cases, out, strict=False):
        if "expected" in case:
            assert line == case["expected"], case["name"]
        else:
            assert line["error"].startswith(case["error"]), case["name"]
            assert case.get("error_contains", "") in line["error"], case["name"]
    mine = out[len(cases) :]
    assert mine[0] == mine[3] == described
    assert mine[1]["error"].startswith("bad record: ")
    assert mine[2]["error"].startswith("bad record: not valid JSON")


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
    one_line_refusal(done, "bad record: ")
    assert reason in done.stderr


def test_replay_missing_file_fails_cleanly(tmp_path: Path) -> None:
    done = run("replay", str(tmp_path / "nothing.json"))
    assert done.returncode == 1 and done.stdout == "" and done.stderr.count("\n") == 1


@pytest.mark.parametrize("name", GAMES)
def test_simulate_writes_records_of_finished_rounds_and_repeats_itself_for_a_seed(
    name: str, tmp_path: Path
) -> None:
    args = ("simulate", "--game", name, "--rounds", "4", "--seed", "9", "--json")
    done = run(*args, "--records", str(tmp_path))
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary.get("rounds", summary.get("hands")) == 4
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 4
    for file in files:
        assert records.replay(json.loads(file.read_text()))["to_act"] is None
    again = json.loads(run(*args).stdout)
    for key in TIMING:
        summary.pop(key, None), again.pop(key, None)
    assert again == summary


@pytest.mark.parametrize("name", GAMES)
def test_simulate_keeps_whole_games_in_a_store_for_the_stats(name: str, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'sim.db'}"
    done = run(
        "simulate", "--game", name, "--games", "1", "--bot", "rules", "--seed", "2",
        "--store", url, "--names", "Asha,Ben,Chen,Dev,Eli", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    store = Store(url)
    try:
        with store.read() as db:
            conn = db.connection()
            kept = conn.execute(text("SELECT game, record FROM round_record")).all()
            ended = conn.execute(text("SELECT game, id FROM game_record")).all()
            seats = conn.execute(text("SELECT won, total FROM game_seat")).all()
    finally:
        store.close()
    assert {row.game for row in kept} == {name} and len(kept) == summary.get(
        "rounds", summary.get("hands")
    )
    assert [row.game for row in ended] == [name]
    for row in kept:
        assert records.replay(json.loads(row.record))["to_act"] is None
    # Every seat with the best total won (a side's members share its total), and no other.
    best = max(seat.total for seat in seats)
    assert sorted(bool(seat.won) for seat in seats) == sorted(seat.total == best for seat in seats)


@pytest.mark.parametrize("name", GAMES)
def test_simulate_and_tournament_refuse_a_table_the_game_does_not_seat(name: str) -> None:
    for command in ("simulate", "tournament"):
        one_line_refusal(run(command, "--game", name, "--players", "13"), "bad options: ")


@pytest.mark.parametrize("name", GAMES)
def test_tournament_plays_deal_pairs_both_ways_and_reports_an_interval(name: str) -> None:
    done = run(
        "tournament", "--game", name, "--a", "rules", "--b", "random", "--pairs", "4", "--json"
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary.get("game", games.FLAGSHIP) == name and summary["pairs"] == 4
    assert summary["a"]["level"] == "rules" and summary["b"]["level"] == "random"
    low, high = summary["ci95"]
    assert low <= summary["difference_per_pair"] <= high


@pytest.mark.parametrize("name", GAMES)
def test_import_checks_a_history_for_a_game_that_keeps_one_and_refuses_for_another(
    name: str,
) -> None:
    done = run("import", "--game", name, "--check", str(HISTORY))
    try:
        importing.reader_of(name)
    except KeyError:
        one_line_refusal(done, f"{games.get(name).title} has no history to import")
        return
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("(ready)") == 3  # the file's three games, stored nowhere
