"""H4: a group's history read from JSON or CSV, checked line by line against hand-worked
expectations (``tests/data/imports/``, worked out from the SPEC and the README alone)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from core import names as player_names
from core.moon3.config import Mode
from core.moon3.imports import History, read_history

DATA = Path(__file__).parents[1] / "data" / "imports"
EXPECTED: dict[str, Any] = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
CLEAN = [name for name, e in EXPECTED.items() if isinstance(e, dict) and not e.get("errors")]
BAD = [name for name, e in EXPECTED.items() if isinstance(e, dict) and e.get("errors")]
MODES = {"card": Mode.PARTNERS, "teams": Mode.TEAMS}


def read(name: str) -> History:
    return read_history((DATA / name).read_bytes(), name)


def totals_by_name(game: Any) -> dict[str, int]:
    return dict(zip(game.names, game.totals(), strict=True))


@pytest.mark.parametrize("name", CLEAN)
def test_h4_clean_file_reads_every_game_with_its_r27_totals(name: str) -> None:
    expected = EXPECTED[name]
    found = read(name)
    assert found.problems == []
    assert len(found.games) == expected["games"]
    assert [len(g.entries) for g in found.games] == expected["rounds_per_game"]
    assert [g.day for g in found.games] == expected["dates"]
    assert [g.config.mode for g in found.games] == [MODES[m] for m in expected["modes"]]
    assert [g.config.decks for g in found.games] == expected["decks"]
    assert [g.names for g in found.games] == expected["players"]
    assert [totals_by_name(g) for g in found.games] == expected["totals"]


@pytest.mark.parametrize("name", BAD)
def test_h4_every_bad_line_is_reported_with_its_number_and_field(name: str) -> None:
    expected = EXPECTED[name]["errors"]
    found = read(name)
    assert sorted({p.line for p in found.problems}) == sorted({e["line"] for e in expected})
    for error in expected:
        words = [error["field"], *error.get("alt", [])]
        messages = [p.message.lower() for p in found.problems if p.line == error["line"]]
        assert any(w.lower() in m for w in words for m in messages), (error, messages)


@pytest.mark.parametrize("name", BAD)
def test_h4_a_file_with_bad_lines_imports_nothing(name: str) -> None:
    assert read(name).keepable() == []


@pytest.mark.parametrize("name", BAD)
def test_h4_clean_lines_only_keeps_the_clean_rounds_of_sound_games(name: str) -> None:
    expected = EXPECTED[name]["clean_only"]
    kept = read(name).keepable(clean_only=True)
    assert len(kept) == expected["games"]
    assert sum(len(g.entries) for g in kept) == expected["rounds"]
    if "stored" not in expected:
        return
    for game, stored in zip(kept, expected["stored"], strict=True):
        assert game.day == stored["date"]
        assert totals_by_name(game) == stored["totals"]
        if "round_lines" in stored or "lines" in stored:
            assert game.lines == stored.get("round_lines", stored.get("lines"))


# ---------------------------------------------------------------- hostile files


def game_json(**fields: Any) -> dict[str, Any]:
    """A clean three-player game, with ``fields`` replacing its own."""
    game: dict[str, Any] = {
        "date": "2025-01-10",
        "players": ["Asha", "Ben", "Chen"],
        "rounds": [{"leader": "Asha", "teammates": ["Ben"], "points": 150, "result": "made"}],
    }
    return {**game, **fields}


def history_json(*games: dict[str, Any]) -> bytes:
    return json.dumps({"games": list(games)}, indent=1).encode()


def test_h4_a_game_or_round_that_is_no_object_is_refused_at_its_own_line() -> None:
    """Items before it hold strings with brackets, commas and escaped quotes, and nest."""
    tricky = game_json(players=["Asha", 'B\\"{en', "Ch[e],n}"])
    tricky["rounds"][0]["teammates"] = ['B\\"{en']
    odd_round = game_json(rounds=[*game_json()["rounds"], "a round in words"])
    text = json.dumps({"games": [tricky, 7, odd_round]}, indent=1)
    found = read_history(text.encode(), "items.json")
    lines = text.splitlines()
    game_line = lines.index("  7,") + 1
    round_line = lines.index('    "a round in words"') + 1
    assert [(p.line, p.message) for p in found.problems] == [
        (game_line, "game: each game is an object with rounds"),
        (round_line, "round: each round is an object"),
    ]


@pytest.mark.parametrize("opening", ["[", '{"a":'])
def test_json_nested_thousands_deep_is_refused_at_its_line(opening: str) -> None:
    closing = "]" if opening == "[" else "}"
    text = "\n" * 4 + opening * 20_000 + "1" + closing * 20_000
    found = read_history(text.encode(), "deep.json")
    assert [(p.line, p.message.split(":")[0]) for p in found.problems] == [(5, "JSON")]
    assert "deep" in found.problems[0].message
    assert found.keepable(clean_only=True) == []


def test_a_number_of_5000_digits_is_a_refused_bid_at_its_line() -> None:
    rounds = [{"leader": "Asha", "teammates": [], "points": 0, "result": "made"}]
    text = history_json(game_json(rounds=rounds)).decode().replace(": 0,", ": 1" + "0" * 5000 + ",")
    found = read_history(text.encode(), "long.json")
    [problem] = found.problems
    assert problem.line == 11 and problem.message.startswith("points: ")
    assert problem.message.endswith("…") and len(problem.message) < 120


def test_a_message_repeats_a_short_excerpt_of_a_4000_digit_score() -> None:
    game = game_json(scores={"Asha": 0})
    text = history_json(game).decode().replace('"Asha": 0', '"Asha": 4' + "0" * 3999)
    found = read_history(text.encode(), "long.json")
    [problem] = found.problems
    assert "the file says 4000" in problem.message and problem.message.endswith("…")
    assert len(problem.message) < 120


CSV_HEAD = "date,game,leader,teammates,bid,made\n"


@pytest.mark.parametrize("bid", ["²", "1" + "0" * 4999])
def test_a_csv_bid_that_is_no_plain_number_is_refused_at_its_line(bid: str) -> None:
    text = CSV_HEAD + "2025-01-10,1,Asha,Ben,150,yes\n2025-01-10,1,Ben,Chen," + bid + ",no\n"
    found = read_history(text.encode(), "bid.csv")
    [problem] = found.problems
    assert problem.line == 3 and problem.message.startswith("bid: ")
    assert len(problem.message) < 120


def test_a_csv_cell_over_the_csv_limit_is_refused_at_its_line() -> None:
    rows = "2025-01-10,1,Asha,Ben,150,yes\n2025-01-10,1,Chen,Dev,150,no\n"
    text = CSV_HEAD + rows + "2025-01-10,1,Ben,Chen,150," + "y" * 140_000
    found = read_history(f"{text}\n2025-01-10,1,Chen,Asha,150,yes\n".encode(), "wide.csv")
    [problem] = found.problems
    assert problem.line == 4 and problem.message.startswith("row: a cell over 131,072")
    assert "not read" in problem.message


@pytest.mark.parametrize(
    "when", ["9999-12-31", "9999-12-31T23:59:30Z", "0001-01-01T00:30:00+14:00", "1899-12-31"]
)
def test_a_date_outside_the_years_a_store_holds_is_refused_at_its_line(when: str) -> None:
    found = read_history(history_json(*[game_json(date=when)] * 6), "edge.json")
    assert len(found.problems) == 6
    assert {p.line for p in found.problems} == {g.line for g in found.games}
    assert all(
        p.message.startswith("date: give a date from 1900-01-01 to 2100-12-31")
        for p in found.problems
    )
    assert found.keepable(clean_only=True) == []


def thousands_of_names() -> list[tuple[str, bytes, int]]:
    players = [f"Player {n}" for n in range(6_000)]
    rounds = [{"leader": p, "teammates": [], "points": 150, "result": "made"} for p in players]
    mentioned = {"date": "2025-01-10", "rounds": rounds}
    leaders = "".join(f"2025-01-10,1,{p},,150,yes\n" for p in players)
    return [
        ("listed.json", history_json(game_json(players=players)), 5),  # where the list begins
        ("mentioned.json", history_json(mentioned), 3),  # the game's line
        ("leaders.csv", (CSV_HEAD + leaders).encode(), 2),  # the game's first row
    ]


@pytest.mark.parametrize(("name", "data", "line"), thousands_of_names())
def test_a_game_of_thousands_of_names_is_refused_for_its_count_before_any_look_alike_check(
    monkeypatch: pytest.MonkeyPatch, name: str, data: bytes, line: int
) -> None:
    def never(name: str) -> tuple[str, str]:
        raise AssertionError("names compared before the player count was checked")

    monkeypatch.setattr(player_names, "keys", never)
    found = read_history(data, name)
    [problem] = found.problems
    assert problem.line == line
    assert problem.message.startswith("players: a ") and "12 players" in problem.message


def test_a_nul_or_lone_surrogate_is_shown_in_backslash_escapes() -> None:
    game = game_json(players=["Asha", "Ben", "Chen", "\ud800"], rounds=[{"leader": "\x00\x01"}])
    found = read_history(history_json(game), "odd.json")
    messages = [p.message for p in found.problems]
    assert any("(\\ud800)" in m for m in messages) and any("(\\x00\\x01)" in m for m in messages)
    "\n".join(messages).encode("utf-8")  # a problems CSV can be written


def test_two_games_of_one_day_with_the_same_rounds_at_other_times_are_two_games() -> None:
    evening = game_json(date="2025-01-10T20:00:00Z")
    later = game_json(date="2025-01-10T22:30:00Z")
    found = read_history(history_json(evening, later, evening), "day.json")
    found.mark_stored({})
    assert [g.status for g in found.games] == [
        "ready",
        "ready",
        f"skipped: the same as the game on line {found.games[0].line}",
    ]


def test_a_csv_players_column_keeps_a_defender_who_never_bid_nor_was_called() -> None:
    text = "date,game,players,leader,teammates,bid,made\n"
    text += "2025-01-10,1,Asha;Ben;Chen;Dev,Asha,Ben,150,yes\n2025-01-10,1,,Chen,Asha,160,no\n"
    [game] = read_history(text.encode(), "players.csv").games
    assert game.names == ["Asha", "Ben", "Chen", "Dev"]
    assert dict(zip(game.names, game.totals(), strict=True))["Dev"] == 160
    assert game.note == ""


def test_a_csv_game_without_its_players_says_its_totals_cannot_be_checked() -> None:
    found = read("good.csv")
    assert all(g.note.startswith("players not listed") for g in found.games)
    assert all("players not listed" in line for line in found.preview())


def test_csv_rows_of_one_game_that_list_other_players_are_refused_at_their_line() -> None:
    text = "date,game,players,leader,teammates,bid,made\n"
    text += "2025-01-10,1,Asha;Ben;Chen,Asha,Ben,150,yes\n2025-01-10,1,Asha;Ben;Dev,Ben,,160,no\n"
    found = read_history(text.encode(), "players.csv")
    assert [(p.line, p.message) for p in found.problems] == [
        (3, "players: not the players of line 2")
    ]


def test_undated_games_are_refused_unless_a_date_is_chosen_for_them() -> None:
    undated = [game_json(date=None), game_json(date=" "), game_json(date="2025-03-01")]
    data = history_json(*undated).replace(b'"date": null,', b"")
    refused = read_history(data, "undated.json")
    assert refused.undated == 2
    assert [p.message.split(";")[0] for p in refused.problems] == ["date: missing"] * 2
    found = read_history(data, "undated.json", undated=date(2025, 3, 1))
    assert found.problems == [] and found.undated == 2
    assert [g.day for g in found.games] == ["2025-03-01"] * 3
    assert len({g.local for g in found.games}) == 3  # one evening, three games


def test_undated_csv_rows_are_games_of_their_own_on_the_date_chosen() -> None:
    rows = "2025-03-01,1,Asha,Ben,150,yes\n2025-03-01,1,Chen,,150,no\n"
    rows += ",1,Asha,Chen,160,yes\n,1,Ben,,165,no\n"
    found = read_history((CSV_HEAD + rows).encode(), "undated.csv", undated=date(2025, 3, 1))
    assert found.problems == [] and found.undated == 1
    assert [(g.day, g.lines) for g in found.games] == [
        ("2025-03-01", [2, 3]),
        ("2025-03-01", [4, 5]),
    ]


def test_counts_agree_with_their_words_in_messages_and_the_preview() -> None:
    three = game_json(
        rounds=[{"leader": "Asha", "teammates": ["Ben", "Chen"], "points": 150, "result": 1}]
    )
    one = {"date": "2025-01-10", "rounds": [{"leader": "Asha", "points": 150, "result": 1}]}
    found = read_history(history_json(three, one), "words.json")
    messages = [p.message for p in found.problems]
    assert "teammates: at most 1 partner: someone must defend" in messages
    assert found.games[1].describe().split(", ")[2] == "1 player"
    row = read_history((CSV_HEAD + "2025-01-10\n").encode(), "short.csv").problems
    assert [p.message for p in row] == ["row: 1 value where the header names 6 columns"]
