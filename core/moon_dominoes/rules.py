"""The rules of one Three-Player Moon hand: deal, auction, widow, trump and play (M1–M5).

- M1 deal: the 22 tiles shuffled from the hand's seed, seven to each seat,
  the last one the widow, face down.
- M2 auction: one turn each, clockwise from the first bidder: pass, or a bid
  above the standing one (4, 5, 6, 7, 21); 21 ends it at once; three passes
  end the hand in phase ``redeal`` (the next hand is dealt again).
- M3 the winner takes the widow, discards one of the eight face down, then
  names trump: a number 0–6, doubles or none.
- M4, M5 the bidder leads; follow the led suit if you can (trump led: play a
  trump if you can); the highest trump wins, else the highest tile of the led
  suit. All seven tricks are played.

:func:`apply` checks an action and raises :class:`IllegalAction` saying why;
:func:`apply_unchecked` trusts its caller (bots, simulation). Legal actions
come in the record order of M8.
"""

from __future__ import annotations

import random
import struct

from core import seats, tricks
from core.moon_dominoes import tiles
from core.moon_dominoes.actions import (
    BID,
    BID_LISTS,
    DISCARD,
    DISCARD_SETS,
    HALF,
    LOW,
    PASS,
    PLAY,
    PLAY_SETS,
    TRUMP,
    TRUMPS,
    Action,
)
from core.moon_dominoes.config import BIDS as AMOUNTS
from core.moon_dominoes.config import HAND, MOON, PLAYERS, Config
from core.moon_dominoes.state import Phase, State
from core.moon_dominoes.tiles import COUNT, FOLLOW, POWER, SUIT_OF

NEXT = seats.NEXT[PLAYERS]
BIDDING, DISCARD_PHASE, TRUMP_PHASE = Phase.BIDDING, Phase.DISCARD, Phase.TRUMP
PLAYING, HAND_OVER, REDEAL = Phase.PLAYING, Phase.HAND_OVER, Phase.REDEAL


#: How a number is said in a refusal.
NUMBER_WORDS = ("blank", "1", "2", "3", "4", "5", "6")


#: One random 32-bit key a tile, read at once (M1).
_KEYS = struct.Struct(f"{COUNT}I")
#: Each tile's bit in a hand mask.
_BIT = tuple(1 << tile for tile in range(COUNT))


class IllegalAction(ValueError):
    """An action the rules refuse; the message says why."""


def deal(
    config: Config, first_bidder: int, seed: int, before: tuple[int, ...] | None = None
) -> State:
    """M1: shuffle the tiles from ``seed``; seven to each seat and the last is the widow.

    The shuffle sorts the tiles by one random 32-bit key each, drawn at once:
    the same seed always gives the same deal.
    """
    keys = _KEYS.unpack(random.Random(seed).randbytes(_KEYS.size))
    # A stable sort by key alone: tiles with equal keys stay in id order, as in a sort of
    # (key, id) pairs.
    order = sorted(range(COUNT), key=keys.__getitem__)
    bit = _BIT.__getitem__
    hands = tuple(sum(map(bit, order[HAND * s : HAND * s + HAND])) for s in range(PLAYERS))
    return State(config, first_bidder, hands, order[-1], before or (0, 0, 0), seed)


def start(
    config: Config,
    first_bidder: int,
    hands: list[list[int]],
    widow: int,
    before: tuple[int, ...] | None = None,
    seed: int = 0,
) -> State:
    """A hand about to be bid, from given hands (a record's)."""
    masks = tuple(sum(1 << t for t in hand) for hand in hands)
    return State(config, first_bidder, masks, widow, before or (0, 0, 0), seed)


# ---------------------------------------------------------------- what may be done


def standing(state: State) -> int:
    """The bid to beat (0 before the first bid)."""
    return state.bid or 0


