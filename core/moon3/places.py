"""Where every card of a round lies, what a seat cannot see of it, and where the points went.

The places are each seat's hand, the tricks (finished and in progress) and
the cards removed before the deal (R6, shown to everyone). A seat sees its
own hand and everything on the table; a spectator sees no hand. Tests use
these to check that no card is lost or made, and that a view does not change
when the cards its seat cannot see are dealt again among their places.
"""

from __future__ import annotations

import random
from collections import Counter

from core.moon3 import cards, rules
from core.moon3.actions import PLAY
from core.moon3.config import Config
from core.moon3.state import State


def full_set(config: Config) -> Counter[int]:
    """Every card a round of ``config`` is played with: its decks and jokers (R3, R5)."""
    return Counter(cards.deck(config.decks, config.jokers))


def pieces(state: State) -> dict[str, Counter[int]]:
    """Each place's cards: every seat's hand, the cards played, the cards removed."""
    places = {f"hand {seat}": Counter(hand) for seat, hand in enumerate(state.hands)}
    played = Counter(c for _, trick in state.tricks for c in trick)
    played.update(state.trick_cards)
    places["played"] = played
    places["removed"] = Counter(state.removed)
    return places


def redeal_unseen(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of ``state`` with the hands ``seat`` cannot see (every other seat's; all of
    them for a spectator) dealt again among themselves, each keeping its size."""
    copy = state.clone()
    others = [s for s in range(state.config.players) if s != seat]
    pool = [c for s in others for c in state.hands[s]]
    rng.shuffle(pool)
    played: list[list[int]] = [[] for _ in state.hands]
    for action in state.history:
        if action.kind == PLAY:
            played[action.seat].append(action.value)  # type: ignore[arg-type]  # a card id
    dealt = list(state.dealt)
    for s in others:
        size = len(state.hands[s])
        copy.hands[s], pool = sorted(pool[:size]), pool[size:]
        copy.playable[s] = rules._playable(s, copy.hands[s])
        dealt[s] = tuple(sorted(played[s] + copy.hands[s]))
    copy.dealt = tuple(dealt)
    return copy


def points_shared(state: State) -> tuple[list[int], int]:
    """The card points each seat captured, and what they add up to once the round is over:
    every point of the decks (R1, R25)."""
    return list(state.points), cards.POINTS_PER_DECK * state.config.decks
