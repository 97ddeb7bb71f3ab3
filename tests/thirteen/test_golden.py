"""Thirteen golden records: hand-worked from SPEC section 10, replayed by the engine.

Each file in ``tests/golden/thirteen/`` is a record with either the full
replay output it must give (``expected``) or the start of the error it must
raise (``error``: ``action N `` or ``bad record: ``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core import records

FOLDER = Path(__file__).resolve().parents[1] / "golden" / "thirteen"
CASES = sorted(FOLDER.glob("*.json"))


def case(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_record(path: Path) -> None:
    data = case(path)
    if "error" in data:
        with pytest.raises((records.RecordError, records.ActionError)) as refused:
            records.replay(data["record"])
        assert str(refused.value).startswith(data["error"]), data["why"]
    else:
        assert records.replay(data["record"]) == data["expected"], data["why"]


def test_there_are_golden_records_for_every_rule() -> None:
    rules = {rule for path in CASES for rule in case(path)["rules"]}
    assert {"T1", "T2", "T3", "T4", "T5", "T6", "T7"} <= rules
    assert len(CASES) >= 30
