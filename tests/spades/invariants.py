"""Spades' own rules in play, checked on the hands of the random-play test over every game
(``tests/test_every_game.py``): a spectator holds no card; at the end every trick was won by
someone, and the replay counts each seat's tricks and adds the hand's score to the totals
before it (S6, S8)."""

from __future__ import annotations

import json
import random

from core import records
from core.spades import record
from core.spades.actions import Action
from core.spades.state import State
from core.spades.view import player_view


def check_step(before: State, action: Action, after: State, rng: random.Random) -> None:
    assert player_view(before, None).hand == ()


def check_end(state: State) -> None:
    size = state.config.hand_size
    assert sum(state.taken) == size and len(state.trick_winners) == size
    again = records.replay(json.loads(json.dumps(record.dump(state))))
    assert again["tricks"] == state.taken
    score, totals = again["score"], again["totals"]
    assert isinstance(score, list) and isinstance(totals, list)
    assert totals == [b[0] + s for b, s in zip(state.before, score, strict=True)]
