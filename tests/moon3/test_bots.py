"""Moon 3 of Spades' bots: the habits of the Rules level, the Expert blind to hidden cards,
and the house rules' teammate count at big tables (every game's bots play whole rounds in
``tests/test_bots.py``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import bots, games
from core.moon3 import cards, rules
from core.moon3.bots import rulebot
from core.moon3.bots.expert import ExpertBot, config_of
from core.moon3.cards import parse
from core.moon3.config import Config
from core.moon3.view import player_view
from tests.builders import act, round_with

MOON3 = games.get("moon3")


def test_the_rules_bot_never_overtakes_a_winning_partner() -> None:
    # Seat 0 leads the ace of clubs; seat 1 follows low; seat 2 (seat 0's teammate)
    # holds the king, the ten and a low club. Seat 3, still to play, might trump,
    # so seat 2 neither overtakes nor risks its ten: the low club goes.
    hands = {
        0: "AC 2S 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D 5D",
        1: "2C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
        2: "KC TC 3C AH KH QH JH TH 2H AD KD QD JD",
        3: "QC JC 9C 8C 7C 6C 5C 4C TD 9D 8D 7D 6D",
    }
    state = round_with(Config.make(4, "teams"), hands)
    act(state, "0 bid 125", "1 pass", "2 pass", "3 pass", "0 trump H")
    act(state, "0 play AC", "1 play 2C")
    choice = bots.get("moon3", "rules").choose(player_view(state, 2), random.Random(0))
    assert choice.value == parse("3C")


def test_the_rules_bot_keeps_kali_tidi_from_the_other_side() -> None:
    # Seat 1 is void in hearts and holds the 3 of spades: with the opponents winning
    # the heart trick it throws a low card, never the 30-point spade.
    hands = {
        0: "AH 2S 4S 5S 6S 7S 8S 9S 2D 3D 4D 5D 6D",
        1: "3S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        2: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AC",
        3: "AS KS QS JS TS AD KD QD JD TD 9D 8D 7D",
    }
    state = round_with(Config.make(4, "teams"), hands)
    act(state, "0 bid 125", "1 pass", "2 pass", "3 pass", "0 trump D")
    act(state, "0 play AH")
    choice = bots.get("moon3", "rules").choose(player_view(state, 1), random.Random(0))
    assert choice.value != cards.KALI_TIDI
    assert choice.value == parse("2C")


def test_the_rules_bot_feeds_kali_tidi_to_its_partners_trick_when_last_to_play() -> None:
    hands = {
        0: "2H 2S 4S 5S 6S 7S 8S 9S 2D 3D 4D 5D 6D",
        1: "AH 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AC",
        2: "KS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        3: "3S AS QS JS TS AD KD QD JD TD 9D 8D 7D",
    }
    state = round_with(Config.make(4, "teams"), hands)
    act(state, "0 bid 125", "1 pass", "2 pass", "3 pass", "0 trump D")
    act(state, "0 play 2H", "1 play AH", "2 play KS")
    # Seat 3 plays last, its teammate (seat 1) wins the trick: in goes the 3 of spades.
    choice = bots.get("moon3", "rules").choose(player_view(state, 3), random.Random(0))
    assert choice.value == cards.KALI_TIDI


def test_the_rules_bot_does_not_feed_points_an_opponent_can_still_take() -> None:
    hands = {
        0: "AH 2S 4S 5S 6S 7S 8S 9S 2D 3D 4D 5D 6D",
        1: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AC",
        2: "3S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        3: "AS KS QS JS TS AD KD QD JD TD 9D 8D 7D",
    }
    state = round_with(Config.make(4, "teams"), hands)
    act(state, "0 bid 125", "1 pass", "2 pass", "3 pass", "0 trump D")
    act(state, "0 play AH", "1 play 2H")
    # Seat 0 (seat 2's teammate) leads, but seat 3 plays after seat 2 and may trump.
    choice = bots.get("moon3", "rules").choose(player_view(state, 2), random.Random(0))
    assert choice.value not in (cards.KALI_TIDI, parse("TC"), parse("KC"))


def test_the_rules_bot_draws_trump_when_it_holds_the_top() -> None:
    hands = {
        0: "AS KS QS JS 2H 3H 4H 2C 3C 4C 2D 3D 4D",
        1: "TS 9S 8S 5H 6H 7H 5C 6C 7C 5D 6D 7D 8D",
        2: "7S 6S 8H 9H TH 8C 9C TC 9D TD JD QD KD",
        3: "5S 4S 3S 2S JH QH KH AH JC QC KC AC AD",
    }
    state = round_with(Config.make(4, "teams"), hands)
    act(state, "0 bid 125", "1 pass", "2 pass", "3 pass", "0 trump S")
    choice = bots.get("moon3", "rules").choose(player_view(state, 0), random.Random(0))
    assert choice.value == parse("AS")


def test_the_rules_bot_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    strong = {
        0: "AS KS QS JS TS 9S 3S AH KH AC KC AD KD",
        1: "8S 7S 6S QH JH TH 9H QC JC TC QD JD TD",
        2: "5S 4S 2S 8H 7H 6H 9C 8C 7C 9D 8D 7D 6D",
        3: "5H 4H 3H 2H 6C 5C 4C 3C 2C 5D 4D 3D 2D",
    }
    state = round_with(Config.make(4, "teams"), strong)
    bot = bots.get("moon3", "rules")
    assert bot.choose(player_view(state, 0), random.Random(0)).kind == "bid"
    act(state, "0 bid 125")
    assert bot.choose(player_view(state, 1), random.Random(0)).kind == "pass"


def test_the_rules_bot_calls_the_top_trump_it_lacks() -> None:
    hands = {
        0: "KS QS JS TS 9S 3S AH KH AC KC AD KD 2D",
        1: "AS 8S 7S QH JH TH 9H QC JC TC QD JD TD",
        2: "6S 5S 4S 2S 8H 7H 6H 9C 8C 7C 9D 8D 7D",
        3: "5H 4H 3H 2H 6C 5C 4C 3C 2C 6D 5D 4D 3D",
    }
    state = round_with(Config.make(4, "partners"), hands)
    act(state, "0 bid 150", "1 pass", "2 pass", "3 pass")
    choice = bots.get("moon3", "rules").choose(player_view(state, 0), random.Random(0))
    assert choice.kind == "call" and choice.value == (parse("AS"),)
    assert rulebot.best_trump(player_view(state, 0))[0] == cards.SUITS.index("S")


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(5, 45))
def test_the_expert_decides_from_its_view_alone(seed: int, steps: int) -> None:
    """Same view and same dice: same action, however the hidden cards lie (issue 6, item 1)."""
    state = rules.deal(Config.make(4, "teams"), 0, seed)
    play = random.Random(seed)
    for _ in range(steps):
        if state.to_act is None:
            return
        rules.apply(
            state, bots.get("moon3", "rules").choose(player_view(state, state.to_act), play)
        )
    if state.to_act is None:
        return
    seat = state.to_act
    expert = ExpertBot(budget_ms=60_000, worlds=3)
    other = MOON3.redeal_unseen(state, seat, random.Random(seed + 1))
    assert player_view(other, seat) == player_view(state, seat)
    first = expert.choose(player_view(state, seat), random.Random(7))
    again = expert.choose(player_view(other, seat), random.Random(7))
    assert first == again


@pytest.mark.parametrize(("players", "calls"), [(10, 1), (12, 2), (8, 3)])
def test_h2_every_bot_calls_the_house_rules_count_at_big_tables(players: int, calls: int) -> None:
    """Rules and Expert call exactly the host's number of teammate cards, and play on legally."""
    config = Config.make(players, "partners", 2, calls=calls)
    # The Expert's imagined deals follow the same house rule as the table.
    assert config_of(player_view(rules.deal(config, 0, 1), 0)).call_count == calls
    for level, bot in (("rules", bots.get("moon3", "rules")), ("expert", ExpertBot(worlds=1))):
        state = rules.deal(config, 0, players * 31 + calls)
        rng = random.Random(players)
        called = None
        while state.to_act is not None:
            view = player_view(state, state.to_act)
            action = bot.choose(view, rng)
            assert action in view.legal, level
            if action.kind == "call":
                called = action.value
            rules.apply(state, action)
        assert called is not None and len(called) == calls, level