def playable(state: State, seat: int) -> int:
    """M5: the mask of the tiles ``seat`` may play now."""
    hand = state.hands[seat]
    if state.trick_tiles:
        assert state.trump is not None
        return (hand & tiles.FOLLOW[state.trump][state.led_suit]) or hand
    return hand


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the seat to act, in the record order (empty once over)."""
    seat = state.to_act
    if seat is None:
        return ()
    phase = state.phase
    if phase is PLAYING:
        hand = state.hands[seat]
        if state.trick_tiles:
            assert state.trump is not None
            hand = (hand & FOLLOW[state.trump][state.led_suit]) or hand
        low, high = PLAY_SETS[seat]
        return low[hand & LOW] + high[hand >> HALF]
    if phase is BIDDING:
        return BID_LISTS[seat][state.bid or 0]
    if phase is DISCARD_PHASE:
        hand = state.hands[seat]
        low, high = DISCARD_SETS[seat]
        return low[hand & LOW] + high[hand >> HALF]
    return TRUMPS[seat]


# ---------------------------------------------------------------- change


def apply(state: State, action: Action) -> None:
    """Check ``action`` against the rules and apply it; :class:`IllegalAction` says why not."""
    seat, kind, value = action
    # The common moves, checked at once: a tile the seat may play (M5), a pass or a bid above
    # the standing one (M2). Anything else, and any refusal, takes the full check below.
    if seat == state.to_act:
        phase = state.phase
        if phase is PLAYING:
            if kind == PLAY and 0 <= value < COUNT:
                hand = state.hands[seat]
                if state.trick_tiles:
                    assert state.trump is not None
                    hand = (hand & FOLLOW[state.trump][state.led_suit]) or hand
                if hand >> value & 1:
                    state.history.append(action)
                    _play(state, seat, value)
                    return
        elif phase is BIDDING:
            if kind == PASS:
                state.history.append(action)
                _bid(state, seat, 0)
                return
            if kind == BID and value in AMOUNTS and value > (state.bid or 0):
                state.history.append(action)
                _bid(state, seat, value)
                return
    _check(state, action)
    apply_unchecked(state, action)


def _check(state: State, action: Action) -> None:
    """Raise :class:`IllegalAction` saying why, unless the rules allow ``action`` now."""
    phase = state.phase
    if phase is HAND_OVER or phase is REDEAL:
        raise IllegalAction("The hand is over")
    if action.seat != state.to_act:
        raise IllegalAction("It is not your turn")
    seat, kind, value = action
    if kind in (DISCARD, PLAY) and not 0 <= value < tiles.COUNT:
        raise IllegalAction("There is no such tile")
    if phase is BIDDING:
        if kind == BID:
            if value not in AMOUNTS:
                raise IllegalAction("A bid is 4, 5, 6, 7 or 21")
            if value <= standing(state):
                raise IllegalAction(f"Your bid must be higher than {standing(state)}")
        elif kind != PASS:
            raise IllegalAction("The auction is on: pass or bid")
    elif phase is DISCARD_PHASE:
        if kind != DISCARD:
            raise IllegalAction("You took the widow: discard a tile first")
        if not state.hands[seat] >> value & 1:
            raise IllegalAction(f"You don't hold {tiles.NAME[value]}")
    elif phase is TRUMP_PHASE:
        if kind != TRUMP:
            raise IllegalAction("Name trump first")
        if value not in tiles.TRUMPS:
            raise IllegalAction("Trump is a number 0 to 6, doubles or no trump")
    else:
        if kind != PLAY:
            raise IllegalAction("The tricks are under way: play a tile")
        if not state.hands[seat] >> value & 1:
            raise IllegalAction(f"You don't hold {tiles.NAME[value]}")
        if not playable(state, seat) >> value & 1:
            assert state.trump is not None  # named before the first tile
            raise IllegalAction(must_follow(state.led_suit, state.trump))


def must_follow(led: int, trump: int) -> str:
    """M5 as said to a player who did not follow: what was led and what they must play."""
    if led == tiles.TRUMP_SUIT:
        if trump == tiles.DOUBLES:
            return "You must play a double — doubles are trump"
        return f"You must play a {NUMBER_WORDS[trump]} — it is trump"
    return f"You must play a {NUMBER_WORDS[led]} — a {NUMBER_WORDS[led]} was led"


def apply_unchecked(state: State, action: Action) -> None:
    """Apply a legal action (the caller vouches for it). The hot path of every bot."""
    state.history.append(action)
    seat, kind, value = action
    if kind == PLAY:
        _play(state, seat, value)
    elif kind in (PASS, BID):
        _bid(state, seat, value if kind == BID else 0)
    elif kind == DISCARD:
        state.hands[seat] &= ~(1 << value)
        state.discard = value
        state.phase = TRUMP_PHASE
    else:
        state.trump = value
        state.phase = PLAYING
        state.to_act = state.bidder


def _bid(state: State, seat: int, amount: int) -> None:
    state.bids[seat] = amount
    state.turns += 1
    if amount:
        state.bid = amount
        state.bidder = seat
    if amount == MOON or state.turns == PLAYERS:
        if state.bidder is None:  # M2: all passed, the tiles are dealt again
            state.phase = REDEAL
            state.to_act = None
            return
        state.phase = DISCARD_PHASE
        state.to_act = state.bidder
        state.hands[state.bidder] |= 1 << state.widow
        return
    state.to_act = NEXT[seat]


def _play(state: State, seat: int, tile: int) -> None:
    state.hands[seat] &= ~(1 << tile)
    state.played |= 1 << tile
    trick = state.trick_tiles
    trump = state.trump
    assert trump is not None
    if trick:
        power = POWER[trump][state.led_suit][tile]
        if power > state.best_power:
            state.best_power = power
            state.best_seat = seat
        trick.append(tile)
        if len(trick) < PLAYERS:
            state.to_act = NEXT[seat]
            return
        tricks.take(state, tuple(trick), HAND, HAND_OVER)
        state.trick_tiles = []
        return
    suit = SUIT_OF[trump][tile]
    state.led_suit = suit
    state.best_power = POWER[trump][suit][tile]
    state.best_seat = seat
    state.leader = seat
    trick.append(tile)
    state.to_act = NEXT[seat]


def trick_seats(leader: int, count: int) -> tuple[int, ...]:
    """The seats that played a trick's first ``count`` tiles, from its leader."""
    return seats.CLOCKWISE[PLAYERS][leader][:count]


def hand_of(state: State, seat: int) -> list[int]:
    """The tiles ``seat`` holds now, in record order."""
    return tiles.bits(state.hands[seat])


#: Where each kind of action stands in a list of legal actions (a list holds one phase's).
_KIND_ORDER = {PASS: 0, BID: 1, DISCARD: 2, TRUMP: 3, PLAY: 4}


def action_order(action: Action) -> tuple[int, ...]:
    """The key that sorts legal actions into the record order (M8): the pass, then bids
    ascending; tiles by id ("6-6" down to "0-0"); trumps 0 to 6, doubles, none."""
    return (_KIND_ORDER[action.kind], action.value)
