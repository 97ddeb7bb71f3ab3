"""H4 from the Stats page: "Import a history" previews a file, lists every bad line by its
number, and stores a clean file once (or, on purpose, a bad file's clean lines only)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from core.store import Store
from core.store.moon3 import stats
from tests.apptests import page, pages_on
from ui import escape

DATA = Path(__file__).parent / "data" / "imports"
EXPECTED: dict[str, Any] = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture
def empty(tmp_path: Path) -> Iterator[str]:
    """A store with nothing in it: the import must be reachable from the empty page."""
    with pages_on(f"sqlite:///{tmp_path / 'import.db'}") as url:
        yield url


def rounds_stored(url: str) -> int:
    store = Store(url)
    try:
        return stats.fingerprint(store)[0]
    finally:
        store.close()


def uploaded(name: str, data: bytes | None = None) -> AppTest:
    """The Stats page with ``name`` (from the sample files unless ``data`` is given) uploaded."""
    at = page("stats").run()
    assert not at.exception
    content = (DATA / name).read_bytes() if data is None else data
    at.file_uploader(key="imp-file").set_value((name, content, "application/octet-stream")).run()
    assert not at.exception
    return at


def button(at: AppTest, label: str) -> Any:
    return next(b for b in at.button if b.label == label)


def text_of(at: AppTest) -> str:
    return "\n".join(
        str(e.value) for e in [*at.markdown, *at.success, *at.info, *at.error, *at.caption]
    )


def test_h4_a_clean_file_is_previewed_then_imported_once(empty: str) -> None:
    expected = EXPECTED["good.json"]
    at = uploaded("good.json")
    preview = next(m.value for m in at.markdown if "R27 totals</th>" in m.value)
    assert preview.count("<tr>") == expected["games"] + 1
    assert preview.count("<td>ready</td>") == expected["games"]
    first = expected["totals"][0]
    assert escape.html(", ".join(f"{n} {t}" for n, t in first.items())) in preview
    assert not any(b.label == "Import the clean lines only" for b in at.button)
    button(at, "Import").click().run()
    assert not at.exception
    said = f"Imported {expected['games']} games ({expected['rounds']} rounds); 0 already stored."
    assert said in [s.value for s in at.success]
    assert rounds_stored(empty) == expected["rounds"]
    # The figures include them at once.
    assert next(m.value for m in at.metric if m.label == "Rounds played") == str(expected["rounds"])
    # The same file again: every game is already stored, and nothing more can be added.
    at.file_uploader(key="imp-file").set_value(
        ("good.json", (DATA / "good.json").read_bytes(), "application/json")
    ).run()
    assert not at.exception
    assert escape.html("skipped: already stored") in text_of(at)
    assert any("already stored" in i.value for i in at.info)
    assert button(at, "Import").disabled
    assert rounds_stored(empty) == expected["rounds"]


def test_h4_a_bad_file_lists_its_problems_by_line_and_imports_nothing(empty: str) -> None:
    at = uploaded("bad.json")
    errors = EXPECTED["bad.json"]["errors"]
    assert any(f"{len(errors)} bad lines" in e.value for e in at.error)
    listed = next(m.value for m in at.markdown if m.value.startswith("- line"))
    for error in errors:
        assert "- " + escape.markdown(f"line {error['line']}: ") in listed, error
    assert button(at, "Import").disabled
    assert any(d.label == "Download the problems (CSV)" for d in at.get("download_button"))
    assert rounds_stored(empty) == 0


def test_h4_the_clean_lines_only_are_stored_when_asked(empty: str) -> None:
    clean = EXPECTED["bad.json"]["clean_only"]
    at = uploaded("bad.json")
    button(at, "Import the clean lines only").click().run()
    assert not at.exception
    said = f"Imported {clean['games']} games ({clean['rounds']} rounds); 0 already stored."
    assert said in [s.value for s in at.success]
    assert rounds_stored(empty) == clean["rounds"]


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("not_json.json", None, escape.markdown("line 8: ")),
        ("garbage.csv", b"\xff\xfe\x00bad", escape.markdown("not UTF-8 text")),
        ("empty.json", b"[]", ""),
    ],
)
def test_h4_a_file_that_is_no_history_says_so_and_changes_nothing(
    empty: str, name: str, data: bytes | None, said: str
) -> None:
    at = uploaded(name, data)
    assert said in text_of(at)
    assert not at.success
    assert all(b.disabled for b in at.button if b.label == "Import")
    assert rounds_stored(empty) == 0


def test_a_nul_or_lone_surrogate_in_a_name_is_shown_escaped_and_the_problems_download(
    empty: str,
) -> None:
    game = {
        "date": "2025-01-10",
        "players": ["Asha", "Ben", "\ud800", "Dev\x00"],
        "rounds": [{"leader": "\u0000", "teammates": [], "points": 150, "result": "made"}],
    }
    at = uploaded("odd.json", json.dumps([game], indent=1).encode())
    listed = next(m.value for m in at.markdown if m.value.startswith("- line"))
    assert escape.markdown("\\ud800") in listed and escape.markdown("\\x00") in listed
    # The problems CSV is made and offered (a raw surrogate failed to encode: the page broke).
    assert not any("reference" in e.value for e in at.error)
    assert any(d.label == "Download the problems (CSV)" for d in at.get("download_button"))


def test_the_days_are_counted_in_the_time_zone_chosen_preset_to_the_browsers(empty: str) -> None:
    game = {
        "date": "2026-01-01T02:30:00Z",
        "players": ["Asha", "Ben", "Chen"],
        "rounds": [{"leader": "Asha", "teammates": ["Ben"], "points": 150, "result": "made"}],
    }
    at = uploaded("nye.json", json.dumps([game]).encode())
    zone = at.selectbox(key="imp-zone")
    assert zone.value == "UTC"  # the test browser tells no time zone
    assert f"<td>{escape.html('2026-01-01')}</td>" in text_of(at)
    assert "Day in UTC" in text_of(at)
    zone.set_value("America/New_York").run()
    assert not at.exception
    assert f"<td>{escape.html('2025-12-31')}</td>" in text_of(at)
    assert f"Day in {escape.html('America/New_York')}" in text_of(at)


def test_a_date_is_asked_for_the_undated_games_and_they_are_imported(empty: str) -> None:
    rounds = [{"leader": "Asha", "teammates": ["Ben"], "points": 150, "result": "made"}]
    games = [{"players": ["Asha", "Ben", "Chen"], "rounds": rounds}]
    at = uploaded("undated.json", json.dumps(games).encode())
    assert button(at, "Import").disabled
    [day] = [d for d in at.date_input if d.label.startswith("1 game has no date")]
    day.set_value(date(2025, 3, 1)).run()
    assert not at.exception
    assert f"<td>{escape.html('2025-03-01')}</td>" in text_of(at)
    button(at, "Import").click().run()
    assert "Imported 1 game (1 round); 0 already stored." in [s.value for s in at.success]
    assert rounds_stored(empty) == 1
