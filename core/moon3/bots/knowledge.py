"""What one seat knows in trick play, gathered once per decision for the bots.

Built from a :class:`~core.moon3.view.PlayerView` (what a browser gets), or
from a state and a seat inside the Expert's simulations, where the state is a
sampled world and the seat still uses only its own hand and the public table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from core import seats
from core.moon3 import cards
from core.moon3.cards import JOKER, KALI_TIDI, POINTS, RANK
from core.moon3.rules import EFF_SUIT, KEYS
from core.moon3.state import State
from core.moon3.view import PlayerView, TrickView


@dataclass(slots=True)
class Knowledge:
    """A seat's picture of the play: its hand, what is unseen, who is with it."""

    seat: int
    players: int
    hand: list[int]
    trump: int
    bidder: int
    bid: int
    #: The current trick, in play order.
    trick_seats: list[int]
    trick_cards: list[int]
    #: Cards neither in this hand, nor played, nor removed (copies counted).
    unseen: Counter[int]
    #: voids[s]: effective suits seat s showed out of.
    voids: Sequence[AbstractSet[int]]
    #: Seats known to be on this seat's side (itself included) and known opponents.
    friends: AbstractSet[int]
    foes: AbstractSet[int]
    side_points: tuple[int, int]
    legal_cards: list[int] = field(default_factory=list)

    @property
    def bidding(self) -> bool:
        """Is this seat known to be on the bidding side?"""
        return self.bidder in self.friends

    def suit_of(self, c: int) -> int:
        return EFF_SUIT[self.trump][c]

    def key(self, c: int, led: int) -> int:
        """The card's strength in a trick led in ``led`` (higher wins; equal: later wins)."""
        return KEYS[self.trump][led][c]

    def to_play_after(self) -> list[int]:
        """Seats still to play in this trick after this seat, in order."""
        order = []
        s = self.seat
        clockwise = seats.NEXT[self.players]
        for _ in range(self.players - len(self.trick_cards) - 1):
            s = clockwise[s]
            order.append(s)
        return order

    def beaters(self, best_key: int, led: int) -> int:
        """How many unseen cards could beat a card of strength ``best_key``."""
        get = self.unseen.get
        count = 0
        for key, c in STRONGEST[self.trump][led]:
            if key < best_key:
                break
            count += get(c, 0)
        return count

    def higher_unseen(self, c: int) -> int:
        """Unseen cards of the same effective suit ranking above ``c``."""
        get = self.unseen.get
        return sum([get(x, 0) for x in ABOVE[self.trump][c]])


def _strongest(trump: int, led: int) -> tuple[tuple[int, int], ...]:
    keys = KEYS[trump][led]
    return tuple(sorted(((keys[c], c) for c in cards.ALL_IDS if keys[c] > 0), reverse=True))


def _above(trump: int, c: int) -> tuple[int, ...]:
    eff = EFF_SUIT[trump]
    keys = KEYS[trump][eff[c]]
    return tuple(x for x in cards.ALL_IDS if eff[x] == eff[c] and keys[x] > keys[c])


#: STRONGEST[trump][led]: (key, card) of every card that can win a trick, strongest first.
STRONGEST = tuple(tuple(_strongest(trump, led) for led in range(4)) for trump in range(4))
#: IN_SUIT[trump][suit]: the cards of an effective suit (trump takes the jokers).
IN_SUIT = tuple(
    tuple(tuple(c for c in cards.ALL_IDS if EFF_SUIT[trump][c] == suit) for suit in range(4))
    for trump in range(4)
)
#: ABOVE[trump][card]: the cards of its effective suit that rank above it.
ABOVE = tuple(tuple(_above(trump, c) for c in cards.ALL_IDS) for trump in range(4))


def _voids(
    trump: int, tricks: Sequence[tuple[Sequence[int], Sequence[int]]], players: int
) -> list[set[int]]:
    voids: list[set[int]] = [set() for _ in range(players)]
    for seats_, cards_ in tricks:
        if not cards_:
            continue
        led = EFF_SUIT[trump][cards_[0]]
        for s, c in zip(seats_[1:], cards_[1:], strict=True):
            if EFF_SUIT[trump][c] != led:
                voids[s].add(led)
    return voids


