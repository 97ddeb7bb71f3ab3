"""The plain Spades engine the benchmarks measure each game against (bench/plain.py) plays
Spades: every card once, suit followed, spades led only once broken, scores as S-rules say."""

from __future__ import annotations

import random

from bench.plain import BIDS, PLAY, SPADES, Round


def played_out(seed: int) -> tuple[Round, list[tuple[int, int, list[int]]]]:
    """A deal played at random to its end; each play with the hand it was chosen from."""
    deal = Round(seed)
    rng = random.Random(seed)
    plays = []
    while actions := deal.legal_actions():
        action = rng.choice(actions)
        if action >= PLAY:
            plays.append((deal.to_act, action - PLAY, [a - PLAY for a in actions]))
        deal.apply(action)
    return deal, plays


def test_plain_engine_plays_every_card_once_in_thirteen_tricks() -> None:
    for seed in range(50):
        deal, plays = played_out(seed)
        assert sorted(card for _, card, _ in plays) == list(range(52))
        assert sum(deal.took) == 13 and deal.hands == [[], [], [], []]


def test_plain_engine_makes_players_follow_suit_and_keeps_spades_until_broken() -> None:
    deal = Round(1)
    for _ in range(4):
        deal.apply(3)  # every seat bids 3
    assert deal.legal_actions()[0] >= PLAY
    hand = deal.hands[deal.to_act]
    offered = [a - PLAY for a in deal.legal_actions()]
    if any(c // 13 != SPADES for c in hand):
        assert all(c // 13 != SPADES for c in offered)  # no spade lead before one is played
    lead = offered[0]
    deal.apply(PLAY + lead)
    follower = deal.hands[deal.to_act]
    same = [c for c in follower if c // 13 == lead // 13]
    assert sorted(a - PLAY for a in deal.legal_actions()) == sorted(same or follower)


def test_plain_engine_bids_are_nil_to_thirteen() -> None:
    assert Round(2).legal_actions() == list(range(BIDS)) == list(range(14))


def test_plain_engine_scores_contracts_bags_sets_and_nil() -> None:
    deal = Round(3)
    deal.bids = [4, 0, 3, 5]
    deal.took = [5, 1, 3, 4]
    # Seats 0 and 2 bid 7 and took 8: 70 and a bag. Seat 1's nil fails (-100); seat 3 bid 5
    # and took 4 (the nil's trick counts for nobody): set, -50.
    assert deal.score() == (71, -150)
    deal.took = [1, 0, 5, 7]  # 6 of 7 bid: set; the nil made, 7 of 5 with two bags
    assert deal.score() == (-70, 100 + 52)
