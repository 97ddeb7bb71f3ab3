"""Where every card of a hand lies, what a seat cannot see of it, and where the points went.

The places are each seat's hand, the cards played, and the cards set aside
unseen at 2 and 3 players (T1). A seat sees its own hand and the plays; a
spectator sees no hand. Tests use these to check that no card is lost or
made, and that a view does not change when the cards its seat cannot see are
dealt again among their places.
"""

from __future__ import annotations

import random
from collections import Counter

from core.thirteen import cards, rules
from core.thirteen.config import Config
from core.thirteen.state import State

EVERY_CARD = (1 << cards.COUNT) - 1


def full_set(config: Config) -> Counter[int]:
    """The 52 cards of the deck, those set aside included (T1)."""
    return Counter(range(cards.COUNT))


def _set_aside(state: State) -> int:
    dealt = 0
    for mask in state.dealt:
        dealt |= mask
    return EVERY_CARD & ~dealt


def pieces(state: State) -> dict[str, Counter[int]]:
    """Each place's cards: every seat's hand, the cards played, the cards set aside."""
    places = {f"hand {seat}": Counter(cards.bits(hand)) for seat, hand in enumerate(state.hands)}
    places["played"] = Counter(cards.bits(state.played))
    places["set aside"] = Counter(cards.bits(_set_aside(state)))
    return places


def redeal_unseen(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of ``state`` with the cards ``seat`` cannot see (the other hands and the cards
    set aside) dealt again among those places, each keeping its count. The deal on record,
    and the lowest card dealt that the first play must hold (T2), follow the cards."""
    hidden = [s for s in range(state.config.players) if s != seat]
    pool = [c for s in hidden for c in cards.bits(state.hands[s])]
    pool += cards.bits(_set_aside(state))
    moved = dict(zip(pool, rng.sample(pool, len(pool)), strict=True))
    copy = state.clone()

    def remap(mask: int) -> int:
        return cards.mask_of(moved.get(c, c) for c in cards.bits(mask))

    for s in hidden:
        copy.hands[s] = remap(state.hands[s])
    copy.dealt = tuple(remap(mask) for mask in state.dealt)
    copy.lowest = moved.get(state.lowest, state.lowest)
    return copy


def points_shared(state: State) -> tuple[list[int], int]:
    """The place points each seat scored, and what they add up to once the hand is over:
    n−1 down to 0 (T6)."""
    players = state.config.players
    return list(rules.score(state) or [0] * players), players * (players - 1) // 2
