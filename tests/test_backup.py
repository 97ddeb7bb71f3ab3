"""G3 on both databases: a whole store (or one group's part) saved to one file and brought
back into another store, empty or not, adding nothing twice, with the same figures on every
stats page and the same replay of every hand record.

The store saved is the old store of every game's rows (``tests/data/store-before-rows.db``,
opened as this release opens it) with, besides, a scorebook in progress in the open group,
and two groups: a club with a played Spades room, a finished scorebook game and a scorebook
in progress, and another group with a scorebook of its own.
"""

from __future__ import annotations

import gzip
import json
import random
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text, update

from core import backup, records
from core.__main__ import main
from core.moon3.book import BookSettings
from core.rooms import Rooms
from core.spades.table import SpadesSettings
from core.store import FriendGroup, GameRecord, Room, RoundRecord, Store
from core.store import backup as store_rows
from core.store.backup import BackupError
from tests import page_figures, postgres
from tests.conftest import FakeClock
from tests.service_play import play_until_round_ends, seated

BEFORE = Path(__file__).parent / "data" / "store-before-rows.db"
CLUB, OTHER = "club0000club0000", "other000other000"
#: Names only the other group's scorebook has.
OTHERS_ONLY = ("Zoltan", "Yusra", "Xavier")


def _group(store: Store, group: str, name: str, at: datetime) -> None:
    with store.write() as session:
        session.add(
            FriendGroup(
                id=group,
                name=name,
                token_hash=(group * 4)[:64],
                founder_hash=(group[::-1] * 4)[:64],
                created_at=at,
            )
        )
        session.commit()


def _into(store: Store, group: str, codes: list[str]) -> None:
    """Move the rooms ``codes`` with their rounds and games into ``group``."""
    with store.write() as session:
        for model in (Room, RoundRecord, GameRecord):
            column = model.code if model is Room else model.room_code  # type: ignore[attr-defined]
            session.execute(update(model).where(column.in_(codes)).values(group_id=group))
        session.commit()


def _enter(rooms: Rooms, token: str, **entry: object) -> None:
    rooms.enter_round(token, entry, rooms.view(token).version)


def fill(store: Store) -> None:
    """Add the scorebooks, groups and played room to a store of every game's rows."""
    rooms = Rooms(store, FakeClock())
    _, host = rooms.create_book("Asha", BookSettings(others=("Ben", "Chen", "Dev")))
    _enter(rooms, host, bidder=0, bid=150, partners=[1], made=True)  # in progress, open group
    _group(store, CLUB, "The club", datetime(2026, 11, 1, 12, 0, tzinfo=UTC))
    _group(store, OTHER, "Another circle", datetime(2026, 11, 2, 12, 0, tzinfo=UTC))
    club: list[str] = []
    code, host = rooms.create_book("Hema", BookSettings(others=("Ivo", "Jun", "Kai"), rounds=2))
    _enter(rooms, host, bidder=0, bid=150, partners=[1], made=True)
    _enter(rooms, host, bidder=2, bid=160, partners=[3], made=False)  # the game is kept
    club.append(code)
    code, host = rooms.create_book("Hema", BookSettings(others=("Ivo", "Jun")))
    _enter(rooms, host, bidder=1, bid=130, partners=[2], made=True)
    club.append(code)
    code, _, ordered = seated(rooms, SpadesSettings())  # type: ignore[arg-type]
    play_until_round_ends(rooms, ordered, random.Random(3))
    club.append(code)
    _into(store, CLUB, club)
    code, host = rooms.create_book("Zoltan", BookSettings(others=OTHERS_ONLY[1:]))
    _enter(rooms, host, bidder=0, bid=125, partners=[1], made=True)
    _into(store, OTHER, [code])


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """The filled SQLite store that every test saves (read only)."""
    path = tmp_path_factory.mktemp("backup") / "source.db"
    shutil.copy(BEFORE, path)
    store = Store(f"sqlite:///{path}")
    fill(store)
    yield store
    store.close()


@pytest.fixture(scope="module")
def saved(source: Store) -> bytes:
    return backup.dump(source)


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[Store]:
    store = Store(f"sqlite:///{tmp_path / 'target.db'}")
    yield store
    store.close()


def figures(store: Store) -> Any:
    """Every stats page's figures, as JSON data."""
    return json.loads(json.dumps(page_figures.figures(store)))


