"""Rules of one round of Moon 3 of Spades (SPEC section 3, R1–R26).

Flow: removal and seeded deal (R5–R7) → auction (R11–R14) → in Card-Based
mode the bidder calls teammate cards (R16–R18) → the bidder picks trump (R15)
→ tricks (R21–R25) → the round result (R26). Scoring (R27) and the game end
(R28) are in :mod:`core.moon3.scoring`.

Actions (:mod:`core.moon3.actions`): ``bid`` with an amount, ``pass``,
``call`` with a tuple of card ids, ``trump`` with a suit index 0..3 (S H C D),
``play`` with a card id. :func:`apply` checks an action and raises
:class:`IllegalAction` saying why it is refused, changing nothing;
:func:`apply_unchecked` is the fast path for bots and simulation, for actions
taken from :func:`legal_actions`.

Trick winner (R23, R24): every card gets a key for the trick — the joker 100,
a trump 50 + strength, a card of the led suit its strength, anything else 0 —
and the last card with the highest key wins, so of identical cards (or two
jokers) the later one wins.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Sequence
from functools import cache
from math import comb
from typing import TypeVar, overload

from core import seats
from core.echo import echo
from core.moon3.actions import (
    BID,
    BID_ACTIONS,
    CALL,
    PASS,
    PASS_ACTIONS,
    PLAY,
    PLAY_ACTIONS,
    TRUMP,
    TRUMP_ACTIONS,
    Action,
)
from core.moon3.cards import (
    ALL_IDS,
    JOKER,
    KALI_TIDI,
    NAME,
    POINTS,
    RANK,
    SUIT,
    SUIT_NAMES,
    deck,
    label,
)
from core.moon3.config import BID_STEP, Config, Mode
from core.moon3.state import Phase, State


class IllegalAction(ValueError):
    """An action the rules refuse; the message says why. The state is unchanged."""


class BadRound(ValueError):
    """A deal that does not fit the config (wrong hands or removed cards)."""


def _suit_table(trump: int) -> tuple[int, ...]:
    return tuple(trump if c == JOKER else SUIT[c] for c in ALL_IDS)


def _key_table(trump: int, led: int) -> tuple[int, ...]:
    def key(c: int) -> int:
        if c == JOKER:
            return 100
        strength = 13 - RANK[c]
        if SUIT[c] == trump:
            return 50 + strength
        return strength if SUIT[c] == led else 0

    return tuple(key(c) for c in ALL_IDS)


#: Effective suit of every card once trump is known: the joker joins trump (R3, R22).
EFF_SUIT = tuple(_suit_table(t) for t in range(4))
#: KEYS[trump][led][card]: the card's strength in a trick (R23, R24).
KEYS = tuple(tuple(_key_table(t, led) for led in range(4)) for t in range(4))
_NO_SUITS: tuple[int, ...] = SUIT
_PLAYING = Phase.PLAYING
_BIDDING = Phase.BIDDING
_TRUMP = Phase.TRUMP
#: An action's value as the phase function that applies it reads it.
V = TypeVar("V")
JOKER_SUIT = SUIT[JOKER]  # where jokers sit in a seat's plays by suit

PHASE_KINDS = {
    Phase.BIDDING: (BID, PASS),
    Phase.CALLING: (CALL,),
    Phase.TRUMP: (TRUMP,),
    Phase.PLAYING: (PLAY,),
    Phase.ROUND_OVER: (),
}
_VERBS = {BID: "bid", PASS: "pass", CALL: "call cards", TRUMP: "choose trump", PLAY: "play"}


# ---------------------------------------------------------------- set-up


def removable_cards(config: Config) -> list[int]:
    """R6: the cards that may be removed — 0-point cards, never a joker — with copies."""
    return list(_removable(config.decks))


@cache
def _removable(decks: int) -> tuple[int, ...]:
    return tuple(c for c in deck(decks, False) if POINTS[c] == 0)


def default_removal(config: Config) -> list[int]:
    """R6: the lowest removable cards, one copy of each before any second copy."""
    return list(_lowest(config.decks, config.removal_count))


@cache
def _lowest(decks: int, count: int) -> tuple[int, ...]:
    one_copy = sorted(set(_removable(decks)), key=lambda c: (-RANK[c], SUIT[c]))
    return tuple(sorted((one_copy * decks)[:count]))


def check_removed(config: Config, removed: Sequence[int]) -> None:
    """Raise :class:`BadRound` unless ``removed`` is a legal R5/R6 removal."""
    need = config.removal_count
    if len(removed) != need:
        raise BadRound(
            f"{len(removed)} cards removed; {config.players} players with "
            f"{config.deck_size} cards need exactly {need} removed"
        )
    available = Counter(_removable(config.decks))
    for c, count in Counter(removed).items():
        if c == JOKER:
            raise BadRound("the joker cannot be removed")
        if POINTS[c]:
            raise BadRound(
                f"removed card {NAME[c]} is worth points; only 0-point cards may be removed"
            )
        if count > available[c]:
            raise BadRound(f"{NAME[c]} removed {count} times; the deck has {available[c]}")


def deal(
    config: Config, first_bidder: int, seed: int, removed: Sequence[int] | None = None
) -> State:
    """R5–R7: remove, shuffle with ``seed``, deal one card at a time clockwise.

    The deal begins with the round's first bidder. ``removed`` defaults to
    :func:`default_removal`.
    """
    if removed is None:
        removed = _lowest(config.decks, config.removal_count)
    else:
        check_removed(config, removed)
    pack = list(_pack(config.decks, config.jokers, tuple(removed)))
    # A shuffle by random sort keys: uniform, seeded, and twice as fast as
    # random.shuffle, whose per-card draw runs in Python.
    draw = random.Random(seed).random
    pack.sort(key=lambda _: draw())
    n = config.players
    hands = [sorted(pack[seats.deal_offset(s, first_bidder, n) :: n]) for s in range(n)]
    return _fresh(config, first_bidder, hands, removed, seed)


@cache
def _pack(decks: int, jokers: bool, removed: tuple[int, ...]) -> tuple[int, ...]:
    """The cards dealt: the deck less ``removed``, in display order."""
    pack = deck(decks, jokers)
    for c in removed:
        pack.remove(c)
    return tuple(pack)


def new_round(
    config: Config,
    first_bidder: int,
    hands: Sequence[Sequence[int]],
    removed: Sequence[int] = (),
    seed: int | None = None,
) -> State:
    """A round at the start of the auction, from an explicit deal (checked)."""
    n = config.players
    if isinstance(first_bidder, bool) or not isinstance(first_bidder, int):
        raise BadRound("first_bidder must be a seat number")
    if not 0 <= first_bidder < n:
        raise BadRound(f"first_bidder must be a seat from 0 to {n - 1}")
    if len(hands) != n:
        raise BadRound(f"hands must hold {n} hands, one per seat, not {len(hands)}")
    check_removed(config, removed)
    for s, hand in enumerate(hands):
        if len(hand) != config.hand_size:
            raise BadRound(
                f"seat {s} holds {len(hand)} cards; each hand must hold {config.hand_size}"
            )
    have = Counter(removed)
    for hand in hands:
        have.update(hand)
    want = Counter(deck(config.decks, config.jokers))
    if have != want:
        c = next(c for c in ALL_IDS if have[c] != want[c])
        raise BadRound(
            f"the hands and removed cards do not make up the deck: "
            f"{NAME[c]} appears {have[c]} times, the deck has {want[c]}"
        )
    return _fresh(config, first_bidder, [sorted(hand) for hand in hands], removed, seed)


def _playable(seat: int, hand: Sequence[int]) -> list[list[Action]]:
    """The distinct plays of a sorted hand by suit (S H C D, then jokers), display order."""
    by_suit: list[list[Action]] = [[], [], [], [], []]
    row = PLAY_ACTIONS[seat]
    for c in dict.fromkeys(hand):
        by_suit[SUIT[c]].append(row[c])
    return by_suit


def _fresh(
    config: Config,
    first_bidder: int,
    hands: Sequence[list[int]],
    removed: Sequence[int],
    seed: int | None,
) -> State:
    """A round at the start of the auction; ``hands`` are fresh sorted lists, which it keeps."""
    n = config.players
    st = State.__new__(State)
    st.config = config
    st.seed = seed
    st.first_bidder = first_bidder
    st.removed = tuple(sorted(removed))
    st.dealt = tuple(map(tuple, hands))
    st.keys = KEYS[0][0]
    st.hands = list(hands)
    st.clockwise = seats.NEXT[n]
    st.playable = [_playable(seat, hand) for seat, hand in enumerate(st.dealt)]
    st.phase = Phase.BIDDING
    st.to_act = first_bidder
    st.history = []
    st.high_bid = None
    st.high_bidder = None
    st.passed = [False] * n
    st.active = n
    st.bid = None
    st.bidder = None
    st.called = None
    st.trump = None
    st.eff_suit = _NO_SUITS
    st.copies_left = {}
    st.decided = {}
    st.last_player = {}
    st.partners = []
    st.trick_seats = []
    st.trick_cards = []
    st.led_suit = -1
    st.best_key = -1
    st.best_seat = -1
    st.tricks = []
    st.trick_winners = []
    st.points = [0] * n
    st.kali = []
    st.memo = None
    return st


# ---------------------------------------------------------------- legal actions


def lowest_bid(state: State) -> int:
    """R12: the smallest bid allowed now."""
    high = state.high_bid
    return state.config.min_bid if high is None else high + BID_STEP


def callable_cards(state: State) -> list[int]:
    """R18: cards with a dealt copy that is not in the bidder's hand, display order."""
    assert state.bidder is not None
    own = Counter(state.dealt[state.bidder]).get
    return [c for c, copies in _dealt(state).items() if copies > own(c, 0)]


