"""A store's rows read out and written back by what they are, not by their ids (SPEC G3).

The tables are found in ``SQLModel.metadata`` (every game's own tables loaded), so a new
game's tables come along unchanged. Four kinds of rows stand on their own: groups
(``friend_group``, by id), rooms (``room``, by code), games (``game_record``) and rounds
(``round_record``). Every other table hangs from one of them through a column that names it:
the ``ForeignKey`` the table declares on ``room.code``, ``game_record.id`` or
``round_record.id``, or, where a table declares none, its column ``room_code``, ``game_id``
or ``round_id`` (the names every table of the store uses for them).

Reading yields each kind in turn, in chunks, each chunk of parents followed by its children,
so that no more than a chunk is held at once and writing back can give every child its
parent's new id as it goes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Column, Connection, Table, insert, select, update
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlmodel import SQLModel

from core import games
from core.store import Store, history, load_game_tables
from core.store.tables import FriendGroup, GameRecord, Room, RoundRecord

#: How many parent rows are read or written at once.
CHUNK = 500
#: The kinds of parent rows, in the order a file holds them: each may name the ones before.
GROUPS, ROOMS, GAMES, ROUNDS = "groups", "rooms", "games", "rounds"
KINDS = (GROUPS, ROOMS, GAMES, ROUNDS)
#: The room status of a scorebook still being kept.
SCORING = games.KEEPING_SCORE
#: The column names that link a table declaring no foreign key to its parent, by kind.
LINK_NAMES = {"room_code": ROOMS, "game_id": GAMES, "round_id": ROUNDS}


class BackupError(ValueError):
    """A saved file that cannot be brought back: the message says why; nothing was stored."""


@dataclass(frozen=True)
class Child:
    """A table whose rows belong to a room, a game or a round, through ``link``."""

    table: Table
    kind: str
    link: str


@dataclass(frozen=True)
class Layout:
    """Every table of the store: the four parents' and the children of each."""

    parents: dict[str, Table]
    children: list[Child]

    def tables(self) -> list[Table]:
        """Every table, parents first, in the order a file holds them."""
        return [*self.parents.values(), *(c.table for c in self.children)]

    def kind_of(self, name: str) -> str | None:
        """The kind a parent table holds, ``None`` for a child table."""
        return next((k for k, t in self.parents.items() if t.name == name), None)

    def child(self, name: str) -> Child | None:
        return next((c for c in self.children if c.table.name == name), None)


def _table(model: type[SQLModel]) -> Table:
    table: Table = model.__table__  # type: ignore[attr-defined]
    return table


def layout() -> Layout:
    """The store's tables, each child with its link; a table hanging from nothing (or from
    more than one parent) is a mistake in its declaration and is named."""
    load_game_tables()
    parents = {
        GROUPS: _table(FriendGroup),
        ROOMS: _table(Room),
        GAMES: _table(GameRecord),
        ROUNDS: _table(RoundRecord),
    }
    keys = {ROOMS: "code", GAMES: "id", ROUNDS: "id"}
    names = {parents[k].name: k for k in keys}
    children = []
    for table in SQLModel.metadata.sorted_tables:
        if table.name in {t.name for t in parents.values()}:
            continue
        links = {
            (names[fk.column.table.name], fk.parent.name)
            for fk in table.foreign_keys
            if fk.column.table.name in names and fk.column.name == keys[names[fk.column.table.name]]
        }
        if not links:
            links = {(kind, name) for name, kind in LINK_NAMES.items() if name in table.c}
        if len(links) != 1:
            raise LookupError(f"table {table.name} belongs to no one room, game or round")
        ((kind, link),) = links
        children.append(Child(table, kind, link))
    return Layout(parents, children)


# ---------------------------------------------------------------- reading