def replays(store: Store) -> list[tuple[Any, ...]]:
    """Each stored hand record's replay, by game, room, game and round number."""
    with store.read() as db:
        rows = db.connection().execute(
            text("SELECT game, room_code, game_number, round_number, record FROM round_record")
        )
        found = []
        for game, code, number, round_number, record in rows:
            try:
                result: Any = records.replay(records.parse(record))
            except (records.RecordError, records.ActionError) as exc:
                result = {"error": str(exc)}
            found.append((game, code, number, round_number, json.dumps(result, sort_keys=True)))
    return sorted(found)


def content(store: Store) -> dict[str, list[str]]:
    """Every row of every table as stored, but for ids: a child's parent is its parent's row,
    and a room's host seat (a new id in a new store) is left out."""
    shape = store_rows.layout()
    of: dict[tuple[str, Any], str] = {}
    tables: dict[str, list[str]] = {}
    for table, values in store_rows.read(store):
        row = dict(zip(table.c.keys(), values, strict=True))
        kind = shape.kind_of(table.name)
        child = shape.child(table.name)
        if child is not None and child.kind != store_rows.ROOMS:
            row[child.link] = of[(child.kind, row[child.link])]
        if table.name == "room":
            doc = json.loads(row.pop("doc"))
            row["doc"] = {**doc, "host_seat_id": None}
        key = row.pop("id", None)
        row.pop("host_seat_id", None)
        line = json.dumps(row, sort_keys=True, default=repr)
        if kind is not None:
            of[(kind, key)] = line
        tables.setdefault(table.name, []).append(line)
    return {name: sorted(lines) for name, lines in tables.items()}


def counts(store: Store) -> dict[str, int]:
    with store.read() as db:
        conn = db.connection()
        return {
            t.name: int(conn.execute(text(f"SELECT count(*) FROM {t.name}")).scalar_one())
            for t in store_rows.layout().tables()
        }


@pytest.fixture(scope="module")
def on_postgres(postgres_server: str, saved: bytes) -> Iterator[Store]:
    """The saved file brought back into an empty PostgreSQL store."""
    url = postgres.fresh_database(postgres_server)
    store = Store(url)
    backup.restore(store, saved)
    yield store
    store.close()
    postgres.drop_database(url)


@pytest.mark.parametrize("way", ["sqlite to postgresql", "postgresql to sqlite"])
def test_g3_backup_then_restore_into_an_empty_store_on_the_other_database_keeps_every_figure_and_replay(  # noqa: E501
    way: str, source: Store, on_postgres: Store, sqlite_store: Store
) -> None:
    if way == "sqlite to postgresql":
        target = on_postgres
    else:
        target = sqlite_store
        done = backup.restore(target, backup.dump(on_postgres))
        assert done.added["rounds"] == counts(source)["round_record"]
    assert figures(target) == figures(source)
    assert replays(target) == replays(source)


def test_g3_every_column_comes_back_exactly_on_either_database(
    source: Store, on_postgres: Store, sqlite_store: Store
) -> None:
    expected = content(source)
    assert content(on_postgres) == expected
    backup.restore(sqlite_store, backup.dump(on_postgres))
    assert content(sqlite_store) == expected


@pytest.mark.parametrize("database_url", ["sqlite", "postgresql"], indirect=True)
def test_g3_restoring_the_same_file_twice_adds_nothing_the_second_time(
    store: Store, saved: bytes
) -> None:
    first = backup.restore(store, saved)
    held = counts(store)
    again = backup.restore(store, saved)
    assert again.added == {} and again.present == first.added
    assert counts(store) == held
    assert first.added["groups"] == 2 and first.added["scorebooks"] == 3


def without(saved: bytes, table: str, *columns: str) -> bytes:
    """The backup file as a release before ``columns`` of ``table`` existed wrote it."""
    lines = [json.loads(line) for line in gzip.decompress(saved).splitlines()]
    named = lines[0]["tables"][table]
    kept = [i for i, c in enumerate(named) if c not in columns]
    lines[0]["tables"][table] = [named[i] for i in kept]
    for line in lines[1:]:
        if line.get("table") == table:
            line["row"] = [line["row"][i] for i in kept]
    return gzip.compress(b"\n".join(json.dumps(line).encode() for line in lines) + b"\n")


@pytest.mark.parametrize("database_url", ["sqlite", "postgresql"], indirect=True)
def test_g3_a_file_from_before_the_running_scores_comes_back_with_every_figure(
    source: Store, saved: bytes, store: Store
) -> None:
    older = without(saved, "round_seat", "total", "leads")
    backup.restore(store, older)
    assert figures(store) == figures(source)
    assert content(store) == content(source)


def test_g3_a_file_lacking_a_column_the_store_needs_is_refused(
    saved: bytes, sqlite_store: Store
) -> None:
    with pytest.raises(BackupError, match="columns of round_seat are not this store's"):
        backup.restore(sqlite_store, without(saved, "round_seat", "won"))
    assert counts(sqlite_store)["round_record"] == 0


