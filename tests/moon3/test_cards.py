"""Card names, parsing and points (R1, R2, SPEC section 5's card format)."""

from __future__ import annotations

import pytest

from core.moon3 import cards
from core.moon3.actions import Action, BadAction


def test_every_card_name_round_trips() -> None:
    for c in cards.ALL_IDS:
        assert cards.parse(cards.NAME[c]) == c


def test_ten_is_accepted_as_10_and_the_joker_as_jk() -> None:
    assert cards.NAME[cards.parse("10H")] == "TH"
    assert cards.parse("JK") == cards.JOKER
    assert cards.label(cards.parse("TH")) == "10♥"


@pytest.mark.parametrize("text", ["", "1H", "11S", "XS", "AX", "JOKER", 7, None])
def test_unknown_cards_are_refused_with_a_message(text: object) -> None:
    with pytest.raises(cards.UnknownCard, match="unknown card"):
        cards.parse(text)


def test_display_order_is_joker_then_s_h_c_d_ace_down() -> None:
    order = cards.names(cards.deck(1, True))
    assert order[:3] == ["JK", "AS", "KS"] and order[13:15] == ["2S", "AH"]
    assert order[-1] == "2D"


def test_actions_round_trip_through_both_text_forms() -> None:
    for text in ("0 bid 130", "1 pass", "2 call AH,KD", "3 trump H", "1 play TH"):
        action = Action.parse(text)
        assert str(action) == text
        assert Action.from_json(action.to_json()) == action


@pytest.mark.parametrize(
    "data",
    [
        "play",
        {"type": "play", "card": "AS"},
        {"seat": 1, "type": "fold"},
        {"seat": 1, "type": "bid", "amount": True},
        {"seat": 1, "type": "trump", "suit": "X"},
        {"seat": 1, "type": "call", "cards": "AH"},
        {"seat": 1, "type": "play"},
    ],
)
def test_malformed_actions_say_what_is_wrong(data: object) -> None:
    with pytest.raises(BadAction):
        Action.from_json(data)
