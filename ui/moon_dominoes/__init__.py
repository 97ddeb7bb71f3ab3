"""Moon dominoes at the table: its tiles, controls and results, from room views."""

from __future__ import annotations

from ui.games import Screens, Showcase
from ui.moon_dominoes import play, rules, stats, table
from ui.moon_dominoes import tiles as faces

_SIZE = "display:inline-block;width:2.1rem;height:4.2rem;margin:0 0.15rem"


def pieces() -> str:
    """The home page's picture of Three-Player Moon: a few tiles, sixes trump."""
    return "".join(
        f'<span style="{_SIZE}">{faces.svg(name, 6)}</span>'
        for name in ("6-6", "6-4", "5-3", "4-1")
    )


#: Everything Three-Player Moon's UI offers the pages.
SCREENS = Screens(
    felt=table,
    controls=play,
    rules=rules,
    stats=stats,
    showcase=Showcase(
        "Dominoes for three: bid, take the widow, name trump and win tricks to 21 points.",
        pieces,
    ),
)
