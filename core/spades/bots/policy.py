"""The Rules policy for Spades: a sound player's habits, as one function of a hand state.

It reads only what the seat to act may know — its own cards and the public
table (bids, tricks, what has been played, the scores before the hand) — so
the same function decides for the Rules bot and plays out the Expert's
sampled worlds, where every hand is filled in.

- Bidding: count sure and likely tricks (aces, guarded kings, spade length
  and honours, short side suits with spades to ruff); bid nil with a hand
  that holds no honour, few and low spades, where nil is played; bid blind
  nil only when far behind.
- Play, in order of what matters: keep one's own nil (duck every trick);
  cover a partner's nil (win the tricks the partner might win); bust an
  opponent's nil (let them win: play under them); take the tricks the side
  still needs, cheaply; once the contract is made, duck to avoid bags —
  unless an opponent is near the target, then take every trick to set them.
"""

from __future__ import annotations

from core.pieces import cards
from core.spades import rules
from core.spades.actions import BIDS, BLIND_NILS, PLAYS, Action
from core.spades.state import Phase, State

SPADE, HEARTS, CLUBS, DIAMONDS = 0, 1, 2, 3
JOKERS = (cards.BIG_JOKER, cards.LITTLE_JOKER)


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
        if c in JOKERS or cards.RANK[c] == 0:
            total += 1.0
        elif cards.RANK[c] == 1 and len(spades) >= 2:
            total += 0.9
        elif cards.RANK[c] == 2 and len(spades) >= 3:
            total += 0.6
        elif index >= 3:
            total += 0.8  # length: the fourth spade and on
    for suit in (HEARTS, CLUBS, DIAMONDS):
        held = _suit_cards(mask, suit)
        length = len(held)
        ranks = {cards.RANK[c] for c in held}
        if 0 in ranks:
            total += 0.9 if length <= 5 else 0.6
        if 1 in ranks and length >= 2:
            total += 0.7 if length <= 4 else 0.4
        if 2 in ranks and length >= 3 and (0 in ranks or 1 in ranks):
            total += 0.3
        if len(spades) >= 3:
            total += {0: 0.9, 1: 0.6, 2: 0.2}.get(length, 0.0)  # ruffing short suits
    return total


def nil_hand(mask: int) -> bool:
    """A hand that can hope to take no trick: no honour, few low spades, no long danger."""
    spades = _suit_cards(mask, SPADE)
    if len(spades) > 3 or any(c in JOKERS or cards.RANK[c] <= 4 for c in spades):
        return False
    for suit in (HEARTS, CLUBS, DIAMONDS):
        held = _suit_cards(mask, suit)
        high = [c for c in held if cards.RANK[c] <= 3]  # A K Q J
        if len(high) > (1 if len(held) >= 4 else 0):
            return False
    return True


def bid(state: State, seat: int) -> Action:
    """The Rules bid: blind nil when far behind, nil with a nil hand, else the trick count."""
    config = state.config
    side = config.side_of[seat]
    if rules.blind_nil_allowed(state, seat):
        mine = state.before[side][0]
        best = max(score for s, (score, _) in enumerate(state.before) if s != side)
        if best - mine >= 200:
            return BLIND_NILS[seat]
    mask = state.hands[seat]
    partner_nil = any(state.bids[s] == 0 for s in config.sides[side] if s != seat)
    if config.nil and nil_hand(mask) and not partner_nil:
        return BIDS[seat][0]
    tricks = estimate_tricks(mask)
    amount = max(1, min(config.hand_size, int(tricks + 0.35)))
    return BIDS[seat][amount]


# ---------------------------------------------------------------- play


def _is_top(c: int, mask_out: int) -> bool:
    """True if no card still out (``mask_out``: not played, not in our hand) beats ``c``."""
    return not rules.HIGHER[c] & mask_out


def _side_needs(state: State, seat: int) -> int:
    """How many more tricks the seat's side needs for its contract (nil bidders apart)."""
    members = state.config.sides[state.config.side_of[seat]]
    contract = sum(state.bids[s] or 0 for s in members)
    taken = sum(state.taken[s] for s in members if state.bids[s])
    return contract - taken


