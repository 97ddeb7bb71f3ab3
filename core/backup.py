"""Save a whole store (or one group's part of it) to one file and bring it back (SPEC G3).

The file is gzip-compressed JSON lines:

- the first line says what it is: ``{"format": "moon3-backup", "version": 1, "product":
  "Moon 3 of Spades", "written_at": ISO time, "group": the group saved or null, "tables":
  {table: [column, ...]}}``;
- then one line a row, ``{"table": name, "row": [value, ...]}``, the values in the order
  the first line gives for that table, timestamps in ISO form, each row with its id as the
  store had it: groups, rooms (each chunk followed by its seats), games (followed by their
  seats and their game's own rows), rounds (followed by each game's own rows of them);
- the last line, ``{"end": {"rows": {table: count}}}``, says the file is whole.

Bringing a file back checks every line before the store keeps anything (one transaction)
and adds only what the store lacks, each row matched by what it is, never by its id
(:mod:`core.store.backup`): restoring the same file twice adds nothing the second time.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import IO, Any

from sqlalchemy import Boolean, DateTime, Float, Integer, String, Table, TypeDecorator

from core.rooms import CODE_ALPHABET, CODE_LENGTH
from core.store import Store
from core.store import backup as rows
from core.store.backup import BackupError, Restored

__all__ = ["BackupError", "Restored", "Written", "dump", "dump_to", "restore", "restore_from"]

FORMAT = "moon3-backup"
VERSION = 1
PRODUCT = "Moon 3 of Spades"
#: The longest line a file may hold (a room's document or a hand record is far shorter).
MAX_LINE = 8 << 20
#: The compression level: files are written while a host waits, and level 6 is near 9's size.
LEVEL = 6


@dataclass
class Written:
    """What a backup wrote: rows by table."""

    rows: dict[str, int] = field(default_factory=dict)

    def total(self, *tables: str) -> int:
        """The rows of these tables (of every table if none is named)."""
        return sum(n for t, n in self.rows.items() if not tables or t in tables)


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def dump_to(store: Store, out: IO[bytes], group: str | None = None) -> Written:
    """Write the store's rows (``group`` given: only that group's) to ``out`` as a backup
    file, a chunk at a time."""
    shape = rows.layout()
    header = {
        "format": FORMAT,
        "version": VERSION,
        "product": PRODUCT,
        "written_at": datetime.now(UTC).isoformat(),
        "group": group,
        "tables": {t.name: [c.name for c in t.columns] for t in shape.tables()},
    }
    written = Written()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=LEVEL, mtime=0) as packed:
        text = io.TextIOWrapper(packed, encoding="utf-8", newline="\n")
        text.write(json.dumps(header) + "\n")
        for table, values in rows.read(store, group):
            line = {"table": table.name, "row": [_plain(v) for v in values]}
            text.write(json.dumps(line, separators=(",", ":")) + "\n")
            written.rows[table.name] = written.rows.get(table.name, 0) + 1
        text.write(json.dumps({"end": {"rows": written.rows}}) + "\n")
        text.flush()
        text.detach()
    return written


def dump(store: Store, group: str | None = None) -> bytes:
    """The whole store (``group`` given: that group's rooms, games and rounds, its own row
    and nothing of any other group) as one backup file."""
    out = io.BytesIO()
    dump_to(store, out, group)
    return out.getvalue()


def fresh_code(code: str, created: str, attempt: int) -> str:
    """The ``attempt``-th code for a room whose code another room holds: drawn from the room's
    code and when it was opened, so bringing the same file back again finds it there."""
    digest = hashlib.sha256(f"{code}|{created}|{attempt}".encode()).digest()
    return "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:CODE_LENGTH])


# ---------------------------------------------------------------- checking


def _refuse(*_: Any) -> Any:
    raise ValueError("not a number JSON allows")


class _Budget:
    """How many bytes of unpacked lines a restore may still read (a small file can unpack to
    a huge one)."""

    def __init__(self, most: int | None) -> None:
        self.left = most

    def spend(self, size: int) -> None:
        if self.left is None:
            return
        self.left -= size
        if self.left < 0:
            raise BackupError(
                "this file unpacks to more than can be brought back here; "
                "bring it back with python -m core restore"
            )


def _line(packed: gzip.GzipFile, number: int, budget: _Budget) -> dict[str, Any] | None:
    """The next line as a JSON object, ``None`` at the end of the file."""
    try:
        raw = packed.readline(MAX_LINE + 1)
    except (OSError, EOFError, zlib.error) as exc:
        if number == 1:
            raise BackupError("this is not a backup file (not gzip-compressed)") from exc
        raise BackupError(f"the file is cut short or damaged after line {number - 1}") from exc
    if not raw:
        return None
    budget.spend(len(raw))
    if len(raw) > MAX_LINE:
        raise BackupError(f"line {number} is longer than a backup file's lines can be")
    try:
        found = json.loads(raw.decode("utf-8"), parse_constant=_refuse)
    except (UnicodeDecodeError, ValueError) as exc:
        raise BackupError(f"line {number} is not JSON") from exc
    if not isinstance(found, dict):
        raise BackupError(f"line {number} is not a JSON object")
    return found


def _checker(column: Any) -> Any:
    """A function turning a file's value into the column's, or raising ``ValueError``."""
    kind = column.type
    if isinstance(kind, TypeDecorator):  # SQLModel's strings: a String underneath
        kind = kind.impl_instance
    nullable = bool(column.nullable)

    def check(value: Any) -> Any:
        if value is None:
            if nullable:
                return None
            raise ValueError("is empty")
        if isinstance(kind, Boolean):
            if isinstance(value, bool):
                return value
            raise ValueError("is not true or false")
        if isinstance(kind, Integer):
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 1 << 63:
                return value
            raise ValueError("is not a whole number")
        if isinstance(kind, Float):
            if isinstance(value, int | float) and not isinstance(value, bool):
                return float(value) if isinstance(value, int) else value
            raise ValueError("is not a number")
        if isinstance(kind, DateTime):
            if not isinstance(value, str):
                raise ValueError("is not a time")
            moment = datetime.fromisoformat(value)
            if kind.timezone and moment.utcoffset() is None:
                raise ValueError("is a time without its time zone")
            return moment
        if isinstance(kind, String):  # Text and SQLModel's strings too
            if not isinstance(value, str):
                raise ValueError("is not text")
            if kind.length is not None and len(value) > kind.length:
                raise ValueError(f"is longer than {kind.length} characters")
            return value
        raise ValueError(f"is of a type ({kind}) a backup cannot check")

    return check


def _header(line: dict[str, Any] | None, shape: rows.Layout) -> dict[str, list[str]]:
    """The tables and columns a file's first line names, checked against the store's: a file
    of an earlier release may lack a column added since, where the store can do without it
    (one that may be empty, or has a default)."""
    if line is None or line.get("format") != FORMAT:
        raise BackupError("this is not a backup file of this app")
    if line.get("version") != VERSION:
        raise BackupError(
            f"this backup file is of version {line.get('version')!r}; this app reads "
            f"version {VERSION}"
        )
    tables = line.get("tables")
    if not isinstance(tables, dict):
        raise BackupError("the backup file does not list its tables")
    known = {t.name: t for t in shape.tables()}
    for name, columns in tables.items():
        if name not in known:
            raise BackupError(f"the file holds a table this store does not have: {name}")
        if not isinstance(columns, list) or not all(isinstance(c, str) for c in columns):
            raise BackupError(f"the file's columns of {name} are not a list of names")
        table = known[name]
        lacking = [table.c[c] for c in set(table.c.keys()) - set(columns)]
        needed = any(not c.nullable and c.server_default is None for c in lacking)
        if needed or set(columns) - set(table.c.keys()) or len(set(columns)) != len(columns):
            raise BackupError(f"the file's columns of {name} are not this store's")
    return tables


def _checked(
    packed: gzip.GzipFile, shape: rows.Layout, budget: _Budget
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each row of the file, checked, as (table, values by column); :class:`BackupError`
    at the first line that is wrong, or if the file ends before its last line."""
    columns = _header(_line(packed, 1, budget), shape)
    known = {t.name: t for t in shape.tables()}
    checks: dict[str, list[Any]] = {}
    counted: dict[str, int] = {}
    number = 1
    while True:
        number += 1
        line = _line(packed, number, budget)
        if line is None:
            raise BackupError("the file is cut short: its last line is missing")
        if "end" in line:
            end = line["end"]
            if not isinstance(end, dict) or end.get("rows") != counted:
                raise BackupError("the file's rows are not the ones its last line counts")
            if _line(packed, number + 1, budget) is not None:
                raise BackupError(f"the file goes on after its last line ({number})")
            return
        name, values = line.get("table"), line.get("row")
        if not isinstance(name, str) or name not in columns or not isinstance(values, list):
            raise BackupError(f"line {number} is not a row of a table the file lists")
        names = columns[name]
        if len(values) != len(names):
            raise BackupError(f"line {number} has {len(values)} values for {len(names)} columns")
        table: Table = known[name]
        if name not in checks:
            checks[name] = [_checker(table.c[c]) for c in names]
        row = {}
        for column, check, value in zip(names, checks[name], values, strict=True):
            try:
                row[column] = check(value)
            except ValueError as exc:
                raise BackupError(f"line {number}: {name}.{column} {exc}") from exc
        counted[name] = counted.get(name, 0) + 1
        yield name, row


def restore_from(
    store: Store, source: IO[bytes], into_group: str | None = None, most: int | None = None
) -> Restored:
    """Bring back the backup file read from ``source`` (see :func:`restore`)."""
    shape = rows.layout()
    with gzip.GzipFile(fileobj=source, mode="rb") as packed:
        return rows.restore(store, _checked(packed, shape, _Budget(most)), into_group, fresh_code)


def restore(
    store: Store, data: bytes, into_group: str | None = None, most: int | None = None
) -> Restored:
    """Add to the store what the backup file ``data`` holds and it lacks: groups by id, rooms
    by code (a room whose code is another room's keeps its rounds and games under a fresh
    code), games and rounds by what they are; each added row gets a new id and its seats and
    game's own rows follow it. ``into_group`` puts every row into that group (and writes no
    group row): a group bringing back its own history. A file that is not whole or not right
    raises :class:`BackupError`, saying why, and nothing is stored, as does one that unpacks
    to more than ``most`` bytes."""
    return restore_from(store, io.BytesIO(data), into_group, most)
