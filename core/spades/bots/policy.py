"""The Rules policy for Spades: a sound player's habits, as one function of a hand state.

It reads only what the seat to act may know — its own cards and the public
table (bids, tricks, what has been played, the scores and bags before the
hand) — so the same function decides for the Rules bot and plays out the
Expert's sampled worlds, where every hand is filled in.

- Bidding: count sure and likely tricks (aces, guarded kings, spade length
  and honours, short side suits with spades to ruff). Bid nil where nil is
  played with a hand whose risk is low: no joker and no A♠ K♠ Q♠, few and
  low spades, no ace, kings and queens only with enough low cards to duck
  under them; a partner's strong bid allows a little more risk, and beside a
  partner's nil only a hand without a trick to cover with bids nil. Bid blind
  nil (S4: only for a side 100 or more behind) when the gamble pays: far
  behind late in the game, with a partner whose bid can cover it.
- Play, in order of what matters:
  1. keep one's own nil: duck every trick, shedding the most dangerous card;
  2. cover a partner's nil: overtake the partner's winning card, play high
     ahead of the partner, lead the suits the partner has shown void in, else
     high cards the partner can duck under;
  3. bust an opponent's nil: stay under a nil bidder who is winning, play low
     ahead of one still to play, lead low in suits the nil bidder has followed;
  4. take the tricks the side still needs, cheaply, or every trick to set a
     side that would reach the target by making its contract;
  5. once the contract is made, duck; near 10 bags (S6, where bags count), or
     against a side whose made contract is near its own 10 bags, shed high
     cards while ducking so that later tricks go to the others.
"""

from __future__ import annotations

import math

from core import seats
from core.pieces import cards
from core.spades import rules
from core.spades.actions import BIDS, BLIND_NILS, PLAYS, Action
from core.spades.config import Config
from core.spades.scoring import BAG_LIMIT
from core.spades.state import Phase, State

SPADE, HEARTS, CLUBS, DIAMONDS = 0, 1, 2, 3
SIDE_SUITS = (HEARTS, CLUBS, DIAMONDS)
JOKERS = (cards.BIG_JOKER, cards.LITTLE_JOKER)
ACE, KING, QUEEN, JACK, TEN, NINE = 0, 1, 2, 3, 4, 5
#: Nil risk a Rules bot accepts (:func:`nil_risk`), and more with a partner who bid this
#: many tricks or more, strong enough to cover.
NIL_RISK, NIL_RISK_COVERED, COVERING_BID = 1.0, 1.5, 4
#: A hand that expects this many tricks is worth more bid than risked on a nil.
NIL_MOST_TRICKS = 2.5
#: Beside a partner's nil, a hand that expects this many tricks bids them, to cover.
NIL_BESIDE_NIL_TRICKS = 1.0
#: How close to the target the leaders stand for a blind nil to be worth it.
BLIND_NIL_LATE = 150
#: Bags a side may still take before reaching the limit that it treats as "near".
NEAR_BAGS = 3


def _suit_cards(mask: int, suit: int) -> list[int]:
    """The cards of ``suit`` (spades: jokers first) in ``mask``, highest first."""
    out = [j for j in JOKERS if suit == SPADE and mask >> j & 1]
    base = 13 * suit
    out.extend(c for c in range(base, base + 13) if mask >> c & 1)
    return out


# ---------------------------------------------------------------- bidding


def estimate_tricks(mask: int) -> float:
    """How many tricks a hand can expect to take (a count of honours and ruffs)."""
    total = 0.0
    spades = _suit_cards(mask, SPADE)
    for index, c in enumerate(spades):
        if c in JOKERS or cards.RANK[c] == ACE:
            total += 1.0
        elif cards.RANK[c] == KING and len(spades) >= 2:
            total += 0.9
        elif cards.RANK[c] == QUEEN and len(spades) >= 3:
            total += 0.6
        elif index >= 3:
            total += 0.8  # length: the fourth spade and on
    for suit in SIDE_SUITS:
        held = _suit_cards(mask, suit)
        length = len(held)
        ranks = {cards.RANK[c] for c in held}
        if ACE in ranks:
            total += 0.9 if length <= 5 else 0.6
        if KING in ranks and length >= 2:
            total += 0.7 if length <= 4 else 0.4
        if QUEEN in ranks and length >= 3 and (ACE in ranks or KING in ranks):
            total += 0.3
        if len(spades) >= 3:
            total += {0: 0.9, 1: 0.6, 2: 0.2}.get(length, 0.0)  # ruffing short suits
    return total


