"""What a Thirteen seat knows, and whole deals that fit it: the table rebuilt from a view.

A seat sees its own cards, how many every seat holds, and the cards played in
the trick on the table. Everything else is unseen: the other hands, the cards
set aside at a table of 2 or 3 (T1), and — since a player view carries no
record of the tricks before this one — the cards played in them. While the
game's first play is still to come, the card it must hold is the lowest
dealt, so nothing below it was dealt.

:func:`deal` gives the other seats their counts of unseen cards, every such
deal equally likely, and :func:`rebuild` turns a deal into a :class:`State`
the Expert can play forward.
"""

from __future__ import annotations

import random

from core.thirteen import cards
from core.thirteen.state import State
from core.thirteen.view import PlayerView

DECK = (1 << cards.COUNT) - 1


def unseen(view: PlayerView) -> int:
    """The cards the seat cannot place, as a mask: the deck less its hand and every card
    played so far."""
    seen = cards.mask_of(view.hand) | cards.mask_of(view.played)
    if view.must_play is not None:
        seen |= (1 << view.must_play) - 1  # below the lowest card dealt
    return DECK & ~seen


def others_of(view: PlayerView) -> list[int]:
    """The other seats still holding cards."""
    return [s for s, n in enumerate(view.hand_counts) if n and s != view.seat]


def deal(view: PlayerView, rng: random.Random) -> list[int]:
    """Every seat's hand as a mask: the view's own, the others drawn from the unseen cards."""
    assert view.seat is not None
    masks = [0] * view.players
    masks[view.seat] = cards.mask_of(view.hand)
    others = others_of(view)
    drawn = rng.sample(cards.bits(unseen(view)), sum(view.hand_counts[s] for s in others))
    start = 0
    for seat in others:
        count = view.hand_counts[seat]
        masks[seat] = cards.mask_of(drawn[start : start + count])
        start += count
    return masks


def rebuild(view: PlayerView, masks: list[int]) -> State:
    """The hand state the view shows, with ``masks`` as every seat's current cards."""
    state = State(view.config, tuple(masks), view.first_leader, view.before)
    state.opening = view.must_play is not None
    if view.must_play is not None:
        state.lowest = view.must_play
    state.to_act = view.to_act
    state.standing = view.standing
    state.standing_cards = view.standing_cards
    state.standing_seat = -1 if view.standing_seat is None else view.standing_seat
    state.passed = sum(1 << s for s in view.passed)
    state.places = list(view.places)
    state.trick = list(view.trick)
    state.bombs = list(view.bombs)
    return state
