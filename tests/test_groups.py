"""G4 groups through the gate and the room service, on both databases: a group's link, a new
link that retires the old one, and what a group's link starts belonging to the group."""

from __future__ import annotations

import gzip
import random
from pathlib import Path

import pytest
from sqlalchemy import text

from core import games
from core.backup import BackupError
from core.boundary import Gate
from core.groups import OPEN_GROUP
from core.moon3.book import BookSettings
from core.rooms import NotFound, Refused, RoomError, Rooms
from core.stats import Stats
from core.store import Store
from tests.conftest import FakeClock
from tests.service_play import play_until_round_ends
from tests.test_store_rows_migration import old_store


@pytest.fixture
def gate(rooms: Rooms) -> Gate:
    return Gate(rooms)


def _quick() -> object:
    return games.get(games.FLAGSHIP).table.quick_settings(4, {"mode": "teams"})


def _rows(store: Store, query: str, **params: object) -> list[tuple[object, ...]]:
    with store.read() as session:
        return [tuple(r) for r in session.connection().execute(text(query), params)]


def test_g4_a_group_is_opened_by_its_link_and_by_nothing_else(gate: Gate) -> None:
    started = gate.start_group("Thursday cards")
    assert gate.group(started.link) == started.group
    assert gate.group(started.link[:-1] + ("A" if started.link[-1] != "A" else "B")) is None
    assert gate.group(started.founder) is None  # the founder's link is not the group's
    assert gate.group("") is None and gate.group(None) is None and gate.group("x" * 5000) is None


def test_g4_the_store_keeps_no_group_link_only_its_hash(gate: Gate) -> None:
    started = gate.start_group("Thursday cards")
    stored = _rows(gate.store, "SELECT id, name, token_hash, founder_hash FROM friend_group")
    assert len(stored) == 1
    assert started.link not in repr(stored) and started.founder not in repr(stored)


def test_g4_a_groups_link_is_as_unguessable_as_a_seats_token(gate: Gate) -> None:
    links = {gate.start_group(f"Group {n}").link for n in range(20)}
    assert len(links) == 20 and all(len(link) == 22 for link in links)  # 128 random bits each


def test_g4_a_new_link_from_the_founder_retires_the_old_one(gate: Gate) -> None:
    started = gate.start_group("Thursday cards")
    assert gate.founded_group(started.founder) == started.group
    fresh = gate.relink_group(started.founder)
    assert gate.group(started.link) is None
    assert gate.group(fresh) == started.group


def test_g4_only_the_founders_link_makes_a_new_link(gate: Gate) -> None:
    started = gate.start_group("Thursday cards")
    with pytest.raises(NotFound):
        gate.relink_group(started.link)
    assert gate.group(started.link) == started.group


def test_g4_a_group_name_is_cleaned_like_a_players_name(gate: Gate) -> None:
    assert gate.start_group("  Thursday\u200b   cards ").group.name == "Thursday cards"
    for bad in ("", "x" * 25, 7):
        with pytest.raises(Refused):
            gate.start_group(bad)


def test_g4_a_room_quick_game_and_scorebook_belong_to_the_group_that_started_them(
    gate: Gate,
) -> None:
    group = gate.start_group("Thursday cards").group
    gate.create("Asha", _quick(), group.id)
    gate.quick_game("Bikram", _quick(), "random", group.id)
    gate.create_book("Dipa", BookSettings(others=("Esha", "Farhan", "Gita")), group.id)
    gate.create("Chandra", _quick())
    owners = _rows(gate.store, "SELECT group_id FROM room")
    assert sorted(g for (g,) in owners) == sorted([group.id] * 3 + [OPEN_GROUP])


def test_g4_a_room_cannot_be_opened_in_a_group_that_does_not_exist(gate: Gate) -> None:
    for unknown in ("0123456789ab", "../../etc", "x" * 300, 12):
        with pytest.raises(RoomError):
            gate.create("Asha", _quick(), unknown)
    assert _rows(gate.store, "SELECT code FROM room") == []


