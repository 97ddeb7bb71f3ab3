"""Thirteen bots: blind to hidden cards, and sound habits (every game's bots play whole rounds
with legal actions in ``tests/test_bots.py``).

Each test is named after what a player at the table would notice.
"""

from __future__ import annotations

import random

import pytest

from core import games, tournament
from core.thirteen import cards, rules
from core.thirteen import tournament as thirteen_tournament
from core.thirteen.actions import PASS, PLAY, Action
from core.thirteen.bots import knowledge, players, policy, search
from core.thirteen.combos import SINGLE, Combo
from core.thirteen.config import Config
from core.thirteen.state import State
from core.thirteen.view import player_view

#: The Expert held to a few worlds a decision and no clock: repeatable and quick.
EXPERT = players.ExpertBot(budget_ms=10**9, worlds=4)
GAME = games.get("thirteen")


def ids(names: str) -> list[int]:
    return [cards.parse(name) for name in names.split()]


def mask(names: str) -> int:
    return cards.mask_of(ids(names))


def position(players_: int, hands: list[str], leader: int = 0) -> State:
    """A hand already under way: each seat holds ``hands[seat]`` and ``leader`` leads freely."""
    return rules.start(Config(players_), [ids(h) for h in hands], first_leader=leader)


def random_position(seed: int, players_: int) -> State:
    """A hand of Rules play stopped at a random turn."""
    rng = random.Random(seed)
    bot = players.RulesBot()
    while True:
        state = rules.deal(Config(players_), rng.getrandbits(32))
        stop = rng.randrange(40)
        while state.to_act is not None and stop:
            rules.apply(state, bot.choose(player_view(state, state.to_act), rng))
            stop -= 1
        if state.to_act is not None and len(rules.legal_actions(state)) > 1:
            return state


@pytest.mark.parametrize("players_", [2, 3, 4])
def test_bots_decide_the_same_whoever_holds_the_cards_they_cannot_see(players_: int) -> None:
    shuffler = random.Random(99)
    for seed in range(3):
        state = random_position(seed * 10 + players_, players_)
        seat = state.to_act
        assert seat is not None
        moved = GAME.redeal_unseen(state, seat, shuffler)
        for bot in (players.RulesBot(), EXPERT):
            first = bot.choose(player_view(state, seat), random.Random(seed))
            second = bot.choose(player_view(moved, seat), random.Random(seed))
            assert first == second


def test_a_lone_legal_action_is_taken_at_once() -> None:
    state = position(2, ["3S 2H", "4S 5S"], leader=1)
    rules.apply(state, Action(1, PLAY, (cards.parse("5S"),)))
    rules.apply(state, Action(0, PLAY, (cards.parse("2H"),)))
    view = player_view(state, 1)
    assert [a.kind for a in view.legal] == [PASS]
    slow = players.ExpertBot(budget_ms=10**9, worlds=10**9)
    assert slow.choose(view, random.Random(0)).kind == PASS


@pytest.mark.parametrize(
    ("hand", "fewest"),
    [
        ("3S 4C 5D 6H 7S", 1),  # one sequence
        ("3S 3C 4D 5H", 2),  # 3-4-5 and a lone 3, not a pair and two singles
        ("5S 5C 6D 6H 7S 7C 9D", 2),  # three pairs in a row, and the 9
        ("5S 6C 7D 7H 8S 9C", 2),  # 5-6-7 and 7-8-9
        ("9S 9C 9D JS QC KD AH 2S", 3),  # three 9s, J-Q-K-A, the 2
        ("3S 5C 7D 9H JS KC 2D", 7),  # nothing goes together
    ],
)
def test_rules_splits_a_hand_into_the_fewest_plays(hand: str, fewest: int) -> None:
    assert policy.plays_needed(mask(hand)) == fewest


def test_rules_splits_runs_without_leaving_loose_singles() -> None:
    _, blocks = policy.partition(policy.pack(mask("5S 6C 7D 7H 8S 9C")))
    assert sorted(blocks) == [(2, 3, 1), (4, 3, 1)]


