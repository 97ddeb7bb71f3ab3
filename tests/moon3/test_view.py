"""Player views: what a seat, or a spectator, may see of a round (STYLE item 6)."""

from __future__ import annotations

from core.moon3 import rules
from core.moon3.cards import parse
from core.moon3.config import Config
from core.moon3.view import player_view
from tests.builders import act, round_with

SUITS4 = {
    0: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    1: "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    2: "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    3: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
}


def test_a_seat_sees_its_own_hand_and_only_the_count_of_the_others() -> None:
    state = round_with(Config.make(4, "teams"), SUITS4)
    view = player_view(state, 2)
    assert view.hand == tuple(state.hands[2])
    assert view.hand_counts == (13, 13, 13, 13)
    spectator = player_view(state, None)
    assert spectator.hand == () and spectator.legal == ()


def test_only_the_seat_to_act_gets_legal_actions() -> None:
    state = round_with(Config.make(4, "teams"), SUITS4)
    assert player_view(state, 0).my_turn and len(player_view(state, 0).legal) == 27
    assert not player_view(state, 1).my_turn and player_view(state, 1).legal == ()


def test_the_table_shows_the_auction_trick_and_last_trick() -> None:
    state = round_with(Config.make(4, "teams"), SUITS4)
    act(state, "0 bid 130", "1 pass", "2 pass", "3 pass", "0 trump S")
    act(state, "0 play 3S", "1 play TH", "2 play 5C", "3 play 2D", "0 play AS")
    view = player_view(state, 3)
    assert view.auction == ((0, 130), (1, None), (2, None), (3, None))
    assert view.last_trick is not None
    assert view.last_trick.winner == 0 and view.last_trick.points == 45
    assert view.trick.seats == (0,) and view.trick.cards == (parse("AS"),)
    assert view.trick.winner == 0  # the card winning so far
    assert view.tricks_taken == (1, 0, 0, 0) and view.points == (45, 0, 0, 0)
    assert view.side_points == (45, 0) and view.points_out == 205
    assert view.kali_tidi == (0,)
    assert view.partners == (2,) and view.bidding_side == (0, 2)


def test_no_view_shows_who_holds_a_called_card_before_it_is_played() -> None:
    state = round_with(Config.make(4, "partners"), SUITS4)
    act(state, "0 bid 130", "1 pass", "2 pass", "3 pass", "0 call KC", "0 trump S")
    views = [player_view(state, s) for s in (None, 0, 1, 3)]
    assert all(v.partners == () and v.defending_side == (1, 2, 3) for v in views)
    assert all(v.called == (parse("KC"),) for v in views)  # the call itself is public
    while parse("KC") in state.hands[2]:
        assert player_view(state, 0).partners == ()
        rules.apply(state, rules.legal_actions(state)[0])
    assert player_view(state, 0).partners == (2,)
