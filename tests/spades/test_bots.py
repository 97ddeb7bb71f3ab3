"""Spades bots: every level legal where blind nil is offered, dealt worlds that fit the view,
and the Rules habits."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.bots import RandomBot
from core.pieces import cards
from core.spades import rules
from core.spades.actions import BIDS, PLAYS
from core.spades.bots import knowledge, players, policy
from core.spades.config import Config
from core.spades.state import Phase
from core.spades.view import player_view

BOTS = [RandomBot(), players.RulesBot(), players.ExpertBot(budget_ms=2)]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([3, 4, 5]), st.booleans(), st.integers(0, 2**32))
def test_every_level_bids_and_plays_legally_where_blind_nil_is_offered(
    players_count: int, jokers: bool, seed: int
) -> None:
    """Every game's bots play whole rounds in ``tests/test_bots.py``, from sides level at
    zero; here the first side trails by 150, so its players are offered blind nil (S4)."""
    config = Config.make(players_count, jokers=jokers, blind_nil=True, nil=True)
    before = tuple((-150 if side == 0 else 0, 0) for side in range(len(config.sides)))
    state = rules.deal(config, seed % players_count, seed, before)
    rng = random.Random(seed)
    while state.phase is not Phase.HAND_OVER:
        seat = state.to_act
        assert seat is not None
        view = player_view(state, seat)
        for bot in BOTS:
            assert bot.choose(view, random.Random(seed)) in view.legal
        rules.apply(state, BOTS[int(rng.random() * 3)].choose(view, rng))


def test_dealt_worlds_respect_hand_sizes_and_shown_voids() -> None:
    config = Config.make(4)
    state = rules.deal(config, 0, 11)
    for _ in range(4):
        rules.apply(state, BIDS[state.to_act][3])  # type: ignore[index]
    rng = random.Random(3)
    for _ in range(20):  # a few tricks of rules play
        rules.apply(state, policy.choose(state, state.to_act))  # type: ignore[arg-type]
    view = player_view(state, state.to_act)
    voids = knowledge.voids(view)
    for _ in range(50):
        masks = knowledge.sample(view, rng)
        for seat in range(4):
            held = rules.bits_of(masks[seat])
            assert len(held) == view.hand_counts[seat]
            if seat != view.seat:
                assert not any(rules.SUIT[c] in voids[seat] for c in held)


def test_the_rules_bot_keeps_its_own_nil_by_playing_under() -> None:
    config = Config.make(4)
    # Seat 1 bid nil and holds the K and the 2 of hearts; the Q is led: it plays the 2.
    suit = {s: [cards.card(r, s) for r in cards.RANKS] for s in cards.SUITS}
    mine = [cards.parse("KH"), cards.parse("2H")]
    lead = cards.parse("QH")
    hearts = [c for c in suit["H"] if c not in mine]
    hands = [
        [*hearts, *suit["D"][:2]],
        [*mine, *suit["C"][:11]],
        [*suit["C"][11:], *suit["D"][2:]],
        suit["S"],
    ]
    state = rules.start(config, 3, hands)
    for seat, amount in ((0, 4), (1, 0), (2, 4), (3, 3)):
        rules.apply(state, BIDS[seat][amount])
    rules.apply(state, PLAYS[0][lead])
    assert policy.choose(state, 1) == PLAYS[1][cards.parse("2H")]
