"""The Rules policy for Three-Player Moon: a sound player's habits, from its own view alone.

- Bidding: for every trump, count the hand's sure and likely tricks (top
  trumps, the other trumps, doubles and tiles on top of their suit, weighed
  as double-dummy play of many deals bore out) as it would stand after
  taking the widow, which is still unseen: averaged over every tile the widow
  might be, the weakest tile discarded. Bid the highest amount the best trump
  is worth with a margin; 21 only with all seven tricks all but sure.
- Widow and trump: keep the trump where the hand counts most (doubles when it
  holds many doubles, none for a hand of high tiles) and discard the weakest
  tile that is no trump.
- Play: lead a top trump to draw the others' trumps, then winners; the
  defenders cash their winners to set the bidder; a follower wins the trick
  as cheaply as it can, leaves it to its partner when the partner holds it,
  and ducks with its weakest tile when the trick is lost.
"""

from __future__ import annotations

from core import seats
from core.moon_dominoes import tiles
from core.moon_dominoes.actions import BIDS, DISCARDS, PASSES, PLAYS, TRUMPS, Action
from core.moon_dominoes.bots import knowledge
from core.moon_dominoes.config import BIDS as AMOUNTS
from core.moon_dominoes.config import MOON, PLAYERS
from core.moon_dominoes.view import PlayerView

NEXT = seats.NEXT[PLAYERS]
TRUMP_SUIT = tiles.TRUMP_SUIT
SUITS = range(8)


def _above(trump: int, suit: int, tile: int) -> int:
    power = tiles.POWER[trump][suit]
    return sum(1 << t for t in range(tiles.COUNT) if power[t] > power[tile])


#: ABOVE[trump][suit][tile]: the tiles that beat ``tile`` in a trick led in ``suit``.
ABOVE = tuple(
    tuple(tuple(_above(trump, suit, t) for t in range(tiles.COUNT)) for suit in SUITS)
    for trump in tiles.TRUMPS
)


def _trump_order(trump: int) -> tuple[int, ...]:
    power = tiles.POWER[trump][TRUMP_SUIT]
    return tuple(sorted(tiles.bits(tiles.TRUMP_MASK[trump]), key=lambda t: -power[t]))


#: TRUMP_ORDER[trump]: the trumps, highest first.
TRUMP_ORDER = tuple(_trump_order(trump) for trump in tiles.TRUMPS)
#: Weights of (top trumps, other trumps, doubles that are no trump, other tiles on top of
#: their suit, a constant) in the tricks a bidder takes, fitted to double-dummy play of
#: random deals: a number trump, doubles, none.
WEIGHTS = (
    (1.65, 0.75, 0.65, 0.0, -0.55),
    (1.85, 0.9, 0.0, 0.55, -1.15),
    (0.0, 0.0, 0.95, 1.2, 0.6),
)
#: Tricks to spare before bidding an amount; and what bidding 21 asks for.
MARGIN = 0.5
MOON_TRICKS = 8.2


def worth(tile: int, trump: int) -> int:
    """How much a tile is worth keeping: trumps by rank, then its best rank in a suit."""
    high, low = tiles.ENDS[tile]
    best = max(tiles.POWER[trump][suit][tile] for suit in SUITS)
    return 10 * best + high + low


def weakest(mask: int, trump: int) -> int:
    """The tile of ``mask`` least worth keeping."""
    return min(tiles.bits(mask), key=lambda t: worth(t, trump))


def estimate(hand: int, trump: int) -> float:
    """The tricks a hand of seven can expect to take as bidder under ``trump``."""
    trumps = hand & tiles.TRUMP_MASK[trump]
    top = 0
    for t in TRUMP_ORDER[trump]:
        if not trumps >> t & 1:
            break
        top += 1
    doubles = tops = 0
    suit_of = tiles.SUIT_OF[trump]
    for t in tiles.bits(hand & ~trumps):
        if tiles.DOUBLE[t]:
            doubles += 1
        else:
            suit = suit_of[t]
            if not ABOVE[trump][suit][t] & tiles.FOLLOW[trump][suit] & ~hand:
                tops += 1
    kind = 0 if trump < tiles.DOUBLES else trump - tiles.DOUBLES + 1
    a, b, c, d, e = WEIGHTS[kind]
    return a * top + b * (trumps.bit_count() - top) + c * doubles + d * tops + e


def discard_for(hand: int, trump: int) -> int:
    """The tile to discard from eight under ``trump``: the weakest that is no trump."""
    return weakest(hand & ~tiles.TRUMP_MASK[trump] or hand, trump)


def kept(hand: int, trump: int) -> float:
    """The estimate of the seven kept from eight under ``trump``."""
    return estimate(hand & ~(1 << discard_for(hand, trump)), trump)


def best_trump(hand: int) -> tuple[int, float]:
    """The trump where a hand of seven counts most, and its estimate."""
    return max(((t, estimate(hand, t)) for t in tiles.TRUMPS), key=lambda pair: pair[1])


def bidding_estimate(hand: int, unseen: int) -> tuple[float, ...]:
    """Per trump, the tricks the hand can expect once it takes the widow (any of the
    ``unseen`` tiles alike) and discards."""
    widows = tiles.bits(unseen)
    return tuple(
        sum(kept(hand | 1 << w, trump) for w in widows) / len(widows) for trump in tiles.TRUMPS
    )


