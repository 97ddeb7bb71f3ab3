"""SQLModel tables of the room store.

``room`` holds one row per room: its settings and the whole game in progress
as one JSON document, guarded by ``version`` (every write is a compare-and-set
on it). ``seat`` holds who sits where, with only a hash of each secret token.
``round_record`` keeps every finished (or abandoned) round: its full hand
record plus the columns every game's figures filter and group on (a game's
own columns are in its own tables, ``core/store/<game>/tables.py``). ``game_record``
keeps each finished game's totals and winners.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import declared_attr
from sqlmodel import Field, SQLModel

from core import games

#: Rows written before games were named are Moon 3 of Spades rows (SPEC P7).
GAME_DEFAULT = {"server_default": games.FLAGSHIP, "nullable": False}
#: Rounds and games stored before the scorebook and imports were dealt at a table.
DEALT = "table"
SOURCE_DEFAULT = {"server_default": DEALT, "nullable": False}
KNOWN_DEFAULT = {"server_default": "1", "nullable": False}
NO_KEY = {"server_default": "", "nullable": False}
#: The open group (SPEC G4): every room, round and game stored outside a group, and all of a
#: store from before groups, belong to it.
OPEN_GROUP = ""
IN_OPEN_GROUP = {"server_default": OPEN_GROUP, "nullable": False}
#: The index that keeps each game kept without cards stored once in its group.
UNIQUE_KEY = "ux_game_group_source_key"
#: Indexes of a store from before groups that newer ones replace: dropped when it opens.
FORMER_INDEXES = ("ux_game_source_key", "ix_round_counted")


class FriendGroup(SQLModel, table=True):
    """A circle of friends (SPEC G4): its name and the hashes of its private link and of its
    founder's link (the links themselves are never stored)."""

    __tablename__ = "friend_group"

    #: The group's public id, kept on its rooms, rounds and games; it opens nothing.
    id: str = Field(primary_key=True, max_length=16)
    name: str = Field(max_length=40)
    #: sha256 of the secret in the group's link; a new link replaces it (the old one opens
    #: nothing from then on).
    token_hash: str = Field(index=True, unique=True, max_length=64)
    #: sha256 of the secret in the founder's link, which can make a new group link.
    founder_hash: str = Field(index=True, unique=True, max_length=64)
    created_at: datetime


class Room(SQLModel, table=True):
    """A room and its game, as one versioned document."""

    __tablename__ = "room"
    __table_args__ = (Index("ix_room_group", "group_id", "updated_at"),)

    code: str = Field(primary_key=True, max_length=8)
    #: The group the room was opened in (:data:`OPEN_GROUP` outside any).
    group_id: str = Field(default=OPEN_GROUP, max_length=16, sa_column_kwargs=IN_OPEN_GROUP)
    #: The game played in the room (its name in the registry); a store from before games
    #: were named opens with every room as Moon 3 of Spades (SPEC P7).
    game: str = Field(default=games.FLAGSHIP, max_length=16, sa_column_kwargs=GAME_DEFAULT)
    version: int = Field(default=0)
    status: str = Field(default="lobby", max_length=16)
    host_seat_id: int | None = Field(default=None)
    #: The room's settings and game state (see core.rooms), as JSON text.
    doc: str = Field(sa_column=Column(Text, nullable=False))
    #: When something is next due (a bot's move, a bid timeout, abandonment), epoch seconds.
    due_at: float | None = Field(default=None, index=True)
    created_at: datetime
    updated_at: datetime


class Seat(SQLModel, table=True):
    """A player or bot in a room; ``position`` is the table seat once the game begins."""

    __tablename__ = "seat"

    id: int | None = Field(default=None, primary_key=True)
    room_code: str = Field(foreign_key="room.code", index=True, max_length=8)
    join_order: int
    position: int | None = Field(default=None)
    name: str = Field(max_length=40)
    team: int | None = Field(default=None)
    #: sha256 of the secret token; bots have none.
    token_hash: str | None = Field(default=None, index=True, unique=True, max_length=64)
    is_bot: bool = Field(default=False)
    bot_level: str | None = Field(default=None, max_length=16)
    #: A human seat a bot plays for now (R30); the human takes it back by returning.
    stand_in: bool = Field(default=False)
    #: Epoch seconds of the player's last action or return to the table.
    last_seen: float | None = Field(default=None)


