"""Golden hand records of every registered game (STYLE item 10), replayed by one runner.

Each game keeps its hand-built rounds in ``tests/golden/<game>/``: every file is
a record with the exact replay output it must give (``expected``, keys in
order), or the start of the one-line error it must raise (``error``, and
``error_contains`` where the reason matters), with the rules it shows
(``rules``) and why the outcome is right (``why``). The folder's
``rules.txt`` names the rules of the game's section that its records must
cover between them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core import games, records

GOLDEN = Path(__file__).parent / "golden"
#: The fewest records a game keeps.
AT_LEAST = 30


def cases(name: str) -> list[Path]:
    return sorted((GOLDEN / name).glob("*.json"))


def case(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


EVERY_CASE = [path for name in games.names() for path in cases(name)]


@pytest.mark.parametrize("path", EVERY_CASE, ids=[f"{p.parent.name}/{p.stem}" for p in EVERY_CASE])
def test_golden_record(path: Path) -> None:
    data = case(path)
    if "expected" in data:
        result = records.replay(data["record"])
        assert list(result) == list(data["expected"]), data["why"]
        assert result == data["expected"], data["why"]
        return
    with pytest.raises((records.RecordError, records.ActionError)) as refused:
        records.replay(data["record"])
    message = str(refused.value)
    assert message.startswith(data["error"]), data["why"]
    assert data.get("error_contains", "") in message, data["why"]
    assert "\n" not in message


@pytest.mark.parametrize("name", games.names())
def test_every_game_has_golden_records_for_every_rule(name: str) -> None:
    found = cases(name)
    assert len(found) >= AT_LEAST
    for path in found:
        data = case(path)
        assert data["record"].get("game", games.FLAGSHIP) == name, path.name
        assert data["rules"] and data["why"], path.name
    required = set((GOLDEN / name / "rules.txt").read_text(encoding="utf-8").split())
    assert required <= {rule for path in found for rule in case(path)["rules"]}