def read(store: Store, group: str | None = None) -> Iterator[tuple[Table, Sequence[Any]]]:
    """Every row of the store (``group`` given: that group's own), as (table, row values in
    the table's column order), each kind in turn and each chunk of parents followed by its
    children."""
    shape = layout()
    with store.read() as session:
        conn = session.connection()
        if not store.is_sqlite:  # every chunk read from one snapshot, as SQLite's reader does
            conn.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        groups = shape.parents[GROUPS]
        if group is None or group:
            query = select(groups).order_by(groups.c.id)
            if group is not None:
                query = query.where(groups.c.id == group)
            for row in conn.execute(query):
                yield groups, tuple(row)
        for kind, key in ((ROOMS, "code"), (GAMES, "id"), (ROUNDS, "id")):
            yield from _read_kind(conn, shape, kind, key, group)


def _read_kind(
    conn: Connection, shape: Layout, kind: str, key: str, group: str | None
) -> Iterator[tuple[Table, Sequence[Any]]]:
    """One kind's rows, by chunks of :data:`CHUNK` in the order of their key, each chunk
    followed by its children's rows."""
    table = shape.parents[kind]
    column = table.c[key]
    last: Any = None
    while True:
        query = select(table).order_by(column).limit(CHUNK)
        if group is not None:
            query = query.where(table.c.group_id == group)
        if last is not None:
            query = query.where(column > last)
        rows = conn.execute(query).all()
        if not rows:
            return
        for row in rows:
            yield table, tuple(row)
        keys = [row._mapping[key] for row in rows]
        last = keys[-1]
        for child in shape.children:
            if child.kind != kind:
                continue
            own = child.table
            order = [c for c in own.primary_key.columns] or list(own.c)
            found = select(own).where(own.c[child.link].in_(keys)).order_by(*order)
            for row in conn.execute(found):
                yield own, tuple(row)


# ---------------------------------------------------------------- writing


@dataclass
class Restored:
    """What a restore added and what the store held already, by kind (``groups``,
    ``rooms``, ``scorebooks``, ``games``, ``rounds``), and how many rooms took a fresh code
    because theirs was another room's."""

    added: dict[str, int] = field(default_factory=dict)
    present: dict[str, int] = field(default_factory=dict)
    renamed: int = 0

    def count(self, kind: str, added: bool, n: int = 1) -> None:
        counts = self.added if added else self.present
        counts[kind] = counts.get(kind, 0) + n


def moment(value: Any) -> Any:
    """A timestamp as the store compares it: naive, in UTC."""
    if isinstance(value, datetime) and value.tzinfo is not None:
        return value.astimezone(UTC).replace(tzinfo=None)
    return value


#: Fresh codes for a room whose code another room holds: the ``n``-th candidate for a room of
#: this code created at that moment (the same each time, so a second restore finds it).
FreshCode = Callable[[str, str, int], str]


