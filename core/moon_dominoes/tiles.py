"""The 22 tiles of Three-Player Moon and what each is under every trump (SPEC M1, M4).

A tile is an id 0–21 in the record order: "6-6", "6-5" … "6-1", "5-5" …
"1-1", "0-0" (high end down, then low end down), so sorting ids sorts tiles
for every list the replay prints. A trump is a number 0–6, :data:`DOUBLES`
(7) or :data:`NO_TRUMP` (8). For each trump the tables below say which
tiles are trumps, which suit a led tile names, which tiles follow a suit and
how strongly a tile holds a trick: the rules, the bots and the views read
them instead of working the suit rules out again on every play.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.echo import echo
from core.pieces.masks import bits as bits

DOUBLES, NO_TRUMP = 7, 8
#: The led "suit" that is trump: a suit id past the seven numbers.
TRUMP_SUIT = 7
TRUMPS = tuple(range(9))
TRUMP_NAMES = ("0", "1", "2", "3", "4", "5", "6", "doubles", "none")

#: (high, low) of each tile id, in the record order.
ENDS: tuple[tuple[int, int], ...] = (
    *((high, low) for high in range(6, 0, -1) for low in range(high, 0, -1)),
    (0, 0),
)
COUNT = len(ENDS)
NAME: tuple[str, ...] = tuple(f"{high}-{low}" for high, low in ENDS)
ID: dict[str, int] = {name: tile for tile, name in enumerate(NAME)}
ALL = (1 << COUNT) - 1
DOUBLE = tuple(high == low for high, low in ENDS)


class UnknownTile(ValueError):
    """A name that is no tile of this set (tiles are named high end first)."""


def parse(name: object) -> int:
    """The id of a tile name such as "6-4"; :class:`UnknownTile` otherwise ("4-6" included)."""
    if isinstance(name, str) and name in ID:
        return ID[name]
    raise UnknownTile(f"unknown tile {echo(name, 12)}")


def names(tiles: list[int] | tuple[int, ...]) -> list[str]:
    return [NAME[t] for t in tiles]


def bears(tile: int, number: int) -> bool:
    high, low = ENDS[tile]
    return number in (high, low)


def is_trump(tile: int, trump: int) -> bool:
    """M4: every tile bearing the trump number, the seven doubles, or nothing."""
    if trump == DOUBLES:
        return DOUBLE[tile]
    if trump == NO_TRUMP:
        return False
    return bears(tile, trump)


def led_suit(tile: int, trump: int) -> int:
    """M4: the suit a led tile names: trump, a double's own number, else its higher end."""
    if is_trump(tile, trump):
        return TRUMP_SUIT
    return ENDS[tile][0]


def _rank(tile: int, number: int) -> int:
    """A tile's rank among the tiles bearing ``number``: the double highest (7), else the
    other end."""
    high, low = ENDS[tile]
    if high == low:
        return 7
    return low if high == number else high


def _follows(tile: int, suit: int, trump: int) -> bool:
    """M4, M5: whether a tile answers a lead of ``suit`` (trump, or a number)."""
    if suit == TRUMP_SUIT:
        return is_trump(tile, trump)
    return not is_trump(tile, trump) and bears(tile, suit)


def _power(tile: int, suit: int, trump: int) -> int:
    """How strongly a tile holds a trick led in ``suit``: trumps above the led suit, 0 when it
    cannot win."""
    if is_trump(tile, trump):
        if trump == DOUBLES:
            return 100 + ENDS[tile][0]
        return 100 + _rank(tile, trump)
    if suit != TRUMP_SUIT and bears(tile, suit):
        return 1 + _rank(tile, suit)
    return 0


def _mask(ids: Iterable[int]) -> int:
    return sum(1 << t for t in ids)


#: TRUMP_MASK[trump]: the trump tiles.
TRUMP_MASK = tuple(_mask(t for t in range(COUNT) if is_trump(t, trump)) for trump in TRUMPS)
#: SUIT_OF[trump][tile]: the suit the tile names when led.
SUIT_OF = tuple(tuple(led_suit(t, trump) for t in range(COUNT)) for trump in TRUMPS)
#: FOLLOW[trump][suit]: the tiles that follow a lead of ``suit`` (0–6, or TRUMP_SUIT).
FOLLOW = tuple(
    tuple(_mask(t for t in range(COUNT) if _follows(t, suit, trump)) for suit in range(8))
    for trump in TRUMPS
)
#: POWER[trump][suit][tile]: a tile's strength in a trick led in ``suit``.
POWER = tuple(
    tuple(tuple(_power(t, suit, trump) for t in range(COUNT)) for suit in range(8))
    for trump in TRUMPS
)


def trump_name(trump: int | None) -> str | int | None:
    """The record form of a trump: the number, "doubles" or "none"."""
    if trump is None:
        return None
    return trump if trump < DOUBLES else TRUMP_NAMES[trump]


def parse_trump(value: object) -> int:
    """A record's trump (0–6, "doubles", "none") as a trump id; ValueError otherwise."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 6:
        return value
    if value == "doubles":
        return DOUBLES
    if value == "none":
        return NO_TRUMP
    raise ValueError(f"trump is a number 0 to 6, doubles or none, not {echo(value, 12)}")
