"""The fast paths of the rules agree with the plain ones on random positions.

``legal_actions`` lists from tables (:mod:`core.thirteen.listing`); it must
give the very actions, in the very order, that ``combos.plays`` and
``combos.beating`` give. The checked ``apply`` accepts the common moves at
once; it must accept and refuse exactly as the full check does, with the
same message.
"""

from __future__ import annotations

import random

import pytest

from core.thirteen import cards, combos, rules
from core.thirteen.actions import PASS, PASSES, PLAY, Action
from core.thirteen.config import Config
from core.thirteen.state import State


def listed(state: State) -> tuple[Action, ...]:
    """The legal actions as the plays of ``combos`` give them."""
    seat = state.to_act
    if state.phase is not rules.PLAYING or seat is None:
        return ()
    hand, standing = state.hands[seat], state.standing
    if standing is not None:
        return (PASSES[seat], *(Action(seat, PLAY, p) for p, _ in combos.beating(hand, standing)))
    found = combos.plays(hand)
    if rules.first_play(state):
        found = tuple(item for item in found if state.lowest in item[0])
    return tuple(Action(seat, PLAY, p) for p, _ in found)


def checked(state: State, action: Action) -> str | None:
    """What the full check says of ``action``: None if it is legal, else why not."""
    try:
        rules._refuse(state, action)
        if action.kind != PASS:
            rules._check_play(state, action)
    except rules.IllegalAction as refused:
        return str(refused)
    return None


def rich_deal(config: Config, rng: random.Random) -> State:
    """A deal, now and then one whose hands are heavy in pairs and runs (bombs, sequences)."""
    if rng.random() < 0.5:
        return rules.deal(config, rng.randrange(1 << 30), rng.choice([None, 0]))
    ranks = rng.sample(range(13), 13)
    deck = [4 * r + s for r in ranks for s in range(4)]
    hands = [sorted(deck[13 * s : 13 * s + 13]) for s in range(config.players)]
    return rules.start(config, hands, rng.choice([None, 0]))


def candidates(state: State, rng: random.Random) -> list[Action]:
    """The legal actions and a spread of others: any seat, passes, singles and small sets."""
    players = state.config.players
    out = list(rules.legal_actions(state))
    for _ in range(6):
        seat = rng.choice([state.to_act or 0, rng.randrange(-1, players + 1)])
        out.append(Action(seat, PASS))
        hand = [c for c in range(cards.COUNT) if state.hands[seat % players] >> c & 1]
        pool = hand if hand and rng.random() < 0.8 else list(range(cards.COUNT))
        size = min(len(pool), rng.choice([1, 1, 2, 3, 4]))
        out.append(Action(seat, PLAY, tuple(sorted(rng.sample(pool, size)))))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_paths_agree_with_the_full_rules(players: int) -> None:
    rng = random.Random(players)
    config = Config(players, 1)
    for _ in range(40):
        state = rich_deal(config, rng)
        while True:
            legal = rules.legal_actions(state)
            assert tuple(legal) == listed(state)
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
                assert (fast.to_act, fast.standing, fast.bombs) == (
                    slow.to_act,
                    slow.standing,
                    slow.bombs,
                )
            if not legal:
                break
            rules.apply(state, rng.choice(legal))
