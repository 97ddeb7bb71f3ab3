"""Moon 3 of Spades at the table: its seats, corners, narration and results, from room views."""

from __future__ import annotations

from ui.games import Screens, Showcase
from ui.moon3 import book, intro, play, recap, rules, stats, table

#: Everything Moon 3 of Spades' UI offers the pages: the flagship has every screen.
SCREENS = Screens(
    felt=table,
    controls=play,
    rules=rules,
    stats=stats,
    showcase=Showcase(intro.LINE, intro.pieces),
    lobby_teams=play,
    compact=play.compact,
    book=book,
    recap=recap,
    intro=intro,
)