#: The low cards a side-suit honour needs beneath it to be ducked until it is safe.
_GUARDS_NEEDED = {KING: 3, QUEEN: 2, JACK: 1}
#: What a spade of each rank risks on a nil (higher spades win more tricks).
_SPADE_RISK = {JACK: 0.8, TEN: 0.6, NINE: 0.4}


def nil_risk(mask: int) -> float:
    """How likely a hand is to take a trick it cannot avoid, as a score (0: safe).

    A joker or the A♠, K♠ or Q♠ is a sure trick (infinite risk). Every other
    spade adds risk, the higher the more, and so does a fourth one. In a side
    suit an ace almost always wins a trick; a king, queen or jack is safe only
    with enough lower cards to follow under it until the higher ones are out.
    """
    spades = _suit_cards(mask, SPADE)
    if any(c in JOKERS or cards.RANK[c] <= QUEEN for c in spades):
        return math.inf
    risk = sum(_SPADE_RISK.get(cards.RANK[c], 0.15) for c in spades)
    risk += 0.7 * max(0, len(spades) - 3)
    for suit in SIDE_SUITS:
        held = _suit_cards(mask, suit)
        for index, c in enumerate(held):
            rank = cards.RANK[c]
            if rank == ACE:
                risk += 1.2
            elif rank in _GUARDS_NEEDED:
                under = len(held) - index - 1
                short = _GUARDS_NEEDED[rank] - under
                if short > 0:
                    risk += 0.25 + 0.3 * short
        if len(held) >= 5 and cards.RANK[held[-1]] < 9:  # a long suit without a 5 or lower
            risk += 0.3
    return risk


def blind_nil_pays(
    config: Config, before: tuple[tuple[int, int], ...], bids: list[int | None], seat: int
) -> bool:
    """Whether a blind nil (which S4 allows only 100 or more behind) is worth its ±200.

    Unseen cards keep a blind nil far less often than a nil (about one time in
    four to three), so on points alone it loses. It pays only where an
    ordinary hand cannot catch up before the game ends: late in the game (the
    leaders within 150 of the target), 200 or more behind beside a partner
    whose bid shows cards to cover it, or 300 behind when nobody can cover
    (a partner yet to bid, or no partner at all). Never beside a partner's nil.
    """
    side = config.side_of[seat]
    others = [score for s, (score, _) in enumerate(before) if s != side]
    if not others:
        return False
    best = max(others)
    behind = best - before[side][0]
    if best < config.target - BLIND_NIL_LATE:
        return False
    partner_bids = [b for s in config.sides[side] if s != seat and (b := bids[s]) is not None]
    if any(b == 0 for b in partner_bids):
        return False
    if partner_bids and min(partner_bids) >= COVERING_BID:
        return behind >= 200
    return behind >= 300


def nil_fits(state: State, seat: int, tricks: float | None = None) -> bool:
    """Whether the Rules bid for ``seat`` is nil: nil played and a nil hand — beside a
    partner's nil, one without a trick to cover with (``tricks``: the hand's
    :func:`estimate_tricks`, if worked out already)."""
    config = state.config
    if not config.nil:
        return False
    partners = [s for s in config.sides[config.side_of[seat]] if s != seat]
    partner_bids = [b for s in partners if (b := state.bids[s]) is not None]
    mask = state.hands[seat]
    tricks = estimate_tricks(mask) if tricks is None else tricks
    # Beside a partner's nil, a hand with a trick in it covers; one without bids nil too.
    if tricks >= (NIL_BESIDE_NIL_TRICKS if 0 in partner_bids else NIL_MOST_TRICKS):
        return False
    covered = any(b >= COVERING_BID for b in partner_bids)
    return nil_risk(mask) <= (NIL_RISK_COVERED if covered else NIL_RISK)


