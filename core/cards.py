"""Cards: ids, names, suits, ranks and points (R1, R2, R4).

A card is a small int so that hands, tricks and bots stay cheap:
``0`` is the joker ("JK", R3) and ``1 + 13 * suit + r`` a suited card, where
``suit`` is 0..3 for S H C D and ``r`` is 0 for the ace down to 12 for the two.
Ascending ids are therefore the display order used everywhere: the joker
first, then spades, hearts, clubs, diamonds, each from the ace down. Two decks
hold two copies of the same id; copies share a name.

Names are rank + suit (``"AS"``, ``"TH"``, ``"3S"``); ``"10H"`` is accepted as
input for ``"TH"``.
"""

from __future__ import annotations

from collections.abc import Iterable

JOKER = 0
SUITS = "SHCD"
RANKS = "AKQJT98765432"
SUIT_NAMES = ("spades", "hearts", "clubs", "diamonds")
SUIT_SYMBOLS = ("♠", "♥", "♣", "♦")
#: R4: black, red, green and a dark gold that reads on white.
SUIT_COLOURS = ("#111111", "#c8102e", "#1b7a2f", "#8a6d00")
JOKER_COLOUR = "#6a1b9a"

SPADES, HEARTS, CLUBS, DIAMONDS = range(4)
NO_SUIT = 4  # the joker's own suit before trump makes it a trump

SUITED = tuple(range(1, 53))
ALL_IDS = (JOKER, *SUITED)


def card(rank: str, suit: str) -> int:
    """The id of a suited card from its rank and suit letters."""
    return 1 + 13 * SUITS.index(suit) + RANKS.index(rank)


def _name(c: int) -> str:
    if c == JOKER:
        return "JK"
    return RANKS[(c - 1) % 13] + SUITS[(c - 1) // 13]


NAME: tuple[str, ...] = tuple(_name(c) for c in ALL_IDS)
SUIT: tuple[int, ...] = tuple(NO_SUIT if c == JOKER else (c - 1) // 13 for c in ALL_IDS)
#: 0 for the ace down to 12 for the two; the joker ranks above everything.
RANK: tuple[int, ...] = tuple(-1 if c == JOKER else (c - 1) % 13 for c in ALL_IDS)

KALI_TIDI = card("3", "S")


def _points(c: int) -> int:
    if c == KALI_TIDI:
        return 30
    if c == JOKER:
        return 0
    rank = RANKS[RANK[c]]
    if rank in "AKQJT":
        return 10
    return 5 if rank == "5" else 0


#: R1 points of every card id.
POINTS: tuple[int, ...] = tuple(_points(c) for c in ALL_IDS)
POINTS_PER_DECK = sum(POINTS)

_BY_NAME: dict[str, int] = {NAME[c]: c for c in ALL_IDS}
for _s in SUITS:
    _BY_NAME["10" + _s] = card("T", _s)


class UnknownCard(ValueError):
    """Raised for text that names no card."""


def parse(text: object) -> int:
    """The id of a card name (``"TH"``, ``"10H"``, ``"JK"``, any case)."""
    if not isinstance(text, str):
        raise UnknownCard(f"unknown card {text!r}")
    found = _BY_NAME.get(text.strip().upper())
    if found is None:
        raise UnknownCard(f"unknown card {text}")
    return found


def name(c: int) -> str:
    """The canonical name of a card id."""
    return NAME[c]


def names(cards: Iterable[int]) -> list[str]:
    """Canonical names of several card ids, in the order given."""
    return [NAME[c] for c in cards]


_DECKS = {
    (decks, jokers): tuple(sorted((ALL_IDS if jokers else SUITED) * decks))
    for decks in (1, 2)
    for jokers in (False, True)
}


def deck(decks: int, jokers: bool) -> list[int]:
    """Every card of ``decks`` decks in display order, with one joker per deck if asked."""
    return list(_DECKS[decks, jokers])


def points(cards: Iterable[int]) -> int:
    """Total R1 points of some cards."""
    return sum(POINTS[c] for c in cards)


def label(c: int) -> str:
    """A short human label such as ``"10♥"`` or ``"🃏"`` for screens and logs."""
    if c == JOKER:
        return "🃏"
    rank = RANKS[RANK[c]]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUIT[c]]
