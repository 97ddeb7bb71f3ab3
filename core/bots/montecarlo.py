"""Determinised Monte-Carlo for any game with hidden hands: the Expert's machinery.

A game brings three things: the candidate actions, a way to draw a whole
world that fits what the player knows, and the value of one candidate played
out in one world. This module samples worlds until the time budget runs out,
tries every candidate in each (the same worlds for all, so their averages
compare fairly) and returns the best average. At least one world is always
tried; no new world starts once the next could overrun the budget.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TypeVar

A = TypeVar("A")
W = TypeVar("W")


def best(
    candidates: Sequence[A],
    world: Callable[[], W],
    outcome: Callable[[W, A], float],
    deadline: float,
    most_worlds: int = 400,
) -> A:
    """The candidate with the best average outcome over the worlds drawn before ``deadline``."""
    totals = [0.0] * len(candidates)
    worlds = 0
    started = time.perf_counter()
    while worlds < most_worlds:
        drawn = world()
        for index, candidate in enumerate(candidates):
            totals[index] += outcome(drawn, candidate)
        worlds += 1
        now = time.perf_counter()
        if now + (now - started) / worlds > deadline:
            break
    return candidates[max(range(len(candidates)), key=totals.__getitem__)]