def bid(state: State, seat: int) -> Action:
    """The Rules bid: blind nil when it pays, nil with a nil hand, else the trick count."""
    config = state.config
    if rules.blind_nil_allowed(state, seat) and blind_nil_pays(
        config, state.before, state.bids, seat
    ):
        return BLIND_NILS[seat]
    tricks = estimate_tricks(state.hands[seat])
    if nil_fits(state, seat, tricks):
        return BIDS[seat][0]
    partners = [s for s in config.sides[config.side_of[seat]] if s != seat]
    if any(state.bids[s] == 0 for s in partners):
        tricks += 0.5  # covering the partner's nil wins a trick or so more
    amount = max(1, min(config.hand_size, int(tricks + 0.35)))
    return BIDS[seat][amount]


# ---------------------------------------------------------------- play


def _is_top(c: int, mask_out: int) -> bool:
    """True if no card still out (``mask_out``: not played, not in our hand) beats ``c``."""
    return not rules.HIGHER[c] & mask_out


def _contract(state: State, side: int) -> tuple[int, int]:
    """A side's contract (its non-nil bids) and the tricks its non-nil bidders took."""
    contract = taken = 0
    for s in state.config.sides[side]:
        bid = state.bids[s]
        if bid:
            contract += bid
            taken += state.taken[s]
    return contract, taken


def _tricks_left(state: State) -> int:
    return state.size - len(state.tricks)


def _threat(state: State, seat: int) -> bool:
    """An opponent side that would reach the target by making a contract it can still miss."""
    config = state.config
    mine = config.side_of[seat]
    left = _tricks_left(state)
    for side in range(len(config.sides)):
        if side == mine:
            continue
        contract, taken = _contract(state, side)
        if (
            contract
            and taken < contract
            and taken + left >= contract
            and state.before[side][0] + 10 * contract >= config.target
        ):
            return True
    return False


def _near_bags(state: State, side: int) -> bool:
    """A side that made its contract and is a few bags from the limit (S6, bags counted)."""
    if not state.config.bags:
        return False
    contract, taken = _contract(state, side)
    if not contract or taken < contract:
        return False
    bags = state.before[side][1] + taken - contract
    return BAG_LIMIT - bags <= min(NEAR_BAGS, _tricks_left(state))


def _voids(state: State) -> list[int]:
    """The suits (as bits) each seat has shown it holds none of, from the tricks so far."""
    players = state.players
    known = [0] * players
    broken = False
    shown = list(state.tricks)
    if state.trick_cards:
        shown.append((state.leader, tuple(state.trick_cards)))
    for leader, played in shown:
        led = rules.SUIT[played[0]]
        if led == SPADE and not broken:
            known[leader] |= 0b1110  # it led a spade unbroken: it held nothing else
        seat = leader
        for c in played[1:]:
            seat = seats.NEXT[players][seat]
            if rules.SUIT[c] != led:
                known[seat] |= 1 << led
        broken = broken or any(rules.SUIT[c] == SPADE for c in played)
    return known


def _nil_bidder(state: State, candidates: list[int]) -> int | None:
    """The first of ``candidates`` with a nil bid still clean."""
    return next((s for s in candidates if state.bids[s] == 0 and state.taken[s] == 0), None)