#: The round columns every game's figures filter and group on, in the order of their covering
#: index: the game's rounds that count, by date and table size, and the game each belongs to.
COUNTED_COLUMNS = (
    "game", "group_id", "abandoned", "finished_at", "players", "mode", "source", "room_code",
    "game_number",
)  # fmt: skip


class RoundRecord(SQLModel, table=True):
    """One finished or abandoned round, with its hand record: what every game's rounds have.

    What only one game's rounds have lives in that game's own tables
    (``core/store/<game>/tables.py``), one or more rows per round by its id.
    """

    __tablename__ = "round_record"
    __table_args__ = (
        Index("ix_round_room_game", "room_code", "game_number", "round_number"),
        # Every column the shared figures filter and group on: their scans read this index,
        # never the wide rows with their hand records.
        Index("ix_round_group_counted", *COUNTED_COLUMNS),
        # The rounds whose own rows are of an older shape, found at once each time a store opens.
        Index("ix_round_facts", "game", "abandoned", "facts"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(
        default=games.FLAGSHIP, max_length=16, index=True, sa_column_kwargs=GAME_DEFAULT
    )
    #: The group whose round it is (:data:`OPEN_GROUP` outside any).
    group_id: str = Field(default=OPEN_GROUP, max_length=16, sa_column_kwargs=IN_OPEN_GROUP)
    room_code: str = Field(max_length=8)
    game_number: int
    round_number: int
    mode: str = Field(max_length=16, index=True)
    players: int = Field(index=True)
    jokers: bool
    names: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    abandoned: bool = Field(default=False, index=True)
    #: How the round was kept: ``table`` (dealt here), ``scorebook`` or ``import`` (no cards).
    source: str = Field(default=DEALT, max_length=10, sa_column_kwargs=SOURCE_DEFAULT)
    #: The shape of the game's own rows for this round (older ones are derived again).
    facts: int = Field(default=1, sa_column_kwargs={"server_default": "1", "nullable": False})
    #: The round's hand record (or, kept without cards, what was entered or imported).
    record: str = Field(sa_column=Column(Text, nullable=False))
    finished_at: datetime = Field(index=True)


class SeatOfRound(SQLModel):
    """The columns a game's own per-seat rows of a round start with: the round (its shared
    row), the seat and the player's name, one row a seat (a second backfill racing the first
    fails instead of doubling). A game's table adds its own columns after these."""

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round_record.id", index=True)
    seat: int
    name: str = Field(max_length=40, index=True)

    @declared_attr.directive
    def __table_args__(cls) -> tuple[Any, ...]:
        return (UniqueConstraint("round_id", "seat"),)


#: The round row of a store from before each game kept its own round columns (P7): the
#: columns it held then besides those it keeps, as they were declared, and the kept ones a
#: game's own rows repeat. A store that has them
#: gives each game its own rows from them (a game's table says how, :data:`FROM_FORMER`) and
#: then drops them, with :data:`FORMER_INDEX` over some of them.
FORMER_ROUND = Table(
    RoundRecord.__tablename__,
    MetaData(),
    Column("id", Integer, primary_key=True),
    Column("game", String(16), nullable=False, server_default=games.FLAGSHIP),
    Column("abandoned", Boolean, nullable=False),
    Column("players", Integer, nullable=False),
    Column("mode", String(16), nullable=False),
    Column("source", String(10), nullable=False, server_default=DEALT),
    Column("decks", Integer, nullable=False, server_default="1"),
    Column("bidder", Integer, nullable=False, server_default="-1"),
    Column("bidder_name", String(40), nullable=False, server_default=""),
    Column("bid", Integer, nullable=False, server_default="0"),
    Column("trump", String(1)),
    Column("called", Text, nullable=False, server_default="[]"),
    Column("partners", Text, nullable=False, server_default="[]"),
    Column("made", Boolean),
    Column("bidding_points", Integer, nullable=False, server_default="0"),
    Column("defending_points", Integer, nullable=False, server_default="0"),
    Column("kali_tidi", Text, nullable=False, server_default="[]"),
    Column("kali_ours", Integer, nullable=False, server_default="0"),
    Column("kali_theirs", Integer, nullable=False, server_default="0"),
    Column("points_known", Boolean, nullable=False, server_default="1"),
)
#: The columns a store from before holds that the round row no longer does.
FORMER_COLUMNS = tuple(
    c.name for c in FORMER_ROUND.columns if c.name not in RoundRecord.model_fields
)
#: The covering index a store from before holds over some of :data:`FORMER_COLUMNS`.
FORMER_INDEX = "ix_round_stats"
#: The key of a game's own table's ``info`` that says how the table takes its rows from
#: :data:`FORMER_ROUND`: a function of that table returning the SELECT of its rows, each
#: column named as the game's table names it.
FROM_FORMER = "from_former_round"


@dataclass(frozen=True, slots=True)
class Running:
    """How a game's per-seat table keeps each player's running score in their game: the
    round's ``score`` column, the ``total`` column (the sum of the player's scores in the game
    so far, this round's included) and the ``leads`` column (whether that total is the top of
    the round's seats; players tied at the top all lead). The store fills both as it adds a
    round's rows, so that a figure of the lead reads an index, not a window over every round.
    """

    score: str
    total: str
    leads: str


#: The key of a game's per-seat table's ``info`` holding its :class:`Running`.
RUNNING = "running"


class GameRecord(SQLModel, table=True):
    """A finished, ended-early or abandoned game."""

    __tablename__ = "game_record"
    __table_args__ = (
        # A game kept without cards is stored once (its key says what it holds): two imports
        # of one file at the same moment cannot both store it. Games dealt here have no key.
        Index(
            UNIQUE_KEY,
            "game",
            "group_id",
            "source_key",
            unique=True,
            sqlite_where=text("source_key <> ''"),
            postgresql_where=text("source_key <> ''"),
        ),
        Index("ix_game_group", "game", "group_id", "finished_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(
        default=games.FLAGSHIP, max_length=16, index=True, sa_column_kwargs=GAME_DEFAULT
    )
    #: The group whose game it is (:data:`OPEN_GROUP` outside any).
    group_id: str = Field(default=OPEN_GROUP, max_length=16, sa_column_kwargs=IN_OPEN_GROUP)
    room_code: str = Field(max_length=8, index=True)
    game_number: int
    mode: str = Field(max_length=16)
    rounds: int
    #: Totals per team (Team-wise, Random) or per seat (Card-Based), JSON.
    totals: str = Field(sa_column=Column(Text, nullable=False))
    #: The winning teams or seats, JSON; empty when abandoned.
    winners: str = Field(sa_column=Column(Text, nullable=False))
    names: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    ended_early: bool = False
    abandoned: bool = False
    #: How the game was kept (as its rounds), and for a game kept without cards the key of
    #: what it holds (date, players, rounds), so the same game is never imported twice.
    source: str = Field(default=DEALT, max_length=10, sa_column_kwargs=SOURCE_DEFAULT)
    source_key: str = Field(default="", max_length=64, sa_column_kwargs=NO_KEY)
    #: The shape of the key (its game's ``KEY_VERSION``): a key of an older shape is worked
    #: out anew from the game's stored rounds when the store opens.
    key_version: int = Field(default=1, sa_column_kwargs=KNOWN_DEFAULT)
    finished_at: datetime


class GameSeat(SQLModel, table=True):
    """One seat's result in a finished game (not written for abandoned games)."""

    __tablename__ = "game_seat"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game_record.id", index=True)
    seat: int
    name: str = Field(max_length=40, index=True)
    won: bool
    #: The final total of the seat's team, or its own in Card-Based.
    total: int
