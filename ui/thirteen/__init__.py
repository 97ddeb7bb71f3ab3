"""Thirteen's screens: the table, its controls, stats and rules."""
