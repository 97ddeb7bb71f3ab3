"""The one gate between the pages and the room service.

Whatever a browser sends — URL parameters, typed text, the arguments bound to a
button — reaches :class:`~core.rooms.Rooms` only through :class:`Gate`, which
checks the form of every argument before the service sees it:

- room codes: :data:`~core.rooms.CODE_LENGTH` letters of the code alphabet
  (any case, spaces around ignored); anything else is "there is no room …";
- seat tokens: the form :func:`secrets.token_urlsafe` gives, before hashing;
- names: text (the service normalises them and checks look-alikes, see
  :mod:`core.names`); levels, teams, seats, versions and pieces chosen: the
  type and the range they can have;
- groups: a link's secret has a seat token's form (a malformed one opens no group); a
  group's id is the open group's or a stored group's;
- reactions: only an id of the fixed set (SPEC A6), which the service checks, never text;
- moves: against the moves of the room's own game (SPEC P8). Each game
  declares its moves (:data:`core.games.Moves`: each move's type and the
  kind and size of each of its fields), and a move is refused unless its
  type is one of them and it carries exactly that move's fields, each of its
  declared kind and within its bounds. What a move means (which card,
  whether it is legal now) is then the game's engine's to check.

A malformed argument is refused with the service's own :class:`RoomError`,
which changes nothing. Any other exception (a bug, a database fault) is
logged with a short reference and becomes :class:`Unexpected`, whose message
carries only that reference, so no traceback ever reaches a page. Messages
never echo more than :data:`~core.echo.SHOWN` characters of what was sent, and
show control characters, NUL and lone surrogates escaped (:mod:`core.echo`).
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import re
import secrets
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

from core import bots, games
from core.echo import SHOWN, echo, escaped
from core.games import Field, Moves
from core.groups import OPEN_GROUP, GameLine, Group, Groups, RoomLine, Started
from core.rooms import (
    CODE_ALPHABET,
    CODE_LENGTH,
    NotFound,
    Refused,
    RoomError,
    Rooms,
    RoomView,
    Suggestion,
)
from core.rooms.context import SCOREBOOK
from core.seats import MAX_SEATS
from core.store import Store

log = logging.getLogger("moon3")

#: The form of a seat token: ``secrets.token_urlsafe(16)``.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
#: The form of a group's public id (:mod:`core.groups`).
_GROUP_ID = re.compile(r"[0-9a-f]{12}")
#: The longest name of a piece ("10H", "6-4"), with room for a stray space.
_PIECE_TEXT = 4
#: More pieces than any choice before a deal takes.
_MOST_PIECES = 12
_LARGEST = 2**31 - 1

P = ParamSpec("P")
R = TypeVar("R")


class Unexpected(RoomError):
    """Something failed that should not have; the details are in the server log."""

    def __init__(self, reference: str) -> None:
        super().__init__(
            f"something went wrong on our side (reference {reference}); please try again"
        )
        self.reference = reference


def report(context: str) -> str:
    """Log the exception being handled with a new short reference; return the reference."""
    reference = secrets.token_hex(3).upper()
    log.exception("reference %s: %s failed", reference, context)
    return reference


def shown(value: object, limit: int = SHOWN) -> str:
    """Sent text fit to repeat in a message: escaped, and cut after ``limit`` characters."""
    if not isinstance(value, str):
        return f"(a {type(value).__name__})"
    return echo(value, limit)


# ---------------------------------------------------------------- argument checks


def room_code(value: object) -> str:
    """A room code in its stored form, or :class:`NotFound`."""
    text = value.strip().upper() if isinstance(value, str) else ""
    if not _CODE.fullmatch(text):
        raise NotFound(f"there is no room {shown(value, 12) or '(blank)'}")
    return text


def seat_token(value: object) -> str:
    """A seat token of the right form, or :class:`NotFound` (nothing is hashed before)."""
    if not isinstance(value, str) or not _TOKEN.fullmatch(value):
        raise NotFound("this link does not open a seat")
    return value


def _link(value: object) -> str | None:
    """A group's or founder's link secret, or ``None`` if it does not have the form of one."""
    if isinstance(value, str) and _TOKEN.fullmatch(value.strip()):
        return value.strip()
    return None


def _text(value: object, what: str, limit: int) -> str:
    if not isinstance(value, str):
        raise Refused(f"{what} is text")
    if len(value) > limit:
        raise Refused(f"{what} is at most {limit} characters")
    return value


def _integer(value: object, what: str, low: int = 0, high: int = _LARGEST) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Refused(f"{what} must be a whole number from {low} to {high}")
    return value


def _version(value: object) -> int | None:
    return None if value is None else _integer(value, "the table version")


def _team(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or value not in (0, 1):
        raise Refused("pick team A or team B")
    return int(value)


def _level(value: object) -> str:
    if not isinstance(value, str) or value not in bots.LEVELS:
        raise Refused(f"unknown bot level {shown(value)}; choose {', '.join(bots.LEVELS)}")
    return value


def _name(value: object) -> str:
    # Normalising and the look-alike check are the service's (it knows who is seated).
    return _text(value, "a name", 200)


def _pieces(value: object) -> list[str]:
    if not isinstance(value, list | tuple) or len(value) > _MOST_PIECES:
        raise Refused("choose from the list")
    for item in value:
        if not isinstance(item, str) or len(item) > _PIECE_TEXT:
            raise Refused(f"there is no {shown(item, _PIECE_TEXT + 2)} to choose")
    return list(value)


def _field(item: object, field: Field, what: str) -> object:
    """One field of a move, if it is of a kind the game declared for it."""
    if isinstance(item, bool):
        if field.flag:
            return item
    elif isinstance(item, int):
        if field.number is not None:
            return _integer(item, what, *field.number)
    elif isinstance(item, str):
        if field.text:
            if len(item) > field.text:
                raise Refused(f"that is not a move: {what} {shown(item, field.text + 2)}")
            return item
    elif isinstance(item, list) and field.texts is not None:
        most, longest = field.texts
        if len(item) > most:
            raise Refused(f"that is not a move: at most {most} in {what}")
        for part in item:
            if not isinstance(part, str) or len(part) > longest:
                raise Refused(f"that is not a move: {what} {shown(part, longest + 2)}")
        return list(item)
    raise Refused(f"that is not a move: {what} has the wrong form")


def move(value: object, moves: Moves) -> dict[str, object]:
    """A move of the form the room's game declares for it (``moves``); its meaning is the
    engine's to check."""
    if not isinstance(value, dict):
        raise Refused("that is not a move")
    kind = value.get("type")
    fields: Mapping[str, Field] | None = moves.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise Refused(f"that is not a move of this game: {echo(kind, 12)}")
    checked: dict[str, object] = {"type": kind}
    for name in value:
        if name != "type" and (not isinstance(name, str) or name not in fields):
            raise Refused(f"that is not a move: a {kind} has no {shown(name, 12)}")
    for name, field in fields.items():
        if name in value:
            checked[name] = _field(value[name], field, name)
        elif not field.optional:
            raise Refused(f"that is not a move: a {kind} needs its {name}")
    return checked


