"""Hand records of any game: read, pick the game, replay (SPEC section 5).

A record names its game (``"game": "moon3"``, the default); the game's own
module validates and replays it. Errors are of two kinds with fixed messages:
``bad record: <reason>`` for the record itself and
``action <index> <action JSON>: <reason>`` for one of its actions.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from core import games


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
