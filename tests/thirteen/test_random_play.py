"""Random whole hands of Thirteen keep every invariant of T1–T7 (a property test).

Over random deals for 2, 3 and 4 players, played with random legal moves:
the legal list is distinct, in T7 order and every entry applies; the pass is
offered exactly when there is a play to beat; the turn never falls to a seat
that has passed or gone out; cards are conserved; the hand ends with one
seat holding cards and places every seat; points are n−1 … 0; a seat's view
does not change when the cards it cannot see are dealt differently; and the
record replays to the same result.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import records
from core.thirteen import cards, record, rules
from core.thirteen.actions import PASS
from core.thirteen.config import Config
from core.thirteen.state import Phase, State
from core.thirteen.view import player_view


def shuffled_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same hand with every card ``seat`` cannot see dealt again among the others."""
    copy = state.clone()
    others = [s for s in range(state.config.players) if s != seat]
    pool = [c for s in others for c in cards.bits(copy.hands[s])]
    rng.shuffle(pool)
    for s in others:
        count = copy.hands[s].bit_count()
        copy.hands[s] = cards.mask_of(pool[:count])
        pool = pool[count:]
    return copy


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(0, 2**32 - 1), st.booleans())
def test_random_hands_keep_every_invariant(players: int, seed: int, first: bool) -> None:
    rng = random.Random(seed)
    leader = None if first else rng.randrange(players)
    state = rules.deal(Config(players), seed, leader)
    dealt = sum(m.bit_count() for m in state.dealt)
    assert dealt == 13 * players and state.to_act == state.first_leader
    played = 0
    while state.phase is Phase.PLAYING:
        seat = state.to_act
        assert seat is not None and state.hands[seat] and not state.passed >> seat & 1
        legal = rules.legal_actions(state)
        keys = [(len(a.cards), a.cards) for a in legal if a.kind != PASS]
        assert keys == sorted(set(keys))
        assert (legal[0].kind == PASS) == (state.standing is not None)
        assert all(a.seat == seat for a in legal)
        view = player_view(state, seat)
        assert player_view(shuffled_hidden(state, seat, rng), seat) == view
        action = rng.choice(legal)
        probe = state.clone()
        for other in rng.sample(legal, min(3, len(legal))):
            rules.apply(probe.clone(), other)
        rules.apply(state, action)
        played += len(action.cards)
        assert sum(m.bit_count() for m in state.hands) == dealt - played
    holding = [s for s in range(players) if state.hands[s]]
    assert len(holding) == 1 and state.places[-1] == holding[0]
    assert sorted(state.places) == list(range(players))
    score = rules.score(state)
    assert score is not None
    assert [score[s] for s in state.places] == list(range(players - 1, -1, -1))
    kept = json.loads(json.dumps(record.dump(state)))
    assert records.replay(kept) == record.describe(state)
