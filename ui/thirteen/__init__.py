"""Thirteen's screens: the table, its controls, stats and rules."""

from __future__ import annotations

from core.thirteen import cards
from ui.games import Screens, Showcase
from ui.thirteen import play, rules, stats, table


def pieces() -> str:
    """The home page's picture of Thirteen: a run from the lowest card, 3 of spades."""
    return "".join(table.face(cards.parse(n)) for n in ("3S", "4D", "5C", "6H"))


#: Everything Thirteen's UI offers the pages.
SCREENS = Screens(
    felt=table,
    controls=play,
    rules=rules,
    stats=stats,
    showcase=Showcase(
        "Tiến lên: be first to play out your cards, beating each play with a higher single, "
        "pair, run or bomb.",
        pieces,
    ),
)