def test_g4_every_round_and_game_of_a_groups_room_counts_for_the_group(
    gate: Gate, rooms: Rooms, clock: FakeClock
) -> None:
    group = gate.start_group("Thursday cards").group
    code, token = gate.quick_game("Asha", _quick(), "random", group.id)
    play_until_round_ends(rooms, [token], random.Random(3), advance=clock.advance)
    stored = _rows(gate.store, "SELECT group_id, room_code FROM round_record")
    assert stored and set(stored) == {(group.id, code)}


def test_g4_a_groups_page_lists_its_own_rooms_only(gate: Gate) -> None:
    mine, theirs = gate.start_group("Mine").group, gate.start_group("Theirs").group
    code, _ = gate.create("Asha", _quick(), mine.id)
    gate.create("Zubair", _quick(), theirs.id)
    gate.create("Olu", _quick())
    assert [room.code for room in gate.group_rooms(mine.id)] == [code]
    with pytest.raises(RoomError):
        gate.group_rooms("ffffffffffff")


def test_g4_a_store_from_before_groups_opens_with_everything_in_the_open_group(
    database_url: str, tmp_path: Path
) -> None:
    store = Store(old_store(database_url, tmp_path))
    try:
        for table in ("round_record", "game_record", "room"):
            owners = _rows(store, f"SELECT DISTINCT group_id FROM {table}")
            assert owners in ([], [(OPEN_GROUP,)])
        assert _rows(store, "SELECT COUNT(*) FROM round_record")[0][0] > 0
    finally:
        store.close()


def test_g3_a_groups_saved_file_holds_its_games_and_comes_back_into_a_group(
    gate: Gate, rooms: Rooms, clock: FakeClock
) -> None:
    mine, theirs = gate.start_group("Mine").group, gate.start_group("Theirs").group
    for group, name in ((mine, "Asha"), (theirs, "Zubair")):
        _, token = gate.quick_game(name, _quick(), "random", group.id)
        play_until_round_ends(rooms, [token], random.Random(5), advance=clock.advance)
    saved = Stats(gate.store, mine.id).backup()
    assert b"Zubair" not in gzip.decompress(saved)
    fresh = gate.start_group("Fresh").group
    restored = Stats(gate.store, fresh.id).restore(saved)
    assert restored.added.get("rounds") == 1
    assert Stats(gate.store, fresh.id).restore(saved).added.get("rounds", 0) == 0  # not twice
    board = Stats(gate.store, fresh.id).overview(games.FLAGSHIP).leaderboard
    assert {line.name for line in board} == {
        line.name for line in Stats(gate.store, mine.id).overview(games.FLAGSHIP).leaderboard
    }


def test_g3_a_visitor_without_a_group_can_neither_save_nor_bring_back(gate: Gate) -> None:
    with pytest.raises(RoomError):
        Stats(gate.store, None).backup()
    with pytest.raises(RoomError):
        Stats(gate.store, None).restore(b"")


def test_g3_a_file_that_unpacks_too_large_is_refused_from_a_page_and_stores_nothing(
    gate: Gate, rooms: Rooms, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine, other = gate.start_group("Mine").group, gate.start_group("Other").group
    _, token = gate.quick_game("Asha", _quick(), "random", mine.id)
    play_until_round_ends(rooms, [token], random.Random(5), advance=clock.advance)
    saved = Stats(gate.store, mine.id).backup()
    monkeypatch.setattr("core.stats.RESTORE_MOST", len(gzip.decompress(saved)) - 1)
    with pytest.raises(BackupError, match="unpacks to more"):
        Stats(gate.store, other.id).restore(saved)
    kept = "SELECT COUNT(*) FROM round_record WHERE group_id = :g"
    assert _rows(gate.store, kept, g=other.id) == [(0,)]