def _sides(
    seat: int,
    players: int,
    teams: Sequence[int],
    bidder: int,
    partners: Sequence[int],
    called: Sequence[int] | None,
    hand: Sequence[int],
) -> tuple[AbstractSet[int], AbstractSet[int]]:
    """(friends, foes) as far as this seat can tell; the rest are unknown."""
    if teams:
        return _teams(seat, tuple(teams))
    everyone = set(range(players))
    revealed = set(partners)
    holds_call = seat != bidder and any(c in hand for c in called or ())
    known = revealed | ({seat} if holds_call else set())
    settled = called is not None and len(known) >= len(set(called))
    if seat == bidder or seat in known:
        friends = {bidder} | known
        return friends, (everyone - friends if settled else set())
    foes = {bidder} | revealed
    return (everyone - foes if settled else {seat}), foes


@lru_cache(maxsize=256)
def _teams(seat: int, teams: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int]]:
    """(friends, foes) of ``seat`` at a table of teams."""
    friends = frozenset(s for s in range(len(teams)) if teams[s] == teams[seat])
    return friends, frozenset(range(len(teams))) - friends


class _Finished(NamedTuple):
    """What a round's finished tricks tell every seat: the cards not yet seen in them (nor
    removed) and the suits each seat showed out of, for the table and trump they were read
    with. It depends on nothing else, so any view with these tricks may start from it."""

    decks: int
    jokers: bool
    removed: tuple[int, ...]
    trump: int
    players: int
    tricks: tuple[TrickView, ...]
    unseen: Counter[int]
    voids: tuple[frozenset[int], ...]


#: The finished tricks read last (a seat's turn follows another's in the same round).
_read: _Finished | None = None


def _copy(counts: Counter[int]) -> Counter[int]:
    """A copy of ``counts``, made without Counter's checks of its argument."""
    copied: Counter[int] = Counter.__new__(Counter)
    dict.update(copied, counts)
    return copied


def _take(unseen: Counter[int], taken: Sequence[int]) -> None:
    """Count ``taken`` as seen, keeping only cards still unseen."""
    for c in taken:
        left = unseen[c] - 1
        if left > 0:
            unseen[c] = left
        else:
            unseen.pop(c, None)


def _finished(view: PlayerView, trump: int) -> _Finished:
    """The finished tricks of ``view`` read, from those read last when they lead to them."""
    global _read
    last, tricks = _read, view.tricks
    if not (
        last is not None
        and last.trump == trump
        and last.removed == view.removed
        and last.decks == view.decks
        and last.jokers == view.jokers
        and last.players == view.players
        and len(last.tricks) <= len(tricks)
        and (last.tricks is tricks or tricks[: len(last.tricks)] == last.tricks)
    ):
        last = None  # another table, or another round: read its tricks from the start
    if last is None:
        unseen = Counter(cards.deck(view.decks, view.jokers))
        _take(unseen, view.removed)
        voids: list[frozenset[int]] = [frozenset()] * view.players
        new = tricks
    elif len(last.tricks) == len(tricks):
        return last  # the tricks as last read: the next seat's turn in the same trick
    else:
        unseen = _copy(last.unseen)
        voids = list(last.voids)
        new = tricks[len(last.tricks) :]
    eff = EFF_SUIT[trump]
    for seats_, cards_, _, _ in new:
        _take(unseen, cards_)
        led = eff[cards_[0]]
        for s, c in zip(seats_[1:], cards_[1:], strict=True):
            if eff[c] != led and led not in voids[s]:
                voids[s] = voids[s] | {led}
    read = _Finished(
        view.decks, view.jokers, view.removed, trump, view.players, tricks, unseen, tuple(voids)
    )
    _read = read
    return read


