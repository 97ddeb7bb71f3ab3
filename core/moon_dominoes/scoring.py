"""Three-Player Moon scoring (SPEC M6, M7): a hand's score per seat and the end of the game.

M6: the bid is made when the bidder's tricks reach it (21 needs all seven);
made scores the bid (extra tricks nothing), set loses it; either way each
other player scores 1 a trick. A made 21 wins the game at once; a set 21 is
−21. M7: when a player has 21 or more after a hand the highest wins; a tie
for the highest plays on until one player leads alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.moon_dominoes.config import HAND, MOON, PLAYERS, TARGET


@dataclass(frozen=True, slots=True)
class HandScore:
    """One hand's result: whether the bid was made, each seat's change and totals after."""

    made: bool
    score: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None


def tricks_needed(bid: int) -> int:
    """The tricks a bid asks for: 21 is all seven."""
    return HAND if bid == MOON else bid


def hand_score(bidder: int, bid: int, taken: Sequence[int], before: Sequence[int]) -> HandScore:
    """M6 for every seat, and M7's winner (a made 21 wins at once)."""
    made = taken[bidder] >= tricks_needed(bid)
    score = tuple(
        (bid if made else -bid) if seat == bidder else taken[seat] for seat in range(PLAYERS)
    )
    totals = tuple(before[seat] + score[seat] for seat in range(PLAYERS))
    winner = bidder if made and bid == MOON else game_winner(totals)
    return HandScore(made, score, totals, winner)


def game_winner(totals: Sequence[int]) -> int | None:
    """M7: the player alone at the top once anyone has 21 or more; else the game goes on."""
    best = max(totals)
    if best < TARGET or list(totals).count(best) > 1:
        return None
    return list(totals).index(best)
