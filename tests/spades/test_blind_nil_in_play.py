"""S4 and S6 over random hands whose sides start apart: a seat that may still bid blind nil
sees none of its own cards until it bids, whoever holds them; the hand then plays out and its
score adds to the totals before it (the random-play test over every game starts from zeros)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import games
from core.spades import rules
from core.spades.config import Config
from core.spades.state import Phase
from core.spades.view import player_view
from tests.spades import invariants

TABLES = [
    Config.make(players, partnership=players == 4 and partnership, jokers=jokers, blind_nil=True)
    for players in (3, 4, 5)
    for partnership in (False, True)
    if players == 4 or not partnership
    for jokers in (False, True)
]
BEFORE = st.lists(st.tuples(st.integers(-300, 520), st.integers(0, 9)), min_size=5, max_size=5)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.integers(0, 2**32 - 1), st.integers(0, 4), BEFORE)
def test_s4_a_seat_that_may_bid_blind_nil_sees_no_card_of_its_own_until_it_bids(
    config: Config, seed: int, dealer: int, before: list[tuple[int, int]]
) -> None:
    game = games.get("spades")
    state = rules.deal(config, dealer % config.players, seed, tuple(before[: len(config.sides)]))
    rng = random.Random(seed)
    while state.phase is not Phase.HAND_OVER:
        if state.phase is Phase.BIDDING:
            for seat in [*range(config.players), None]:
                view = player_view(state, seat)
                face_down = (
                    seat is not None
                    and state.bids[seat] is None
                    and rules.blind_nil_allowed(state, seat)
                )
                assert view.hand_hidden == face_down
                assert (view.hand == ()) == (face_down or seat is None)
                assert player_view(game.redeal_unseen(state, seat, rng), seat) == view
        rules.apply(state, rng.choice(rules.legal_actions(state)))
    invariants.check_end(state)
