"""The room service: create, join, seat, play and keep time, one transaction per call.

A room is one ``room`` row whose JSON document holds the settings and the game
in progress (the current round as its hand record), plus its ``seat`` rows.
Each call loads the room, first applies whatever is due from stored
timestamps — bot moves, a game's timed move, abandonment —
then the call's own change, and writes it back as a compare-and-set on the
room's version. Whichever browser polls first drives the timers and bots; the
compare-and-set makes sure that happens exactly once.

Identity: joining returns a secret token (128 random bits, only its sha256 is
stored); every player call names its token, and the engine checks each action
against the seat that token owns. The clock is injected so tests can move time.

The service is split by job: ``service`` (the calls and their transaction),
``lobby``, ``turns`` (the table), ``timers`` (timers and bots), ``reactions``
(A6: kept apart from the versioned document, so they never make a move stale),
``views`` (what a page gets), ``sql`` (the one place for SQL), ``context`` (a
loaded room). Every rule comes from the room's game, through the registry.
"""

from __future__ import annotations

from core.rooms.context import ABANDONED, CHOOSING, KEEPING_SCORE, LOBBY, OVER, PLAYING, RESULTS
from core.rooms.errors import Forbidden, NotFound, Refused, RoomError, Stale
from core.rooms.service import CODE_ALPHABET, CODE_LENGTH, Rooms
from core.rooms.timers import ABANDON_AFTER, BOT_DELAY, ROOM_EXPERT_MS
from core.rooms.turns import NEXT_ROUND_GRACE
from core.rooms.views import HINT_MS, ChoiceView, RoomView, SeatInfo, Suggestion

__all__ = [
    "ABANDONED",
    "ABANDON_AFTER",
    "BOT_DELAY",
    "CHOOSING",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "HINT_MS",
    "KEEPING_SCORE",
    "LOBBY",
    "NEXT_ROUND_GRACE",
    "OVER",
    "PLAYING",
    "RESULTS",
    "ROOM_EXPERT_MS",
    "ChoiceView",
    "Forbidden",
    "NotFound",
    "Refused",
    "RoomError",
    "RoomView",
    "Rooms",
    "SeatInfo",
    "Stale",
    "Suggestion",
]
