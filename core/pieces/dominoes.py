"""Domino tiles in words, for any double-n set: a tile is its two ends, high end first.

No game's rules: which tiles a set holds and how they rank belong to the game.
"""

from __future__ import annotations

NUMBER_WORDS = ("blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def words(high: int, low: int) -> str:
    """A tile as a screen reader says it: ``"Six-four"``, ``"Double five"``, ``"Double blank"``."""
    if high == low:
        return f"Double {NUMBER_WORDS[high]}"
    return f"{NUMBER_WORDS[high]}-{NUMBER_WORDS[low]}".capitalize()
