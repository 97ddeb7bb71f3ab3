"""Thirteen's own rules in play, checked on the hands of the random-play test over every game
(``tests/test_every_game.py``) and on later hands of a game (``test_later_hands.py``).

The pass is offered exactly when there is a play to beat (T5); the turn never
falls to a seat that has passed or gone out; the hand ends with one seat
holding cards, every seat placed, and points n−1 down to 0 by place (T6).
"""

from __future__ import annotations

import random

from core.thirteen import rules
from core.thirteen.actions import PASS, Action
from core.thirteen.state import Phase, State


def check_step(before: State, action: Action, after: State, rng: random.Random) -> None:
    seat = before.to_act
    assert seat is not None and before.hands[seat] and not before.passed >> seat & 1
    legal = rules.legal_actions(before)
    assert (legal[0].kind == PASS) == (before.standing is not None)


def check_end(state: State) -> None:
    assert state.phase is Phase.HAND_OVER
    players = state.config.players
    holding = [s for s in range(players) if state.hands[s]]
    assert len(holding) == 1 and state.places[-1] == holding[0]
    assert sorted(state.places) == list(range(players))
    score = rules.score(state)
    assert score is not None
    assert [score[s] for s in state.places] == list(range(players - 1, -1, -1))
