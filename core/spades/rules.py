"""The rules of one Spades hand: deal, bidding and play (SPEC S2–S5).

- S2 deal: the deck less the removed 2s, shuffled from the hand's seed,
  dealt one at a time clockwise from the dealer's left.
- S3 the player on the dealer's left bids first and leads the first trick;
  each trick's winner leads the next.
- S4 every player bids once, clockwise: 1 up to the hand size, 0 for nil
  where nil is on; blind nil (where on) only for a side that trails the best
  other side by 100 or more before the hand.
- S5 follow suit if you can; spades, and the jokers (which are spades: Big >
  Little > A♠), are trump; no spade may be led before spades are broken,
  unless the leader holds nothing else; any spade played breaks them.

Actions are :class:`core.spades.actions.Action` values; :func:`apply` checks
one and raises :class:`IllegalAction` saying why, :func:`apply_unchecked`
trusts its caller (bots, simulation). Legal plays come in the record order:
jokers first (Big, Little), then spades, hearts, clubs, diamonds, ace down.
"""

from __future__ import annotations

import random
import struct

from core import seats, tricks
from core.pieces import cards, masks
from core.spades.actions import BID, BIDS, BLIND_NILS, PLAY, PLAYS, Action
from core.spades.config import Config
from core.spades.state import Phase, State

