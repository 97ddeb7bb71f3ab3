"""The game registry: a game is reached by name and played through the protocol."""

from __future__ import annotations

import random

import pytest

from core import games


def test_moon3_is_registered_and_plays_a_round_through_the_protocol() -> None:
    game = games.get("moon3")
    assert game.title == "Moon 3 of Spades"
    config = game.make_config(players=5, mode="partners")
    state = game.deal(config, 0, seed=11)
    rng = random.Random(11)
    while actions := game.legal_actions(state):
        game.apply(state, rng.choice(actions))
    view = game.player_view(state, None)
    assert view.phase == "round_over" and sum(view.points) == 500


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(KeyError, match="unknown game"):
        games.get("chess")
