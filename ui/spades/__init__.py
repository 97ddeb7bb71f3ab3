"""Spades at the table: its seats, corners, narration, controls and results."""

from __future__ import annotations

from core.pieces import cards
from ui import look
from ui.games import Screens, Showcase
from ui.spades import play, rules, stats, table


def pieces() -> str:
    """The home page's picture of Spades: the ace of spades over the other suits."""
    return "".join(look.piece_face(cards.parse(n), small=True) for n in ("AS", "KS", "QH", "JD"))


#: Everything Spades' UI offers the pages.
SCREENS = Screens(
    felt=table,
    controls=play,
    rules=rules,
    stats=stats,
    showcase=Showcase(
        "Bid the tricks you will take, spades always trump; make your bid, set theirs and "
        "mind the bags.",
        pieces,
    ),
)
