"""Spades at the table: its seats, corners, narration, controls and results."""

from __future__ import annotations

from ui.games import Screens
from ui.spades import play, rules, stats, table

#: Everything Spades' UI offers the pages.
SCREENS = Screens(felt=table, controls=play, rules=rules, stats=stats)