def _dealt(state: State) -> Counter[int]:
    """How many copies of each card were dealt, in display order: the deck less the removed
    cards, as every deal of the round's table and removal holds them (shared: never changed)."""
    cfg = state.config
    return _copies(cfg.decks, cfg.jokers, state.removed)


@cache
def _copies(decks: int, jokers: bool, removed: tuple[int, ...]) -> Counter[int]:
    return Counter(_pack(decks, jokers, removed))


class CallOptions(Sequence[Action]):
    """Every legal call, in lexicographic order of card ids, without listing them.

    Indexing unranks one combination, so ``random.choice`` works in constant
    time; membership accepts the cards in any order, as a call may name them.
    """

    __slots__ = ("callable", "need", "seat", "size")

    def __init__(self, seat: int, callable_ids: Sequence[int], need: int) -> None:
        self.seat = seat
        self.callable = tuple(callable_ids)
        self.need = need
        self.size = comb(len(self.callable), need)

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.size))]
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        picked: list[int] = []
        start, left = 0, self.need
        while left:
            for i in range(start, len(self.callable)):
                block = comb(len(self.callable) - i - 1, left - 1)
                if index < block:
                    picked.append(self.callable[i])
                    start, left = i + 1, left - 1
                    break
                index -= block
        return Action(self.seat, CALL, tuple(picked))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CallOptions):
            return (self.seat, self.callable, self.need) == (
                other.seat,
                other.callable,
                other.need,
            )
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"CallOptions(seat={self.seat}, need={self.need}, callable={len(self.callable)})"

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, Action) or item.kind != CALL or item.seat != self.seat:
            return False
        value = item.value
        return (
            isinstance(value, tuple)
            and len(value) == self.need
            and len(set(value)) == self.need
            and set(value) <= set(self.callable)
        )


