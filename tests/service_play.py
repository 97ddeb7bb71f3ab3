"""Driving rooms through the service in tests and benchmarks, as players' pages would."""

from __future__ import annotations

import random
from collections.abc import Sequence

from core import cards
from core.moon3.actions import Action
from core.rooms import RoomError, Rooms, RoomSettings, RoomView


def move_of(action: Action) -> dict[str, object]:
    """The payload a page sends for an action: its JSON form without the seat."""
    data = action.to_json()
    data.pop("seat")
    return data


def pick(view: RoomView, rng: random.Random) -> dict[str, object]:
    """A random legal move for the viewer, who must be the one to act."""
    assert view.table is not None
    return move_of(rng.choice(view.table.legal))


def open_room(
    rooms: Rooms,
    settings: RoomSettings,
    humans: int,
    bot_level: str = "random",
) -> tuple[str, list[str]]:
    """A begun room with ``humans`` players (the first is the host) and bots in the rest."""
    code, host = rooms.create("Player 1", settings)
    tokens = [host]
    for number in range(2, humans + 1):
        tokens.append(rooms.join(code, f"Player {number}"))
    for _ in range(settings.checked().players - humans):
        rooms.add_bot(host, bot_level)
    rooms.begin(host)
    return code, tokens


def play_until_round_ends(
    rooms: Rooms,
    tokens: Sequence[str],
    rng: random.Random,
    tick: float = 1.0,
    advance: object = None,
) -> RoomView:
    """Every human plays random legal moves; time moves on for bots. Returns the end view."""
    for _ in range(10_000):
        views = [rooms.view(t) for t in tokens]
        first = views[0]
        if first.status not in ("playing", "removal"):
            return first
        acted = False
        for token, view in zip(tokens, views, strict=True):
            if view.me is None:
                continue
            try:
                if view.status == "removal" and view.removal_chooser == view.me.position:
                    rooms.confirm_removal(token, cards.names(view.removal_default), view.version)
                    acted = True
                elif view.table is not None and view.table.my_turn:
                    rooms.act(token, pick(view, rng), view.version)
                    acted = True
            except RoomError:
                continue  # another page moved first: look again
        if not acted and callable(advance):
            advance(tick)
    raise AssertionError("the round did not end")