class Writer:
    """Rows of a saved file written into a store in one transaction, each parent matched by
    its identity and each child following its parent's new id (see :func:`restore`)."""

    def __init__(self, conn: Connection, into_group: str | None, fresh_code: FreshCode) -> None:
        self.conn = conn
        self.shape = layout()
        self.into_group = into_group
        self.fresh_code = fresh_code
        self.done = Restored()
        self._kind = 0
        self._parents: dict[str, list[dict[str, Any]]] = {k: [] for k in KINDS}
        self._children: dict[str, list[dict[str, Any]]] = {}
        #: Each room's code in the store by its code in the file, and the rooms added.
        self._codes: dict[str, str] = {}
        self._new_rooms: set[str] = set()
        #: The codes the rooms of this file take (written at the end of their chunk).
        self._taken: set[str] = set()
        self._ids: dict[str, dict[int, int | None]] = {GAMES: {}, ROUNDS: {}}
        self._seat_ids: dict[int, int] = {}
        self._hosts: dict[str, int] = {}
        #: The games kept without cards the store held already: their rounds are not added.
        self._kept: set[tuple[str, str, int]] = set()

    def add(self, name: str, row: dict[str, Any]) -> None:
        """Take one row of the table ``name``; written when its chunk is full or at the end."""
        kind = self.shape.kind_of(name)
        if kind is not None:
            order = KINDS.index(kind)
            if order < self._kind:
                raise BackupError(f"a row of {name} comes after rows it must come before")
            if order > self._kind:
                self._flush_all()
                self._kind = order
            self._parents[kind].append(row)
            if len(self._parents[kind]) >= CHUNK:
                self._flush_all()
            return
        child = self.shape.child(name)
        if child is None:
            raise BackupError(f"the store has no table {name}")
        if KINDS.index(child.kind) > self._kind:
            raise BackupError(f"a row of {name} comes before the {child.kind} it belongs to")
        self._flush_parents(child.kind)
        waiting = self._children.setdefault(name, [])
        waiting.append(row)
        if len(waiting) >= CHUNK:
            self._write_children(child, waiting)
            waiting.clear()

    def finish(self) -> Restored:
        """Write what is waiting and give each new room its host's new seat."""
        self._flush_all()
        rooms = self.shape.parents[ROOMS]
        for code, old in self._hosts.items():
            new = self._seat_ids.get(old)
            text = self.conn.execute(select(rooms.c.doc).where(rooms.c.code == code)).scalar_one()
            doc = json.loads(text)  # checked as the room was taken
            if "host_seat_id" in doc:
                doc["host_seat_id"] = new
            self.conn.execute(
                update(rooms)
                .where(rooms.c.code == code)
                .values(host_seat_id=new, doc=json.dumps(doc))
            )
        return self.done

    def _flush_all(self) -> None:
        for kind in KINDS:
            self._flush_parents(kind)
        for name, rows in self._children.items():
            if rows:
                child = self.shape.child(name)
                assert child is not None
                self._write_children(child, rows)
                rows.clear()

    def _flush_parents(self, kind: str) -> None:
        rows = self._parents[kind]
        if not rows:
            return
        for name, waiting in self._children.items():  # children of earlier chunks go first
            child = self.shape.child(name)
            if waiting and child is not None and child.kind == kind:
                self._write_children(child, waiting)
                waiting.clear()
        write = {GROUPS: self._groups, ROOMS: self._rooms, GAMES: self._games, ROUNDS: self._rounds}
        write[kind](rows)
        rows.clear()

    def _group(self, row: dict[str, Any]) -> None:
        if self.into_group is not None:
            row["group_id"] = self.into_group

    def _groups(self, rows: list[dict[str, Any]]) -> None:
        if self.into_group is not None:
            return  # a group bringing back its own history keeps its own name and links
        table = self.shape.parents[GROUPS]
        ids = [r["id"] for r in rows]
        there = set(self.conn.execute(select(table.c.id).where(table.c.id.in_(ids))).scalars())
        new = []
        for row in rows:
            fresh = row["id"] not in there
            there.add(row["id"])
            if fresh:
                new.append(row)
            self.done.count(GROUPS, fresh)
        if new:
            self.conn.execute(insert(table), new)

    def _same_room(self, code: str, row: dict[str, Any]) -> bool | None:
        """Whether the store's room ``code`` is the room of ``row`` (the same game, opened at
        the same moment); ``None`` if the code is free. Rounds and games stored under a code
        with no room do not take it: they are matched one by one."""
        table = self.shape.parents[ROOMS]
        found = self.conn.execute(
            select(table.c.game, table.c.created_at).where(table.c.code == code)
        ).first()
        if found is None:
            return False if code in self._taken else None
        return bool(
            found.game == row["game"] and moment(found.created_at) == moment(row["created_at"])
        )

    def _rooms(self, rows: list[dict[str, Any]]) -> None:
        table = self.shape.parents[ROOMS]
        new = []
        for row in rows:
            self._group(row)
            original = row["code"]
            if original in self._codes:
                raise BackupError(f"the file holds room {original} twice")
            try:
                doc = json.loads(row["doc"])
            except ValueError:
                doc = None
            if not isinstance(doc, dict):
                raise BackupError(f"the document of room {original} is not a JSON object")
            code, attempt = original, 0
            same = self._same_room(code, row)
            while same is False:
                code = self.fresh_code(original, str(row["created_at"]), attempt)
                attempt += 1
                same = self._same_room(code, row)
            self._codes[original] = code
            kinds = [ROOMS] + ([SCORING] if row.get("status") == SCORING else [])
            for kind in kinds:
                self.done.count("scorebooks" if kind == SCORING else kind, same is None)
            if same:
                continue
            if code != original:
                self.done.renamed += 1
            row["code"] = code
            self._new_rooms.add(original)
            self._taken.add(code)
            if row.get("host_seat_id") is not None:
                self._hosts[code] = row["host_seat_id"]
            new.append(row)
        if new:
            self.conn.execute(insert(table), new)

    def _code(self, row: dict[str, Any]) -> None:
        """A game's or round's room code in the store (a room kept under a fresh code)."""
        row["room_code"] = self._codes.get(row["room_code"], row["room_code"])

    def _games(self, rows: list[dict[str, Any]]) -> None:
        table = self.shape.parents[GAMES]
        c = table.c
        for row in rows:
            self._group(row)
        keyed = {r["source_key"] for r in rows if r.get("source_key")}
        codes = {
            self._codes.get(r["room_code"], r["room_code"]) for r in rows if not r.get("source_key")
        }
        there: set[tuple[Any, ...]] = set()
        if keyed:
            query = select(c.game, c.group_id, c.source_key).where(c.source_key.in_(keyed))
            there |= {("key", *r) for r in self.conn.execute(query)}
        if codes:
            query = select(c.game, c.group_id, c.room_code, c.game_number, c.finished_at).where(
                *_near(c, rows, codes), c.source_key == ""
            )
            there |= {(*r[:4], moment(r[4])) for r in self.conn.execute(query)}
        new: list[dict[str, Any]] = []
        olds: list[int] = []
        for row in rows:
            old = row["room_code"]
            self._code(row)
            if row.get("source_key"):
                identity: tuple[Any, ...] = ("key", row["game"], row["group_id"], row["source_key"])
            else:
                identity = (
                    row["game"], row["group_id"], row["room_code"], row["game_number"],
                    moment(row["finished_at"]),
                )  # fmt: skip
            old_id = row.pop("id")
            if identity in there:
                self._ids[GAMES][old_id] = None
                if row.get("source_key"):
                    self._kept.add((row["game"], old, row["game_number"]))
                self.done.count(GAMES, False)
                continue
            there.add(identity)
            new.append(row)
            olds.append(old_id)
            self.done.count(GAMES, True)
        self._insert(GAMES, new, olds)

    def _insert(self, kind: str, rows: list[dict[str, Any]], olds: list[int]) -> None:
        """Insert new games or rounds, keeping each one's new id by its id in the file."""
        if not rows:
            return
        table = self.shape.parents[kind]
        ids = self.conn.execute(
            insert(table).returning(table.c.id, sort_by_parameter_order=True), rows
        ).scalars()
        for old_id, new_id in zip(olds, ids, strict=True):
            self._ids[kind][old_id] = int(new_id)

    def _rounds(self, rows: list[dict[str, Any]]) -> None:
        table = self.shape.parents[ROUNDS]
        c = table.c
        for row in rows:
            self._group(row)
        codes = {self._codes.get(r["room_code"], r["room_code"]) for r in rows}
        query = select(
            c.game, c.group_id, c.room_code, c.game_number, c.round_number, c.finished_at
        ).where(*_near(c, rows, codes))
        there = {(*r[:5], moment(r[5])) for r in self.conn.execute(query)}
        new: list[dict[str, Any]] = []
        olds: list[int] = []
        for row in rows:
            old_id = row.pop("id")
            if (row["game"], row["room_code"], row["game_number"]) in self._kept:
                self._ids[ROUNDS][old_id] = None
                self.done.count(ROUNDS, False)
                continue
            self._code(row)
            identity = (
                row["game"], row["group_id"], row["room_code"], row["game_number"],
                row["round_number"], moment(row["finished_at"]),
            )  # fmt: skip
            if identity in there:
                self._ids[ROUNDS][old_id] = None
                self.done.count(ROUNDS, False)
                continue
            there.add(identity)
            new.append(row)
            olds.append(old_id)
            self.done.count(ROUNDS, True)
        self._insert(ROUNDS, new, olds)

    def _parent_of(self, child: Child, row: dict[str, Any]) -> Any:
        """The new key of a child row's parent; ``None`` when the store held the parent."""
        key = row.get(child.link)
        if child.kind == ROOMS:
            if key not in self._codes:
                raise BackupError(f"a row of {child.table.name} belongs to no room of the file")
            return self._codes[key] if key in self._new_rooms else None
        known = self._ids[child.kind]
        if key not in known:
            raise BackupError(
                f"a row of {child.table.name} belongs to no {child.kind[:-1]} of the file"
            )
        return known[key]

    def _write_children(self, child: Child, rows: list[dict[str, Any]]) -> None:
        table = child.table
        own_id = _own_id(table, child.link)
        new: list[dict[str, Any]] = []
        olds: list[Any] = []
        for row in rows:
            parent = self._parent_of(child, row)
            if parent is None:
                continue
            row = {**row, child.link: parent}
            if own_id is not None:
                olds.append(row.pop(own_id.name))
            new.append(row)
        if not new:
            return
        if own_id is None or child.kind != ROOMS:
            self.conn.execute(insert(table), new)
            return
        ids = self.conn.execute(
            insert(table).returning(own_id, sort_by_parameter_order=True), new
        ).scalars()
        self._seat_ids.update((old, int(n)) for old, n in zip(olds, ids, strict=True))


