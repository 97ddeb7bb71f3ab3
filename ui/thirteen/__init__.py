"""Thirteen's screens: the table, its controls, stats and rules."""

from __future__ import annotations

from ui.games import Screens
from ui.thirteen import play, rules, stats, table

#: Everything Thirteen's UI offers the pages.
SCREENS = Screens(felt=table, controls=play, rules=rules, stats=stats)
