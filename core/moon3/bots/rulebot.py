"""The Rules level: a hand-evaluation bidder and sound card-play habits.

Bidding values the hand under each trump as expected tricks times the average
points in a trick, plus the partners' fair share; trump is the suit that
values highest; a Card-Based caller names the strongest missing cards of its
intended trump, then the 3 of spades, then missing aces. In play it draws
trump when it holds the top trumps, cashes sure winners, feeds points to a
trick its side is sure to win, wins point-rich tricks cheaply, never
overtakes a partner who is winning, and keeps the 3 of spades away from the
other side.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache

from core.moon3 import cards
from core.moon3.actions import Action
from core.moon3.bots.knowledge import IN_SUIT, THROW_ORDER, Knowledge, from_view
from core.moon3.cards import JOKER, KALI_TIDI, POINTS, SUIT
from core.moon3.rules import EFF_SUIT, KEYS
from core.moon3.view import PlayerView

#: Share of the estimate the bidder dares to bid (set by hand; Rules self-play makes 80-86%).
BOLDNESS = 0.95
#: What a partner or teammate is expected to add, as a share of a fair cut.
PARTNER_SHARE = 0.8


# ---------------------------------------------------------------- hand value


@cache
def _higher(decks: int, jokers: bool) -> tuple[tuple[int, ...], ...]:
    """Per trump, per card: the cards of the whole deck above it in its effective suit."""
    deck = Counter(cards.deck(decks, jokers))
    rows = []
    for trump in range(4):
        eff = EFF_SUIT[trump]
        row = []
        for c in cards.ALL_IDS:
            keys = KEYS[trump][eff[c]]
            row.append(sum(n for x, n in deck.items() if eff[x] == eff[c] and keys[x] > keys[c]))
        rows.append(tuple(row))
    return tuple(rows)


def _gains(
    held: list[int], trump: int, suit: int, players: int, higher: Sequence[int]
) -> list[float]:
    """What each card of ``held``, of one effective suit, adds to the tricks the hand expects
    to take with ``trump``, strongest first (a card that adds nothing is left out)."""
    keys = KEYS[trump][suit]
    held.sort(key=keys.__getitem__, reverse=True)  # stable, as by -keys[c]
    gains = []
    above = 0  # own cards above this one (an identical copy is not above it)
    for i, c in enumerate(held):
        if i and keys[c] != keys[held[i - 1]]:
            above = i
        higher_out = higher[c] - above
        if suit == trump:
            if higher_out <= i:
                gains.append(1.0)
            else:
                gains.append(max(0.2, 0.75 - 0.2 * (higher_out - i)))
        elif i < 2 and higher_out <= i:
            gains.append(max(0.4, 0.9 - 0.06 * (players - 4) - 0.25 * i))
        elif i == 0 and higher_out == 1:
            gains.append(0.3)
    return gains


def _value(gains: Sequence[Sequence[float]], hand: Sequence[int], decks: int) -> float:
    """Expected tricks, added up card by card in the order given, × an average trick."""
    tricks = 0.0
    for suit in gains:
        for gain in suit:
            tricks += gain
    total = cards.POINTS_PER_DECK * decks
    per_trick = total / max(1, len(hand))
    bonus = 15.0 if KALI_TIDI in hand else 0.0
    return tricks * per_trick + bonus


def hand_value(hand: Sequence[int], trump: int, players: int, decks: int, jokers: bool) -> float:
    """Expected points this hand captures itself with ``trump``: tricks × an average trick."""
    higher = _higher(decks, jokers)[trump]
    by_suit: dict[int, list[int]] = {}
    eff = EFF_SUIT[trump]
    for c in hand:
        by_suit.setdefault(eff[c], []).append(c)
    return _value(
        [_gains(held, trump, suit, players, higher) for suit, held in by_suit.items()], hand, decks
    )


@lru_cache(maxsize=8192)
def _suit_gains(
    held: tuple[int, ...], trump: int, suit: int, players: int, decks: int, jokers: bool
) -> tuple[float, ...]:
    """:func:`_gains` of a suit's holding, kept: short holdings come back deal after deal."""
    return tuple(_gains(list(held), trump, suit, players, _higher(decks, jokers)[trump]))