class _Spot:
    """The seat to act and its trick: what wins now, what would win or lose, who is last."""

    __slots__ = (
        "best_power",
        "best_seat",
        "following",
        "last",
        "led",
        "losers",
        "options",
        "out",
        "seat",
        "winners",
    )

    def __init__(self, state: State, seat: int, options: list[int]) -> None:
        self.seat = seat
        self.options = options
        trick = state.trick_cards
        self.following = bool(trick)
        self.last = len(trick) == state.players - 1
        #: The cards still out: neither played nor in this seat's hand.
        self.out = ~(state.played | state.hands[seat])
        if trick:
            self.led = state.led_suit
            self.best_power = state.best_power
            self.best_seat = state.best_seat
            power = rules.POWER[self.led]
            self.winners = [c for c in options if power[c] > self.best_power]
            self.losers = [c for c in options if power[c] <= self.best_power]
        else:
            self.led = self.best_power = self.best_seat = -1
            self.winners = options
            self.losers = []

    def power(self, c: int) -> int:
        return rules.POWER[self.led if self.following else rules.SUIT[c]][c]

    def play(self, c: int) -> Action:
        return PLAYS[self.seat][c]


def _trick_order(state: State) -> tuple[int, ...]:
    """The seats of the trick under way, in playing order from its leader."""
    return seats.CLOCKWISE[state.players][state.leader]


def _has_played(state: State, seat: int) -> bool:
    """Whether ``seat`` has played to the trick under way."""
    return _trick_order(state).index(seat) < len(state.trick_cards)


def _rank_key(c: int) -> tuple[bool, int]:
    """Low to high: side-suit cards by rank, then spades (kept for last)."""
    return rules.SUIT[c] == SPADE, rules.POWER[rules.SUIT[c]][c]


def _lowest(pool: list[int]) -> int:
    return min(pool, key=_rank_key)


def _highest(pool: list[int]) -> int:
    return max(pool, key=_rank_key)


def _danger(c: int) -> int:
    """How likely a card is to win a trick later: spades above every side suit, by rank."""
    return rules.POWER[rules.SUIT[c]][c]


def _keep_own_nil(spot: _Spot) -> Action:
    """Duck: the highest card that loses, else the lowest; lead the lowest card."""
    if not spot.following:
        return spot.play(_lowest(spot.options))
    if spot.losers:
        return spot.play(max(spot.losers, key=_danger))
    return spot.play(min(spot.options, key=spot.power))


def _cover_partner_nil(state: State, spot: _Spot, partner: int) -> Action | None:
    """Win what the nil partner might win; lead where the partner can duck or discard."""
    if spot.following:
        if _has_played(state, partner):
            if spot.best_seat == partner and spot.winners:
                return spot.play(min(spot.winners, key=spot.power))
            return None  # the partner is beaten already, or nothing of ours can help
        if not spot.winners or not _partner_at_risk(state, spot, partner):
            return None
        ruffs = [c for c in spot.winners if rules.SUIT[c] != spot.led]
        if ruffs:  # void in the led suit: the lowest trump settles it (the partner follows)
            return spot.play(min(ruffs, key=spot.power))
        tops = [c for c in spot.winners if _is_top(c, spot.out)]
        if tops:  # the cheapest card nobody can beat settles the trick
            return spot.play(min(tops, key=spot.power))
        return spot.play(max(spot.winners, key=spot.power))  # the bar as high as it goes
    void = _voids(state)[partner]
    discards = [c for c in spot.options if void >> rules.SUIT[c] & 1]
    if discards:
        tops = [c for c in discards if _is_top(c, spot.out)]
        return spot.play(_highest(tops) if tops else _lowest(discards))
    tops = [c for c in spot.options if _is_top(c, spot.out)]
    if tops:
        return spot.play(_highest(tops))
    side = [c for c in spot.options if rules.SUIT[c] != SPADE]
    return spot.play(_highest(side or spot.options))


def _partner_at_risk(state: State, spot: _Spot, partner: int) -> bool:
    """Whether the nil partner, still to play, might have to win: a higher card of the led
    suit is still out, the best card is of that suit, and the partner has not shown void."""
    best = state.trick_cards[_trick_order(state).index(spot.best_seat)]
    if rules.SUIT[best] != spot.led or _voids(state)[partner] >> spot.led & 1:
        return False
    return bool(rules.HIGHER[best] & spot.out)


