"""Reactions, not chat (SPEC A6): a seated player sends one of a fixed set, never free text.

A reaction shows at its seat for :data:`SHOWN_FOR` seconds on every screen of the room, and
a seat may send one every :data:`GAP` seconds at most. Only an id of :data:`REACTIONS`
is accepted, from the seat its secret token owns, once the game has begun; the store keeps
it apart from the room's versioned document (:mod:`core.store.reactions`), so it never
makes a move stale.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.rooms.context import CHOOSING, OVER, PLAYING, RESULTS, Ctx, is_book
from core.rooms.errors import Refused
from core.store import reactions as stored

#: Every reaction a player may send: its id and what the table shows.
REACTIONS: dict[str, str] = {
    "thumbs": "👍",
    "clap": "👏",
    "laugh": "😂",
    "wow": "😮",
    "phew": "😅",
    "sad": "😢",
    "fire": "🔥",
    "think": "🤔",
    "nice": "Nice!",
    "sorry": "Sorry partner",
    "your-turn": "Your turn 😴",
    "well-played": "Well played",
    "oops": "Oops",
    "gg": "Good game",
}
#: How long a reaction shows at its seat, and how soon a seat may send the next.
SHOWN_FOR = 4.0
GAP = 2.0
#: The room's states at which the table is drawn, so reactions can be seen.
AT_THE_TABLE = (PLAYING, CHOOSING, RESULTS, OVER)


@dataclass(frozen=True, slots=True)
class Shown:
    """A reaction on show: the seat that sent it, its id, when (epoch seconds), and which of
    the seat's reactions it is (its count: the next one differs)."""

    seat: int
    said: str
    at: float
    number: int

    @property
    def text(self) -> str:
        """What the table shows (plain text: one of :data:`REACTIONS`)."""
        return REACTIONS[self.said]


def send(ctx: Ctx, token: str, said: object) -> None:
    """The token's seat sends reaction ``said``; :class:`Refused` (nothing stored) if it is
    not one of :data:`REACTIONS`, before the table or under :data:`GAP` after its last."""
    if not isinstance(said, str) or said not in REACTIONS:
        raise Refused("that is not one of the reactions; choose one of the buttons")
    seat = ctx.seat_of(token)
    if seat.position is None or is_book(ctx.doc) or ctx.status not in AT_THE_TABLE:
        raise Refused("reactions are for the table, once the game has begun")
    if not stored.send(ctx.session, ctx.code, seat.position, said, ctx.now, GAP):
        raise Refused("one reaction every two seconds, please")


def shown(ctx: Ctx) -> tuple[Shown, ...]:
    """The room's reactions still on show, by seat."""
    return tuple(
        Shown(seat, said, at, number)
        for seat, said, at, number in stored.since(ctx.session, ctx.code, ctx.now - SHOWN_FOR)
    )