@lru_cache(maxsize=1024)
def _values(hand: tuple[int, ...], players: int, decks: int, jokers: bool) -> tuple[float, ...]:
    """The hand's value under each trump, as :func:`hand_value` gives it (a seat asks again at
    each of its bids). A suit that is not trump adds the same whichever suit is: it is
    weighed once."""
    # The hand by printed suit, jokers apart, in the hand's order: a suit's cards in order of
    # strength do not depend on where they sat (only identical copies tie).
    printed: list[list[int]] = [[], [], [], [], []]
    for c in hand:
        printed[SUIT[c]].append(c)
    jokers_held = printed[SUIT[JOKER]]
    side: dict[int, tuple[float, ...]] = {}
    values = []
    for trump in range(4):
        gains = []
        for suit in dict.fromkeys(map(EFF_SUIT[trump].__getitem__, hand)):
            if suit == trump:
                held = (*printed[trump], *jokers_held)
                gains.append(_suit_gains(held, trump, trump, players, decks, jokers))
            else:
                if suit not in side:
                    # Weighed as if the next suit were trump: any other trump weighs it alike.
                    # Only its two highest cards (lowest ids) can add a trick, so only they are
                    # weighed, and the many holdings that share them share one entry.
                    other = (suit + 1) % 4
                    top = tuple(sorted(printed[suit])[:2])
                    side[suit] = _suit_gains(top, other, suit, players, decks, jokers)
                gains.append(side[suit])
        values.append(_value(gains, hand, decks))
    return tuple(values)


def best_trump(view: PlayerView) -> tuple[int, float]:
    """The suit this hand values highest, and that value."""
    values = _values(view.hand, view.players, view.decks, view.jokers)
    suit = max(range(4), key=lambda t: values[t])
    return suit, values[suit]


def side_estimate(view: PlayerView) -> float:
    """Expected points of this seat's side if it wins the auction."""
    _, own = best_trump(view)
    fair = cards.POINTS_PER_DECK * view.decks / view.players
    if view.teams:
        assert view.seat is not None
        helpers = sum(1 for t in view.teams if t == view.teams[view.seat]) - 1
    else:
        helpers = view.call_count
    return own + PARTNER_SHARE * fair * helpers


# ---------------------------------------------------------------- the bot


class RulesBot:
    """Sound habits, no search: the partner most friend groups would be glad of."""

    level = "rules"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("the bot has nothing to do: it is not its turn")
        phase = view.phase
        if phase == "playing":
            if len(legal) == 1:
                return legal[0]  # a single card to play: nothing to weigh
            return play(legal, choose_card(from_view(view)))
        if phase == "bidding":
            return self.bid(view)
        if phase == "calling":
            return self.call(view)
        suit, _ = best_trump(view)
        return next(a for a in legal if a.value == suit)

    def bid(self, view: PlayerView) -> Action:
        return raise_or_pass(view, side_estimate(view) * BOLDNESS)

    def call(self, view: PlayerView) -> Action:
        options = view.legal
        need: int = options.need  # type: ignore[attr-defined]
        callable_ids: tuple[int, ...] = options.callable  # type: ignore[attr-defined]
        trump, _ = best_trump(view)
        own = Counter(view.hand)

        def worth(c: int) -> float:
            strength = KEYS[trump][EFF_SUIT[trump][c]][c]
            if c == JOKER:
                score = 200.0
            elif EFF_SUIT[trump][c] == trump:
                score = 100.0 + strength
            elif c == KALI_TIDI:
                score = 95.0
            elif cards.RANK[c] == 0:
                score = 80.0 + POINTS[c]
            else:
                score = strength + POINTS[c] / 2
            return score - (40 if own[c] else 0)

        picked = sorted(callable_ids, key=worth, reverse=True)[:need]
        return Action(view.seat, "call", tuple(sorted(picked)))  # type: ignore[arg-type]


