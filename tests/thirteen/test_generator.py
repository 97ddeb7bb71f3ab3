"""The legal-move generator against brute force over every subset of a hand (SPEC T3, T4, T7).

The brute force here knows the combinations from T3 and the beating order
of T4 by its own counting of ranks, not by the engine's classifier: for a
13-card hand it tries all 8,191 non-empty subsets and keeps those that are
a combination (and, mid-trick, that beat the standing play).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from core.thirteen import cards, combos, rules
from core.thirteen.actions import PASS
from core.thirteen.config import Config

TWO = 12


def kind_of(play: tuple[int, ...]) -> tuple[str, int] | None:
    """T3 by counting: the kind and the number of cards, or None."""
    ranks = Counter(c // 4 for c in play)
    size = len(play)
    if len(ranks) == 1:
        return {1: "single", 2: "pair", 3: "triple", 4: "quad"}[size], size
    low, high = min(ranks), max(ranks)
    consecutive = high - low + 1 == len(ranks) and TWO not in ranks
    if consecutive and len(ranks) >= 3 and set(ranks.values()) == {1}:
        return "sequence", size
    if consecutive and len(ranks) >= 3 and set(ranks.values()) == {2}:
        return "double", size
    return None


def beats(play: tuple[int, ...], standing: tuple[int, ...]) -> bool:
    """T4 by cases."""
    mine, theirs = kind_of(play), kind_of(standing)
    assert mine is not None and theirs is not None
    if mine == theirs and max(play) > max(standing):
        return True
    twos = all(c // 4 == TWO for c in standing)
    if twos and theirs[0] in ("single", "pair", "triple"):
        count = theirs[1]
        if mine == ("double", 2 * (count + 2)):
            return True
        if count == 1 and mine[0] == "quad":
            return True
    return False


def brute(hand: list[int], standing: tuple[int, ...] | None) -> list[tuple[int, ...]]:
    found = []
    for size in range(1, len(hand) + 1):
        for play in combinations(sorted(hand), size):
            if kind_of(play) is None:
                continue
            if standing is None or beats(play, standing):
                found.append(play)
    return sorted(found, key=lambda p: (len(p), p))


def random_hand(rng: random.Random) -> list[int]:
    # Hands rich in pairs and runs now and then, so double sequences and bombs turn up.
    if rng.random() < 0.4:
        ranks = rng.sample(range(12), rng.randint(4, 7))
        pool = [r * 4 + s for r in ranks for s in range(4)]
        return sorted(rng.sample(pool, 13))
    return sorted(rng.sample(range(cards.COUNT), 13))


@pytest.mark.parametrize("seed", range(12))
def test_t7_every_play_of_a_fresh_lead_matches_brute_force(seed: int) -> None:
    hand = random_hand(random.Random(seed))
    listed = [p for p, _ in combos.plays(cards.mask_of(hand))]
    assert listed == brute(hand, None)


def test_t4_every_beating_play_mid_trick_matches_brute_force() -> None:
    rng = random.Random(99)
    standings = [
        (47,), (48,), (51,), (48, 49), (49, 50, 51), (20, 23), (0, 5, 9), (4, 8, 12, 16),
        (8, 9, 12, 13, 16, 17), (8, 9, 10, 11), (0, 1, 2), (36, 40, 44),
    ]  # fmt: skip
    for standing in standings:
        for _ in range(3):
            hand = [c for c in random_hand(rng) if c not in standing]
            state = rules.start(Config(2, 1), [hand[:13], _rest(hand)], first_leader=0)
            state.standing = combos.classify(standing)
            state.standing_cards = standing
            state.standing_seat = 1
            got = [a.cards for a in rules.legal_actions(state) if a.kind != PASS]
            assert got == brute(hand[:13], standing), cards.names(standing)


def _rest(hand: list[int]) -> list[int]:
    return [c for c in range(cards.COUNT) if c not in hand][:13]


def test_t2_the_first_lead_offers_only_plays_with_the_lowest_card() -> None:
    for seed in range(20):
        state = rules.deal(Config(3), seed)
        leader = state.to_act
        assert leader is not None
        hand = cards.bits(state.hands[leader])
        want = [p for p in brute(hand, None) if state.lowest in p]
        assert [a.cards for a in rules.legal_actions(state)] == want
