"""What the table says: the narration of each move, the "now" banner and the results headline.

Rounds come from the hand-worked golden records, replayed move by move; at
each step the words are built from the player view a page would get.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.moon3 import cards, record, rules
from core.moon3.actions import Action
from core.moon3.table import RoomSettings
from core.moon3.view import player_view
from core.rooms import RoomView, SeatInfo
from ui.moon3 import table as words

GOLDEN = Path(__file__).parent / "golden" / "moon3"
NAMES = ("Asha", "Ben", "Chen", "Dev", "Eli", "Fay", "Gus")


def golden(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text())
    return data["record"]  # type: ignore[no-any-return]


def room_view(table: Any, mode: str, **changes: Any) -> RoomView:
    """The room view a seated player's page gets, around ``table`` (a player view)."""
    players = table.players
    seats = tuple(
        SeatInfo(s + 1, NAMES[s], s, None, False, None, False, s == 0) for s in range(players)
    )
    fields: dict[str, Any] = {
        "code": "ABCDEF",
        "game": "moon3",
        "version": 7,
        "status": "playing",
        "settings": RoomSettings(mode=mode, players=players),
        "me": seats[table.seat] if table.seat is not None else None,
        "seats": seats,
        "names": NAMES[:players],
        "table": table,
        "totals": (0, 0) if mode != "partners" else (0,) * players,
        "game_number": 1,
        "rounds_played": 0,
        "length": "first to 250 points",
        "target": 250,
        "length_rounds": None,
        "winners": (),
        "ended_early": False,
        "waiting_since": None,
        "deadline": None,
        "timer": None,
        "choice": None,
        "last_round": None,
        "can_start_next": False,
        "now": 0.0,
    }
    fields.update(changes)
    return RoomView(**fields)


def moments(name: str) -> list[tuple[Action, Any, str]]:
    """Every move of a golden round with the narration a spectator reads right after it."""
    hand = record.load(golden(name))
    state = record.start(hand)
    said = []
    for raw in hand.actions:
        move = Action.from_json(raw)
        rules.apply(state, move)
        table = player_view(state, None)
        said.append((move, table, words.narration(room_view(table, hand.config.mode.value))))
    return said


@pytest.mark.parametrize("name", ["r26_complete_partners_made", "r26_complete_split_points_failed"])
def test_each_card_played_is_narrated_with_who_played_it(name: str) -> None:
    for move, _, said in moments(name):
        if move.kind == "play":
            assert said.startswith(f"{NAMES[move.seat]} played the {cards.label(move.value)}")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "name", ["r26_complete_partners_made", "r26_complete_exactly_the_bid_is_made"]
)
def test_the_last_card_of_a_trick_says_who_takes_it_and_for_how_much(name: str) -> None:
    for move, table, said in moments(name):
        if move.kind == "play" and not table.trick.cards:  # that card closed a trick
            last = table.tricks[-1]
            assert said.endswith(f"{NAMES[last.winner]} takes the trick ({last.points} pts).")


def test_kali_tidi_in_a_trick_is_called_out_and_so_is_the_side_it_goes_to() -> None:
    seen = []
    for move, table, said in moments("r26_complete_partners_made"):
        if move.kind == "play" and move.value == cards.KALI_TIDI:
            if table.trick.cards:
                assert "Kali Tidi is in this trick" in said
            else:
                assert "Kali Tidi goes to" in said
            seen.append(said)
        elif (
            move.kind == "play"
            and not table.trick.cards
            and cards.KALI_TIDI in table.tricks[-1].cards
        ):
            assert "Kali Tidi goes to" in said
            seen.append(said)
    assert seen


def test_a_partner_revealed_by_the_called_card_is_announced() -> None:
    said = moments("r20_partner_revealed_when_called_card_played")[-1][2]
    assert said == "Chen played the A♣ — Chen is revealed as partner."


def test_bids_and_passes_are_narrated() -> None:
    steps = moments("r26_complete_partners_made")
    bids = [(m, s) for m, t, s in steps if m.kind in ("bid", "pass") and t.phase == "bidding"]
    assert bids
    for move, said in bids:
        what = "passed" if move.kind == "pass" else f"bid {move.value}"
        assert said == f"{NAMES[move.seat]} {what}."


def test_the_auction_won_is_narrated() -> None:
    steps = moments("r26_complete_partners_made")
    _, table, said = next(step for step in steps if step[1].phase != "bidding")
    assert said == f"{NAMES[table.bidder]} won the bidding at {table.bid}."


def test_the_now_banner_says_whose_turn_and_counts_down_the_bid() -> None:
    hand = record.load(golden("r26_complete_partners_made"))
    state = record.start(hand)
    seat = state.to_act
    assert seat is not None
    mine = words.now(room_view(player_view(state, seat), "partners", deadline=160.0), at=100.0)
    assert mine.mine and mine.text.startswith("<b>Your turn:</b> bid or pass")
    assert mine.seconds_left == 60 and "60&nbsp;s" in mine.text
    other = (seat + 1) % state.config.players
    theirs = words.now(room_view(player_view(state, other), "partners"), at=100.0)
    assert not theirs.mine and f"Waiting for <b>{NAMES[seat]}</b> to bid or pass" in theirs.text