def raise_or_pass(view: PlayerView, dare: float) -> Action:
    """Raise by the smallest step while it stays within ``dare`` points, else pass.

    A teammate who holds the auction is never outbid.
    """
    fold: Action | None = None
    lowest: Action | None = None  # the first of the lowest bids
    amount = 0
    for action in view.legal:
        _, kind, value = action
        if kind == "bid":
            assert isinstance(value, int)
            if lowest is None or value < amount:
                lowest, amount = action, value
        elif kind == "pass" and fold is None:
            fold = action
    if fold is None:
        raise ValueError("no pass among the legal actions")
    if lowest is None:
        return fold
    teams, high, seat = view.teams, view.high_bidder, view.seat
    if teams and high is not None and seat is not None and teams[high] == teams[seat]:
        return fold
    return lowest if amount <= dare else fold


def play(legal: Sequence[Action], card: int) -> Action:
    """The legal play action of ``card``."""
    for action in legal:
        if action.value == card and action.kind == "play":
            return action
    raise ValueError(f"no play of card {card}")


def _winning(k: Knowledge) -> tuple[int, int, int]:
    """(led suit, best key, winning seat) of the current trick."""
    led = k.suit_of(k.trick_cards[0])
    keys = KEYS[k.trump][led]
    best, seat = -1, -1
    for s, c in zip(k.trick_seats, k.trick_cards, strict=True):
        if keys[c] >= best:
            best, seat = keys[c], s
    return led, best, seat


def choose_card(k: Knowledge) -> int:
    """The card sound habits play from this seat's knowledge."""
    legal = sorted(set(k.legal_cards), key=THROW_ORDER.__getitem__)
    if len(legal) == 1:
        return legal[0]
    if not k.trick_cards:
        return _lead(k, legal)
    led, best, winner = _winning(k)
    keys = KEYS[k.trump][led]
    after = k.to_play_after()
    risky_after = [s for s in after if s not in k.friends]
    points_in = sum(map(POINTS.__getitem__, k.trick_cards))
    if winner in k.friends:
        safe = not risky_after or k.beaters(best, led) == 0
        if safe:
            # Feed points to a trick the side will take, without wasting a trump.
            eff = EFF_SUIT[k.trump]
            feed = [c for c in legal if eff[c] != k.trump or eff[c] == led]
            return max(feed or legal, key=lambda c: (POINTS[c] + (c == KALI_TIDI), -keys[c]))
        return legal[0]
    winners = [c for c in legal if keys[c] >= best and keys[c] > 0]
    if not winners:
        return legal[0]
    if not risky_after:
        # Last of the other side to play: win as cheaply as possible, taking own points home.
        return max(winners, key=lambda c: (POINTS[c], -keys[c]))
    sure = [c for c in winners if k.beaters(keys[c] + 1, led) == 0 and c != KALI_TIDI]
    if sure and (points_in >= 10 or k.unseen[KALI_TIDI] > 0):
        return min(sure, key=lambda c: keys[c])
    if points_in >= 20:
        return max(winners, key=lambda c: keys[c])
    return legal[0]


def _lead(k: Knowledge, legal: list[int]) -> int:
    trump = k.trump
    eff = EFF_SUIT[trump]
    keys_trump = KEYS[trump][trump]
    my_trumps = [c for c in legal if eff[c] == trump]
    get = k.unseen.get
    trumps_out = sum([get(c, 0) for c in IN_SUIT[trump][trump]])
    if k.bidding and my_trumps and trumps_out:
        top = max(my_trumps, key=lambda c: keys_trump[c])
        if k.higher_unseen(top) == 0:
            return top  # draw trump while holding the top
    foes_void = set().union(*(k.voids[s] for s in k.foes)) if k.foes else set()
    for c in sorted(legal, key=lambda c: -POINTS[c]):
        suit = eff[c]
        if suit == trump or c == KALI_TIDI:
            continue
        if k.higher_unseen(c) == 0 and (suit not in foes_void or trumps_out == 0):
            return c  # a sure winner
    side = [c for c in legal if eff[c] != trump and c != KALI_TIDI and not POINTS[c]]
    if side:
        counts = [0] * 5  # the hand's cards by effective suit
        for c in k.hand:
            counts[eff[c]] += 1
        return min(side, key=lambda c: (-counts[eff[c]], *THROW_ORDER[c]))
    return legal[0]
