"""One test per rule of SPEC section 3 (R1–R28), named after the rule."""

from __future__ import annotations

import random

import pytest

from core import seats
from core.moon3 import cards, rules
from core.moon3.actions import Action
from core.moon3.cards import JOKER, POINTS, deck, parse
from core.moon3.config import Config, ConfigError, call_count
from core.moon3.match import Match
from core.moon3.scoring import GameLength, default_length, game_outcome
from core.moon3.state import Phase, State
from core.moon3.view import player_view
from tests.builders import act, ids, pass_all, round_with

SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
CLUBS = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"


def four_suits(mode: str = "teams") -> State:
    """4 players, one deck: seat 0 all spades, 1 hearts, 2 clubs, 3 diamonds."""
    return round_with(Config.make(4, mode), {0: SPADES, 1: HEARTS, 2: CLUBS, 3: DIAMONDS})


def play_first_legal(state: State) -> State:
    """Finish the round with every seat playing its first legal action."""
    while state.to_act is not None:
        rules.apply(state, rules.legal_actions(state)[0])
    return state


def trick(state: State, *plays: str) -> int:
    """Play one whole trick given as ``"seat card"`` pairs; return its winner."""
    act(state, *(f"{p.split()[0]} play {p.split()[1]}" for p in plays))
    return state.trick_winners[-1]


# ---------------------------------------------------------------- cards and deck


def test_r1_points_of_every_card() -> None:
    assert POINTS[parse("3S")] == 30
    for name in "AS KH QC JD TS 10H".split():
        assert POINTS[parse(name)] == 10, name
    for name in "5S 5H 5C 5D".split():
        assert POINTS[parse(name)] == 5, name
    for name in "2S 3H 3C 3D 4S 6H 7C 8D 9S 2D".split():
        assert POINTS[parse(name)] == 0, name
    assert cards.points(deck(1, False)) == 250
    assert cards.points(deck(2, False)) == 500
    assert cards.points(deck(2, True)) == 500  # jokers are worth nothing


def test_r2_rank_within_a_suit_and_kali_tidi_ranks_as_a_three() -> None:
    config = Config.make(2, "teams")
    state = round_with(config, {0: "3S AH", 1: "4S KH"})
    act(state, "0 bid 125", "1 pass", "0 trump D")
    assert trick(state, "0 3S", "1 4S") == 1  # 4♠ beats the 30-point 3♠
    assert state.points == [0, 30]
    assert trick(state, "1 KH", "0 AH") == 0  # the ace beats the king


def test_r3_jokers_are_optional_top_trumps_worth_nothing() -> None:
    assert JOKER not in deck(1, False)
    assert deck(1, True).count(JOKER) == 1 and deck(2, True).count(JOKER) == 2
    assert POINTS[JOKER] == 0
    config = Config.make(4, "teams", jokers=True)
    state = rules.new_round(
        config,
        0,
        [ids("JK " + SPADES[:-3]), ids(HEARTS), ids(CLUBS), ids(DIAMONDS)],
        ids("2S"),
    )
    act(state, "0 bid 125", "1 pass", "2 pass", "3 pass", "0 trump H")
    assert trick(state, "0 JK", "1 AH", "2 2C", "3 2D") == 0  # beats the trump ace
    # Of two jokers (two decks) the later one wins.
    two = round_with(Config.make(4, "teams", 2, jokers=True), {0: "JK AS", 1: "JK 2S"})
    act(two, "0 bid 500", "0 trump S", "0 play JK", "1 play JK")
    for _ in range(2):
        rules.apply(two, rules.legal_actions(two)[-1])
    assert two.trick_winners == [1]


def _contrast_on_white(colour: str) -> float:
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)


def test_r4_suit_colours_black_red_green_gold_readable_on_white() -> None:
    spade, heart, club, diamond = (
        tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in cards.SUIT_COLOURS
    )
    assert max(spade) < 0x40  # black
    assert heart[0] > 2 * max(heart[1:])  # red
    assert club[1] > club[0] and club[1] > club[2]  # green
    assert diamond[0] > diamond[2] and diamond[1] > diamond[2]  # yellow / gold
    for colour in cards.SUIT_COLOURS:
        assert _contrast_on_white(colour) >= 4.5, colour
    assert cards.JOKER_COLOUR not in cards.SUIT_COLOURS