def legal_actions(state: State) -> Sequence[Action]:
    """The legal actions of the seat to act, in the record order (SPEC section 5).

    Bidding: the pass, then every bid ascending. Calling: every set of
    ``call_count`` distinct callable cards, as a lazy :class:`CallOptions`
    (with three calls from some fifty cards there are about 20,000). Trump:
    S H C D. Playing: each distinct legal card once, display order.
    """
    phase = state.phase
    seat = state.to_act
    if seat is None:
        return []
    if phase is _PLAYING:
        # R22: follow the led suit if possible (jokers belong to trump), else anything.
        plays = state.playable[seat]
        if state.trick_cards:
            led = state.led_suit
            if led == state.trump and plays[JOKER_SUIT]:
                return [*plays[JOKER_SUIT], *plays[led]]
            if plays[led]:
                return plays[led][:]
        return [*plays[JOKER_SUIT], *plays[0], *plays[1], *plays[2], *plays[3]]
    if phase is _BIDDING:
        return _auction_offer(seat, lowest_bid(state), state.config.max_bid)
    if phase is Phase.TRUMP:
        return list(TRUMP_ACTIONS[seat])
    if phase is Phase.CALLING:
        return CallOptions(seat, callable_cards(state), state.config.call_count)
    return []


@cache
def _auction_offer(seat: int, lowest: int, highest: int) -> tuple[Action, ...]:
    """R12: the pass, then every bid from ``lowest`` to ``highest`` in steps of 5."""
    return (PASS_ACTIONS[seat], *BID_ACTIONS[seat][lowest // BID_STEP : highest // BID_STEP + 1])


def timeout_action(state: State) -> Action:
    """R14: the automatic pass of a bidder whose time ran out."""
    if state.phase is not Phase.BIDDING or state.to_act is None:
        raise IllegalAction("Only a bidder's turn times out")
    return PASS_ACTIONS[state.to_act]


# ---------------------------------------------------------------- checked apply


def apply(state: State, action: Action) -> None:
    """Apply one action after checking it; raise :class:`IllegalAction` if refused."""
    # The common case, a card play by the seat to act, is checked inline: the card is held,
    # and it follows the suit led or the seat has none of it (R22).
    if state.phase is _PLAYING and action.__class__ is Action:
        seat, kind, c = action
        if kind == PLAY and seat == state.to_act and c.__class__ is int:
            hand = state.hands[seat]
            if c in hand:
                if not state.trick_cards:
                    _play(state, seat, c, action, hand)
                    return
                led = state.led_suit
                if state.eff_suit[c] == led:
                    _play(state, seat, c, action, hand)
                    return
                plays = state.playable[seat]
                if not plays[led] and not (led == state.trump and plays[JOKER_SUIT]):
                    _play(state, seat, c, action, hand)
                    return
    elif state.phase is _BIDDING and action.__class__ is Action:
        # R12: a pass, or a bid in steps of 5 above the standing bid up to the maximum.
        seat, kind, amount = action
        if seat == state.to_act:
            if kind == PASS:
                _pass(state, action)
                return
            if (
                kind == BID
                and amount.__class__ is int
                and lowest_bid(state) <= amount <= state.config.max_bid
                and not amount % BID_STEP
            ):
                _bid(state, action, amount)
                return
    elif state.phase is _TRUMP and action.__class__ is Action:
        # R15: the bidder names spades, hearts, clubs or diamonds.
        seat, kind, suit = action
        if kind == TRUMP and seat == state.to_act and suit.__class__ is int and 0 <= suit < 4:
            _trump(state, action, suit)
            return
    check(state, action)
    apply_unchecked(state, action)


def check(state: State, action: Action) -> None:
    """Raise :class:`IllegalAction` with the reason unless ``action`` is legal now."""
    if not isinstance(action, Action):
        raise IllegalAction("That is not a move")
    phase = state.phase
    kind = action.kind
    seat = action.seat
    cfg = state.config
    if phase is Phase.ROUND_OVER:
        raise IllegalAction("The round is over")
    if kind not in _VERBS:
        raise IllegalAction(f"There is no move called {echo(kind, 12)}")
    if kind not in PHASE_KINDS[phase]:
        raise IllegalAction(
            f"You cannot {_VERBS[kind]} now: the round is in the {phase.label} phase"
        )
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < cfg.players:
        raise IllegalAction(f"There is no seat {echo(seat, 12)} at a table of {cfg.players}")
    if seat != state.to_act:
        raise IllegalAction("It is not your turn")
    value = action.value
    if kind == PLAY:
        _check_play(state, seat, value)
    elif kind == BID:
        _check_bid(state, value)
    elif kind == CALL:
        _check_call(state, value)
    elif kind == TRUMP and (isinstance(value, bool) or value not in (0, 1, 2, 3)):
        raise IllegalAction("Trump is spades, hearts, clubs or diamonds")


def _check_bid(state: State, amount: object) -> None:
    cfg = state.config
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalAction("A bid is a whole number of points")
    if amount % BID_STEP:
        raise IllegalAction(f"Bids go in steps of 5: {amount} is not a multiple of 5")
    if amount > cfg.max_bid:
        raise IllegalAction(f"You can bid at most {cfg.max_bid}")
    if amount < cfg.min_bid:
        raise IllegalAction(f"You must bid at least {cfg.min_bid}")
    if state.high_bid is not None and amount <= state.high_bid:
        raise IllegalAction(f"Your bid must be higher than the standing bid of {state.high_bid}")


def _check_call(state: State, called: object) -> None:
    need = state.config.call_count
    if not isinstance(called, tuple) or not all(
        isinstance(c, int) and not isinstance(c, bool) and 0 <= c < len(ALL_IDS) for c in called
    ):
        raise IllegalAction("A call names cards")
    if len(called) != need:
        raise IllegalAction(f"Call exactly {need} card{'s' if need > 1 else ''}, not {len(called)}")
    if len(set(called)) != len(called):
        raise IllegalAction("The cards you call must all be different")
    assert state.bidder is not None
    dealt, own = _dealt(state), state.dealt[state.bidder]
    for c in called:
        if dealt[c] <= own.count(c):  # R18, as callable_cards lists them
            why = "it was not dealt" if c not in dealt else "you hold every copy dealt"
            raise IllegalAction(f"You cannot call {label(c)}: {why}")


def _check_play(state: State, seat: int, card: object) -> None:
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < len(ALL_IDS):
        raise IllegalAction("A play names a card")
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalAction(f"You don't hold {label(card)}")
    if state.trick_cards:
        led = state.led_suit
        eff = state.eff_suit
        if eff[card] != led and any(eff[c] == led for c in hand):
            raise IllegalAction(f"You must follow {SUIT_NAMES[led]}")


# ---------------------------------------------------------------- unchecked apply


def apply_unchecked(state: State, action: Action) -> None:
    """Apply a legal action without checking it (bots, simulation, replay after check)."""
    seat, kind, value = action
    if kind == PLAY:
        _play(state, seat, value, action, state.hands[seat])  # type: ignore[arg-type]
    elif kind == BID:
        _bid(state, action, _value(action, int))
    elif kind == PASS:
        _pass(state, action)
    elif kind == TRUMP:
        _trump(state, action, _value(action, int))
    else:
        _call(state, action, _value(action, tuple))


def _next_bidder(state: State, seat: int) -> int:
    """The next seat clockwise after ``seat`` that has not passed."""
    clockwise, passed = state.clockwise, state.passed
    seat = clockwise[seat]
    while passed[seat]:
        seat = clockwise[seat]
    return seat


def _value(action: Action, kind: type[V]) -> V:
    """The value of ``action``, of type ``kind`` for its action type."""
    value = action.value
    assert isinstance(value, kind)
    return value


def _bid(state: State, action: Action, amount: int) -> None:
    """``action``, a bid of ``amount``, raises the auction or wins it (R13)."""
    seat = action.seat
    state.history.append(action)
    state.high_bid = amount
    state.high_bidder = seat
    # R13: a bid of the maximum, or a bid after everyone else passed, wins at once.
    if amount >= state.config.max_bid or state.active == 1:
        _end_auction(state, seat, amount)
    else:
        state.to_act = _next_bidder(state, seat)


def _pass(state: State, action: Action) -> None:
    seat = action.seat
    state.history.append(action)
    state.passed[seat] = True
    state.active -= 1
    if state.high_bidder is not None and state.high_bid is not None:
        if state.active == 1:
            _end_auction(state, state.high_bidder, state.high_bid)
            return
    elif state.active == 0:
        # R13: everyone passed; the round's first bidder takes it at the minimum.
        _end_auction(state, state.first_bidder, state.config.min_bid)
        return
    state.to_act = _next_bidder(state, seat)


def _end_auction(state: State, winner: int, amount: int) -> None:
    state.bidder = winner
    state.bid = amount
    state.to_act = winner
    cfg = state.config
    if cfg.mode is Mode.PARTNERS:
        state.phase = Phase.CALLING
    else:
        state.partners = seats.teammates(winner, cfg.teams)
        state.phase = Phase.TRUMP


def _call(state: State, action: Action, called: tuple[int, ...]) -> None:
    state.history.append(action)
    state.called = called
    dealt = _dealt(state)
    state.copies_left = {c: dealt[c] for c in called}
    state.phase = Phase.TRUMP


def _trump(state: State, action: Action, suit: int) -> None:
    state.history.append(action)
    state.trump = suit
    state.eff_suit = EFF_SUIT[suit]
    state.phase = Phase.PLAYING
    state.to_act = state.bidder  # R21


def _play(state: State, seat: int, c: int, action: Action, hand: list[int]) -> None:
    """``seat`` plays card ``c`` (``action``) from its ``hand``: the trick goes on or is won."""
    hand.remove(c)
    if c not in hand:  # with two decks the seat may hold another copy
        state.playable[seat][SUIT[c]].remove(action)
    state.history.append(action)
    if c in state.copies_left:
        _track_partner(state, seat, c)
    trick = state.trick_cards
    if trick:
        key = state.keys[c]
        if key >= state.best_key:  # R24: the later of equal cards wins
            state.best_key = key
            state.best_seat = seat
    else:
        led = state.led_suit = state.eff_suit[c]
        keys = state.keys = KEYS[state.trump][led]  # type: ignore[index]  # set by _trump
        state.best_key = keys[c]
        state.best_seat = seat
    trick.append(c)
    state.trick_seats.append(seat)
    if len(trick) < state.config.players:  # one card from every seat completes the trick
        state.to_act = state.clockwise[seat]
        return
    winner = state.best_seat
    state.points[winner] += sum(map(POINTS.__getitem__, trick))  # R25
    if KALI_TIDI in trick:
        state.kali.extend([winner] * trick.count(KALI_TIDI))
    state.trick_winners.append(winner)
    state.tricks.append((tuple(state.trick_seats), tuple(trick)))
    state.trick_cards = []
    state.trick_seats = []
    if state.hands[winner]:
        state.to_act = winner  # R21
    else:
        state.phase = Phase.ROUND_OVER
        state.to_act = None


def _track_partner(state: State, seat: int, c: int) -> None:
    """R19/R20: note who played a called card and reveal the partner when it is decided."""
    state.copies_left[c] -= 1
    last_rule = state.config.last_rule
    if seat != state.bidder:
        if last_rule:
            state.last_player[c] = seat
        elif c not in state.decided:
            state.decided[c] = seat
            _reveal(state, seat)
    if last_rule and state.copies_left[c] == 0 and c in state.last_player:
        state.decided[c] = state.last_player[c]
        _reveal(state, state.last_player[c])


def _reveal(state: State, seat: int) -> None:
    if seat not in state.partners:
        insort(state.partners, seat)


# ---------------------------------------------------------------- round facts


def bidding_side(state: State) -> list[int]:
    """The bidder and the partners known now; empty while bidding."""
    if state.bidder is None:
        return []
    return sorted([state.bidder, *state.partners])


def defending_side(state: State) -> list[int]:
    """Every seat not on the bidding side as known now; empty while bidding."""
    if state.bidder is None:
        return []
    return seats.others(bidding_side(state), state.config.players)


def side_points(state: State) -> dict[str, int]:
    """Captured points of the two sides as known now."""
    bidding = sum(state.points[s] for s in bidding_side(state))
    defending = sum(state.points[s] for s in defending_side(state))
    return {"bidding": bidding, "defending": defending}


def made(state: State) -> bool | None:
    """R26: whether the bidding side reached its bid; ``None`` before the round ends."""
    if state.phase is not Phase.ROUND_OVER:
        return None
    assert state.bid is not None
    return side_points(state)["bidding"] >= state.bid


def replay(
    config: Config,
    first_bidder: int,
    hands: Sequence[Sequence[int]],
    removed: Sequence[int],
    actions: Sequence[Action],
    seed: int | None = None,
) -> State:
    """Rebuild a round from its deal and action log, checking every action."""
    state = new_round(config, first_bidder, hands, removed, seed)
    for action in actions:
        apply(state, action)
    return state


#: Where each kind of action stands in a list of legal actions (a list holds one phase's).
_KIND_ORDER = {PASS: 0, BID: 1, CALL: 2, TRUMP: 3, PLAY: 4}


def action_order(action: Action) -> tuple[int, object]:
    """The key that sorts legal actions into the record order (SPEC section 5): the pass,
    then bids by amount; calls by their cards; trump S H C D; plays by card id, which is
    the joker, then S H C D each from the ace down."""
    return (_KIND_ORDER[action.kind], action.value)
