"""Scorebook rooms (H3): games played with real cards, their rounds entered by hand.

The game keeps the book (``core/<game>/book.py``, found through the registry):
its settings, the entries and the match worked out from them. Here are the
room's side of it: who may write (the host, and the players seated from the
invite link when the host allows it), taking a named seat from the invite
link, and storing each round as it is entered (a correction or deletion
forgets the stored round and, if the game had ended, the stored game, in the
same transaction).
"""

from __future__ import annotations

from typing import Any

from core import games
from core.games import SettingsError
from core.rooms.context import KEEPING_SCORE, SCOREBOOK, Ctx, SeatRow, is_book, stamp, token_hash
from core.rooms.errors import Forbidden, Refused
from core.store import history


def book_of(ctx: Ctx) -> Any:
    """The room's game's scorebook; :class:`Refused` if the room is not a scorebook."""
    if not is_book(ctx.doc):
        raise Refused("this room deals its own cards: rounds are played, not entered")
    return games.book_of(ctx.game)


def new_book(settings: Any, doc: dict[str, Any], host: SeatRow) -> list[SeatRow]:
    """Make a new room's document a scorebook's and seat the other players by name (no links
    yet); Random draws the teams here, once."""
    doc.update(kind=SCOREBOOK, status=KEEPING_SCORE, entries=[])
    teams = games.book_of(settings.game).seating(settings, doc["seed"])
    host.position, host.team = 0, teams[0]
    return [
        SeatRow(
            id=None,
            room_code="",
            join_order=position,
            name=name,
            position=position,
            team=teams[position],
        )
        for position, name in enumerate(settings.others, start=1)
    ]


def writer(ctx: Ctx, token: str) -> SeatRow:
    """The seat entering a round: the host, or a seated player where the host allows it."""
    seat = ctx.seat_of(token)
    if seat.id != ctx.doc["host_seat_id"] and not ctx.doc["settings"].get("anyone"):
        raise Forbidden("the host keeps the score at this table")
    return seat


def _refused(call: Any) -> Any:
    try:
        return call()
    except SettingsError as exc:
        raise Refused(str(exc)) from None


def _store_round(ctx: Ctx, book: Any, number: int) -> None:
    facts, doc = book.round_facts(ctx, number)
    game = ctx.doc["game"]
    ctx.new_rows.append(
        history.round_rows(
            ctx.game,
            facts,
            book.names_of(ctx),
            doc,
            room_code=ctx.room.code,
            game_number=game["number"],
            round_number=number,
            finished_at=stamp(ctx.now),
        )
    )


def _store_game(ctx: Ctx, book: Any) -> None:
    """Keep the game once it is over (again, after a correction re-decided it)."""
    if not ctx.doc["game"]["over"]:
        return
    kept = book.kept_game(ctx)
    number = ctx.doc["game"]["number"]
    ctx.new_rows.append(history.kept_game_rows(ctx.game, kept, ctx.room.code, number))


def enter(ctx: Ctx, token: str, entry: object) -> None:
    """Enter the next round: stored at once, and the game too if it ends with it."""
    writer(ctx, token)
    book = book_of(ctx)
    _refused(lambda: book.add(ctx, entry))
    _store_round(ctx, book, len(ctx.doc["entries"]))
    _store_game(ctx, book)


def correct(ctx: Ctx, token: str, entry: object) -> None:
    """Correct the last round entered (until the next is entered)."""
    writer(ctx, token)
    book = book_of(ctx)
    _refused(lambda: book.replace_last(ctx, entry))
    number = len(ctx.doc["entries"])
    ctx.forgotten.append((ctx.doc["game"]["number"], number))
    _store_round(ctx, book, number)
    _store_game(ctx, book)


def delete(ctx: Ctx, token: str) -> None:
    """Delete the last round entered; the game reopens if it had ended with it."""
    writer(ctx, token)
    book = book_of(ctx)
    number = len(ctx.doc["entries"])
    _refused(lambda: book.remove_last(ctx))
    ctx.forgotten.append((ctx.doc["game"]["number"], number))
    _store_game(ctx, book)


def end_game(ctx: Ctx, token: str) -> None:
    """R28: the host ends the game after a round; the leaders win, marked ended early."""
    ctx.require_host(token)
    book = book_of(ctx)
    _refused(lambda: book.end_early(ctx))
    _store_game(ctx, book)


def rematch(ctx: Ctx, token: str) -> None:
    """A new game with the same players and teams."""
    ctx.require_host(token)
    book = book_of(ctx)
    _refused(lambda: book.rematch(ctx))


def allow(ctx: Ctx, token: str, anyone: bool) -> None:
    """The host lets seated players enter rounds, or keeps it to themselves."""
    ctx.require_host(token)
    book_of(ctx)
    if ctx.doc["settings"].get("anyone") != anyone:
        ctx.doc["settings"]["anyone"] = anyone
        ctx.changed = True


def claim(ctx: Ctx, seat_id: int, token: str) -> str:
    """A player who opened the invite link takes their own named seat; returns the token."""
    book_of(ctx)
    seat = next((s for s in ctx.seats if s.id == seat_id), None)
    if seat is None:
        raise Refused("there is no such player at this table")
    if seat.token_hash is not None or seat.id == ctx.doc["host_seat_id"]:
        raise Refused(f"{seat.name} has already taken their seat")
    seat.token_hash = token_hash(token)
    seat.last_seen = ctx.now
    ctx.changed = True
    return token
