"""Spades bots in set positions: nil bidding, covering a partner's nil, busting an opponent's,
and bags (SPEC S4, S6), each a row of a table that both the Rules and the Expert bot must pass.

A row names the rule, sets the position and says what the seat to act should do and why.
Positions are real: the engine's ``start`` deals the hands, ``apply`` checks every bid and
card before it, and the bots see only ``player_view``. A row gives the cards that matter —
the whole hand of the seat to act, the cards each seat has played (added to its hand), and
the suits a seat holds none of — and the rest of the deck is dealt out around them, the same
way every run. Four players in partnership (seats 0+2 against 1+3); the dealer is seat 3,
so seat 0 bids and leads first, unless the row says otherwise. The Expert thinks a fixed
20 ms of counted work a decision from a fixed seed, so each row is decided the same way
every run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from core.pieces import cards
from core.spades import rules
from core.spades.actions import BIDS, PLAYS, Action
from core.spades.bots import players
from core.spades.config import Config
from core.spades.state import State
from core.spades.view import player_view

BOTS = {"rules": players.RulesBot(), "expert": players.ExpertBot(budget_ms=20)}


def hand(text: str) -> list[int]:
    """Cards by suit: ``"S:K7 H:AQ52 C:T9 D:-"`` (``-``: none of that suit)."""
    out = []
    for part in text.split():
        suit, ranks = part.split(":")
        out.extend(cards.card(rank, suit) for rank in ranks if rank != "-")
    return out


@dataclass(frozen=True)
class Position:
    """One row: the rule checked, the position, what is right and why."""

    rule: str
    #: The cards each seat holds now (the seat to act: its whole hand), by :func:`hand`.
    hands: dict[int, str]
    #: Each seat's bid in seat order (``None``: still to bid).
    bids: tuple[int | None, ...]
    #: The right action: a card, ``"nil"``, ``"blind nil"``, ``"not nil"`` (a bid of 1 or
    #: more), ``"not blind"`` (any bid but blind nil) or several cards, any of which is right.
    expect: str
    why: str
    #: The cards played so far, as ``seat:card``, in order.
    plays: str = ""
    #: Suits (letters) a seat holds none of, among the cards dealt around the row's.
    voids: dict[int, str] = field(default_factory=dict)
    #: Each side's score and bags before the hand.
    before: tuple[tuple[int, int], ...] = ((0, 0), (0, 0))
    dealer: int = 3
    options: dict[str, bool] = field(default_factory=dict)


def build(row: Position) -> State:
    """The row's position, every bid and card through the engine's checks."""
    config = Config.make(4, **row.options)
    held = {seat: hand(text) for seat, text in row.hands.items()}
    plays = [(int(seat), cards.parse(c)) for seat, c in (p.split(":") for p in row.plays.split())]
    fixed: list[list[int]] = [
        held.get(seat, []) + [c for s, c in plays if s == seat] for seat in range(4)
    ]
    taken = {c for seat_cards in fixed for c in seat_cards}
    rest = [c for c in config.deck if c not in taken]
    random.Random(0).shuffle(rest)
    room = [config.hand_size - len(seat_cards) for seat_cards in fixed]
    for c in rest:
        fits = [s for s in range(4) if room[s] and cards.SUITS[c // 13] not in row.voids.get(s, "")]
        seat = max(fits, key=lambda s: (room[s], -s))
        fixed[seat].append(c)
        room[seat] -= 1
    assert all(len(seat_cards) == config.hand_size for seat_cards in fixed), row.rule
    state = rules.start(config, row.dealer, fixed, row.before)
    while state.phase.label == "bidding":
        seat = state.to_act
        assert seat is not None
        amount = row.bids[seat]
        if amount is None:
            return state
        rules.apply(state, BIDS[seat][amount])
    for seat, c in plays:
        rules.apply(state, PLAYS[seat][c])
    return state


def right(row: Position, action: Action) -> bool:
    if row.expect == "nil":
        return action.value == 0 and not action.blind
    if row.expect == "blind nil":
        return action.blind
    if row.expect == "not nil":
        return action.value > 0
    if row.expect == "not blind":
        return not action.blind
    return action.kind == "play" and cards.NAME[action.value] in row.expect.split()


# ---------------------------------------------------------------- the table

LOW = "S:52 H:T842 C:9763 D:843"

BIDDING = [
    Position(
        "s4_nil_with_no_honour_and_two_low_spades",
        {0: LOW},
        (None, None, None, None),
        "nil",
        "Two low spades, nothing above a ten: every suit can be ducked, worth +100.",
    ),
    Position(
        "s4_no_nil_holding_the_ace_of_spades",
        {0: "S:A H:T842 C:97632 D:843"},
        (None, None, None, None),
        "not nil",
        "The A♠ wins whatever trick it falls in: a nil would be lost for certain.",
    ),
    Position(
        "s4_no_nil_holding_the_queen_of_spades_guarded",
        {0: "S:Q4 H:T842 C:9763 D:83"},
        (None, None, None, None),
        "not nil",
        "Q♠ wins as soon as A♠ and K♠ are gone, and spades get led: no nil.",
    ),
    Position(
        "s4_no_nil_with_a_side_ace",
        {0: "S:53 H:A C:97632 D:87432"},
        (None, None, None, None),
        "not nil",
        "A singleton ace must win the first heart led.",
    ),
    Position(
        "s4_no_nil_with_five_spades",
        {0: "S:T8643 H:T84 C:97 D:84"},
        (None, None, None, None),
        "not nil",
        "Five spades: the last ones win once the others are out.",
    ),
    Position(
        "s4_nil_beside_a_partners_nil_with_no_trick_to_cover",
        {2: LOW},
        (0, 3, None, None),
        "nil",
        "Nothing in this hand could cover the partner: bidding 1 is a set, a nil is +100.",
    ),
    Position(
        "s4_no_nil_beside_a_partners_nil_with_honours_to_cover",
        {2: "S:J5 H:KQ42 C:9763 D:83"},
        (0, 3, None, None),
        "not nil",
        "K♥ Q♥ can win the tricks the nil partner might otherwise have to take.",
    ),
    Position(
        "s4_nil_with_a_king_guarded_by_four_low_cards",
        {0: "S:4 H:K8532 C:9763 D:42"},
        (None, None, None, None),
        "nil",
        "K♥ with four low hearts can duck every heart lead until it is safe.",
    ),
    Position(
        "s1_no_nil_where_the_table_plays_none",
        {0: LOW},
        (None, None, None, None),
        "not nil",
        "Nil is off at this table: the legal bids start at 1.",
        options={"nil": False},
    ),
    Position(
        "s4_blind_nil_far_behind_late_beside_a_strong_partner",
        {},
        (5, 3, None, None),
        "blind nil",
        "250 behind, the leaders 70 from 500: only a blind nil's 200 can catch up, and a "
        "partner who bid 5 can cover it.",
        before=((180, 0), (430, 0)),
        options={"blind_nil": True},
    ),
    Position(
        "s4_no_blind_nil_early_in_the_game",
        {},
        (None, None, None, None),
        "not blind",
        "200 behind with the leaders far from 500: the game is long, and a blind nil loses "
        "most times; bid tricks.",
        before=((-50, 0), (150, 0)),
        options={"blind_nil": True},
    ),
    Position(
        "s4_no_blind_nil_beside_a_weak_partner",
        {},
        (2, 3, None, None),
        "not blind",
        "A partner who bid 2 cannot cover a blind nil, and 250 behind is not yet desperate.",
        before=((180, 0), (430, 0)),
        options={"blind_nil": True},
    ),
    Position(
        "s4_no_blind_nil_beside_a_partners_nil",
        {},
        (0, 3, None, None),
        "not blind",
        "Two nils, one blind, and no cover: even 300 behind it is throwing the hand away.",
        before=((100, 0), (430, 0)),
        options={"blind_nil": True},
    ),
]

OWN_NIL = [
    Position(
        "own_nil_plays_the_highest_card_under_the_winner",
        {1: "S:53 H:K92 C:9763 D:8743"},
        (4, 0, 4, 3),
        "9H",
        "Under the Q♥ both 9♥ and 2♥ duck; the 9 is the one that could win later.",
        plays="0:QH",
    ),
    Position(
        "own_nil_discards_its_most_dangerous_card_when_void",
        {1: "S:653 H:- C:T98765432 D:A"},
        (4, 0, 4, 3),
        "AD",
        "Void in hearts: the singleton A♦ goes now, or it wins the first diamond led.",
        plays="0:QH",
        voids={1: "H"},
    ),
]

COVER = [
    Position(
        "cover_overtakes_the_nil_partner_winning_the_trick",
        {2: "S:K94 H:A86 C:AK53 D:KQ4"},
        (0, 3, 5, 3),
        "6H 8H AH",
        "The nil partner's 5♥ holds the trick: beat it, or the nil is lost.",
        plays="0:5H 1:3H",
    ),
    Position(
        "cover_plays_high_ahead_of_the_nil_partner",
        {2: "S:K94 H:Q3 C:AK53 D:KQ42"},
        (0, 3, 5, 3),
        "QH",
        "The partner plays after us under a 2♥: the Q♥ gives the partner room to duck.",
        dealer=0,
        plays="1:2H",
    ),
    Position(
        "cover_plays_its_top_card_ahead_of_the_nil_partner",
        {2: "S:K94 H:AK C:Q853 D:KQ42"},
        (0, 3, 5, 3),
        "AH KH",
        "Either top heart settles the trick before the partner has to play.",
        dealer=0,
        plays="1:9H",
    ),
    Position(
        "cover_ruffs_ahead_of_the_nil_partner_when_void",
        {2: "S:KJ94 H:- C:AK853 D:KQ42"},
        (0, 3, 5, 3),
        "4S 9S JS KS",
        "Void in hearts with the nil partner to play after us: a spade takes the trick, and "
        "the partner can drop any heart.",
        dealer=0,
        plays="1:2H",
        voids={2: "H"},
    ),
    Position(
        "cover_leads_the_suit_the_nil_partner_is_void_in",
        {0: "S:7 H:Q C:A D:A", 1: "H:2 C:985", 2: "S:AKQT", 3: "S:43 H:9 D:9"},
        (2, 0, 6, 3),
        "9D",
        "The nil partner (seat 1) threw the J♣ on a diamond: on the 9♦ it discards again, "
        "where under the 9♥ its 2♥ might be the only heart left.",
        plays=(
            "0:2C 1:3C 2:4C 3:6C "
            "3:AH 0:4H 1:8H 2:6H "
            "3:KH 0:TH 1:7H 2:2S "
            "2:4D 3:KD 0:6D 1:QD "
            "3:QC 0:KC 1:JC 2:7C "
            "0:TD 1:8D 2:5D 3:2D "
            "0:JH 1:5H 2:7D 3:3H "
            "0:JD 1:TC 2:5S 3:3D "
            "2:9S 3:JS 0:6S 1:8S"
        ),
    ),
    Position(
        "cover_takes_the_trick_last_over_the_nil_partner",
        {1: "S:K94 H:A86 C:AK53 D:KQ4"},
        (4, 3, 4, 0),
        "6H 8H AH",
        "Last to play, the nil partner's 5♥ winning: any higher heart saves the nil.",
        dealer=1,
        plays="2:4H 3:5H 0:2H",
    ),
]

BUST = [
    Position(
        "bust_stays_under_the_nil_bidder_winning_the_trick",
        {2: "S:A82 H:K8 C:KQ5 D:AJ963"},
        (3, 0, 4, 4),
        "8H",
        "The nil bidder's 9♥ holds the trick: the 8♥ leaves it there, the K♥ would save it.",
        plays="0:4H 1:9H",
    ),
    Position(
        "bust_never_overtakes_the_nil_bidder_when_last",
        {2: "S:A82 H:J4 C:KQ5 D:AJ963"},
        (3, 0, 4, 4),
        "4H",
        "Last to play under the nil bidder's 9♥: the 4♥ makes it take the trick.",
        dealer=2,
        plays="3:2H 0:5H 1:9H",
    ),
    Position(
        "bust_plays_low_ahead_of_the_nil_bidder",
        {0: "S:K82 H:AK4 C:QJ54 D:AK3"},
        (3, 0, 4, 4),
        "3D",
        "The nil bidder plays next: after the 3♦ it must stay under the 6♦; after the A♦ or "
        "K♦ it could throw any diamond.",
        dealer=2,
        plays="3:6D",
    ),
    Position(
        "bust_discards_rather_than_ruffs_ahead_of_the_nil_bidder",
        {0: "S:K82 H:AK43 D:QJ9752"},
        (3, 0, 4, 4),
        "AH KH 4H 3H QD JD 9D 7D 5D 2D",
        "Void in clubs, the nil bidder to play next: a spade would take the trick from it.",
        dealer=2,
        plays="3:4C",
        voids={0: "C"},
    ),
    Position(
        "bust_leads_low_in_a_suit_the_nil_bidder_still_holds",
        {0: "H:954 C:7", 1: "S:KQT9", 2: "S:8643", 3: "H:A8 D:T9"},
        (0, 4, 5, 2),
        "8H",
        "The nil bidder (seat 0) threw the Q♣ on a diamond: a diamond lets it discard again, "
        "the A♥ is sure to win; under the 8♥ it must follow and may have to take the trick.",
        plays=(
            "0:3H 1:2H 2:JH 3:QH "
            "3:2C 0:5C 1:4C 2:8C "
            "2:AD 3:2D 0:JD 1:5D "
            "2:KD 3:3D 0:6D 1:8D "
            "2:KH 3:7H 0:TH 1:6H "
            "2:JC 3:3C 0:TC 1:AC "
            "1:9C 2:2S 3:6C 0:KC "
            "2:7D 3:4D 0:QC 1:QD "
            "1:7S 2:JS 3:AS 0:5S"
        ),
    ),
]

BAGS = [
    Position(
        "s6_bags_duck_once_made_at_nine_bags",
        {0: "S:AJ", 1: "S:54", 2: "S:Q96", 3: "S:KT"},
        (2, 2, 2, 3),
        "6S",
        "Ten tricks in, the contract of 4 made exactly with 9 bags: the Q♠ or 9♠ would take "
        "the tenth bag (−100); the 6♠ lets the 8♠ hold.",
        plays=(
            "0:2D 1:3D 2:5D 3:6D "
            "3:AC 0:5C 1:6C 2:3C "
            "3:2C 0:8C 1:9C 2:QC "
            "2:KC 3:7S 0:JC 1:TC "
            "3:7H 0:TH 1:AH 2:2H "
            "1:AD 2:9D 3:8D 0:4D "
            "1:3H 2:8H 3:JH 0:QH "
            "0:KD 1:9H 2:KH 3:TD "
            "0:6H 1:4H 2:7C 3:QD "
            "0:7D 1:5H 2:4C 3:JD "
            "3:8S 0:3S 1:2S"
        ),
        before=((200, 9), (150, 4)),
    ),
    Position(
        "s6_bags_still_take_the_tricks_the_contract_needs",
        {2: "S:Q85 H:J98 C:A6 D:K97"},
        (3, 4, 3, 4),
        "AC",
        "Four tricks short of the contract of 6: a set costs 60, a bag only later.",
        plays="0:AH 1:2H 2:3H 3:4H 0:AD 1:2D 2:3D 3:4D 0:5C 1:KC",
        before=((200, 9), (150, 0)),
    ),
    Position(
        "s6_bags_feed_opponents_their_tenth_bag",
        {0: "S:Q9", 1: "S:A6", 2: "S:J D:JT", 3: "C:JT"},
        (3, 3, 3, 1),
        "JD TD",
        "Both contracts made and the opponents on 9 bags: their 5♠ takes the trick and their "
        "tenth bag (−100) unless the J♠ overtakes it, so let it hold.",
        plays=(
            "0:AC 1:7C 2:AH 3:2C "
            "0:AD 1:2D 2:3D 3:5D "
            "0:3C 1:9C 2:7S 3:4C "
            "2:KD 3:7D 0:9D 1:4D "
            "2:3H 3:5H 0:6H 1:JH "
            "1:KH 2:7H 3:8H 0:4H "
            "1:KC 2:8S 3:5C 0:8C "
            "2:6D 3:2S 0:QD 1:8D "
            "3:QC 0:3S 1:4S 2:TS "
            "2:9H 3:KS 0:TH 1:2H "
            "3:6C 0:QH 1:5S"
        ),
        before=((200, 5), (380, 9)),
    ),
]

ROWS = {"bidding": BIDDING, "own nil": OWN_NIL, "cover": COVER, "bust": BUST, "bags": BAGS}


def decide(row: Position, level: str) -> tuple[State, Action]:
    state = build(row)
    seat = state.to_act
    assert seat is not None
    view = player_view(state, seat)
    action = BOTS[level].choose(view, random.Random(0))
    assert action in view.legal
    return state, action


def check(row: Position, level: str) -> None:
    _, action = decide(row, level)
    shown = cards.NAME[action.value] if action.kind == "play" else action.to_json()
    assert right(row, action), (
        f"{row.rule}: {level} chose {shown}, expected {row.expect}: {row.why}"
    )


LEVELS = list(BOTS)


def test_the_table_holds_enough_positions_of_every_kind() -> None:
    assert sum(len(rows) for rows in ROWS.values()) >= 25
    assert all(len(rows) >= 2 for rows in ROWS.values())


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("row", BIDDING, ids=lambda row: row.rule)
def test_nil_bidding(row: Position, level: str) -> None:
    check(row, level)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("row", OWN_NIL, ids=lambda row: row.rule)
def test_keeping_ones_own_nil(row: Position, level: str) -> None:
    check(row, level)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("row", COVER, ids=lambda row: row.rule)
def test_covering_a_partners_nil(row: Position, level: str) -> None:
    check(row, level)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("row", BUST, ids=lambda row: row.rule)
def test_busting_an_opponents_nil(row: Position, level: str) -> None:
    check(row, level)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("row", BAGS, ids=lambda row: row.rule)
def test_bags(row: Position, level: str) -> None:
    check(row, level)
