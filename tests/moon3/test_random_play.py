"""Random-play property test (STYLE item 9), for every table the rules allow.

Hypothesis draws the seeds; every step of every round checks the invariants
below, so a rule that breaks in a rare position shows up here.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.moon3 import cards, record, rules
from core.moon3.actions import BID, CALL, KINDS, PASS, PLAY, TRUMP, Action
from core.moon3.config import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODE_MIN_PLAYERS,
    Config,
    Mode,
    call_counts,
)
from core.moon3.rules import CallOptions
from core.moon3.state import Phase, State
from core.moon3.view import player_view

COMBOS = [
    (players, decks, mode, jokers, calls)
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)  # H1: up to 12
    for decks in (1, 2)
    for mode in Mode
    if players >= MODE_MIN_PLAYERS[mode]
    for jokers in (False, True)
    for calls in (call_counts(players) if mode is Mode.PARTNERS else (None,))  # H2
]


def _played_by(state: State) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {s: [] for s in range(state.config.players)}
    for a in state.history:
        if a.kind == PLAY:
            assert isinstance(a.value, int)
            out[a.seat].append(a.value)
    return out


def _check_sorted_unique(state: State, legal: list[Action] | CallOptions) -> None:
    assert len(legal) > 0
    if isinstance(legal, CallOptions):
        first = [a.value for a in legal[:50]]
        assert first == sorted(set(first))
        return
    assert len(set(legal)) == len(legal)
    if state.phase is Phase.BIDDING:
        assert legal[0].kind == PASS
        amounts = [a.value for a in legal[1:]]
        assert amounts == sorted(amounts)
    else:
        values = [a.value for a in legal]
        assert values == sorted(values)  # type: ignore[type-var]


def _random_action(state: State, rng: random.Random) -> Action:
    """Any action at all, legal or not, for the refusal check."""
    n = state.config.players
    seat = state.to_act if rng.random() < 0.7 and state.to_act is not None else rng.randrange(n)
    kind = rng.choice(KINDS)
    if kind == BID:
        return Action(seat, BID, rng.randrange(0, state.config.max_bid + 20))
    if kind == CALL:
        size = rng.randrange(0, 4)
        return Action(seat, CALL, tuple(rng.randrange(53) for _ in range(size)))
    if kind == TRUMP:
        return Action(seat, TRUMP, rng.randrange(5))
    if kind == PLAY:
        hand = state.hands[seat]
        card = rng.choice(hand) if hand and rng.random() < 0.8 else rng.randrange(53)
        return Action(seat, PLAY, card)
    return Action(seat, PASS)


def _check_refusals(state: State, legal: list[Action] | CallOptions, rng: random.Random) -> None:
    before = state.snapshot()
    for _ in range(6):
        action = _random_action(state, rng)
        probe = state.clone()
        try:
            rules.apply(probe, action)
        except rules.IllegalAction:
            assert action not in legal, action
            assert probe.snapshot() == before  # a refused action changes nothing
        else:
            assert action in legal, action


def _check_every_legal_applies(state: State, legal: list[Action] | CallOptions) -> None:
    options = list(legal) if not isinstance(legal, CallOptions) else legal[:20]
    for action in options:
        rules.apply(state.clone(), action)


def _check_conservation(state: State) -> None:
    held = Counter(c for h in state.hands for c in h)
    played = Counter(c for _, trick in state.tricks for c in trick)
    played.update(state.trick_cards)
    held.update(played)
    held.update(state.removed)
    assert held == Counter(cards.deck(state.config.decks, state.config.jokers))


def _check_views(state: State, rng: random.Random) -> None:
    n = state.config.players
    for seat in [None, *range(n)]:
        view = player_view(state, seat)
        assert list(view.hand) == (state.hands[seat] if seat is not None else [])
        assert (len(view.legal) > 0) == (seat is not None and seat == state.to_act)
    # Permuting the hidden cards of the other seats leaves a seat's view unchanged.
    seat = rng.randrange(n)
    others = [s for s in range(n) if s != seat]
    pool = [c for s in others for c in state.hands[s]]
    rng.shuffle(pool)
    other = state.clone()
    played = _played_by(state)
    dealt = list(state.dealt)
    for s in others:
        size = len(state.hands[s])
        other.hands[s] = sorted(pool[:size])
        pool = pool[size:]
        dealt[s] = tuple(sorted(played[s] + other.hands[s]))
    other.dealt = tuple(dealt)
    assert player_view(other, seat) == player_view(state, seat)


def _check_rebuild(state: State) -> None:
    rebuilt = rules.replay(
        state.config, state.first_bidder, state.dealt, state.removed, state.history, state.seed
    )
    assert rebuilt == state


def _check_record_round_trip(state: State) -> None:
    text = json.dumps(record.dump(state, {"round": 1}))
    loaded = record.load(json.loads(text))
    again = record.replay(loaded)
    assert again == state
    assert record.dump(again, {"round": 1}) == json.loads(text)


@pytest.mark.parametrize(
    ("players", "decks", "mode", "jokers", "calls"),
    COMBOS,
    ids=[
        f"{p}p-{d}d-{m.value}{'-jokers' if j else ''}{f'-calls{c}' if c else ''}"
        for p, d, m, j, c in COMBOS
    ],
)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), rule=st.sampled_from(["first", "last"]))
def test_random_rounds_keep_every_invariant(
    players: int, decks: int, mode: Mode, jokers: bool, calls: int | None, seed: int, rule: str
) -> None:
    rng = random.Random(seed)
    config = Config.make(players, mode, decks, jokers=jokers, partner_rule=rule, calls=calls)
    state = rules.deal(config, rng.randrange(players), seed)
    checkpoint = rng.randrange(40)
    steps = 0
    while state.phase is not Phase.ROUND_OVER:
        legal = rules.legal_actions(state)
        _check_sorted_unique(state, legal)
        _check_every_legal_applies(state, legal)
        _check_refusals(state, legal, rng)
        _check_conservation(state)
        _check_views(state, rng)
        if steps == checkpoint:
            _check_rebuild(state)
        rules.apply(state, rng.choice(legal))
        steps += 1
    assert rules.legal_actions(state) == []
    assert sum(state.points) == cards.POINTS_PER_DECK * decks
    assert len(state.kali) == decks  # every 3♠ was captured exactly once
    if mode is Mode.PARTNERS:
        assert state.called is not None
        assert set(state.decided) == set(state.called)  # every partner is known at the end
        assert sorted(set(state.decided.values())) == state.partners
    sides = rules.side_points(state)
    assert sides["bidding"] + sides["defending"] == cards.POINTS_PER_DECK * decks
    assert rules.made(state) is (sides["bidding"] >= (state.bid or 0))
    _check_conservation(state)
    _check_views(state, rng)
    _check_rebuild(state)
    _check_record_round_trip(state)
