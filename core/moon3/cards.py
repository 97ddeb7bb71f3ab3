"""Moon 3 of Spades' cards: its ids, points and Kali Tidi (R1, R2, R4).

The faces, names and suits are the shared playing cards of ``core.pieces``;
this module numbers them the way Moon 3's engine wants and adds what only
Moon 3 knows: the points of each card and the 3♠ worth 30.

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

from core.echo import echo
from core.pieces import cards as pieces
from core.pieces.cards import JOKER_COLOUR as JOKER_COLOUR
from core.pieces.cards import RANKS as RANKS
from core.pieces.cards import SUIT_COLOURS as SUIT_COLOURS
from core.pieces.cards import SUIT_NAMES as SUIT_NAMES
from core.pieces.cards import SUIT_SYMBOLS as SUIT_SYMBOLS
from core.pieces.cards import SUITS as SUITS
from core.pieces.cards import UnknownCard as UnknownCard

JOKER = 0

SPADES, HEARTS, CLUBS, DIAMONDS = range(4)
NO_SUIT = 4  # the joker's own suit before trump makes it a trump

SUITED = tuple(range(1, 53))
ALL_IDS = (JOKER, *SUITED)


def card(rank: str, suit: str) -> int:
    """The id of a suited card from its rank and suit letters."""
    return 1 + pieces.card(rank, suit)


def piece(c: int) -> int:
    """The shared playing card (``core.pieces.cards`` id) a Moon 3 card id stands for."""
    return pieces.JOKER if c == JOKER else c - 1


NAME: tuple[str, ...] = tuple(pieces.NAME[piece(c)] for c in ALL_IDS)
SUIT: tuple[int, ...] = tuple(NO_SUIT if c == JOKER else pieces.SUIT[piece(c)] for c in ALL_IDS)
#: 0 for the ace down to 12 for the two; the joker ranks above everything.
RANK: tuple[int, ...] = tuple(pieces.RANK[piece(c)] for c in ALL_IDS)

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

_FROM_PIECE: dict[int, int] = {piece(c): c for c in ALL_IDS}


def parse(text: object) -> int:
    """The id of a card name (``"TH"``, ``"10H"``, ``"JK"``, any case)."""
    found = _FROM_PIECE.get(pieces.parse(text))
    if found is None:
        raise UnknownCard(f"unknown card {echo(text, 8)}")
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
    return "🃏" if c == JOKER else pieces.label(piece(c))