def _near(c: Any, rows: list[dict[str, Any]], codes: set[str]) -> list[Any]:
    """Where the store's games or rounds like a chunk's are: under its room codes, groups and
    game numbers (the index on room code and game number finds them)."""
    return [
        c.room_code.in_(codes),
        c.game_number.in_({r["game_number"] for r in rows}),
        c.group_id.in_({r["group_id"] for r in rows}),
    ]


def _own_id(table: Table, link: str) -> Column[Any] | None:
    """A table's own integer id, given anew by the store, if it has one besides its link."""
    keys = list(table.primary_key.columns)
    if len(keys) == 1 and keys[0].name != link and keys[0].autoincrement in (True, "auto"):
        try:
            if keys[0].type.python_type is int:
                return keys[0]
        except NotImplementedError:
            return None
    return None


def restore(
    store: Store,
    rows: Iterator[tuple[str, dict[str, Any]]],
    into_group: str | None,
    fresh_code: FreshCode,
) -> Restored:
    """Write checked rows (table name, values by column) into the store in one transaction,
    adding only what it lacks; a row that cannot be placed, or that the database refuses,
    raises :class:`BackupError` and nothing is stored."""
    with store.write() as session:
        writer = Writer(session.connection(), into_group, fresh_code)
        try:
            for name, row in rows:
                writer.add(name, row)
            done = writer.finish()
            history.fill_running(session)  # rows of a file from before the running totals
        except SQLAlchemyError as exc:
            detail = exc.orig if isinstance(exc, DBAPIError) else exc
            first = (str(detail).strip().splitlines() or [type(detail).__name__])[0]
            raise BackupError(f"the store refused a row of the file: {first}") from exc
        session.commit()
    return done