def from_view(view: PlayerView) -> Knowledge:
    """The knowledge of the view's seat during trick play."""
    assert view.seat is not None and view.trump is not None and view.bidder is not None
    finished = _finished(view, view.trump)
    unseen: Counter[int] = Counter.__new__(Counter)  # a copy, as _copy makes it
    dict.update(unseen, finished.unseen)
    trick = view.trick
    if view.decks == 1:  # one copy of each card: what is seen is gone
        pop = unseen.pop
        for c in view.hand:
            pop(c, None)
        for c in trick.cards:
            pop(c, None)
    else:
        _take(unseen, (*view.hand, *trick.cards))
    voids: list[AbstractSet[int]] = list(finished.voids)
    if cards_ := trick.cards:  # the trick under way: seats that did not follow
        eff = EFF_SUIT[view.trump]
        led = eff[cards_[0]]
        for s, c in zip(trick.seats[1:], cards_[1:], strict=True):
            if eff[c] != led and led not in voids[s]:
                voids[s] = voids[s] | {led}
    friends, foes = _sides(
        view.seat,
        view.players,
        view.teams,
        view.bidder,
        view.partners,
        view.called,
        view.hand,
    )
    plays: list[int] = [card for _, kind, card in view.legal if kind == "play"]  # type: ignore[misc]
    return Knowledge(
        view.seat,
        view.players,
        list(view.hand),
        view.trump,
        view.bidder,
        view.bid or 0,
        list(trick.seats),
        list(trick.cards),
        unseen,
        voids,
        friends,
        foes,
        view.side_points,
        plays,
    )


class Tracker:
    """The public side of a round kept up to date play by play, for fast playouts.

    Holds the cards not yet played or removed, and the suits each seat showed
    out of; :meth:`knowledge` then gives a seat's picture without recounting.
    """

    __slots__ = ("public", "voids")

    def __init__(self, state: State) -> None:
        cfg = state.config
        assert state.trump is not None
        public = Counter(cards.deck(cfg.decks, cfg.jokers))
        public.subtract(state.removed)
        for _, cs in state.tricks:
            public.subtract(cs)
        public.subtract(state.trick_cards)
        self.public = public
        tricks = [*state.tricks, (tuple(state.trick_seats), tuple(state.trick_cards))]
        self.voids = _voids(state.trump, tricks, cfg.players)

    def played(self, state: State, seat: int, c: int) -> None:
        """Note ``seat`` playing ``c`` into the current trick (call before applying it)."""
        self.public[c] -= 1
        if state.trick_cards:
            led = EFF_SUIT[state.trump][state.trick_cards[0]]  # type: ignore[index]
            if EFF_SUIT[state.trump][c] != led:  # type: ignore[index]
                self.voids[seat].add(led)

    def knowledge(self, state: State, seat: int, legal_cards: list[int]) -> Knowledge:
        """What ``seat`` knows now, in the (sampled) state."""
        cfg = state.config
        assert state.trump is not None and state.bidder is not None
        unseen = self.public.copy()
        hand = state.hands[seat]
        for c in hand:
            unseen[c] -= 1
        friends, foes = _sides(
            seat, cfg.players, cfg.teams, state.bidder, state.partners, state.called, hand
        )
        points = state.points
        bidding = points[state.bidder] + sum(points[s] for s in state.partners)
        return Knowledge(
            seat=seat,
            players=cfg.players,
            hand=list(hand),
            trump=state.trump,
            bidder=state.bidder,
            bid=state.bid or 0,
            trick_seats=list(state.trick_seats),
            trick_cards=list(state.trick_cards),
            unseen=unseen,
            voids=self.voids,
            friends=friends,
            foes=foes,
            side_points=(bidding, sum(points) - bidding),
            legal_cards=legal_cards,
        )


def from_state(state: State, seat: int, legal_cards: list[int]) -> Knowledge:
    """The same knowledge read straight from a (sampled) state, for simulations."""
    return Tracker(state).knowledge(state, seat, legal_cards)


def throw_order(c: int) -> tuple[int, int]:
    """Sort key for a card to give away: fewest points first, then the lowest rank.

    The 3 of spades and a joker come last whatever their rank.
    """
    guard = 100 if c == KALI_TIDI else 50 if c == JOKER else 0
    return (POINTS[c] + guard, -RANK[c])


#: :func:`throw_order` of every card id.
THROW_ORDER = tuple(throw_order(c) for c in cards.ALL_IDS)