def bid(view: PlayerView) -> Action:
    """The highest bid the best trump is worth, above the standing bid; else pass."""
    assert view.seat is not None
    known = knowledge.read(view)
    tricks = max(bidding_estimate(known.hand, known.unseen))
    standing = view.bid or 0
    if tricks >= MOON_TRICKS:
        return BIDS[view.seat][MOON]
    worth_bidding = [a for a in AMOUNTS if a < MOON and a > standing and tricks >= a + MARGIN]
    return BIDS[view.seat][max(worth_bidding)] if worth_bidding else PASSES[view.seat]


def discard(view: PlayerView) -> Action:
    """The weakest non-trump of the eight, under the trump the eight count most for."""
    assert view.seat is not None
    hand = sum(1 << t for t in view.hand)
    trump = max(tiles.TRUMPS, key=lambda t: kept(hand, t))
    return DISCARDS[view.seat][discard_for(hand, trump)]


def name_trump(view: PlayerView) -> Action:
    assert view.seat is not None
    hand = sum(1 << t for t in view.hand)
    return TRUMPS[view.seat][best_trump(hand)[0]]


def play(view: PlayerView) -> Action:
    """The Rules tile for the seat to act."""
    seat = view.seat
    assert seat is not None and view.trump is not None and view.bidder is not None
    options = [a.value for a in view.legal]
    if len(options) == 1:
        return PLAYS[seat][options[0]]
    known = knowledge.read(view)
    trump = view.trump
    trick = view.trick
    if not trick.tiles:
        return PLAYS[seat][_lead(known, trump, view.bidder, options)]
    suit = tiles.SUIT_OF[trump][trick.tiles[0]]
    power = tiles.POWER[trump][suit]
    assert trick.winner is not None
    best_tile = trick.tiles[trick.seats.index(trick.winner)]
    winners = [t for t in options if power[t] > power[best_tile]]
    losers = [t for t in options if power[t] <= power[best_tile]]
    cheapest = min(winners, key=power.__getitem__) if winners else None
    duck = weakest(sum(1 << t for t in losers or options), trump)
    ours = _side(seat, view.bidder) == _side(trick.winner, view.bidder)
    if len(trick.tiles) == PLAYERS - 1:  # the last to play: win cheaply, or duck
        if ours or cheapest is None:
            return PLAYS[seat][duck]
        return PLAYS[seat][cheapest]
    third = NEXT[seat]
    if ours and not _can_beat(known, trump, suit, best_tile, third):
        return PLAYS[seat][duck]
    safe = [t for t in winners if not _can_beat(known, trump, suit, t, third)]
    if safe:
        return PLAYS[seat][min(safe, key=power.__getitem__)]
    if winners and _side(third, view.bidder) == _side(seat, view.bidder):
        return PLAYS[seat][cheapest or duck]  # the partner plays last: any winner helps
    if winners and seat == view.bidder:
        return PLAYS[seat][max(winners, key=power.__getitem__)]
    return PLAYS[seat][duck]


def _side(seat: int, bidder: int) -> int:
    return 0 if seat == bidder else 1


def _can_beat(known: knowledge.Knowledge, trump: int, suit: int, tile: int, seat: int) -> bool:
    """Whether ``seat`` may hold a tile beating ``tile`` in a trick led in ``suit``: a higher
    one of the suit, or a trump once it has shown it holds none of the suit."""
    possible = known.unseen & ~known.voids[seat]
    above = ABOVE[trump][suit][tile]
    if _void(known, seat, trump, suit):
        return bool(possible & above)
    return bool(possible & above & tiles.FOLLOW[trump][suit])


def _void(known: knowledge.Knowledge, seat: int, trump: int, suit: int) -> bool:
    """Whether ``seat`` surely holds nothing that follows ``suit``."""
    return not known.unseen & ~known.voids[seat] & tiles.FOLLOW[trump][suit]


def _lead(known: knowledge.Knowledge, trump: int, bidder: int, options: list[int]) -> int:
    """Draw trumps with the top trump, cash winners, else lead the weakest tile."""
    unseen = known.unseen
    trumps = tiles.TRUMP_MASK[trump]
    suit_of = tiles.SUIT_OF[trump]

    def top(t: int) -> bool:
        suit = suit_of[t]
        return not unseen & ABOVE[trump][suit][t] & tiles.FOLLOW[trump][suit]

    mine = [t for t in options if trumps >> t & 1]
    if known.seat == bidder and mine and unseen & trumps:
        highest = max(mine, key=lambda t: worth(t, trump))
        if top(highest):
            return highest
    winners = [t for t in options if not trumps >> t & 1 and top(t)]
    if known.seat != bidder:
        # A defender cashes winners in suits the bidder has not shown out of.
        winners = [t for t in winners if not _void(known, bidder, trump, suit_of[t])]
    if winners:
        return max(winners, key=lambda t: worth(t, trump))
    if known.seat == bidder and mine and not unseen & trumps:
        return max(mine, key=lambda t: worth(t, trump))
    return weakest(sum(1 << t for t in options), trump)


def choose(view: PlayerView) -> Action:
    """The Rules action for the seat to act."""
    if view.phase == "bidding":
        return bid(view)
    if view.phase == "discard":
        return discard(view)
    if view.phase == "trump":
        return name_trump(view)
    return play(view)
