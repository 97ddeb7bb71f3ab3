"""A Three-Player Moon table (SPEC M1): always three players, the race to 21, no options.

The record's ``config`` is an empty object; anything in it is an error, so a
record written for another table is refused rather than misread.
"""

from __future__ import annotations

from dataclasses import dataclass

PLAYERS = 3
HAND = 7
TARGET = 21
#: The bids of M2, lowest first; 21 means all seven tricks.
BIDS = (4, 5, 6, 7, 21)
MOON = 21


class ConfigError(ValueError):
    """Options that make no Three-Player Moon table."""


@dataclass(frozen=True, slots=True)
class Config:
    """Everything fixed for a game: three seats, seven tiles each, to 21."""

    players: int = PLAYERS

    @classmethod
    def make(cls, **options: object) -> Config:
        """The one table; :class:`ConfigError` names any option given (there are none)."""
        players = options.pop("players", PLAYERS)
        if players != PLAYERS or isinstance(players, bool):
            raise ConfigError("Three-Player Moon is for exactly 3 players")
        if options:
            raise ConfigError(f"unknown option {sorted(options)[0][:20]}")
        return cls()

    def to_json(self) -> dict[str, object]:
        return {}
