"""A Spades table and its options (SPEC S1, S2): players, sides, the deck and hand size.

Partnership is 4 players only, partners opposite (seats 0+2 are side 0, 1+3
side 1); individual play gives every seat its own side and is the only form
at 3 and 5 players. The deck is 52 cards, or 54 with the Big and Little
Jokers, less the 2s that S2 takes out so that every hand is the same size.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from core import seats
from core.pieces import cards

MIN_PLAYERS, MAX_PLAYERS = 3, 5
FAILED_NIL = ("nothing", "bags", "partner")
TARGETS = (500, 200)
#: A side at or below this total loses at once when the mercy rule is on (S7).
MERCY_AT = -200


class ConfigError(ValueError):
    """Options that make no Spades table; the message says which and why."""


def removed_cards(players: int, jokers: bool) -> tuple[int, ...]:
    """S2: the cards taken out of the deck so that it divides evenly."""
    twos = {suit: cards.card("2", suit) for suit in cards.SUITS}
    if players == 4:
        return (twos["C"], twos["D"]) if jokers else ()
    if players == 3:
        return () if jokers else (twos["C"],)
    if jokers:
        return tuple(sorted(twos.values()))
    return (twos["C"], twos["D"])


@dataclass(frozen=True, slots=True)
class Options:
    """The S1 options of a Spades table, as a host picks them and a config keeps them."""

    players: int = 4
    partnership: bool = True
    jokers: bool = False
    nil: bool = True
    blind_nil: bool = False
    failed_nil: str = "nothing"
    bags: bool = True
    set_penalty: bool = True
    target: int = 500
    mercy: bool = False

    def options(self) -> dict[str, Any]:
        """The options by name, in the order S1 lists them."""
        return {f.name: getattr(self, f.name) for f in fields(Options)}


@dataclass(frozen=True, slots=True)
class Config(Options):
    """Everything fixed for a game of Spades: its options and what follows from them."""

    #: Worked out once from the options (S2, S1): the engine reads them on every trick.
    removed: tuple[int, ...] = field(init=False, compare=False)
    deck: tuple[int, ...] = field(init=False, compare=False)
    hand_size: int = field(init=False, compare=False)
    sides: tuple[tuple[int, ...], ...] = field(init=False, compare=False)
    side_of: tuple[int, ...] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        removed = removed_cards(self.players, self.jokers)
        jokers = (cards.BIG_JOKER, cards.LITTLE_JOKER) if self.jokers else ()
        deck = (*jokers, *(c for c in cards.SUITED if c not in removed))
        if self.partnership:
            sides: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
            side_of = seats.opposite_partnerships(self.players)
        else:
            sides = tuple((seat,) for seat in range(self.players))
            side_of = tuple(range(self.players))
        for name, value in (
            ("removed", removed),
            ("deck", deck),
            ("hand_size", len(deck) // self.players),
            ("sides", sides),
            ("side_of", side_of),
        ):
            object.__setattr__(self, name, value)

    @classmethod
    def make(cls, players: object = 4, **options: object) -> Config:
        """A checked config: S1 defaults for what is left out, :class:`ConfigError` else."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError("players must be a whole number")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ConfigError(f"Spades takes 3, 4 or 5 players, not {players}")
        known = set(cls.__dataclass_fields__) - {"players"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ConfigError(f"unknown option {unknown[0]}")
        partnership = options.get("partnership", players == 4)
        values: dict[str, Any] = {
            "partnership": partnership,
            "jokers": options.get("jokers", False),
            "nil": options.get("nil", partnership is True),
            "blind_nil": options.get("blind_nil", False),
            "bags": options.get("bags", True),
            "set_penalty": options.get("set_penalty", True),
            "mercy": options.get("mercy", False),
        }
        for name, value in values.items():
            if not isinstance(value, bool):
                raise ConfigError(f"{name} must be true or false")
        if values["partnership"] and players != 4:
            raise ConfigError("partnership Spades is for 4 players")
        failed_nil = options.get("failed_nil", "nothing")
        if failed_nil not in FAILED_NIL:
            raise ConfigError("failed_nil must be nothing, bags or partner")
        target = options.get("target", 500)
        if isinstance(target, bool) or target not in TARGETS:
            raise ConfigError("target must be 500 or 200")
        return cls(players=players, failed_nil=str(failed_nil), target=int(str(target)), **values)

    def to_json(self) -> dict[str, object]:
        return self.options()