# ---------------------------------------------------------------- dealing

DEAL_SIZES = {
    (2, 1): (26, 0), (3, 1): (17, 1), (4, 1): (13, 0), (5, 1): (10, 2), (6, 1): (8, 4),
    (7, 1): (7, 3), (2, 2): (52, 0), (3, 2): (34, 2), (4, 2): (26, 0), (5, 2): (20, 4),
    (6, 2): (17, 2), (7, 2): (14, 6),
}  # fmt: skip


@pytest.mark.parametrize(("players", "decks"), sorted(DEAL_SIZES))
def test_r5_deal_size_and_cards_removed(players: int, decks: int) -> None:
    config = Config.make(players, "teams", decks)
    assert (config.hand_size, config.removal_count) == DEAL_SIZES[players, decks]
    state = rules.deal(config, 0, seed=7)
    assert [len(h) for h in state.hands] == [config.hand_size] * players
    assert len(state.removed) == config.removal_count
    with_joker = Config.make(4, "teams", 1, jokers=True)  # 53 cards: 13 each, 1 removed
    assert (with_joker.hand_size, with_joker.removal_count) == (13, 1)


def test_r6_removal_takes_only_zero_point_cards_and_never_a_joker() -> None:
    config = Config.make(3, "partners", 1, jokers=True)  # 53 cards: 17 each, 2 removed
    assert rules.default_removal(config) == ids("2S 2H")  # the lowest cards, preselected
    rules.check_removed(config, ids("4C 9D"))
    for bad, why in (("5H 2S", "worth points"), ("JK 2S", "joker"), ("2S", "exactly 2")):
        with pytest.raises(rules.BadRound, match=why):
            rules.check_removed(config, ids(bad))
    seven = Config.make(7, "partners", 2)  # 6 removed: the six lowest, one copy each
    assert rules.default_removal(seven) == sorted(ids("2S 2H 2C 2D 3H 3C"))
    state = rules.deal(config, 0, 1, ids("4C 9D"))
    assert state.removed == tuple(ids("4C 9D"))
    assert cards.points(c for h in state.hands for c in h) == 250  # the total stays whole
    assert player_view(state, None).removed == tuple(ids("4C 9D"))  # shown to everyone


def test_r7_seeded_deal_one_card_at_a_time_clockwise_from_the_first_bidder() -> None:
    config = Config.make(4, "teams")
    a, b = rules.deal(config, 0, 81723), rules.deal(config, 0, 81723)
    assert a.hands == b.hands and a.seed == 81723
    assert rules.deal(config, 0, 81724).hands != a.hands
    # The same shuffled pack dealt from seat 1 gives every hand one seat further on.
    shifted = rules.deal(config, 1, 81723)
    assert [shifted.hands[seats.next_seat(s, 4)] for s in range(4)] == a.hands


# ---------------------------------------------------------------- teams


def test_r8_team_wise_seating_alternates_larger_team_first() -> None:
    def order(a: int, b: int) -> str:
        return "".join("AB"[t] for _, t in seats.alternate(range(a), range(b)))

    assert order(2, 2) == "ABAB"
    assert order(3, 4) == "BABABAB"
    assert order(2, 5) == "BABABBB"
    assert order(1, 3) == "BABB"
    seating = seats.alternate(["ann", "bo"], ["cy", "di", "ed"])
    assert [m for m, _ in seating] == ["cy", "ann", "di", "bo", "ed"]  # join order kept
    assert Config.make(4, "teams").teams == (0, 1, 0, 1)


