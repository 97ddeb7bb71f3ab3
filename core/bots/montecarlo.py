"""Determinised Monte-Carlo for any game with hidden hands: the Expert's machinery.

A game brings three things: the candidate actions, a way to draw a whole
world that fits what the player knows, and the value of one candidate played
out in one world. This module samples worlds until the decision's counted
work is done (:class:`core.bots.Thinking`), tries every candidate in each
(the same worlds for all, so their averages compare fairly) and returns the
best average. At least one world is always tried.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from core.bots import Thinking

A = TypeVar("A")
W = TypeVar("W")


def best(
    candidates: Sequence[A],
    world: Callable[[], W],
    outcome: Callable[[W, A], float],
    thinking: Thinking,
    units: float,
) -> A:
    """The candidate with the best average outcome over the worlds ``thinking`` allows,
    each world counted as ``units`` of work."""
    totals = [0.0] * len(candidates)
    while True:
        drawn = world()
        for index, candidate in enumerate(candidates):
            totals[index] += outcome(drawn, candidate)
        if not thinking.another(units):
            break
    return candidates[max(range(len(candidates)), key=totals.__getitem__)]
