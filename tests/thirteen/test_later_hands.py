"""T2 for a game's later hands: the winner of the hand before leads freely, and random later
hands keep every rule of T5 and T6 (the random-play test over every game deals first hands,
which the lowest card's holder leads)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import games
from core.thirteen import rules
from core.thirteen.config import Config
from core.thirteen.state import Phase
from core.thirteen.view import player_view
from tests.thirteen import invariants


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(0, 2**32 - 1), st.integers(0, 3))
def test_t2_a_later_hand_is_led_freely_and_plays_out_by_every_rule(
    players: int, seed: int, leader: int
) -> None:
    game = games.get("thirteen")
    state = rules.deal(Config(players), seed, leader % players)
    assert state.to_act == leader % players and not rules.first_play(state)
    rng = random.Random(seed)
    while state.phase is Phase.PLAYING:
        seat = state.to_act
        for viewer in (seat, None):
            view = player_view(state, viewer)
            assert player_view(game.redeal_unseen(state, viewer, rng), viewer) == view
        action = rng.choice(rules.legal_actions(state))
        before = state.clone()
        rules.apply(state, action)
        invariants.check_step(before, action, state, rng)
    invariants.check_end(state)