def test_a_hostile_name_stays_text_in_the_now_banner() -> None:
    hand = record.load(golden("r26_complete_partners_made"))
    state = record.start(hand)
    other = (state.first_bidder + 1) % state.config.players
    names = list(NAMES[: state.config.players])
    names[state.first_bidder] = '<a href="//e.com">x</a>'
    view = room_view(player_view(state, other), "partners", names=tuple(names))
    assert "<a href" not in words.now(view, at=0.0).text


def last_round(made: bool, mode: str) -> dict[str, Any]:
    return {
        "round": 1,
        "bidder": 0,
        "bid": 150,
        "trump": "S",
        "called": [],
        "partners": [2],
        "bidding_side": [0, 2],
        "made": made,
        "side_points": [165 if made else 135, 85 if made else 115],
        "points": [100, 40, 65 if made else 35, 45],
        "kali_tidi": [{"seat": 2, "trick": 4}],
        "score": ([150, 0] if made else [0, 150]) if mode == "teams" else [300, 0, 150, 0],
    }


def test_the_results_headline_says_who_made_what() -> None:
    hand = record.load(golden("r26_complete_partners_made"))
    table = player_view(record.replay(hand), 0)
    said = words.headline(room_view(table, "teams", last_round=last_round(True, "teams")))
    assert said is not None and said.made
    assert said.title == "Asha and Chen make 165 with a bid of 150"
    assert said.kali == "Chen (trick 4)"
    failed = words.headline(room_view(table, "teams", last_round=last_round(False, "teams")))
    assert failed is not None and not failed.made
    assert failed.title == "Asha and Chen take 135 of 150 — the bid fails"
    assert failed.detail == "The defenders, Ben and Dev (team B), score the bid (+150)"


def test_card_based_results_give_each_players_score() -> None:
    hand = record.load(golden("r26_complete_partners_made"))
    table = player_view(record.replay(hand), 0)
    view = room_view(table, "partners", last_round=last_round(True, "partners"))
    said = words.headline(view)
    assert said is not None
    assert said.detail == (
        "Asha, the bidder, scores twice the bid (+300); Chen, partner, the bid (+150); "
        "the defenders nothing."
    )


def test_a1_card_based_results_say_a_failed_bid_by_each_players_part() -> None:
    hand = record.load(golden("r26_complete_partners_made"))
    table = player_view(record.replay(hand), 0)
    last = {**last_round(False, "partners"), "score": [-150, 150, 0, 150]}
    said = words.headline(room_view(table, "partners", last_round=last))
    assert said is not None
    assert said.detail == (
        "Asha, the bidder, loses the bid (−150); defending, Ben and Dev score the bid "
        "(+150 each); Chen, partner, nothing."
    )


def all_passed() -> Any:
    """A golden round's deal where every player passes (R13), as the opener sees it."""
    state = record.start(record.load(golden("r26_complete_partners_made")))
    while state.phase.label == "bidding":
        assert state.to_act is not None
        rules.apply(state, rules.PASS_ACTIONS[state.to_act])
    return state


def test_a1_an_auction_everyone_passes_says_the_opener_takes_it_at_the_minimum() -> None:
    state = all_passed()
    said = words.narration(room_view(player_view(state, 0), "partners"))
    opener = NAMES[state.first_bidder]
    assert state.bidder == state.first_bidder and state.bid == state.config.min_bid
    assert said == (
        f"Everyone passed, so {opener}, who opened the bidding, "
        f"takes it at the minimum of {state.config.min_bid}."
    )


def test_a1_both_kali_tidis_taken_in_one_trick_are_said_once() -> None:
    hand = record.load(golden("r26_complete_partners_made"))
    table = player_view(record.replay(hand), 0)
    last = {**last_round(True, "teams"), "kali_tidi": [{"seat": 2, "trick": 18}] * 2}
    said = words.headline(room_view(table, "teams", last_round=last))
    assert said is not None and said.kali == "Chen took both in trick 18"


def test_a1_the_felt_at_the_results_names_the_round_just_finished() -> None:
    hand = record.load(golden("r26_complete_partners_made"))
    table = player_view(record.replay(hand), 0)
    shown = {"rounds_played": 1, "length_rounds": 10, "target": None, "totals": (5,) * 4}
    after = room_view(table, "partners", status="results", **shown)
    during = room_view(table, "partners", status="playing", **shown)
    assert "Round <b>1</b> of 10" in words.corners(after)[0]
    assert "Round <b>2</b> of 10" in words.corners(during)[0]