def _bust_opponent_nil(state: State, spot: _Spot, target: int) -> Action | None:
    """Let the nil bidder win: stay under them, play low ahead of them, lead their suits low."""
    if spot.following:
        if _has_played(state, target):
            if spot.best_seat == target and spot.losers:
                return spot.play(max(spot.losers, key=spot.power))
            return None
        if _voids(state)[target] >> spot.led & 1:
            return None  # it discards: it cannot win this trick
        return spot.play(min(spot.options, key=lambda c: (spot.power(c), _rank_key(c))))
    void = _voids(state)
    helpers = [s for s in state.config.sides[state.config.side_of[target]] if s != target]

    def bust_key(c: int) -> tuple[bool, bool, tuple[bool, int]]:
        suit = rules.SUIT[c]
        return (
            bool(void[target] >> suit & 1),
            any(void[h] >> suit & 1 for h in helpers),  # its partner would ruff
            _rank_key(c),
        )

    best = min(spot.options, key=bust_key)
    if void[target] >> rules.SUIT[best] & 1:
        return None
    return spot.play(best)


def _duck(spot: _Spot, shed: bool) -> Action:
    """Lose the trick if possible: under the winning card (the highest such when shedding
    winners for later), else the card most likely to be beaten after us."""
    if not spot.following:
        return spot.play(_lowest(spot.options))
    if spot.losers:
        pick = max(spot.losers, key=_danger) if shed else min(spot.losers, key=spot.power)
        return spot.play(pick)
    if shed and spot.last:  # the trick is ours whatever we play: spend the best card
        return spot.play(max(spot.options, key=spot.power))
    return spot.play(min(spot.options, key=spot.power))


def play(state: State, seat: int) -> Action:
    """The Rules card for the seat to act."""
    options = rules.bits_of(rules.playable(state, seat))
    if len(options) == 1:
        return PLAYS[seat][options[0]]
    config = state.config
    side = config.side_of[seat]
    spot = _Spot(state, seat, options)
    # 1. My own nil: never win a trick if it can be helped.
    members = config.sides[side]
    if 0 in state.bids:
        if state.bids[seat] == 0 and state.taken[seat] == 0:
            return _keep_own_nil(spot)
        # 2. A partner's nil: win what the partner might otherwise win.
        partner = _nil_bidder(state, [s for s in members if s != seat])
        if partner is not None:
            chosen = _cover_partner_nil(state, spot, partner)
            if chosen is not None:
                return chosen
        # 3. An opponent's nil still clean: let them win.
        others = [s for s in range(config.players) if config.side_of[s] != side]
        target = _nil_bidder(state, others)
        if target is not None:
            chosen = _bust_opponent_nil(state, spot, target)
            if chosen is not None:
                return chosen
    # 4. Tricks the side still needs (or every trick, to set a side close to the target).
    contract, taken = _contract(state, side)
    short = contract - taken
    needs = (0 < short <= _tricks_left(state)) or _threat(state, seat)
    if not needs:
        # 5. Made (or beyond saving): duck, shedding winners near a side's bag limit.
        shed = _near_bags(state, side) or any(
            _near_bags(state, other) for other in range(len(config.sides)) if other != side
        )
        return _duck(spot, shed)
    partners = [s for s in members if s != seat]
    if spot.following:
        partner_winning = spot.best_seat in partners
        if spot.winners and not (partner_winning and spot.last):
            cheapest = min(spot.winners, key=spot.power)
            if spot.last or _is_top(cheapest, spot.out) or not partner_winning:
                return spot.play(cheapest)
        return spot.play(min(spot.losers or options, key=spot.power))
    tops = [c for c in options if rules.SUIT[c] != SPADE and _is_top(c, spot.out)]
    if tops:
        return spot.play(_highest(tops))
    spades_top = [c for c in options if rules.SUIT[c] == SPADE and _is_top(c, spot.out)]
    if spades_top:
        return spot.play(_highest(spades_top))
    return spot.play(_lowest(options))


def choose(state: State, seat: int) -> Action:
    """The Rules action for ``seat``, which must be the seat to act."""
    if state.phase is Phase.BIDDING:
        return bid(state, seat)
    return play(state, seat)
