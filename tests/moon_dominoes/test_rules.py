"""Three-Player Moon's rules one case at a time: what a led tile asks for (M4), and actions
naming no tile or trump of the set (M8)."""

from __future__ import annotations

import pytest

from core.moon_dominoes import rules, tiles
from core.moon_dominoes.actions import Action
from core.moon_dominoes.config import Config


def test_a_double_led_names_its_number_and_a_mixed_tile_its_higher_end() -> None:
    five_five, six_five = tiles.ID["5-5"], tiles.ID["6-5"]
    assert tiles.led_suit(five_five, tiles.NO_TRUMP) == 5
    assert tiles.led_suit(six_five, tiles.NO_TRUMP) == 6
    assert tiles.led_suit(six_five, 5) == tiles.TRUMP_SUIT


def test_an_action_built_with_no_such_tile_or_trump_is_refused() -> None:
    state = rules.deal(Config(), 0, 1)
    for seat in (0, 1, 2):
        rules.apply(state, Action(seat, "bid", 4) if seat == 0 else Action(seat, "pass"))
    for value in (22, -1):
        with pytest.raises(rules.IllegalAction):
            rules.apply(state, Action(0, "discard", value))
    rules.apply(state, rules.legal_actions(state)[0])
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, Action(0, "trump", 42))
