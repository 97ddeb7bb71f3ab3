"""Random-play property test for Three-Player Moon (STYLE item 9).

Hypothesis draws the seeds, the opener and the totals before; at every step
of every hand: the legal actions are non-empty, unique, in the record order,
and each one applies; the 22 tiles are conserved; every trick goes to the
seat M4 and M5 say, worked out here from the tiles' ends, not the engine's
tables; a seat's view does not change when the tiles it cannot see lie
elsewhere; at the end seven tricks were played (or all passed), the scores
follow M6 and the record replays to the same result.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import records
from core.moon_dominoes import record, rules, tiles
from core.moon_dominoes.config import Config
from core.moon_dominoes.state import Phase, State
from core.moon_dominoes.view import player_view

DOUBLES, NONE = tiles.DOUBLES, tiles.NO_TRUMP


def _trump(tile: int, trump: int) -> bool:
    high, low = tiles.ENDS[tile]
    if trump == DOUBLES:
        return high == low
    return trump != NONE and trump in (high, low)


def _winner(leader: int, trick: tuple[int, ...], trump: int) -> int:
    """M4/M5 from the ends: the highest trump, else the highest tile of the led number."""
    seats = [(leader + i) % 3 for i in range(3)]
    trumps = [(s, t) for s, t in zip(seats, trick, strict=True) if _trump(t, trump)]
    if trumps:

        def trump_rank(item: tuple[int, int]) -> int:
            high, low = tiles.ENDS[item[1]]
            if high == low:
                return 10 + high if trump == DOUBLES else 99
            return low if high == trump else high

        return max(trumps, key=trump_rank)[0]
    led = tiles.ENDS[trick[0]][0]  # a double names its number, a mixed tile its higher end

    def rank(item: tuple[int, int]) -> int:
        high, low = tiles.ENDS[item[1]]
        if led not in (high, low):
            return -1
        if high == low:
            return 99
        return low if high == led else high

    return max(zip(seats, trick, strict=True), key=rank)[0]


def _tiles_everywhere(state: State) -> list[int]:
    held = [t for mask in state.hands for t in tiles.bits(mask)]
    played = [t for _, trick in state.tricks for t in trick] + list(state.trick_tiles)
    out = [state.discard] if state.discard is not None else []
    widow = [state.widow] if state.phase is Phase.BIDDING or state.phase is Phase.REDEAL else []
    return sorted(held + played + out + widow)


def _hidden_elsewhere(state: State, seat: int, rng: random.Random) -> State:
    """The same hand with the tiles ``seat`` cannot see dealt among the others differently."""
    other = state.clone()
    others = [s for s in range(3) if s != seat]
    pool = [t for s in others for t in tiles.bits(other.hands[s])]
    if other.discard is not None and seat != other.bidder:
        pool.append(other.discard)
    rng.shuffle(pool)
    for s in others:
        count = bin(other.hands[s]).count("1")
        other.hands[s] = sum(1 << t for t in pool[:count])
        pool = pool[count:]
    if other.discard is not None and seat != other.bidder:
        other.discard = pool[0]
    return other


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 2**32),
    st.integers(0, 2),
    st.lists(st.integers(-40, 20), min_size=3, max_size=3),
)
def test_random_hands_keep_every_invariant(seed: int, opener: int, before: list[int]) -> None:
    rng = random.Random(seed)
    state = rules.deal(Config(), opener, seed, tuple(before))
    while state.to_act is not None:
        legal = rules.legal_actions(state)
        assert legal and len(set(legal)) == len(legal)
        if state.phase in (Phase.PLAYING, Phase.DISCARD):
            values = [a.value for a in legal]
            assert values == sorted(values)
        if state.phase is Phase.BIDDING:
            assert legal[0].kind == "pass"
            assert [a.value for a in legal[1:]] == sorted(a.value for a in legal[1:])
        seat = state.to_act
        view = player_view(state, seat)
        assert view.legal == legal
        other = player_view(_hidden_elsewhere(state, seat, rng), seat)
        assert other.hand == view.hand and other.legal == view.legal
        action = rng.choice(legal)
        done = len(state.tricks)
        leader = state.leader if state.trick_tiles else seat
        rules.apply(state, action)
        assert _tiles_everywhere(state) == list(range(tiles.COUNT))
        if len(state.tricks) > done:
            _, trick = state.tricks[-1]
            assert state.trump is not None
            assert state.trick_winners[-1] == _winner(leader, trick, state.trump)
    result = record.describe(state)
    if state.phase is Phase.REDEAL:
        assert state.bids == [0, 0, 0] and result["score"] is None
    else:
        assert len(state.tricks) == 7 and sum(state.taken) == 7
        done_score = record.result(state)
        assert done_score is not None and state.bidder is not None and state.bid is not None
        needed = 7 if state.bid == 21 else state.bid
        made = state.taken[state.bidder] >= needed
        for s in range(3):
            want = (state.bid if made else -state.bid) if s == state.bidder else state.taken[s]
            assert done_score.score[s] == want
    assert records.replay(json.loads(json.dumps(record.dump(state)))) == result


def test_a_double_led_names_its_number_and_a_mixed_tile_its_higher_end() -> None:
    five_five, six_five = tiles.ID["5-5"], tiles.ID["6-5"]
    assert tiles.led_suit(five_five, NONE) == 5
    assert tiles.led_suit(six_five, NONE) == 6
    assert tiles.led_suit(six_five, 5) == tiles.TRUMP_SUIT


def test_an_action_built_with_no_such_tile_or_trump_is_refused() -> None:
    from core.moon_dominoes.actions import Action

    state = rules.deal(Config(), 0, 1)
    for seat in (0, 1, 2):
        rules.apply(state, Action(seat, "bid", 4) if seat == 0 else Action(seat, "pass"))
    for value in (22, -1):
        with pytest.raises(rules.IllegalAction):
            rules.apply(state, Action(0, "discard", value))
    rules.apply(state, rules.legal_actions(state)[0])
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, Action(0, "trump", 42))
