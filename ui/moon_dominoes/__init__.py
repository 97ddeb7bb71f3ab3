"""Moon dominoes at the table: its tiles, controls and results, from room views."""

from __future__ import annotations

from ui.games import Screens
from ui.moon_dominoes import play, rules, stats, table

#: Everything Three-Player Moon's UI offers the pages.
SCREENS = Screens(felt=table, controls=play, rules=rules, stats=stats)
