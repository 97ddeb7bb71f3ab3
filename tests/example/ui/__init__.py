"""Plain Tricks' screens: what the felt says, the controls, Rules and Stats (``Screens``)."""

from __future__ import annotations

from tests.example.ui import pages, play, table
from ui.games import Screens

SCREENS = Screens(felt=table, controls=play, rules=pages.RULES, stats=pages.STATS)
