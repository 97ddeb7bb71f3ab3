"""The engine parts the games share: a mask's pieces, the phase label, the copy of a hand
dealt as masks, the end of a trick, and the record and action readers' refusals."""

from __future__ import annotations

import pytest

from core import records, tricks
from core.moon3.state import Phase as Moon3Phase
from core.moon_dominoes.state import Phase as DominoPhase
from core.pieces import masks
from core.spades import rules as spades
from core.spades.actions import Action, BadAction
from core.spades.config import Config
from core.spades.state import Phase, State


def fresh() -> State:
    return spades.deal(Config.make(), 0, 7)


def test_bits_lists_a_masks_pieces_lowest_first() -> None:
    assert masks.bits(0) == []
    assert masks.bits(1 << 53 | 1 << 9 | 1) == [0, 9, 53]


def test_a_phase_is_named_in_records_by_its_lower_case_name() -> None:
    assert Moon3Phase.ROUND_OVER.label == "round_over"
    assert DominoPhase.REDEAL.label == "redeal"
    assert Phase.HAND_OVER.label == "hand_over"


def test_a_clone_copies_every_slot_and_shares_no_list() -> None:
    state = fresh()
    copy = state.clone()
    for name in ("hands", "history", "bids", "taken", "tricks", "trick_winners", "blind"):
        assert getattr(copy, name) == getattr(state, name)
        assert getattr(copy, name) is not getattr(state, name)
    for name in ("config", "dealt", "before", "seed", "phase", "to_act", "played", "dealer"):
        assert getattr(copy, name) == getattr(state, name)


def test_a_trick_goes_to_its_best_seat_who_leads_the_next() -> None:
    state = fresh()
    state.leader, state.best_seat = 1, 3
    tricks.take(state, (5, 6, 7, 8), state.size, Phase.HAND_OVER)
    assert state.tricks == [(1, (5, 6, 7, 8))]
    assert state.trick_winners == [3]
    assert state.taken == [0, 0, 0, 1]
    assert state.to_act == 3


def test_the_last_trick_ends_the_hand() -> None:
    state = fresh()
    state.best_seat = 2
    tricks.take(state, (5, 6, 7, 8), 1, Phase.HAND_OVER)
    assert state.phase is Phase.HAND_OVER
    assert state.to_act is None


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "an action must be a JSON object"),
        ({"seat": True, "type": "bid"}, "an action needs an integer seat"),
        ({"seat": 1, "type": "bid", "amount": 2.0}, "a bid amount must be a JSON integer"),
        ({"seat": 1, "type": "dance"}, "unknown action type dance"),
        ({"seat": 1, "type": "play", "card": "ZZ"}, "unknown card ZZ"),
    ],
)
def test_an_action_record_names_what_is_wrong(data: object, reason: str) -> None:
    with pytest.raises(BadAction, match=f"^{reason}$"):
        Action.from_json(data)


def test_a_record_seat_is_a_whole_number_in_range() -> None:
    with pytest.raises(records.RecordError, match="dealer must be a seat from 0 to 3"):
        records.seat({"dealer": 4}, "dealer", 4)
    with pytest.raises(records.RecordError, match="dealer must be a seat from 0 to 3"):
        records.seat({"dealer": True}, "dealer", 4)
    assert records.seat({}, "dealer", 4) == 0


def test_a_piece_dealt_twice_is_named() -> None:
    names = ("A", "B", "C", "D")
    with pytest.raises(records.RecordError, match="B is dealt twice"):
        records.hands([["A", "B"], ["B", "C"]], 2, 2, "cards", names.index, once=names)