def test_g3_restoring_into_a_store_that_holds_part_of_it_adds_only_what_is_missing(
    source: Store, saved: bytes, sqlite_store: Store, tmp_path: Path
) -> None:
    part = backup.restore(sqlite_store, backup.dump(source, CLUB))
    rest = backup.restore(sqlite_store, saved)
    whole = Store(f"sqlite:///{tmp_path / 'whole.db'}")
    everything = backup.restore(whole, saved)
    for kind in ("rooms", "scorebooks", "games", "rounds"):
        assert rest.present.get(kind, 0) == part.added.get(kind, 0)
        assert rest.added.get(kind, 0) == everything.added[kind] - part.added.get(kind, 0)
    assert counts(sqlite_store) == counts(whole)
    assert content(sqlite_store) == content(whole)
    whole.close()


def test_g3_a_room_whose_code_another_room_holds_keeps_both_rooms_and_its_own_rounds(
    source: Store, saved: bytes, sqlite_store: Store
) -> None:
    with source.read() as db:
        code = (
            db.connection()
            .execute(
                text("SELECT code FROM room WHERE game = 'spades' AND group_id = :g"), {"g": CLUB}
            )
            .scalar_one()
        )
    stranger = datetime(2020, 1, 1, tzinfo=UTC)
    with sqlite_store.write() as session:
        session.add(
            Room(code=code, game="spades", doc="{}", created_at=stranger, updated_at=stranger)
        )
        session.commit()
    done = backup.restore(sqlite_store, saved)
    assert done.renamed == 1
    with sqlite_store.read() as db:
        conn = db.connection()
        fresh = conn.execute(
            text("SELECT code FROM room WHERE game = 'spades' AND code <> :c"), {"c": code}
        ).scalar_one()
        moved = conn.execute(
            text("SELECT count(*) FROM round_record WHERE room_code = :c"), {"c": fresh}
        ).scalar_one()
        seats = conn.execute(
            text("SELECT count(*) FROM seat WHERE room_code = :c"), {"c": fresh}
        ).scalar_one()
        left = conn.execute(
            text("SELECT count(*) FROM round_record WHERE room_code = :c"), {"c": code}
        ).scalar_one()
        host = conn.execute(
            text(
                "SELECT s.room_code FROM room r JOIN seat s ON s.id = r.host_seat_id"
                " WHERE r.code = :c"
            ),
            {"c": fresh},
        ).one()
    assert moved == 1 and seats == 4 and left == 0 and host.room_code == fresh
    assert backup.restore(sqlite_store, saved).added == {}


def test_g3_every_table_of_every_game_names_its_room_round_or_game_by_a_foreign_key() -> None:
    shape = store_rows.layout()
    assert {c.table.name for c in shape.children} >= {"seat", "game_seat", "round_seat"}
    for child in shape.children:
        declared = {fk.parent.name for fk in child.table.foreign_keys}
        assert child.link in declared, child.table.name


def test_g3_a_groups_backup_holds_none_of_another_groups_rows(source: Store) -> None:
    data = gzip.decompress(backup.dump(source, CLUB)).decode()
    lines = [json.loads(line) for line in data.splitlines()]
    assert lines[0]["group"] == CLUB
    with source.read() as db:
        outside = (
            db.connection()
            .execute(text("SELECT code FROM room WHERE group_id <> :g"), {"g": CLUB})
            .scalars()
            .all()
        )
    assert outside and not any(code in data for code in outside)
    assert not any(name in data for name in (*OTHERS_ONLY, OTHER, "Another circle"))
    assert "The club" in data and "Hema" in data
    rounds = [line for line in lines if line.get("table") == "round_record"]
    assert len(rounds) == 4  # two of the finished scorebook game, one in progress, one hand


def test_g3_restoring_into_a_group_puts_every_row_into_it_and_writes_no_group(
    saved: bytes, sqlite_store: Store
) -> None:
    backup.restore(sqlite_store, saved, into_group=CLUB)
    with sqlite_store.read() as db:
        conn = db.connection()
        groups = {
            table: set(conn.execute(text(f"SELECT DISTINCT group_id FROM {table}")).scalars())
            for table in ("room", "round_record", "game_record")
        }
        written = conn.execute(text("SELECT count(*) FROM friend_group")).scalar_one()
    assert groups == {t: {CLUB} for t in groups} and written == 0


def _packed(lines: list[Any]) -> bytes:
    return gzip.compress("".join(json.dumps(line) + "\n" for line in lines).encode())