def test_rules_beats_a_low_single_cheaply_and_keeps_its_2() -> None:
    hand = mask("4S 6D 9C JC QD 2H")
    standing = Combo(SINGLE, 1, cards.parse("5S"))
    assert policy.choose(hand, standing, 0, [13, 13, 13]) == (cards.parse("6D"),)


def test_rules_passes_rather_than_spend_its_2_early() -> None:
    hand = mask("3S 4C 6D 6H 9C 9D JS QD 2H")
    standing = Combo(SINGLE, 1, cards.parse("KS"))
    assert policy.choose(hand, standing, 0, [13, 12, 11]) == ()


def test_rules_spends_its_2_when_an_opponent_is_about_to_go_out() -> None:
    hand = mask("3S 4C 6D 6H 9C 9D JS QD 2H")
    standing = Combo(SINGLE, 1, cards.parse("KS"))
    assert policy.choose(hand, standing, 0, [13, 2, 11]) == (cards.parse("2H"),)


def test_rules_plays_its_whole_hand_when_it_is_one_play() -> None:
    hand = mask("8S 9C TD JH")
    assert policy.choose(hand, None, 0, [5, 5, 5]) == tuple(ids("8S 9C TD JH"))


def test_rules_does_not_lead_a_beatable_single_to_an_opponent_with_one_card() -> None:
    hand = mask("4S 7D 7H")
    others = mask("5S KH AS")
    assert policy.choose(hand, None, others, [1, 2]) == tuple(ids("7D 7H"))


def test_rules_leads_its_weakest_play_first() -> None:
    hand = mask("4S 8D 8H JC QD KS 2H")
    others = knowledge.DECK & ~hand
    assert policy.choose(hand, None, others, [13, 13, 13]) == (cards.parse("4S"),)


def test_the_first_play_of_a_game_holds_the_lowest_card() -> None:
    for seed in range(20):
        state = rules.deal(Config(4), seed)
        view = player_view(state, state.to_act)
        assert view.must_play is not None
        for bot in (players.RulesBot(), EXPERT):
            assert view.must_play in bot.choose(view, random.Random(seed)).cards


HAND_WORKED = ("7C 8D 8H QD", "9H TD KH 2S")


def test_endgame_search_finds_the_only_winning_lead() -> None:
    # Lead the pair of 8s (the other has no pair) to lead again, then the 7: whatever the
    # other does, one of its 9 or 10 must come out, and the queen beats it to go out.
    state = position(2, list(HAND_WORKED))
    winners = []
    for action in rules.legal_actions(state):
        after = state.clone()
        rules.apply(after, action)
        if search.Endgame(10**6).solve(after, 0):
            winners.append(action.cards)
    assert winners == [tuple(ids("8D 8H"))]


def test_rules_alone_would_lead_its_lowest_card_there() -> None:
    state = position(2, list(HAND_WORKED))
    assert players.RulesBot().choose(player_view(state, 0), random.Random(0)).cards == (
        cards.parse("7C"),
    )


def test_endgame_search_sees_a_lost_position_as_lost() -> None:
    state = position(2, ["3S 4S", "2H"], leader=1)
    assert not search.Endgame(10**6).solve(state, 0)


@pytest.mark.parametrize("players_", [2, 3, 4])
def test_a_deal_set_seats_each_level_in_every_seat_equally(players_: int) -> None:
    seatings = thirteen_tournament.seatings(Config(players_, 1))
    assert len(set(seatings)) == len(seatings) == {2: 2, 3: 6, 4: 2}[players_]
    for seat in range(players_):
        owners = [owner[seat] for owner in seatings]
        assert owners.count(0) == owners.count(1)
    setup = tournament.Setup("thirteen", Config(players_, 1), ("rules", "random"), seed=1)
    result = tournament.play_set(setup, 0)
    assert -(players_ - 1) <= result.diff <= players_ - 1
