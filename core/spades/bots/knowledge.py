"""What a Spades seat knows, turned into whole hands: the table rebuilt from a view.

The Rules policy and the Expert's playouts work on a hand state. From a
player view this module rebuilds one — the seat's own cards, the public
table — with the cards it cannot see dealt to the other seats, at random
but consistent with what the table has shown: how many cards each holds,
the suits a seat has failed to follow, that a seat which led a spade
before spades were broken held nothing else, and that a seat which bid nil
with its cards in view held no joker, no high spade and no ace.
"""

from __future__ import annotations

import random

from core.pieces import cards
from core.spades import rules
from core.spades.state import Phase, State
from core.spades.view import PlayerView

ALL_SUITS = frozenset(range(4))
#: The cards a nil bidder is taken not to hold: the jokers, the A♠ K♠ Q♠ and the aces.
NIL_BARRED = sum(
    1 << c for c in (cards.BIG_JOKER, cards.LITTLE_JOKER, *(13 * suit for suit in range(4)), 1, 2)
)


def voids(view: PlayerView) -> list[set[int]]:
    """The suits each seat is known to hold none of."""
    known: list[set[int]] = [set() for _ in range(view.players)]
    broken = False
    for trick in (*view.tricks, view.trick):
        if not trick.cards:
            continue
        led = rules.SUIT[trick.cards[0]]
        if led == rules.SPADES and not broken:
            known[trick.seats[0]] |= ALL_SUITS - {rules.SPADES}  # it held only spades
        for seat, c in zip(trick.seats[1:], trick.cards[1:], strict=True):
            if rules.SUIT[c] != led:
                known[seat].add(led)
        if any(rules.SUIT[c] == rules.SPADES for c in trick.cards):
            broken = True
    return known


def unseen(view: PlayerView) -> list[int]:
    """The cards the seat cannot see: the deck less its hand and everything played."""
    seen = set(view.hand)
    for trick in (*view.tricks, view.trick):
        seen.update(trick.cards)
    return [c for c in view.config.deck if c not in seen]


def barred(view: PlayerView) -> list[int]:
    """The cards each seat is taken not to hold, as masks: a seat that bid nil, seeing
    its cards, held no joker, no A♠ K♠ Q♠ and no ace (no sound nil bid holds one)."""
    out = [0] * view.players
    for seat, amount in enumerate(view.bids):
        if amount == 0 and not view.blind[seat] and seat != view.seat:
            out[seat] = NIL_BARRED
    return out


def sample(view: PlayerView, rng: random.Random, tries: int = 30) -> list[int]:
    """Every seat's current hand as a mask: the view's own, the others drawn to fit."""
    assert view.seat is not None
    pool = unseen(view)
    known = voids(view)
    bars = barred(view)
    others = [s for s in range(view.players) if s != view.seat]

    def fits(c: int, seat: int) -> bool:
        return rules.SUIT[c] not in known[seat] and not bars[seat] >> c & 1

    for attempt in range(tries):
        rng.shuffle(pool)
        room = {s: view.hand_counts[s] for s in others}
        masks = [0] * view.players
        strict = attempt < tries - 1  # the last try ignores what cannot be satisfied
        # The most constrained cards first: those few seats may hold.
        order = sorted(pool, key=lambda c: sum(fits(c, s) for s in others))
        placed = True
        for c in order:
            seats = [s for s in others if room[s] and (not strict or fits(c, s))]
            if not seats:
                placed = False
                break
            seat = seats[int(rng.random() * len(seats))]
            masks[seat] |= 1 << c
            room[seat] -= 1
        if placed:
            masks[view.seat] = sum(1 << c for c in view.hand)
            return masks
    raise ValueError("no deal fits this table")


def rebuild(view: PlayerView, masks: list[int]) -> State:
    """The hand state the view shows, with ``masks`` as every seat's current cards."""
    state = State(view.config, view.dealer, tuple(masks), view.before)
    state.hands = list(masks)
    state.bids = list(view.bids)
    state.blind = list(view.blind)
    state.phase = Phase.BIDDING if view.phase == "bidding" else Phase.PLAYING
    state.to_act = view.to_act
    state.tricks = [(t.seats[0], t.cards) for t in view.tricks]
    state.trick_winners = [t.winner for t in view.tricks if t.winner is not None]
    state.taken = list(view.taken)
    state.broken = view.broken
    state.played = sum(1 << c for t in (*view.tricks, view.trick) for c in t.cards)
    trick = view.trick
    if trick.cards:
        state.trick_cards = list(trick.cards)
        state.leader = trick.seats[0]
        state.led_suit = rules.SUIT[trick.cards[0]]
        state.best_seat = trick.winner if trick.winner is not None else trick.seats[0]
        best = trick.cards[trick.seats.index(state.best_seat)]
        state.best_power = rules.POWER[state.led_suit][best]
    return state