def hostile(saved: bytes) -> dict[str, tuple[bytes, str]]:
    """Files that must be refused, each with what the refusal says."""
    lines = [json.loads(line) for line in gzip.decompress(saved).decode().splitlines()]
    header, rows, end = lines[0], lines[1:-1], lines[-1]
    last_round = max(i for i, line in enumerate(rows) if line["table"] == "round_record")
    number = header["tables"]["round_record"].index("round_number")
    wrong = [dict(line) for line in rows]
    wrong[last_round] = {"table": "round_record", "row": list(rows[last_round]["row"])}
    wrong[last_round]["row"][number] = "three"
    unknown = {**header, "tables": {**header["tables"], "evil": ["id"]}}
    twin = next(line for line in rows if line["table"] == "friend_group")
    clash = dict(twin, row=["twin" + twin["row"][0][4:], *twin["row"][1:]])
    grown = dict(end, end={"rows": {**end["end"]["rows"], "friend_group": 3}})
    huge = {"table": "room", "row": ["x" * (backup.MAX_LINE + 10)]}
    link = header["tables"]["round_seat"].index("round_id")
    stray = next(dict(line) for line in rows if line["table"] == "round_seat")
    stray["row"] = [*stray["row"][:link], 10**9, *stray["row"][link + 1 :]]
    doc = header["tables"]["room"].index("doc")
    spoilt = [dict(line) for line in rows]
    first_room = next(i for i, line in enumerate(rows) if line["table"] == "room")
    row = rows[first_room]["row"]
    spoilt[first_room] = {"table": "room", "row": [*row[:doc], "not json", *row[doc + 1 :]]}
    needed = [c for c in header["tables"]["seat"] if c != "name"]  # a seat has a name
    less = {**header, "tables": {**header["tables"], "seat": needed}}
    seats = end["end"]["rows"]["round_seat"] + 1
    counted = dict(end, end={"rows": {**end["end"]["rows"], "round_seat": seats}})
    return {
        "not gzip": (b"code,game\nABC,moon3\n", "not gzip"),
        "not JSON": (gzip.compress(b"hello there\n"), "line 1 is not JSON"),
        "wrong version": (_packed([{**header, "version": 99}, *rows, end]), "version 99"),
        "unknown table": (_packed([unknown, *rows, end]), "does not have: evil"),
        "wrong type": (_packed([header, *wrong, end]), "round_record.round_number is not a whole"),
        "huge line": (_packed([header, huge, end]), "longer than"),
        "cut short": (saved[: len(saved) // 2], "cut short"),
        "last line gone": (_packed([header, *rows]), "cut short"),
        "a row of no round": (_packed([header, *rows, stray, counted]), "no round of the file"),
        "a room's document not JSON": (_packed([header, *spoilt, end]), "not a JSON object"),
        "a column missing": (_packed([less, *rows, end]), "columns of seat are not"),
        "refused by the store": (_packed([header, clash, *rows, grown]), "store refused"),
    }


@pytest.mark.parametrize("database_url", ["sqlite", "postgresql"], indirect=True)
def test_g3_a_hostile_or_cut_file_is_refused_with_a_message_and_stores_nothing(
    store: Store, saved: bytes, source: Store
) -> None:
    backup.restore(store, backup.dump(source, CLUB))  # a store not empty
    held = content(store)
    for case, (data, says) in hostile(saved).items():
        with pytest.raises(BackupError, match=says):
            backup.restore(store, data)
        assert content(store) == held, case


def test_g3_the_command_line_saves_and_brings_back_a_store(
    source: Store,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    file = tmp_path / "history.moon3.gz"
    monkeypatch.setenv("DATABASE_URL", source.url)
    assert main(["backup", str(file)]) == 0
    wrote = capsys.readouterr().out
    assert wrote.startswith(f"wrote {file}") and "2 groups" in wrote and wrote.count("\n") == 1
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'new.db'}")
    assert main(["restore", str(file)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith(f"restored {file}: added 2 groups") and len(said) == 2
    assert main(["restore", str(file)]) == 0
    assert "added 0 groups, 0 rooms, 0 scorebooks, 0 games, 0 rounds" in capsys.readouterr().out


def test_g3_the_command_line_refuses_a_bad_file_in_one_line_with_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'new.db'}")
    bad = tmp_path / "bad.gz"
    bad.write_bytes(gzip.compress(b'{"format": "moon3-backup", "version": 2}\n'))
    for path, says in ((bad, "version 2"), (tmp_path / "missing.gz", "cannot read")):
        assert main(["restore", str(path)]) == 1
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and says in err and "Traceback" not in err
