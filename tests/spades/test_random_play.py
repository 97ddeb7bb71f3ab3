"""Random-play property test for Spades (STYLE item 9), over every table and option.

Hypothesis draws the table, the options and the seeds; at every step of every
hand: the legal actions are non-empty, unique, in the record order, and each
one applies; the cards are conserved; a seat's view does not change when the
other seats' hidden cards are dealt differently; at the end every trick is
counted once and the record replays to the same hand and score.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import records
from core.spades import record, rules
from core.spades.config import Config
from core.spades.state import Phase, State
from core.spades.view import player_view

TABLES = st.one_of(
    st.builds(
        lambda jokers, nil, blind, failed, bags, penalty, mercy: Config.make(
            4,
            partnership=True,
            jokers=jokers,
            nil=nil,
            blind_nil=blind,
            failed_nil=failed,
            bags=bags,
            set_penalty=penalty,
            mercy=mercy,
        ),
        st.booleans(),
        st.booleans(),
        st.booleans(),
        st.sampled_from(["nothing", "bags", "partner"]),
        st.booleans(),
        st.booleans(),
        st.booleans(),
    ),
    st.builds(
        lambda players, jokers, nil, blind: Config.make(
            players, partnership=False, jokers=jokers, nil=nil, blind_nil=blind
        ),
        st.sampled_from([3, 4, 5]),
        st.booleans(),
        st.booleans(),
        st.booleans(),
    ),
)
BEFORE = st.lists(st.tuples(st.integers(-300, 520), st.integers(0, 9)), min_size=5, max_size=5)


def _in_order(state: State) -> list[int]:
    """Every card still held, plus every card played: the deck, if nothing was lost."""
    held = [c for mask in state.hands for c in rules.cards_of(mask)]
    played = [c for _, trick in state.tricks for c in trick] + list(state.trick_cards)
    return sorted(held + played)


def _hidden_elsewhere(state: State, seat: int, rng: random.Random) -> State:
    """The same hand with the other seats' unseen cards dealt among them differently."""
    other = state.clone()
    seats = [s for s in range(state.config.players) if s != seat]
    pool = [c for s in seats for c in rules.cards_of(other.hands[s])]
    rng.shuffle(pool)
    for s in seats:
        count = bin(other.hands[s]).count("1")
        other.hands[s] = sum(1 << c for c in pool[:count])
        pool = pool[count:]
    return other


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TABLES, st.integers(0, 2**32), st.integers(0, 4), BEFORE)
def test_random_hands_keep_every_invariant(
    config: Config, seed: int, dealer: int, before: list[tuple[int, int]]
) -> None:
    dealer %= config.players
    state = rules.deal(config, dealer, seed, tuple(before[: len(config.sides)]))
    rng = random.Random(seed)
    deck = sorted(config.deck)
    while state.phase is not Phase.HAND_OVER:
        legal = rules.legal_actions(state)
        assert legal and len(set(legal)) == len(legal)
        if state.phase is Phase.PLAYING:
            keys = [rules.order(a.value) for a in legal]
            assert keys == sorted(keys)
        for action in legal:
            trial = state.clone()
            rules.apply(trial, action)  # every offered action is legal
        seat = state.to_act
        assert seat is not None
        view = player_view(state, seat)
        assert view == player_view(_hidden_elsewhere(state, seat, rng), seat)
        assert player_view(state, None).hand == ()
        rules.apply(state, legal[int(rng.random() * len(legal))])
        assert _in_order(state) == deck
    assert sum(state.taken) == config.hand_size
    assert len(state.trick_winners) == config.hand_size
    data = json.loads(json.dumps(record.dump(state)))
    again = records.replay(data)
    assert again == record.describe(state)
    assert again["tricks"] == state.taken
    totals = again["totals"]
    assert isinstance(totals, list)
    assert totals == [b[0] + s for b, s in zip(state.before, again["score"], strict=True)]  # type: ignore[arg-type]
