"""The fast paths of the rules agree with the plain ones on random positions.

``legal_actions`` reads the actions of a hand from tables kept by halves of
its mask; it must give the very actions, in the very order, of the tiles
the seat may play (M5), bid (M2) or discard (M3). The checked ``apply``
accepts a playable tile at once; it must accept and refuse exactly as the
full check does, with the same message.
"""

from __future__ import annotations

import random

from core.moon_dominoes import rules, tiles
from core.moon_dominoes.actions import (
    BID,
    BIDS,
    DISCARD,
    DISCARDS,
    PASS,
    PASSES,
    PLAY,
    PLAYS,
    TRUMP,
    TRUMPS,
    Action,
)
from core.moon_dominoes.config import BIDS as AMOUNTS
from core.moon_dominoes.config import Config
from core.moon_dominoes.state import Phase, State


def listed(state: State) -> tuple[Action, ...]:
    """The legal actions, worked out tile by tile."""
    seat = state.to_act
    if seat is None:
        return ()
    if state.phase is Phase.PLAYING:
        may = rules.playable(state, seat)
        return tuple(PLAYS[seat][t] for t in range(tiles.COUNT) if may >> t & 1)
    if state.phase is Phase.BIDDING:
        return (PASSES[seat], *(BIDS[seat][a] for a in AMOUNTS if a > rules.standing(state)))
    if state.phase is Phase.DISCARD:
        hand = state.hands[seat]
        return tuple(DISCARDS[seat][t] for t in range(tiles.COUNT) if hand >> t & 1)
    return TRUMPS[seat]


def checked(state: State, action: Action) -> str | None:
    """What the full check says of ``action``: None if it is legal, else why not."""
    try:
        rules._check(state, action)
    except rules.IllegalAction as refused:
        return str(refused)
    return None


def candidates(state: State, rng: random.Random) -> list[Action]:
    """The legal actions and a spread of others: any seat, kind and value."""
    out = list(rules.legal_actions(state))
    for _ in range(8):
        seat = rng.choice([state.to_act or 0, rng.randrange(3)])
        kind = rng.choice([PLAY, PLAY, PLAY, PASS, BID, DISCARD, TRUMP])
        value = rng.randrange(-1, tiles.COUNT + 1) if kind != BID else rng.choice([3, 4, 7, 21])
        out.append(Action(seat, kind, value))
    return out


def test_fast_paths_agree_with_the_full_rules() -> None:
    rng = random.Random(3)
    for number in range(150):
        state = rules.deal(Config(), number % 3, rng.randrange(1 << 30))
        while True:
            legal = rules.legal_actions(state)
            assert legal == listed(state)
            for action in candidates(state, rng):
                said = checked(state, action)
                fast, slow = state.clone(), state.clone()
                try:
                    rules.apply(fast, action)
                except rules.IllegalAction as refused:
                    assert str(refused) == said, action
                    continue
                assert said is None, action
                rules.apply_unchecked(slow, action)
                assert fast.history == slow.history and fast.hands == slow.hands
                assert (fast.to_act, fast.phase, fast.taken, fast.trick_tiles) == (
                    slow.to_act,
                    slow.phase,
                    slow.taken,
                    slow.trick_tiles,
                )
            if not legal:
                break
            rules.apply(state, rng.choice(legal))
