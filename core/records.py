"""Hand records of any game: read, pick the game, replay (SPEC section 5).

A record names its game (``"game": "moon3"``, the default); the game's own
module validates and replays it. Errors are of two kinds with fixed messages:
``bad record: <reason>`` for the record itself and
``action <index> <action JSON>: <reason>`` for one of its actions.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard, TypeVar

from core import games
from core.echo import echo
from core.state import MaskHand

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")


class RecordError(ValueError):
    """The record itself is malformed (not JSON, config, removed cards, hands)."""

    def __str__(self) -> str:
        return f"bad record: {self.args[0]}"


class ActionError(ValueError):
    """One action of the record cannot be applied."""

    def __init__(self, index: int, action: object, reason: str) -> None:
        super().__init__(index, action, reason)
        self.index = index
        self.action = action
        self.reason = reason

    def __str__(self) -> str:
        return f"action {self.index} {json.dumps(self.action)}: {self.reason}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Logged:
    """What the hand records of Spades, Three-Player Moon and Thirteen keep after the deal:
    the actions still as JSON (each is checked as it is replayed), the deal's seed and the
    ``meta`` that replay ignores. Each game's record declares its deal and totals before
    these, which are given by keyword."""

    actions: list[Any]
    seed: int
    meta: dict[str, Any]


def whole(value: object) -> TypeGuard[int]:
    """Whether a JSON value is an integer (``true`` and ``false`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def opened(
    data: object, make: Callable[..., C], refused: type[Exception]
) -> tuple[dict[str, Any], C]:
    """A record object and the config its ``config`` object makes (its options as keywords
    of ``make``, which raises ``refused`` for options the game does not allow)."""
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    raw = data.get("config", {})
    if not isinstance(raw, dict):
        raise RecordError("config must be an object")
    try:
        return data, make(**raw)
    except (refused, TypeError) as exc:
        raise RecordError(str(exc)) from None


def seat(data: dict[str, Any], key: str, players: int) -> int:
    """The seat a record names under ``key`` (0 when it names none)."""
    value = data.get(key, 0)
    if not whole(value) or not 0 <= value < players:
        raise RecordError(f"{key} must be a seat from 0 to {players - 1}")
    return int(value)


def hands(
    raw: object,
    players: int,
    size: int,
    noun: str,
    read: Callable[[object], int],
    order: Callable[[int], int] | None = None,
    once: Sequence[str] = (),
) -> list[list[int]]:
    """The dealt hands, seat by seat: ``size`` pieces each, each name read by ``read`` (a
    ValueError for a name it does not know), sorted by ``order``. With the pieces' names as
    ``once``, a piece dealt a second time is refused as soon as it is read."""
    if not isinstance(raw, list) or len(raw) != players:
        raise RecordError(f"hands must list {players} hands")
    out: list[list[int]] = []
    seen: set[int] = set()
    for number, hand in enumerate(raw):
        if not isinstance(hand, list) or len(hand) != size:
            raise RecordError(f"seat {number} must hold {size} {noun}")
        try:
            ids = sorted((read(name) for name in hand), key=order)
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        if once:
            for piece in ids:
                if piece in seen:
                    raise RecordError(f"{once[piece]} is dealt twice")
                seen.add(piece)
        out.append(ids)
    return out


def totals_before(data: dict[str, Any], players: int) -> tuple[int, ...]:
    """Each seat's total before the hand (zeros when the record gives none)."""
    before = data.get("before", [0] * players)
    if not isinstance(before, list) or len(before) != players or not all(map(whole, before)):
        raise RecordError(f"before must list the {players} seats' totals as integers")
    return tuple(int(b) for b in before)


def actions(data: dict[str, Any]) -> list[Any]:
    """A record's actions, still as JSON (each is checked as it is replayed)."""
    found = data.get("actions", [])
    if not isinstance(found, list):
        raise RecordError("actions must be a list")
    return found


def seed(data: dict[str, Any]) -> int:
    """The deal's seed a record keeps (0 when it keeps none); replay ignores it."""
    found = data.get("seed", 0)
    return int(found) if whole(found) else 0


def meta(data: dict[str, Any]) -> dict[str, Any]:
    """What a record keeps about its round that replay ignores (nothing unless an object)."""
    found = data.get("meta", {})
    return found if isinstance(found, dict) else {}


def played(
    state: S,
    moves: Iterable[object],
    read: Callable[[object], A],
    apply: Callable[[S, A], object],
    refused: tuple[type[Exception], ...],
) -> S:
    """``state`` after each move of a record, read by ``read`` and checked by ``apply``;
    :class:`ActionError` names the first move that either refuses with one of ``refused``."""
    for index, raw in enumerate(moves):
        try:
            apply(state, read(raw))
        except refused as exc:
            raise ActionError(index, raw, str(exc)) from None
    return state


def action_opened(data: object, bad: type[ValueError]) -> tuple[dict[str, Any], int, object]:
    """An action's record object, its seat and its ``type``; ``bad`` (the game's error for JSON
    that is no action) when it is no object or names no integer seat."""
    if not isinstance(data, dict):
        raise bad("an action must be a JSON object")
    seat = data.get("seat")
    if not whole(seat):
        raise bad("an action needs an integer seat")
    return data, seat, data.get("type")


def bid_amount(data: dict[str, Any], bad: type[ValueError]) -> int:
    """A bid action's ``amount``; ``bad`` unless it is a JSON integer."""
    amount = data.get("amount")
    if not whole(amount):
        raise bad("a bid amount must be a JSON integer")
    return amount


def unknown_type(kind: object, bad: type[ValueError]) -> ValueError:
    """The error for an action whose ``type`` the game has no action of."""
    return bad(f"unknown action type {echo(kind, 12)}")


def named(
    read: Callable[[object], int],
    name: object,
    refused: type[ValueError],
    bad: type[ValueError],
) -> int:
    """The piece an action names, read by ``read``; its ``refused`` error becomes ``bad``."""
    try:
        return read(name)
    except refused as exc:
        raise bad(str(exc)) from None


def dumped(
    game: str,
    state: MaskHand[Any, Any, Any, Any],
    deal: dict[str, Any],
    before: list[Any],
    meta: dict[str, Any] | None,
) -> dict[str, Any]:
    """The record of a hand dealt as masks, as its game's ``load`` reads it: the game and
    its config, the deal as the game names it, then the actions so far, the totals
    ``before``, the seed and ``meta`` (nothing unless given)."""
    return {
        "game": game,
        "config": state.config.to_json(),
        **deal,
        "actions": [a.to_json() for a in state.history],
        "before": before,
        "seed": state.seed,
        "meta": meta or {},
    }


def parse(text: str) -> object:
    """The JSON value of a record's text."""
    try:
        return json.loads(text)
    except ValueError as exc:
        raise RecordError(f"not valid JSON ({exc})") from None


def replay(data: object) -> dict[str, object]:
    """Replay a parsed record with its game; the result object of the ``replay`` command."""
    name = data.get("game", games.FLAGSHIP) if isinstance(data, dict) else games.FLAGSHIP
    if not isinstance(name, str):
        raise RecordError(f"unknown game {json.dumps(name)}")
    try:
        game = games.get(name)
    except KeyError:
        raise RecordError(f"unknown game {json.dumps(name)}") from None
    return game.replay_record(data)


def replay_lines(lines: Iterable[str]) -> Iterator[dict[str, object]]:
    """One result per non-blank line; a failing line yields ``{"error": message}``."""
    for line in lines:
        if not line.strip():
            continue
        try:
            yield replay(parse(line))
        except (RecordError, ActionError) as exc:
            yield {"error": str(exc)}
