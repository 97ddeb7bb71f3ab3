"""Three-Player Moon's own rules in play, checked on the hands of the random-play test over
every game (``tests/test_every_game.py``).

Every trick goes to the seat M4 and M5 say, worked out here from the tiles'
ends, not the engine's tables. At the end either everyone passed (M2: a
redeal, no score) or seven tricks were played and the scores follow M6.
"""

from __future__ import annotations

import random

from core.moon_dominoes import record, tiles
from core.moon_dominoes.actions import Action
from core.moon_dominoes.state import Phase, State

DOUBLES, NONE = tiles.DOUBLES, tiles.NO_TRUMP


def _trump(tile: int, trump: int) -> bool:
    high, low = tiles.ENDS[tile]
    if trump == DOUBLES:
        return high == low
    return trump != NONE and trump in (high, low)


def _winner(leader: int, trick: tuple[int, ...], trump: int) -> int:
    """M4/M5 from the ends: the highest trump, else the highest tile of the led number."""
    seats = [(leader + i) % 3 for i in range(3)]
    trumps = [(s, t) for s, t in zip(seats, trick, strict=True) if _trump(t, trump)]
    if trumps:

        def trump_rank(item: tuple[int, int]) -> int:
            high, low = tiles.ENDS[item[1]]
            if high == low:
                return 10 + high if trump == DOUBLES else 99
            return low if high == trump else high

        return max(trumps, key=trump_rank)[0]
    led = tiles.ENDS[trick[0]][0]  # a double names its number, a mixed tile its higher end

    def rank(item: tuple[int, int]) -> int:
        high, low = tiles.ENDS[item[1]]
        if led not in (high, low):
            return -1
        if high == low:
            return 99
        return low if high == led else high

    return max(zip(seats, trick, strict=True), key=rank)[0]


def check_step(before: State, action: Action, after: State, rng: random.Random) -> None:
    if len(after.tricks) > len(before.tricks):
        leader = before.leader if before.trick_tiles else action.seat
        _, trick = after.tricks[-1]
        assert after.trump is not None
        assert after.trick_winners[-1] == _winner(leader, trick, after.trump)


def check_end(state: State) -> None:
    if state.phase is Phase.REDEAL:
        assert state.bids == [0, 0, 0] and record.describe(state)["score"] is None
        return
    assert len(state.tricks) == 7 and sum(state.taken) == 7
    done = record.result(state)
    assert done is not None and state.bidder is not None and state.bid is not None
    needed = 7 if state.bid == 21 else state.bid
    made = state.taken[state.bidder] >= needed
    for s in range(3):
        want = (state.bid if made else -state.bid) if s == state.bidder else state.taken[s]
        assert done.score[s] == want
