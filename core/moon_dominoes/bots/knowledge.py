"""What a Three-Player Moon seat knows, and whole deals that fit it: the table rebuilt from a view.

A seat sees its own tiles and every tile played. It has seen who showed out
of which suit: a seat that did not follow a led suit holds none of the tiles
that follow that suit under the trump (M5). The rest is unseen: while
bidding, the other two hands and the widow; once the auction is won, a
defender cannot see the bidder's hand (the widow in it) nor the tile it
discarded face down (M3), while the bidder knows its discard, so all it
cannot see is the two defenders' hands.

:func:`sample` deals the unseen tiles to fit the counts and the voids, every
fitting deal equally likely (tiles only one place can take are placed, the
rest dealt at random until a deal fits; tile by tile, the most constrained
first, when random deals rarely fit), and :func:`rebuild` turns a deal
into a :class:`State` a bot can play forward.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from core.moon_dominoes import tiles
from core.moon_dominoes.config import PLAYERS
from core.moon_dominoes.state import Phase, State
from core.moon_dominoes.view import PlayerView

#: The holder index of the tiles in no hand (the widow while bidding, then the discard).
OUT = PLAYERS
HOLDERS = range(PLAYERS + 1)
#: Random deals tried before placing the tiles one by one, most constrained first.
DEALS_TRIED = 60


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A seat's picture of the tiles: masks of tile ids."""

    seat: int
    hand: int
    #: Every tile played so far, the trick in progress included.
    played: int
    #: The tiles the seat cannot see (in the other hands, or out of play unseen).
    unseen: int
    #: voids[seat]: the tiles that seat cannot hold, having shown out of their suits.
    voids: tuple[int, ...]
    #: How many unseen tiles each holder has: the three seats (the seat itself none, its
    #: tiles being known), then OUT (1 while an unseen tile is in no hand, else 0).
    counts: tuple[int, ...]


def played_mask(view: PlayerView) -> int:
    return sum(1 << t for trick in (*view.tricks, view.trick) for t in trick.tiles)


def voids(view: PlayerView) -> tuple[int, ...]:
    """Per seat, the tiles it cannot hold: the followers of every suit it failed to follow."""
    known = [0] * PLAYERS
    trump = view.trump
    if trump is None:
        return tuple(known)
    follow = tiles.FOLLOW[trump]
    for trick in (*view.tricks, view.trick):
        if not trick.tiles:
            continue
        followers = follow[tiles.SUIT_OF[trump][trick.tiles[0]]]
        for seat, t in zip(trick.seats[1:], trick.tiles[1:], strict=True):
            if not followers >> t & 1:
                known[seat] |= followers
    return tuple(known)


def read(view: PlayerView) -> Knowledge:
    """The seat's knowledge from its view."""
    assert view.seat is not None
    hand = sum(1 << t for t in view.hand)
    played = played_mask(view)
    seen = hand | played
    if view.discard is not None:
        seen |= 1 << view.discard
    unseen = tiles.ALL & ~seen
    counts = [0 if s == view.seat else view.hand_counts[s] for s in range(PLAYERS)]
    counts.append(unseen.bit_count() - sum(counts))
    return Knowledge(view.seat, hand, played, unseen, voids(view), tuple(counts))


def sample(view: PlayerView, rng: random.Random) -> list[int]:
    """A whole deal that fits the view: each seat's tiles now, then (index OUT) the unseen
    tile in no hand, if any. Every fitting deal is equally likely."""
    return deal(read(view), rng)


def deal(known: Knowledge, rng: random.Random) -> list[int]:
    """:func:`sample` from a seat's knowledge (read once, dealt many times)."""
    barred = [*known.voids, 0]
    room = list(known.counts)
    masks = [0] * (PLAYERS + 1)
    masks[known.seat] = known.hand
    free = tiles.bits(known.unseen)
    placed = True
    while placed:  # a tile only one holder with room can take goes there
        placed = False
        rest = []
        for t in free:
            able = [h for h in HOLDERS if room[h] and not barred[h] >> t & 1]
            if len(able) == 1:
                masks[able[0]] |= 1 << t
                room[able[0]] -= 1
                placed = True
            else:
                rest.append(t)
        free = rest
    slots = [h for h in HOLDERS for _ in range(room[h])]
    for _ in range(DEALS_TRIED):
        rng.shuffle(free)
        if all(not barred[h] >> t & 1 for h, t in zip(slots, free, strict=True)):
            return _dealt(masks, slots, free)
    order = sorted(free, key=lambda t: sum(not barred[h] >> t & 1 for h in HOLDERS))
    for _ in range(DEALS_TRIED):
        out, left = masks[:], room[:]
        for t in order:
            able = [h for h in HOLDERS if left[h] and not barred[h] >> t & 1]
            if not able:
                break
            h = able[int(rng.random() * len(able))]
            out[h] |= 1 << t
            left[h] -= 1
        else:
            return out
    # Nothing fits (a view no real deal gives): deal the tiles by the counts alone.
    return _dealt(masks, slots, free)


def _dealt(masks: list[int], slots: list[int], free: list[int]) -> list[int]:
    out = masks[:]
    for h, t in zip(slots, free, strict=True):
        out[h] |= 1 << t
    return out


def rebuild(view: PlayerView, masks: list[int]) -> State:
    """The hand as the view shows it, with ``masks`` as every seat's tiles now (and the
    tile out of play at index OUT, if any, taken for the widow while bidding and for the
    discard after): the auction, the trump, the tricks so far, the trick in progress and
    the totals before. The action history is left empty."""
    hands = tuple(masks[:PLAYERS])
    out = masks[OUT] if len(masks) > OUT else 0
    widow = view.widow if view.widow is not None else (out.bit_length() - 1 if out else 0)
    state = State(view.config, view.first_bidder, hands, widow, view.before)
    state.bids = list(view.bids)
    state.turns = sum(b is not None for b in view.bids)
    state.bidder = view.bidder
    state.bid = view.bid
    state.trump = view.trump
    state.phase = Phase[view.phase.upper()]
    state.to_act = view.to_act
    if view.discard is not None:
        state.discard = view.discard
    elif view.phase not in ("bidding", "discard", "redeal") and out:
        state.discard = out.bit_length() - 1
    state.tricks = [(t.seats[0], t.tiles) for t in view.tricks]
    state.trick_winners = [t.winner for t in view.tricks if t.winner is not None]
    state.taken = list(view.taken)
    state.played = played_mask(view)
    trick = view.trick
    if trick.tiles:
        assert view.trump is not None and trick.winner is not None
        state.trick_tiles = list(trick.tiles)
        state.leader = trick.seats[0]
        state.led_suit = tiles.SUIT_OF[view.trump][trick.tiles[0]]
        state.best_seat = trick.winner
        best = trick.tiles[trick.seats.index(trick.winner)]
        state.best_power = tiles.POWER[view.trump][state.led_suit][best]
    elif view.tricks:
        state.leader = view.tricks[-1].seats[0]
    return state
