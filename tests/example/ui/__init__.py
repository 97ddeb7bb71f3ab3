"""Plain Tricks' screens: what the felt says, the controls, Rules and Stats (``Screens``)."""

from __future__ import annotations

from core.pieces import cards
from tests.example.ui import pages, play, table
from ui import look
from ui.games import Screens, Showcase


def pieces() -> str:
    """The home page's picture of Plain Tricks: a trick of one suit."""
    return "".join(look.piece_face(cards.parse(n), small=True) for n in ("AH", "9H", "4H"))


SCREENS = Screens(
    felt=table,
    controls=play,
    rules=pages.RULES,
    stats=pages.STATS,
    showcase=Showcase("Follow suit; the highest card of the suit led takes the trick.", pieces),
)
