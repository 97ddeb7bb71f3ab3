"""What the room service refuses with: each message is for the player, and nothing changed."""

from __future__ import annotations


class RoomError(Exception):
    """A refused call; the message is for the player. Nothing was changed."""


class NotFound(RoomError):
    """No such room, or a token that opens no seat."""


class Forbidden(RoomError):
    """The caller may not do this (a guest doing a host's job, a seat not theirs)."""


class Stale(RoomError):
    """The page acted on an old state: the table moved on."""


class Refused(RoomError):
    """The rules or the room's state do not allow this now."""
