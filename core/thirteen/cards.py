"""Thirteen's cards (SPEC T1): ids 0–51 in the game's own order, 3♠ lowest, 2♥ highest.

A card's id is ``rank * 4 + suit`` with ranks ``3 4 5 6 7 8 9 T J Q K A 2``
and suits ``S C D H`` (♠ ♣ ♦ ♥), so comparing ids compares cards, and a
hand is a 52-bit mask. Names follow section 5 (``"TH"``; ``"10H"`` is read
as ``"TH"``).
"""

from __future__ import annotations

from collections.abc import Iterable

from core.echo import echo
from core.pieces.masks import bits as bits

RANKS = "3456789TJQKA2"
SUITS = "SCDH"
SYMBOLS = "♠♣♦♥"
COUNT = 52
#: The rank index of the 2, which no sequence may contain (T3).
TWO = 12
#: The highest rank a sequence may reach: the ace.
ACE = 11
RANK_WORDS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
RANK_PLURALS = (
    "3s",
    "4s",
    "5s",
    "6s",
    "7s",
    "8s",
    "9s",
    "10s",
    "jacks",
    "queens",
    "kings",
    "aces",
    "2s",
)

NAME = tuple(r + s for r in RANKS for s in SUITS)
INDEX = {name: i for i, name in enumerate(NAME)}


class UnknownCard(ValueError):
    """A name that is no card of the deck."""


def rank(card: int) -> int:
    return card >> 2


def suit(card: int) -> int:
    return card & 3


def parse(name: object) -> int:
    """The id of a card name; :class:`UnknownCard` if there is none."""
    if isinstance(name, str):
        text = name.strip().upper()
        if text.startswith("10"):
            text = "T" + text[2:]
        if text in INDEX:
            return INDEX[text]
    raise UnknownCard(f"unknown card {echo(name, 8)}")


def label(card: int) -> str:
    """The card as a player reads it: ``10♥``."""
    return RANK_WORDS[card >> 2] + SYMBOLS[card & 3]


def mask_of(cards: Iterable[int]) -> int:
    total = 0
    for card in cards:
        total |= 1 << card
    return total


def names(cards: Iterable[int]) -> list[str]:
    return [NAME[c] for c in cards]
