"""Driving rooms through the service in tests and benchmarks, as players' pages would."""

from __future__ import annotations

import random
from collections.abc import Sequence

from core.moon3 import cards
from core.moon3.actions import Action
from core.moon3.table import RoomSettings
from core.rooms import RoomError, Rooms, RoomView


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


def tokens_by_position(rooms: Rooms, tokens: Sequence[str]) -> list[str]:
    """The players' tokens in table order (position 0 first), once the game has begun."""
    ordered = [""] * len(tokens)
    for token in tokens:
        me = rooms.view(token).me
        assert me is not None and me.position is not None
        ordered[me.position] = token
    return ordered


def actor(rooms: Rooms, ordered: Sequence[str]) -> str:
    """The token of the player to act, from the players' tokens in table order."""
    table = rooms.view(ordered[0]).table
    assert table is not None and table.to_act is not None
    return ordered[table.to_act]


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
        if first.status not in ("playing", "choosing"):
            return first
        acted = False
        for token, view in zip(tokens, views, strict=True):
            if view.me is None:
                continue
            try:
                if view.status == "choosing" and view.choice.chooser == view.me.position:
                    confirm_default_removal(rooms, token, view)
                    acted = True
                elif view.table is not None and view.table.my_turn:
                    rooms.act(token, pick(view, rng), view.version)
                    acted = True
            except RoomError:
                continue  # another page moved first: look again
        if not acted and callable(advance):
            advance(tick)
    raise AssertionError("the round did not end")


def confirm_default_removal(rooms: Rooms, token: str, view: RoomView) -> None:
    """The chooser (``token``) confirms the cards the table preselected for removal (R6)."""
    rooms.choose(token, cards.names(view.choice.default), view.version)


def seated(rooms: Rooms, settings: RoomSettings) -> tuple[str, str, list[str]]:
    """A begun room of humans only: (code, host token, tokens in table order)."""
    players = settings.checked().players
    code, tokens = open_room(rooms, settings, humans=players)
    view = rooms.view(tokens[0])
    if view.status == "choosing":
        assert view.choice is not None
        chooser = tokens_by_position(rooms, tokens)[view.choice.chooser]
        confirm_default_removal(rooms, chooser, view)
    return code, tokens[0], tokens_by_position(rooms, tokens)


def play_until(rooms: Rooms, ordered: list[str], phase: str) -> str:
    """Random legal moves through the service until the table reaches ``phase``.

    Returns the token of the player to act then.
    """
    rng = random.Random(5)
    for _ in range(500):
        view = rooms.view(ordered[0])
        assert view.table is not None and view.table.to_act is not None
        actor = ordered[view.table.to_act]
        if view.table.phase == phase:
            return actor
        mine = rooms.view(actor)
        rooms.act(actor, pick(mine, rng), mine.version)
    raise AssertionError(f"the table never reached {phase}")