SPADES = 0
NEXT = seats.NEXT
BIDDING, PLAYING, HAND_OVER = Phase.BIDDING, Phase.PLAYING, Phase.HAND_OVER
#: Every spade and both jokers: the trump suit.
TRUMP_MASK = sum(1 << c for c in range(13)) | (1 << cards.BIG_JOKER) | (1 << cards.LITTLE_JOKER)
#: The cards that follow a lead of each suit (spades: the jokers too).
FOLLOW = (
    TRUMP_MASK,
    *(sum(1 << c for c in range(13 * s, 13 * s + 13)) for s in (1, 2, 3)),
)
#: Each card's bit in a hand's mask.
BIT = tuple(1 << c for c in range(54))
#: The cards of the three other suits, which may be led before spades are broken.
SIDE_MASK = ((1 << 52) - 1) & ~TRUMP_MASK
#: Whether each card is a trump: a lookup, where a shift of the mask would build an integer.
IS_TRUMP = tuple(bool(TRUMP_MASK >> c & 1) for c in range(54))
#: Each card's suit for following (the jokers are spades).
SUIT = tuple(SPADES if c in (cards.BIG_JOKER, cards.LITTLE_JOKER) else c // 13 for c in range(54))


def _power(led: int, c: int) -> int:
    """How strongly card ``c`` holds a trick led in suit ``led`` (0: it cannot win)."""
    if c == cards.BIG_JOKER:
        return 200
    if c == cards.LITTLE_JOKER:
        return 199
    if SUIT[c] == SPADES:
        return 198 - cards.RANK[c]
    return 100 - cards.RANK[c] if SUIT[c] == led else 0


POWER = tuple(tuple(_power(led, c) for c in range(54)) for led in range(4))
#: HIGHER[c]: the cards of ``c``'s suit that beat it (for spades, the jokers too).
HIGHER = tuple(
    sum(
        1 << other
        for other in range(54)
        if SUIT[other] == SUIT[c] and POWER[SUIT[c]][other] > POWER[SUIT[c]][c]
    )
    for c in range(54)
)


#: The card ids of a mask, lowest id first.
bits_of = masks.bits


class IllegalAction(ValueError):
    """An action the rules refuse; the message says why."""


# ---------------------------------------------------------------- the deal


def deal(
    config: Config,
    dealer: int,
    seed: int,
    before: tuple[tuple[int, int], ...] | None = None,
) -> State:
    """S2: shuffle the deck from ``seed`` and deal it clockwise from the dealer's left."""
    deck = [BIT[c] for c in shuffled(config.deck, seed)]
    players = config.players
    first = seats.next_seat(dealer, players)
    dealt = tuple(
        sum(deck[seats.deal_offset(seat, first, players) :: players]) for seat in range(players)
    )
    return State(config, dealer, dealt, before or ((0, 0),) * len(config.sides), seed)


def shuffled(deck: tuple[int, ...], seed: int) -> bytes:
    """The card ids of ``deck`` sorted by one random 32-bit key each, all drawn at once from
    ``seed``, then by id: the same seed always gives the same order, at a fraction of the
    cost of ``random.shuffle`` (bots and simulation deal millions of hands).

    Each card becomes the bytes of one positive double, little-endian: its id, its key's
    four bytes, two zeros and the exponent byte 0x40. Positive doubles sort as their bits
    do, that is by key, then by id; ``struct`` and ``sorted`` then do all the work in C, and
    the first byte of each sorted double is its card.
    """
    size = len(deck)
    drawn = random.Random(seed).randbytes(4 * size)
    keyed = bytearray(8 * size)
    keyed[0::8] = bytes(deck)
    for byte in range(4):
        keyed[1 + byte :: 8] = drawn[byte::4]
    keyed[7::8] = b"\x40" * size
    ranked = sorted(struct.unpack(f"<{size}d", keyed))
    return struct.pack(f"<{size}d", *ranked)[::8]


def order(c: int) -> int:
    """Display and record order: the Big Joker, the Little Joker, then by suit and rank."""
    return c - 60 if c in (cards.BIG_JOKER, cards.LITTLE_JOKER) else c


def start(
    config: Config,
    dealer: int,
    hands: list[list[int]],
    before: tuple[tuple[int, int], ...] | None = None,
    seed: int = 0,
) -> State:
    """A hand about to be bid, from given hands (a record's)."""
    sides = len(config.sides)
    dealt = tuple(sum(1 << c for c in hand) for hand in hands)
    return State(config, dealer, dealt, before or ((0, 0),) * sides, seed)


# ---------------------------------------------------------------- what may be done


def blind_nil_allowed(state: State, seat: int) -> bool:
    """S4: blind nil is on and the seat's side trails the best other side by 100 or more."""
    if not state.config.blind_nil:
        return False
    mine = state.config.side_of[seat]
    others = [score for side, (score, _) in enumerate(state.before) if side != mine]
    return bool(others) and state.before[mine][0] <= max(others) - 100


class _SuitPlays(dict[int, tuple[Action, ...]]):
    """One seat's plays of each set of one suit's cards (the suit's 13 bits, shifted down),
    made the first time a set turns up: listing a hand's plays is then four lookups."""

    __slots__ = ("base", "plays")

    def __init__(self, seat: int, suit: int) -> None:
        super().__init__({0: ()})
        self.plays = PLAYS[seat]
        self.base = 13 * suit

    def __missing__(self, bits: int) -> tuple[Action, ...]:
        # The set less its highest card is one lookup away (made now if need be), so a new
        # set costs one concatenation, not a pass over the suit.
        high = bits.bit_length() - 1
        found = self[bits] = self[bits ^ 1 << high] + (self.plays[self.base + high],)
        return found


#: SUIT_PLAYS[seat][suit][bits]: the plays of those cards of the suit, in the record order.
SUIT_PLAYS = tuple(tuple(_SuitPlays(seat, suit) for suit in range(4)) for seat in range(len(PLAYS)))
#: Per seat, the plays of the jokers held (bits: Big, Little), in the record order.
_JOKER_PLAYS = tuple(
    (
        (),
        (plays[cards.BIG_JOKER],),
        (plays[cards.LITTLE_JOKER],),
        (plays[cards.BIG_JOKER], plays[cards.LITTLE_JOKER]),
    )
    for plays in PLAYS
)


def plays_of(seat: int, mask: int) -> tuple[Action, ...]:
    """The plays of the cards in ``mask``, in the record order."""
    spades, hearts, clubs, diamonds = SUIT_PLAYS[seat]
    out = (
        spades[mask & 0x1FFF]
        + hearts[mask >> 13 & 0x1FFF]
        + clubs[mask >> 26 & 0x1FFF]
        + diamonds[mask >> 39 & 0x1FFF]
    )
    if mask >> cards.BIG_JOKER:
        return _JOKER_PLAYS[seat][mask >> cards.BIG_JOKER] + out
    return out


def playable(state: State, seat: int) -> int:
    """S5: the mask of the cards ``seat`` may play now."""
    hand = state.hands[seat]
    if state.trick_cards:
        follow = hand & FOLLOW[state.led_suit]
        return follow or hand
    if state.broken:
        return hand
    return (hand & ~TRUMP_MASK) or hand


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the seat to act, in the record order (empty once over)."""
    seat = state.to_act
    if seat is None:
        return ()
    if state.phase is PLAYING:
        hand = state.hands[seat]
        if state.trick_cards:
            led = state.led_suit
            if led or not hand >> cards.BIG_JOKER:  # the led suit's cards, if the seat has any
                bits = hand >> 13 * led & 0x1FFF
                if bits:
                    return SUIT_PLAYS[seat][led][bits]
            else:  # spades led and a joker held: the jokers and spades follow
                hand &= TRUMP_MASK
        elif not state.broken:  # no spade led while another suit is held
            hand = hand & SIDE_MASK or hand
        return plays_of(seat, hand)
    config = state.config
    bids = BIDS[seat]
    low = 0 if config.nil else 1
    offered = bids[low : config.hand_size + 1]
    if blind_nil_allowed(state, seat):
        return (BLIND_NILS[seat], *offered)
    return offered


# ---------------------------------------------------------------- change


def apply(state: State, action: Action) -> None:
    """Check ``action`` against the rules and apply it; :class:`IllegalAction` says why not.

    The common cases are checked directly: a card held, and following suit or free to be
    led; a plain bid of the seat to act, in range. Anything else, or an action that fails
    that test, goes through the full check, which finds the reason.
    """
    if action.__class__ is Action:
        seat, kind, value, blind = action
        if seat == state.to_act and value.__class__ is int:
            if kind == PLAY and state.phase is PLAYING and value >= 0:
                hand = state.hands[seat]
                if hand >> value & 1:  # held, and so a card id
                    if state.trick_cards:
                        led = state.led_suit
                        legal = SUIT[value] == led or not hand & FOLLOW[led]
                    else:
                        legal = not IS_TRUMP[value] or state.broken or not hand & SIDE_MASK
                    if legal:
                        _play(state, seat, value, action)
                        return
            elif kind == BID and blind is False and state.phase is BIDDING:
                config = state.config
                if 0 < value <= config.hand_size or (value == 0 and config.nil):
                    _bid(state, seat, value, blind, action)
                    return
    _check(state, action)
    apply_unchecked(state, action)


def _check(state: State, action: Action) -> None:
    """Raise :class:`IllegalAction` saying why, unless ``action`` is legal now."""
    if state.phase is Phase.HAND_OVER:
        raise IllegalAction("The hand is over")
    if action.seat != state.to_act:
        raise IllegalAction("It is not your turn")
    if state.phase is Phase.BIDDING:
        _check_bid(state, action)
    else:
        _check_play(state, action)


def _check_bid(state: State, action: Action) -> None:
    if action.kind != BID:
        raise IllegalAction("Everyone bids before the first card is played")
    config = state.config
    if action.blind:
        if not config.blind_nil:
            raise IllegalAction("Blind nil is not played at this table")
        if not blind_nil_allowed(state, action.seat):
            raise IllegalAction("You may bid blind nil only when your side is 100 or more behind")
        return
    if action.value == 0 and not config.nil:
        raise IllegalAction("Nil is not played at this table")
    if not 0 <= action.value <= config.hand_size:
        raise IllegalAction(
            f"A bid is 1 to {config.hand_size} tricks" + (", or 0 for nil" if config.nil else "")
        )


def _check_play(state: State, action: Action) -> None:
    if action.kind != PLAY:
        raise IllegalAction("The bidding is over: play a card")
    seat, c = action.seat, action.value
    hand = state.hands[seat]
    if not 0 <= c < 54 or not hand >> c & 1:
        raise IllegalAction(f"You don't hold {cards.label(c)}")
    if playable(state, seat) >> c & 1:
        return
    if state.trick_cards:
        raise IllegalAction(f"You must follow {cards.SUIT_NAMES[state.led_suit]}")
    raise IllegalAction("Spades are not broken yet: lead another suit")


def apply_unchecked(state: State, action: Action) -> None:
    """Apply a legal action (the caller vouches for it). The hot path of every bot."""
    seat, kind, value, blind = action
    if kind == PLAY:
        _play(state, seat, value, action)
    else:
        _bid(state, seat, value, blind, action)


def _bid(state: State, seat: int, value: int, blind: bool, action: Action) -> None:
    """Record ``seat``'s bid (legal now); once everyone has bid, the first bidder leads."""
    state.history.append(action)
    state.bids[seat] = value
    state.blind[seat] = blind
    nxt = state.clockwise[seat]
    if state.bids[nxt] is not None:
        state.phase = PLAYING
    state.to_act = nxt


def _play(state: State, seat: int, c: int, action: Action) -> None:
    """Play card ``c`` from ``seat``'s hand (held, and legal now)."""
    state.history.append(action)
    bit = BIT[c]
    state.hands[seat] ^= bit
    state.played |= bit
    trick = state.trick_cards
    if trick:
        power = POWER[state.led_suit][c]
        if power > state.best_power:
            state.best_power = power
            state.best_seat = seat
    else:
        led = state.led_suit = SUIT[c]
        state.best_power = POWER[led][c]
        state.best_seat = state.leader = seat
    if IS_TRUMP[c]:
        state.broken = True
    trick.append(c)
    nxt = state.clockwise[seat]
    if nxt != state.leader:  # the trick goes round until it is back to its leader
        state.to_act = nxt
        return
    tricks.take(state, tuple(trick), state.size, HAND_OVER)
    state.trick_cards = []


def trick_seats(leader: int, count: int, players: int) -> tuple[int, ...]:
    """The seats that played a trick's first ``count`` cards, from its leader."""
    return seats.CLOCKWISE[players][leader][:count]


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, in record order."""
    return sorted((c for c in range(54) if mask >> c & 1), key=order)


def hand_of(state: State, seat: int) -> list[int]:
    """The cards ``seat`` holds now, in record order."""
    return cards_of(state.hands[seat])


def action_order(action: Action) -> tuple[int, int, int]:
    """The key that sorts legal actions into the record order (S8): blind nil, nil, then
    bids ascending; plays in :func:`order`."""
    if action.kind == BID:
        return (0, not action.blind, action.value)
    return (1, 0, order(action.value))
