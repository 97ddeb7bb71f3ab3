"""The end of a trick, written once for the trick-taking games dealt as masks
(Spades, Three-Player Moon): the rules module of each calls it when the last
seat has played to a trick.
"""

from __future__ import annotations

from typing import Any

from core.state import P, TrickHand


def take(state: TrickHand[Any, P, Any, Any], pieces: tuple[int, ...], last: int, over: P) -> None:
    """Give the finished trick ``pieces`` to the seat of its best piece, who leads the next
    one; once the hand's ``last`` trick is taken the hand is over (phase ``over``)."""
    winner = state.best_seat
    state.tricks.append((state.leader, pieces))
    state.trick_winners.append(winner)
    state.taken[winner] += 1
    if len(state.tricks) == last:
        state.phase = over
        state.to_act = None
    else:
        state.to_act = winner