def test_r9_random_teams_are_floor_and_ceil_and_alternate() -> None:
    for n in range(3, 8):
        seating = seats.draw_teams([f"p{i}" for i in range(n)], random.Random(n))
        labels = [t for _, t in seating]
        assert sorted([labels.count(0), labels.count(1)]) == [n // 2, n - n // 2]
        assert all(labels[i] != labels[i + 1] for i in range(2 * (n // 2) - 1))
    draws = {tuple(m for m, _ in seats.draw_teams("abcdef", random.Random(s))) for s in range(20)}
    assert len(draws) > 1  # the system really draws
    with pytest.raises(ConfigError):
        Config.make(5, "random", teams=[0, 0, 0, 0, 1])


def test_r10_card_based_side_is_the_bidder_and_the_called_card_holders() -> None:
    config = Config.make(4, "partners")
    assert config.teams == ()
    sides = []
    for called in ("AH", "AC"):
        state = four_suits("partners")
        act(state, "0 bid 125", "1 pass", "2 pass", "3 pass", f"0 call {called}", "0 trump S")
        play_first_legal(state)
        sides.append(rules.bidding_side(state))
    assert sides == [[0, 1], [0, 2]]  # partners change with the call, round by round


# ---------------------------------------------------------------- bidding


def test_r11_bidding_goes_clockwise_and_the_opening_rotates() -> None:
    state = round_with(Config.make(4, "teams"), first_bidder=2)
    assert state.to_act == 2
    act(state, "2 bid 130")
    assert state.to_act == 3
    act(state, "3 pass")
    assert state.to_act == 0
    match = Match(Config.make(4, "teams"), round_one=2)
    opened = []
    for seed in range(5):
        game_round = match.deal(seed)
        opened.append(game_round.first_bidder)
        play_first_legal(game_round)
        match.finish_round(game_round)
        if match.outcome.over:
            break
    assert opened == [2, 3, 0, 1, 2][: len(opened)] and len(opened) >= 2


def test_r12_bids_are_multiples_of_five_above_the_high_bid() -> None:
    state = round_with(Config.make(4, "teams"))
    amounts = [a.value for a in rules.legal_actions(state)[1:]]
    assert amounts == list(range(125, 255, 5))
    act(state, "0 bid 200")
    assert [a.value for a in rules.legal_actions(state)[1:]] == list(range(205, 255, 5))
    for bad in (203, 200, 195, 255):
        with pytest.raises(rules.IllegalAction):
            rules.apply(state, Action(1, "bid", bad))
    two = round_with(Config.make(5, "teams", 2))
    assert [a.value for a in rules.legal_actions(two)[1:]] == list(range(250, 505, 5))
    low = round_with(Config.make(4, "teams", min_bid=5))
    assert rules.legal_actions(low)[1].value == 5
    with pytest.raises(ConfigError):
        Config.make(4, "teams", min_bid=127)


def test_r13_every_way_an_auction_ends() -> None:
    config = Config.make(4, "teams")
    # A bid stands and every other player has passed.
    state = act(round_with(config), "0 bid 130", "1 bid 140", "2 pass", "3 pass", "0 pass")
    assert (state.phase, state.bidder, state.bid) == (Phase.TRUMP, 1, 140)
    # A bid of the maximum ends it at once.
    state = act(round_with(config), "0 bid 130", "1 bid 250")
    assert (state.phase, state.bidder, state.bid) == (Phase.TRUMP, 1, 250)
    # Everyone else passed before a bid: the last one still chooses, and a bid wins at once.
    state = pass_all(round_with(config, first_bidder=1), [1, 2, 3])
    assert state.to_act == 0 and state.phase is Phase.BIDDING
    act(state, "0 bid 125")
    assert (state.phase, state.bidder, state.bid) == (Phase.TRUMP, 0, 125)
    # ... and a pass means everyone passed: the first bidder wins at the minimum.
    state = pass_all(round_with(config, first_bidder=1), [1, 2, 3, 0])
    assert (state.phase, state.bidder, state.bid) == (Phase.TRUMP, 1, 125)
    # A seat that passed is out of this auction: the turn skips it.
    state = act(round_with(config), "0 bid 130", "1 pass", "2 bid 135", "3 pass")
    assert state.to_act == 0
    act(state, "0 bid 140")
    assert state.to_act == 2


def test_r14_a_bidder_who_times_out_passes_automatically() -> None:
    state = act(round_with(Config.make(4, "teams")), "0 bid 130")
    timeout = rules.timeout_action(state)
    assert timeout == Action(1, "pass")
    rules.apply(state, timeout)
    assert state.passed[1] and state.to_act == 2
    act(state, "2 pass", "3 pass")
    with pytest.raises(rules.IllegalAction):
        rules.timeout_action(state)  # no automatic move once bidding is over (R29)


# ---------------------------------------------------------------- trump and partners


def test_r15_the_bid_winner_picks_one_of_the_four_suits() -> None:
    state = act(four_suits(), "0 bid 125", "1 pass", "2 pass", "3 pass")
    assert [a.value for a in rules.legal_actions(state)] == [0, 1, 2, 3]
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, Action(0, "trump", 4))
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, Action(1, "trump", 1))  # only the bid winner picks
    act(state, "0 trump C")
    assert state.trump == cards.CLUBS and state.phase is Phase.PLAYING


def test_r16_card_based_calls_before_trump_other_modes_pick_trump_only() -> None:
    partners = act(four_suits("partners"), "0 bid 125", "1 pass", "2 pass", "3 pass")
    assert partners.phase is Phase.CALLING
    with pytest.raises(rules.IllegalAction, match="calling phase"):
        act(partners, "0 trump S")
    act(partners, "0 call AH")
    assert partners.phase is Phase.TRUMP
    teams = act(four_suits(), "0 bid 125", "1 pass", "2 pass", "3 pass")
    assert teams.phase is Phase.TRUMP
    with pytest.raises(rules.IllegalAction):
        act(teams, "0 call AH")


def test_r17_how_many_cards_are_called() -> None:
    assert [call_count(n) for n in range(3, 8)] == [1, 1, 2, 2, 3]
    state = pass_all(round_with(Config.make(5, "partners")), [0, 1, 2, 3, 4])
    assert state.phase is Phase.CALLING and state.bidder == 0
    with pytest.raises(rules.IllegalAction, match="exactly 2"):
        act(state, "0 call AH")
    with pytest.raises(rules.IllegalAction, match="must all be different"):
        act(state, "0 call AH,AH")
    callable_ids = rules.callable_cards(state)
    pick = (callable_ids[0], callable_ids[1])
    options = rules.legal_actions(state)
    assert (
        Action(0, "call", pick) in options
        and len(options) == len(callable_ids) * (len(callable_ids) - 1) // 2
    )
    rules.apply(state, Action(0, "call", pick))
    assert state.called == pick


def test_r18_callable_cards_one_and_two_decks() -> None:
    one = act(four_suits("partners"), "0 bid 125", "1 pass", "2 pass", "3 pass")
    assert rules.callable_cards(one) == ids(HEARTS + " " + CLUBS + " " + DIAMONDS)
    three = round_with(Config.make(3, "partners"), {0: "AS"}, removed="2C")
    act(three, "0 bid 125", "1 pass", "2 pass")
    assert parse("2C") not in rules.callable_cards(three)  # not dealt
    assert parse("AS") not in rules.callable_cards(three)  # in the bidder's hand
    # Two decks: one copy in the bidder's hand is fine, both are not; one copy removed
    # and the other in the bidder's hand leaves nothing to call.
    config = Config.make(6, "partners", 2)  # 2 removed
    two = round_with(config, {0: "AH AS AS 2C"}, removed="2C 3D")
    pass_all(two, range(6))
    allowed = rules.callable_cards(two)
    assert parse("AH") in allowed
    assert parse("AS") not in allowed
    assert parse("2C") not in allowed
    assert parse("3D") in allowed  # one copy removed, the other dealt elsewhere
    with pytest.raises(rules.IllegalAction, match="you hold every copy dealt"):
        act(two, "0 call AS,AH")


def _two_deck_round(rule: str) -> State:
    """6 players, two decks; seats 1 and 2 each hold a KH, the bidder none."""
    config = Config.make(6, "partners", 2, partner_rule=rule)
    state = round_with(
        config,
        {0: "AH AS AS KS KS", 1: "KH 2H", 2: "KH 3H", 3: "4H", 4: "5H", 5: "6H"},
    )
    pass_all(state, range(6))  # seat 0 takes it at 250
    return act(state, "0 call KH,KC", "0 trump S")


def test_r19_first_or_last_matching_card_decides_the_partner() -> None:
    results = {}
    for rule in ("first", "last"):
        state = _two_deck_round(rule)
        play_first_legal(state)
        results[rule] = state.decided[parse("KH")]
    assert set(results.values()) == {1, 2}  # the same play, a different partner per rule
    first = _two_deck_round("first")
    act(first, "0 play AH", "1 play KH")
    assert first.partners == [1]
    last = _two_deck_round("last")
    act(last, "0 play AH", "1 play KH")
    assert last.partners == []  # still hidden: another copy is out


def test_r20_the_partner_stays_hidden_until_the_deciding_card_is_played() -> None:
    state = act(four_suits("partners"), "0 bid 125", "1 pass", "2 pass", "3 pass", "0 call AH")
    act(state, "0 trump S")
    view = player_view(state, 2)
    assert view.partners == () and view.bidding_side == (0,)
    assert view.defending_side == (1, 2, 3)
    act(state, "0 play AS", "1 play AH")
    for seat in (None, 0, 1, 2, 3):
        assert player_view(state, seat).partners == (1,)
    # With the last rule, a bidder who holds the other copy keeps the secret until it is played.
    config = Config.make(6, "partners", 2, partner_rule="last")
    last = round_with(config, {0: "AH KH", 1: "KH 2S", 2: "KC KC"})
    pass_all(last, range(6))
    act(last, "0 call KH,KC", "0 trump S", "0 play AH", "1 play KH")
    while parse("KH") in last.hands[0]:
        assert 1 not in last.partners  # telling now would show the bidder holds the other KH
        rules.apply(last, rules.legal_actions(last)[0])
    assert 1 in last.partners  # every dealt copy is out: now it can be told


# ---------------------------------------------------------------- play


def test_r21_bid_winner_leads_then_each_trick_winner() -> None:
    state = act(four_suits(), "0 pass", "1 bid 125", "2 pass", "3 pass", "1 trump C")
    assert state.to_act == 1
    assert trick(state, "1 AH", "2 2C", "3 AD", "0 AS") == 2
    assert state.to_act == 2


def test_r22_follow_suit_jokers_count_as_trump() -> None:
    state = round_with(Config.make(2, "teams"), {0: "AH 2S", 1: "KH 3S"})
    act(state, "0 bid 125", "1 pass", "0 trump D", "0 play AH")
    hearts = {a.value for a in rules.legal_actions(state)}
    assert hearts == {c for c in state.hands[1] if cards.SUIT[c] == cards.HEARTS}
    with pytest.raises(rules.IllegalAction, match="must follow hearts"):
        act(state, "1 play 3S")
    # A joker led asks for trump (here clubs) ...
    config = Config.make(4, "teams", jokers=True)
    hands = [ids("JK " + SPADES[:-3]), ids(HEARTS), ids(CLUBS), ids(DIAMONDS[:-3] + " 2S")]
    state = rules.new_round(config, 0, hands, ids("2D"))
    act(state, "0 bid 125", "1 pass", "2 pass", "3 pass", "0 trump C", "0 play JK")
    assert len(rules.legal_actions(state)) == 13  # seat 1 has no clubs: any card
    act(state, "1 play AH")
    assert {a.value for a in rules.legal_actions(state)} == set(ids(CLUBS))
    # ... and a seat holding the led suit may not play the joker instead.
    state = rules.new_round(config, 0, hands, ids("2D"))
    act(state, "0 pass", "1 pass", "2 pass", "3 bid 125", "3 trump H", "3 play 2S")
    assert {a.value for a in rules.legal_actions(state)} == set(ids(SPADES[:-3]))
    with pytest.raises(rules.IllegalAction, match="must follow spades"):
        act(state, "0 play JK")


def test_r23_highest_trump_wins_else_highest_of_the_led_suit() -> None:
    config = Config.make(4, "teams")
    state = round_with(config, {0: "AS KH", 1: "QS 2H", 2: "JS AC", 3: "TS AD"})
    act(state, "0 bid 125", "1 pass", "2 pass", "3 pass", "0 trump H")
    assert trick(state, "0 AS", "1 QS", "2 JS", "3 TS") == 0  # no trump: highest spade
    state = round_with(config, {0: "AS KH", 1: "2H", 2: "JS", 3: "TS AD"})
    act(state, "0 bid 125", "1 pass", "2 pass", "3 pass", "0 trump H")
    act(state, "0 play AS")
    assert not any(cards.SUIT[c] == cards.SPADES for c in state.hands[1])  # seat 1 is void
    assert (
        trick(state, "1 2H", "2 JS", "3 TS") == 1
    )  # the lowest trump beats the led ace  # the lowest trump beats the ace of the led suit


def test_r24_the_later_of_identical_cards_wins() -> None:
    config = Config.make(3, "teams", 2, teams=[0, 1, 0])
    state = round_with(config, {0: "KD AS", 1: "2D", 2: "KD"}, removed="2S 2S")
    act(state, "0 bid 250", "1 pass", "2 pass", "0 trump C")
    assert trick(state, "0 KD", "1 2D", "2 KD") == 2  # the seed's own example


def test_r25_the_trick_and_its_points_go_to_the_winner_and_its_side() -> None:
    state = act(four_suits(), "0 bid 125", "1 pass", "2 pass", "3 pass", "0 trump S")
    assert trick(state, "0 3S", "1 TH", "2 5C", "3 2D") == 0
    assert state.points == [45, 0, 0, 0]
    assert rules.side_points(state) == {"bidding": 45, "defending": 0}
    assert state.kali == [0]


def test_r26_made_when_the_side_reaches_the_bid_else_failed() -> None:
    made = act(four_suits(), "0 bid 250", "0 trump S")
    play_first_legal(made)
    assert made.points == [250, 0, 0, 0] and rules.made(made) is True
    failed = act(four_suits(), "0 bid 125", "1 pass", "2 pass", "3 pass", "0 trump H")
    assert rules.made(failed) is None  # not before the round is over
    play_first_legal(failed)
    assert failed.points == [0, 250, 0, 0] and rules.made(failed) is False


def test_r27_round_score_follows_the_mode() -> None:
    # The full table of hand-checked cases is in test_scoring.py; here, a round end to end.
    match = Match(Config.make(4, "teams"))
    state = act(four_suits(), "0 bid 125", "1 pass", "2 pass", "3 pass", "0 trump H")
    result = match.finish_round(play_first_legal(state))
    assert result.score == (0, 125) and match.totals == [0, 125]  # defenders score the bid
    partners = Match(Config.make(4, "partners"))
    state = act(four_suits("partners"), "0 bid 130", "1 pass", "2 pass", "3 pass", "0 call AH")
    act(state, "0 trump S")
    result = partners.finish_round(play_first_legal(state))
    assert result.made and result.score == (260, 130, 0, 0)


def test_r28_game_end_target_rounds_ties_early_end_and_abandonment() -> None:
    assert default_length(Config.make(4, "teams")) == GameLength(target=250)
    assert default_length(Config.make(5, "random")) == GameLength(target=500)
    assert default_length(Config.make(5, "partners")) == GameLength(rounds=5)
    target = GameLength(target=250)
    assert not game_outcome([240, 200], 3, target).over
    assert game_outcome([260, 200], 3, target).winners == (0,)
    assert game_outcome([300, 260], 3, target).winners == (0,)  # both reach: highest wins
    rounds = GameLength(rounds=4)
    assert not game_outcome([10, 20, 30], 3, rounds).over
    assert game_outcome([30, 20, 30], 4, rounds).winners == (0, 2)  # a tie shares the win
    early = game_outcome([10, 40], 1, target, ended_early=True)
    assert early.over and early.ended_early and early.winners == (1,)
    gone = game_outcome([10, 40], 1, target, abandoned=True)
    assert gone.over and gone.abandoned and gone.winners == ()
    match = Match(Config.make(4, "teams"), round_one=0, length=GameLength(rounds=1))
    match.finish_round(play_first_legal(act(four_suits(), "0 bid 250", "0 trump S")))
    assert match.outcome.over and match.outcome.winners == (0,)
    again = match.rematch(round_one=0)
    assert again.totals == [0, 0] and again.first_bidder() == 0 and not again.outcome.over
