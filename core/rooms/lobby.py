"""The lobby: a new room's document, names, seats taken and left, bots added, the game begun.

Each function works on a loaded room (:class:`~core.rooms.context.Ctx`) for
the service's transaction; whatever the game decides (teams, the table size,
how it begins) it asks the game's table through the registry.
"""

from __future__ import annotations

import secrets
from typing import Any

from core import games, names
from core.games import SettingsError
from core.rooms.context import ABANDONED, LOBBY, Ctx, SeatRow, token_hash
from core.rooms.errors import Refused


def clean_name(name: object, taken: tuple[str, ...] = ()) -> str:
    """A player's name as shown (:mod:`core.names`); refused if a bot's or like one ``taken``."""
    try:
        return names.checked(name, taken)
    except names.BadName as exc:
        raise Refused(str(exc)) from None


def checked(settings: Any) -> Any:
    """The settings as the game fills and checks them; :class:`Refused` if it refuses."""
    try:
        return settings.checked()
    except SettingsError as exc:
        raise Refused(str(exc)) from None


def new_room(
    settings: Any, host_name: str, token: str, now: float
) -> tuple[dict[str, Any], SeatRow]:
    """A new room's document and its host's seat (the room code is filled in by the caller)."""
    doc = {
        "game_name": settings.game,
        "settings": settings.to_json(),
        "status": LOBBY,
        "seed": secrets.randbits(48),
        "host_seat_id": None,
        "game": None,
        "round": None,
        "choice": None,
        "since": now,
        "requests": {},
        "round_number": 0,
        "last_round": None,
    }
    host = SeatRow(
        id=None,
        room_code="",
        join_order=0,
        name=host_name,
        team=0 if _teams_chosen(games.get(settings.game), settings) else None,
        token_hash=token_hash(token),
        last_seen=now,
    )
    return doc, host


def _teams_chosen(game: games.AnyGame, settings: Any) -> bool:
    """Whether the players of a room pick their teams in its lobby (a game's capability)."""
    return game.lobby_teams is not None and game.lobby_teams.chosen(settings)


def _team(ctx: Ctx, settings: Any, wanted: int | None, others: list[SeatRow]) -> int | None:
    """The team a newcomer (or a player moving) takes, given the ``others``' teams."""
    teams = ctx.rules.lobby_teams
    if teams is None or not teams.chosen(settings):
        return None
    try:
        return teams.team_for(settings, [s.team for s in others], wanted)
    except SettingsError as exc:
        raise Refused(str(exc)) from None


def _next_order(ctx: Ctx) -> int:
    return max(s.join_order for s in ctx.seats) + 1 if ctx.seats else 0


def join(ctx: Ctx, name: str, team: int | None, token: str) -> str:
    """Take a free seat in the lobby under ``token``; returns the token."""
    settings = ctx.table.settings_from_json(ctx.doc["settings"])
    if ctx.status != LOBBY:
        raise Refused("this game has already started; you can watch the table")
    if len(ctx.seats) >= settings.players:
        raise Refused("this room is full; you can watch the table")
    clean = clean_name(name, tuple(s.name for s in ctx.seats))
    chosen = _team(ctx, settings, team, ctx.seats)
    ctx.new_seats.append(
        SeatRow(
            id=None,
            room_code=ctx.room.code,
            join_order=_next_order(ctx),
            name=clean,
            team=chosen,
            token_hash=token_hash(token),
            last_seen=ctx.now,
        )
    )
    ctx.changed = True
    return token


def choose_team(ctx: Ctx, token: str, team: int) -> None:
    """A lobby where players pick teams: move to another team if it has a free place."""
    seat = ctx.seat_of(token)
    settings = ctx.table.settings_from_json(ctx.doc["settings"])
    if ctx.status != LOBBY or not _teams_chosen(ctx.rules, settings):
        raise Refused("teams are not picked in this lobby")
    if seat.team == team:
        return
    seat.team = _team(ctx, settings, team, [s for s in ctx.seats if s is not seat])
    ctx.changed = True


def add_bot(ctx: Ctx, token: str, level: str, team: int | None) -> None:
    """The host fills an empty lobby seat with a bot of ``level``."""
    ctx.require_host(token)
    settings = ctx.table.settings_from_json(ctx.doc["settings"])
    if ctx.status != LOBBY:
        raise Refused("bots join in the lobby; to replace a player, hand their seat over")
    if len(ctx.seats) >= settings.players:
        raise Refused("every seat is taken")
    ctx.new_seats.append(
        SeatRow(
            id=None,
            room_code=ctx.room.code,
            join_order=_next_order(ctx),
            name=names.bot_name(s.name for s in ctx.seats),
            team=_team(ctx, settings, team, ctx.seats),
            is_bot=True,
            bot_level=level,
        )
    )
    ctx.changed = True


def remove_seat(ctx: Ctx, token: str, seat_id: int) -> None:
    """The host removes a bot or a player from the lobby."""
    host = ctx.require_host(token)
    if ctx.status != LOBBY:
        raise Refused("players can be removed in the lobby; in a game, hand the seat over")
    target = next((s for s in ctx.seats if s.id == seat_id), None)
    if target is None:
        raise Refused("that seat is already empty")
    if target is host:
        raise Refused("the host cannot remove themselves; leave the room instead")
    ctx.seats.remove(target)
    ctx.deleted.append(target)
    ctx.changed = True


def leave(ctx: Ctx, token: str) -> None:
    """Leave the room: in the lobby the seat frees up; in a game a bot plays it on."""
    seat = ctx.seat_of(token)
    if ctx.status == LOBBY:
        ctx.seats.remove(seat)
        ctx.deleted.append(seat)
    else:
        seat.stand_in = True
        seat.token_hash = None
    if seat.id == ctx.doc["host_seat_id"]:
        humans = [s for s in ctx.seats if not s.is_bot and not s.stand_in and s is not seat]
        ctx.doc["host_seat_id"] = humans[0].id if humans else None
        if not humans and ctx.status == LOBBY:
            ctx.status = ABANDONED
    ctx.changed = True


def begin(ctx: Ctx, token: str) -> None:
    """The host starts the game once every seat is taken (R8–R11)."""
    ctx.require_host(token)
    if ctx.status != LOBBY:
        raise Refused("the game has already begun")
    settings = ctx.table.settings_from_json(ctx.doc["settings"])
    if len(ctx.seats) < settings.players:
        missing = settings.players - len(ctx.seats)
        raise Refused(f"waiting for {missing} more player{'s' if missing > 1 else ''}")
    ctx.table.begin(ctx, ctx.doc["host_seat_id"])