#: A scorebook round as a page sends it: the bidder, bid and partners as seats, and the result.
_ENTRY_FIELDS = {"bidder": int, "bid": int, "partners": list, "made": bool, "taken": int}


def entry(value: object) -> dict[str, object]:
    """A scorebook round of the shape a page sends; its meaning is the game's to check."""
    if not isinstance(value, dict) or not value or len(value) > len(_ENTRY_FIELDS):
        raise Refused("that is not a round")
    checked: dict[str, object] = {}
    for field, item in value.items():
        kind = _ENTRY_FIELDS.get(field) if isinstance(field, str) else None
        if kind is None or not isinstance(item, kind) or (kind is int and isinstance(item, bool)):
            raise Refused("that is not a round")
        if isinstance(item, list):
            if len(item) > MAX_SEATS:
                raise Refused("that is not a round")
            item = [_integer(p, "a partner", 0, MAX_SEATS - 1) for p in item]
        elif isinstance(item, int) and not isinstance(item, bool):
            item = _integer(item, field, 0, 10_000)
        checked[field] = item
    return checked


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise Refused("say yes or no")
    return value


def _fits(value: object, hint: Any) -> bool:
    """Whether ``value`` has the type ``hint`` names (a bool is no int; unions and tuples)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, option) for option in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if origin is tuple:
        parts = typing.get_args(hint)
        if len(parts) == 2 and parts[1] is Ellipsis:
            return (
                isinstance(value, tuple)
                and len(value) <= MAX_SEATS
                and all(_fits(v, parts[0]) for v in value)
            )
        return (
            isinstance(value, tuple)
            and len(value) == len(parts)
            and all(_fits(v, p) for v, p in zip(value, parts, strict=True))
        )
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(hint, type) and isinstance(value, hint)


def settings(value: object, kind: str | None = None) -> Any:
    """A game's Create Room settings (or, with ``kind`` "scorebook", a scorebook's), every field
    of its declared type (ranges: the game's)."""
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        raise Refused("those are not room settings")
    game = getattr(value, "game", None)
    if not isinstance(game, str) or game not in games.names():
        raise Refused("those are not room settings")
    if getattr(type(value), "kind", None) != kind:
        raise Refused("those are not room settings")
    hints = typing.get_type_hints(type(value))
    for field in dataclasses.fields(value):
        item = getattr(value, field.name)
        if not _fits(item, hints[field.name]):
            raise Refused(f"the setting {field.name} has the wrong form")
        if isinstance(item, int) and not isinstance(item, bool):
            _integer(item, field.name, 0, 1_000_000)
        if isinstance(item, str):
            _text(item, field.name, 20)
        if isinstance(item, tuple):
            for part in item:
                if isinstance(part, str):
                    _name(part)
                else:
                    _integer(part, field.name, 0, MAX_SEATS)
    return value


# ---------------------------------------------------------------- the gate


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """Let only the service's own refusals out; anything else is logged and referenced."""

    @functools.wraps(method)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except Unexpected:
            raise
        except RoomError as exc:
            message = str(exc)
            if len(message) > 300:  # no message repeats a long input, whatever built it
                raise type(exc)(escaped(message[:299] + "…")) from None
            if not message.isprintable():  # nor a raw control character, whatever built it
                raise type(exc)(escaped(message)) from None
            raise
        except Exception:
            raise Unexpected(report(method.__name__)) from None

    return call


def open_gate(url: str | None) -> Gate:
    """The room service over the store at ``url`` (``None``: ``DATABASE_URL``, else SQLite),
    behind the gate."""
    return Gate(Rooms(Store(url)))


class Gate:
    """The room service as the pages call it: every argument checked first."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self.groups = Groups(rooms.store, rooms.clock)

    @property
    def store(self) -> Store:
        return self.rooms.store

    def _group(self, value: object) -> str:
        """A group's id as a page names it: the open group's, or a stored group's."""
        if value == OPEN_GROUP:
            return OPEN_GROUP
        if isinstance(value, str) and _GROUP_ID.fullmatch(value) and self.groups.exists(value):
            return value
        raise NotFound("this group's link no longer opens it")

    # ------------------------------------------------------------ groups (G4)

    @_guarded
    def start_group(self, name: object) -> Started:
        return self.groups.start(_text(name, "a group's name", 10 * SHOWN))

    @_guarded
    def group(self, link: object) -> Group | None:
        secret = _link(link)
        return None if secret is None else self.groups.find(secret)

    @_guarded
    def founded_group(self, founder: object) -> Group | None:
        secret = _link(founder)
        return None if secret is None else self.groups.founded(secret)

    @_guarded
    def relink_group(self, founder: object) -> str:
        secret = _link(founder)
        if secret is None:
            raise NotFound("this founder's link does not open a group")
        return self.groups.relink(secret)

    @_guarded
    def group_rooms(self, group_id: object) -> list[RoomLine]:
        return self.groups.rooms(self._group(group_id))

    @_guarded
    def group_games(self, group_id: object) -> list[GameLine]:
        return self.groups.games(self._group(group_id))

    # ------------------------------------------------------------ lobby

    @_guarded
    def create(
        self, host_name: object, chosen: object, group: object = OPEN_GROUP
    ) -> tuple[str, str]:
        return self.rooms.create(_name(host_name), settings(chosen), self._group(group))

    @_guarded
    def quick_game(
        self, host_name: object, chosen: object, level: object = "rules", group: object = OPEN_GROUP
    ) -> tuple[str, str]:
        return self.rooms.quick_game(
            _name(host_name), settings(chosen), _level(level), self._group(group)
        )

    @_guarded
    def create_book(
        self, host_name: object, book: object, group: object = OPEN_GROUP
    ) -> tuple[str, str]:
        return self.rooms.create_book(
            _name(host_name), settings(book, SCOREBOOK), self._group(group)
        )

    @_guarded
    def enter_round(self, token: object, entered: object, version: object = None) -> None:
        self.rooms.enter_round(seat_token(token), entry(entered), _version(version))

    @_guarded
    def correct_round(self, token: object, entered: object, version: object = None) -> None:
        self.rooms.correct_round(seat_token(token), entry(entered), _version(version))

    @_guarded
    def delete_round(self, token: object, version: object = None) -> None:
        self.rooms.delete_round(seat_token(token), _version(version))

    @_guarded
    def allow_scoring(self, token: object, anyone: object) -> None:
        self.rooms.allow_scoring(seat_token(token), _flag(anyone))

    @_guarded
    def claim_seat(self, code: object, seat_id: object) -> str:
        return self.rooms.claim_seat(room_code(code), _integer(seat_id, "a seat"))

    @_guarded
    def export_book(self, code: object) -> dict[str, Any]:
        return self.rooms.export_book(room_code(code))

    @_guarded
    def export_book_rows(self, code: object) -> tuple[list[str], list[list[object]]]:
        return self.rooms.export_book_rows(room_code(code))

    @_guarded
    def join(self, code: object, name: object, team: object = None) -> str:
        return self.rooms.join(room_code(code), _name(name), _team(team))

    @_guarded
    def choose_team(self, token: object, team: object) -> None:
        picked = _team(team)
        if picked is None:
            raise Refused("pick team A or team B")
        self.rooms.choose_team(seat_token(token), picked)

    @_guarded
    def add_bot(self, token: object, level: object = "random", team: object = None) -> None:
        self.rooms.add_bot(seat_token(token), _level(level), _team(team))

    @_guarded
    def remove_seat(self, token: object, seat_id: object) -> None:
        self.rooms.remove_seat(seat_token(token), _integer(seat_id, "a seat"))

    @_guarded
    def leave(self, token: object) -> None:
        self.rooms.leave(seat_token(token))

    # ------------------------------------------------------------ the game

    @_guarded
    def begin(self, token: object) -> None:
        self.rooms.begin(seat_token(token))

    @_guarded
    def choose(self, token: object, picked: object, version: object = None) -> None:
        self.rooms.choose(seat_token(token), _pieces(picked), _version(version))

    @_guarded
    def act(self, token: object, action: object, version: object = None) -> int:
        seat = seat_token(token)
        moves = games.get(self.rooms.game_of(seat)).moves
        return self.rooms.act(seat, move(action, moves), _version(version))

    @_guarded
    def next_round(self, token: object, version: object = None) -> None:
        self.rooms.next_round(seat_token(token), _version(version))

    @_guarded
    def end_game(self, token: object) -> None:
        self.rooms.end_game(seat_token(token))

    @_guarded
    def rematch(self, token: object) -> None:
        self.rooms.rematch(seat_token(token))

    @_guarded
    def hand_to_bot(self, token: object, position: object) -> None:
        self.rooms.hand_to_bot(seat_token(token), _integer(position, "a seat", 0, MAX_SEATS - 1))

    @_guarded
    def reclaim(self, token: object) -> None:
        self.rooms.reclaim(seat_token(token))

    @_guarded
    def suggest(self, token: object) -> Suggestion:
        return self.rooms.suggest(seat_token(token))

    @_guarded
    def react(self, token: object, reaction: object) -> None:
        self.rooms.react(seat_token(token), reaction)

    # ------------------------------------------------------------ reading

    @_guarded
    def version(self, code: object) -> int:
        return self.rooms.version(room_code(code))

    @_guarded
    def pulse(self, code: object) -> tuple[int, int]:
        return self.rooms.pulse(room_code(code))

    @_guarded
    def beat(self, code: object) -> tuple[tuple[int, int], float | None]:
        return self.rooms.beat(room_code(code))

    @_guarded
    def view(self, token: object) -> RoomView:
        return self.rooms.view(seat_token(token))

    @_guarded
    def watch(self, code: object) -> RoomView:
        return self.rooms.watch(room_code(code))

    @_guarded
    def room_of(self, token: object) -> str:
        return self.rooms.room_of(seat_token(token))


#: Every call a page may make, for the tests that throw anything at each of them.
CALLS: tuple[str, ...] = tuple(
    name
    for name, value in vars(Gate).items()
    if callable(value) and not name.startswith("_") and name != "store"
)
