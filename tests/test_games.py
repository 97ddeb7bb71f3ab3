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


@pytest.mark.parametrize("name", ["moon3", "spades", "moon_dominoes", "thirteen"])
def test_a_declared_game_takes_its_members_from_its_own_modules(name: str) -> None:
    game = games.get(name)
    assert isinstance(game, games.Declared)
    assert game.legal_actions is game.rules.legal_actions
    assert game.apply_unchecked is game.rules.apply_unchecked
    assert game.replay_record is game.record.replay_result
    assert game.redeal_unseen is game.places.redeal_unseen
    assert (game.screens, game.store) == (f"ui.{name}", f"core.store.{name}")
    config = game.sample_configs()[0]
    assert game.seats_of(config) == config.players


@pytest.mark.parametrize("name", ["moon3", "spades", "moon_dominoes", "thirteen"])
def test_every_game_offers_its_bots_by_level_and_refuses_an_unknown_one(name: str) -> None:
    game = games.get(name)
    assert [game.bot(level).level for level in ("random", "rules", "expert")] == [
        "random",
        "rules",
        "expert",
    ]
    with pytest.raises(KeyError, match="unknown bot level 'master'; known: random, rules, expert"):
        game.bot("master")
