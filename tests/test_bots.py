"""Every game's bots, through the registry: each level plays whole rounds from its own view,
only ever choosing one of the view's legal actions, and the Rules level decides the same
whoever holds the pieces it cannot see (P5: bots are fed player views only)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import games

LEVELS = ("random", "rules", "expert")
#: The Expert's think time a decision here: enough to decide, little enough for many rounds.
EXPERT_MS = 5


@pytest.mark.parametrize("name", games.names())
def test_every_level_plays_whole_rounds_with_legal_actions_from_its_own_view(name: str) -> None:
    game = games.get(name)
    bots = [game.bot(level, EXPERT_MS if level == "expert" else None) for level in LEVELS]

    @settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from(list(game.sample_configs())), st.integers(0, 2**32 - 1))
    def play(config: object, seed: int) -> None:
        state = game.deal(config, seed % game.seats_of(config), seed)
        rng = random.Random(seed)
        while (seat := game.to_act(state)) is not None:
            view = game.player_view(state, seat)
            for bot in bots:
                assert bot.choose(view, random.Random(seed)) in view.legal, bot
            rules = bots[1]
            moved = game.player_view(game.redeal_unseen(state, seat, rng), seat)
            assert rules.choose(moved, random.Random(seed)) == rules.choose(
                view, random.Random(seed)
            )
            game.apply(state, bots[int(rng.random() * len(bots))].choose(view, rng))

    play()
