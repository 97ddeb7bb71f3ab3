"""Where every card of a hand lies, what a seat cannot see of it, and where the tricks went.

The places are each seat's hand, the tricks (finished and in progress) and
the cards S2 removes (shown to everyone). A seat sees its own hand, except
while it may still bid blind nil (S4), and everything on the table; a
spectator sees no hand. Tests use these to check that no card is lost or
made, and that a view does not change when the cards its seat cannot see are
dealt again among their places.
"""

from __future__ import annotations

import random
from collections import Counter

from core.spades import rules
from core.spades.config import Config
from core.spades.state import Phase, State


def full_set(config: Config) -> Counter[int]:
    """Every card of the table's deck, the jokers and the cards S2 removes included."""
    return Counter((*config.deck, *config.removed))


def pieces(state: State) -> dict[str, Counter[int]]:
    """Each place's cards: every seat's hand, the cards played, the cards removed."""
    places = {
        f"hand {seat}": Counter(rules.cards_of(hand)) for seat, hand in enumerate(state.hands)
    }
    played = Counter(c for _, trick in state.tricks for c in trick)
    played.update(state.trick_cards)
    places["played"] = played
    places["removed"] = Counter(state.config.removed)
    return places


def _unseen_hands(state: State, seat: int | None) -> list[int]:
    """The seats whose hands ``seat`` cannot see: every other one, and its own while its
    cards stay face down for a possible blind nil."""
    face_down = (
        seat is not None
        and state.phase is Phase.BIDDING
        and state.bids[seat] is None
        and rules.blind_nil_allowed(state, seat)
    )
    return [s for s in range(state.config.players) if s != seat or face_down]


def redeal_unseen(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of ``state`` with the hands ``seat`` cannot see dealt again among themselves,
    each keeping its size (the deal on record follows the cards)."""
    hidden = _unseen_hands(state, seat)
    pool = [c for s in hidden for c in rules.cards_of(state.hands[s])]
    moved = dict(zip(pool, rng.sample(pool, len(pool)), strict=True))
    copy = state.clone()

    def remap(mask: int) -> int:
        return sum(1 << moved.get(c, c) for c in rules.cards_of(mask))

    for s in hidden:
        copy.hands[s] = remap(state.hands[s])
    copy.dealt = tuple(remap(mask) for mask in state.dealt)
    return copy


def points_shared(state: State) -> tuple[list[int], int]:
    """The tricks each seat took, and what they add up to once the hand is over: one a card
    each seat was dealt."""
    return list(state.taken), state.config.hand_size
