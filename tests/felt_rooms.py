"""Rooms at the moments the felt tests look at: mid-trick, a trick just finished, roles shown.

Every seat is a human with a long name (so chips must shorten names), and the
moves are random legal ones played through the service, as pages would.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from core import games
from core.moon3.config import Mode
from core.rooms import Rooms, RoomView
from tests.service_play import confirm_default_removal, pick, tokens_by_position

#: Each game with the table sizes the felt tests visit (4, 7, 10 and 12 where it seats them).
SIZES = {"moon3": (4, 7, 10, 12), "spades": (4,), "moon_dominoes": (3,), "thirteen": (4,)}


def long_name(number: int) -> str:
    return f"Maximiliana Okonkwo-{number}"


def seated_room(rooms: Rooms, game: str, players: int) -> tuple[str, list[str]]:
    """A begun room of ``players`` humans (Moon 3 of Spades in Card-Based play, so bidder and
    partner tags show): (code, tokens in table order)."""
    settings = games.get(game).table.quick_settings(players, {"mode": Mode.PARTNERS.value})
    code, host = rooms.create(long_name(1), settings)
    tokens = [host] + [rooms.join(code, long_name(n)) for n in range(2, players + 1)]
    rooms.begin(host)
    view = rooms.view(host)
    ordered = tokens_by_position(rooms, tokens)
    if view.status == "choosing":
        assert view.choice is not None
        confirm_default_removal(rooms, ordered[view.choice.chooser], view)
    return code, ordered


def play_until(
    rooms: Rooms, ordered: list[str], done: Callable[[RoomView], bool], seed: int = 3
) -> RoomView:
    """Random legal moves through the service until ``done`` holds of the table (as the first
    seat sees it); that view."""
    rng = random.Random(seed)
    for _ in range(2000):
        view = rooms.view(ordered[0])
        if done(view):
            return view
        assert view.table is not None and view.table.to_act is not None
        actor = ordered[view.table.to_act]
        mine = rooms.view(actor)
        rooms.act(actor, pick(mine, rng), mine.version)
    raise AssertionError("the table never got there")


def trick_just_won(view: RoomView) -> bool:
    """A trick game's table with a trick finished and nothing of the next one down."""
    table = view.table
    if table is None or table.phase != "playing":
        return False
    if hasattr(table, "previous"):  # Thirteen: everyone passed on a play
        return bool(table.previous) and not table.trick
    return bool(table.tricks) and not table.trick.seats


def roles_shown(view: RoomView) -> bool:
    """Play under way with a trick finished: the bidder (and partners, once revealed) tagged."""
    table = view.table
    if table is None or table.phase != "playing":
        return False
    if hasattr(table, "partners"):  # Moon 3 of Spades: wait for a partner's tag too
        return bool(table.partners) or len(table.tricks) >= 3
    return len(getattr(table, "tricks", ())) >= 1 or bool(getattr(table, "previous", ()))