def _threat(state: State, seat: int) -> bool:
    """An opponent side that would reach the target by making its contract: set them."""
    config = state.config
    mine = config.side_of[seat]
    for side, members in enumerate(config.sides):
        if side == mine:
            continue
        contract = sum(state.bids[s] or 0 for s in members)
        if contract and state.before[side][0] + 10 * contract >= config.target:
            return True
    return False


def play(state: State, seat: int) -> Action:
    """The Rules card for the seat to act."""
    options = rules.bits_of(rules.playable(state, seat))
    if len(options) == 1:
        return PLAYS[seat][options[0]]
    config = state.config
    side = config.side_of[seat]
    partners = [s for s in config.sides[side] if s != seat]
    trick = state.trick_cards
    led = state.led_suit if trick else -1
    best_power = state.best_power if trick else -1
    best_seat = state.best_seat if trick else -1

    def power(c: int) -> int:
        return rules.POWER[led][c] if trick else rules.POWER[rules.SUIT[c]][c]

    winners = [c for c in options if power(c) > best_power] if trick else list(options)
    losers = [c for c in options if trick and power(c) <= best_power]

    def lowest(pool: list[int]) -> int:
        return min(pool, key=lambda c: (rules.SUIT[c] == SPADE, rules.POWER[rules.SUIT[c]][c]))

    def highest(pool: list[int]) -> int:
        return max(pool, key=lambda c: (rules.SUIT[c] == SPADE, rules.POWER[rules.SUIT[c]][c]))

    # 1. My own nil: never win a trick if it can be helped.
    if state.bids[seat] == 0 and state.taken[seat] == 0:
        if trick:
            if losers:
                return PLAYS[seat][max(losers, key=power)]  # shed the highest safe card
            return PLAYS[seat][min(options, key=power)]
        return PLAYS[seat][lowest(options)]
    # 2. A partner's nil: win what the partner might otherwise win.
    nil_partner = next((p for p in partners if state.bids[p] == 0 and state.taken[p] == 0), None)
    if nil_partner is not None:
        if trick and best_seat == nil_partner and winners:
            return PLAYS[seat][min(winners, key=power)]
        if not trick:
            return PLAYS[seat][highest([c for c in options if rules.SUIT[c] != SPADE] or options)]
    # 3. An opponent's nil still clean, playing after us or winning now: stay under them.
    nil_opponent = next(
        (
            s
            for s in range(config.players)
            if config.side_of[s] != side and state.bids[s] == 0 and state.taken[s] == 0
        ),
        None,
    )
    if nil_opponent is not None and trick and best_seat == nil_opponent and losers:
        return PLAYS[seat][max(losers, key=power)]
    if nil_opponent is not None and not trick:
        return PLAYS[seat][lowest(options)]
    # 4. Tricks the side still needs (or every trick, to set a side close to the target).
    needs = _side_needs(state, seat) > 0 or _threat(state, seat)
    out = ~(state.played | state.hands[seat])
    if trick:
        partner_winning = best_seat in partners
        if needs and winners and not (partner_winning and len(trick) == config.players - 1):
            cheapest = min(winners, key=power)
            last = len(trick) == config.players - 1
            if last or _is_top(cheapest, out) or not partner_winning:
                return PLAYS[seat][cheapest]
        return PLAYS[seat][min(losers or options, key=power)]
    if needs:
        tops = [c for c in options if rules.SUIT[c] != SPADE and _is_top(c, out)]
        if tops:
            return PLAYS[seat][highest(tops)]
        spades_top = [c for c in options if rules.SUIT[c] == SPADE and _is_top(c, out)]
        if spades_top:
            return PLAYS[seat][highest(spades_top)]
    return PLAYS[seat][lowest(options)]


def choose(state: State, seat: int) -> Action:
    """The Rules action for ``seat``, which must be the seat to act."""
    if state.phase is Phase.BIDDING:
        return bid(state, seat)
    return play(state, seat)
