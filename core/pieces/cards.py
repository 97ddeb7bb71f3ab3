"""Playing cards: ids, names and labels, with no game's rules attached (SPEC P3).

A card is an ``int``: ``suit * 13 + rank`` for the 52 suited cards, with suits
``S H C D`` (0–3) and ranks ``A K Q J T 9 8 7 6 5 4 3 2`` (0–12, ace first),
so ascending ids are the display order (spades ace down to two, then hearts,
clubs, diamonds). The jokers follow: the Big Joker ``BJ``, the Little Joker
``LJ`` and the single joker ``JK``. Names are rank then suit (``"TH"``;
``"10H"`` is read as ``"TH"``).
"""

from __future__ import annotations

from collections.abc import Iterable

from core.echo import echo

SUITS = "SHCD"
RANKS = "AKQJT98765432"
SUIT_SYMBOLS = ("♠", "♥", "♣", "♦")
SUIT_NAMES = ("spades", "hearts", "clubs", "diamonds")
#: A four-colour deck: each suit its own colour, so a glance tells them apart.
SUIT_COLOURS = ("#111111", "#c8102e", "#1b7a2f", "#8a6d00")
JOKER_COLOUR = "#6a1b9a"

BIG_JOKER = 52
LITTLE_JOKER = 53
JOKER = 54
JOKERS = (BIG_JOKER, LITTLE_JOKER, JOKER)
SUITED = tuple(range(52))
NO_SUIT = -1

NAME: tuple[str, ...] = (
    *(RANKS[c % 13] + SUITS[c // 13] for c in SUITED),
    "BJ",
    "LJ",
    "JK",
)
#: Suit index of each card id (``NO_SUIT`` for a joker).
SUIT: tuple[int, ...] = (*(c // 13 for c in SUITED), NO_SUIT, NO_SUIT, NO_SUIT)
#: Rank index of each card id, ace 0 … two 12 (-1 for a joker).
RANK: tuple[int, ...] = (*(c % 13 for c in SUITED), -1, -1, -1)

_BY_NAME: dict[str, int] = {name: c for c, name in enumerate(NAME)}
for _suit in SUITS:
    _BY_NAME["10" + _suit] = SUITS.index(_suit) * 13 + RANKS.index("T")


class UnknownCard(ValueError):
    """Text that names no card."""


def card(rank: str, suit: str) -> int:
    """The id of ``rank`` of ``suit`` (``card("T", "H")``)."""
    return SUITS.index(suit) * 13 + RANKS.index(rank)


def parse(text: object) -> int:
    """The id a card name stands for (any case, ``10`` for ``T``)."""
    if not isinstance(text, str):
        raise UnknownCard(f"unknown card {echo(text)}")
    found = _BY_NAME.get(text.strip().upper())
    if found is None:
        raise UnknownCard(f"unknown card {echo(text, 8)}")
    return found


def names(ids: Iterable[int]) -> list[str]:
    """The names of some cards, in the order given."""
    return [NAME[c] for c in ids]


def label(c: int) -> str:
    """A short label for screens: ``"10♥"``, ``"A♠"``, ``"Big Joker"``."""
    if c == BIG_JOKER:
        return "Big Joker"
    if c == LITTLE_JOKER:
        return "Little Joker"
    if c == JOKER:
        return "Joker"
    rank = RANKS[RANK[c]]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUIT[c]]


#: Each rank in words, in ``RANKS`` order.
RANK_WORDS = (
    "Ace", "King", "Queen", "Jack", "Ten", "Nine", "Eight", "Seven", "Six", "Five", "Four",
    "Three", "Two",
)  # fmt: skip


def words(c: int) -> str:
    """A card as a screen reader says it: ``"King of hearts"``, ``"Big Joker"``."""
    if c in JOKERS:
        return label(c)
    return f"{RANK_WORDS[RANK[c]]} of {SUIT_NAMES[SUIT[c]]}"
