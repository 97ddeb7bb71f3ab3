"""Moon 3 of Spades' own rules in play, checked on the rounds of the random-play test over
every game (``tests/test_every_game.py``).

At every step a seat's view holds its own hand and a spectator's none; any
action at all is refused exactly when it is not legal, and a refusal changes
nothing. At the end every point and every 3♠ was captured once, every partner
is known, made follows the sides' points (R1, R20, R25, R26), and the meta a
room keeps rides along with the record.
"""

from __future__ import annotations

import json
import random

from core.moon3 import cards, record, rules
from core.moon3.actions import BID, CALL, KINDS, PLAY, TRUMP, Action
from core.moon3.config import Mode
from core.moon3.state import State
from core.moon3.view import player_view

#: Random actions, legal or not, offered at each step.
PROBES = 6


def _random_action(state: State, rng: random.Random) -> Action:
    """Any action at all, legal or not."""
    n = state.config.players
    seat = state.to_act if rng.random() < 0.7 and state.to_act is not None else rng.randrange(n)
    kind = rng.choice(KINDS)
    if kind == BID:
        return Action(seat, BID, rng.randrange(0, state.config.max_bid + 20))
    if kind == CALL:
        return Action(seat, CALL, tuple(rng.randrange(53) for _ in range(rng.randrange(4))))
    if kind == TRUMP:
        return Action(seat, TRUMP, rng.randrange(5))
    if kind == PLAY:
        hand = state.hands[seat]
        card = rng.choice(hand) if hand and rng.random() < 0.8 else rng.randrange(53)
        return Action(seat, PLAY, card)
    return Action(seat, kind)


def check_step(before: State, action: Action, after: State, rng: random.Random) -> None:
    assert list(player_view(before, action.seat).hand) == before.hands[action.seat]
    assert player_view(before, None).hand == ()
    legal = rules.legal_actions(before)
    kept = before.snapshot()
    for _ in range(PROBES):
        probe = _random_action(before, rng)
        trial = before.clone()
        try:
            rules.apply(trial, probe)
        except rules.IllegalAction:
            assert probe not in legal, probe
            assert trial.snapshot() == kept  # a refused action changes nothing
        else:
            assert probe in legal, probe


def check_end(state: State) -> None:
    decks = state.config.decks
    assert sum(state.points) == cards.POINTS_PER_DECK * decks
    assert len(state.kali) == decks  # every 3♠ was captured exactly once
    if state.config.mode is Mode.PARTNERS:
        assert state.called is not None
        assert set(state.decided) == set(state.called)  # every partner is known at the end
        assert sorted(set(state.decided.values())) == state.partners
    sides = rules.side_points(state)
    assert sides["bidding"] + sides["defending"] == cards.POINTS_PER_DECK * decks
    assert rules.made(state) is (sides["bidding"] >= (state.bid or 0))
    # The meta a room keeps rides along with the record and back.
    text = json.dumps(record.dump(state, {"round": 1}))
    again = record.replay(record.load(json.loads(text)))
    assert record.dump(again, {"round": 1}) == json.loads(text)
