"""Golden hand records (STYLE item 10): hand-built rounds with hand-worked outcomes.

Each file in ``tests/golden/moon3/`` holds a record and either the exact replay
output or the start of the error line the replay must give.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core import records

GOLDEN = sorted((Path(__file__).parents[1] / "golden" / "moon3").glob("*.json"))


def test_there_are_enough_golden_records() -> None:
    assert len(GOLDEN) >= 25


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    if "expected" in case:
        result = records.replay(case["record"])
        assert list(result) == list(case["expected"])
        assert result == case["expected"]
        return
    with pytest.raises((records.RecordError, records.ActionError)) as refused:
        records.replay(case["record"])
    message = str(refused.value)
    assert message.startswith(case["error"])
    assert case.get("error_contains", "") in message
    assert "\n" not in message
