"""A Thirteen table (SPEC T1, T6): 2 to 4 players and the number of hands in a game."""

from __future__ import annotations

from dataclasses import dataclass

HAND = 13
MIN_PLAYERS, MAX_PLAYERS = 2, 4
DEFAULT_HANDS = 5
MAX_HANDS = 50


class ConfigError(ValueError):
    """Options that make no Thirteen table."""


def _count(value: object, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(f"{what} must be a whole number from {low} to {high}")
    return value


@dataclass(frozen=True, slots=True)
class Config:
    """Seats at the table and hands in a game (T6: five unless the host says otherwise)."""

    players: int = 4
    hands: int = DEFAULT_HANDS

    @classmethod
    def make(cls, **options: object) -> Config:
        """A checked config; :class:`ConfigError` names the first thing wrong."""
        players = _count(options.pop("players", 4), MIN_PLAYERS, MAX_PLAYERS, "players")
        hands = _count(options.pop("hands", DEFAULT_HANDS), 1, MAX_HANDS, "hands")
        if options:
            raise ConfigError(f"unknown option {sorted(options)[0][:20]}")
        return cls(players, hands)

    def to_json(self) -> dict[str, object]:
        return {"players": self.players, "hands": self.hands}
