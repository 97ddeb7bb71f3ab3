"""Spades at the table: its seats, corners, narration, controls and results."""
