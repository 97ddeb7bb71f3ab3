"""One random-play test for every registered game (STYLE item 9), through the protocol only.

For each game, hypothesis picks one of the game's sample configs (every
table size and option) and a seed; the round is dealt and played to the end
by uniform legal choices through the registry. At every step: there is a
seat to act exactly while there are legal actions, they are unique and each
one applies; every seat and a spectator get a view; and the round's record
replays, through ``python -m core replay``'s own path, to the very state the
round reached.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import games, records


@pytest.mark.parametrize("name", games.names())
def test_every_game_plays_random_rounds_through_the_protocol(name: str) -> None:
    game = games.get(name)
    configs = list(game.sample_configs())
    assert configs

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from(configs), st.integers(0, 2**32))
    def play(config: object, seed: int) -> None:
        players = game.seats_of(config)
        state = game.deal(config, seed % players, seed)
        rng = random.Random(seed)
        for _ in range(5000):
            legal = list(game.legal_actions(state))
            seat = game.to_act(state)
            assert (seat is None) == (not legal)
            if not legal:
                break
            assert len(set(legal)) == len(legal)
            for action in legal[:6]:
                game.apply(game.clone(state), action)
            for viewer in [*range(players), None]:
                game.player_view(state, viewer)
            game.apply(state, legal[int(rng.random() * len(legal))])
        else:
            pytest.fail("the round never ended")
        data = json.loads(json.dumps(game.dump_record(state)))
        assert data["game"] == name
        assert records.replay(data) == game.describe(state)

    play()
