"""Thirteen in a room, through the same room service as every game, on both stores.

2 to 4 seats in join order, thirteen cards each, the lowest card's holder
leading the first hand, plays of several cards through the page boundary,
refusals that change nothing, places and points kept as Thirteen rounds, the
next hand led by the last winner, and the game's end after its hands.
"""

from __future__ import annotations

import random

import pytest
from sqlalchemy import text

from core.games import SettingsError
from core.rooms import Refused, Rooms
from core.thirteen import cards
from core.thirteen.table import ThirteenSettings
from tests.conftest import FakeClock
from tests.service_play import move_of, play_until_round_ends, tokens_by_position

NAMES = ["Asha", "Ben", "Chen", "Dev"]


def seated(rooms: Rooms, players: int = 4, hands: int = 5) -> tuple[str, list[str]]:
    code, host = rooms.create("Asha", ThirteenSettings(players=players, hands=hands))
    tokens = [host] + [rooms.join(code, name) for name in NAMES[1:players]]
    rooms.begin(host)
    return host, tokens_by_position(rooms, tokens)


def act(rooms: Rooms, ordered: list[str], data: dict[str, object]) -> None:
    """The seat to act makes ``data`` its move."""
    view = rooms.view(ordered[0])
    assert view.table is not None and view.table.to_act is not None
    rooms.act(ordered[view.table.to_act], data, view.version)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_t1_thirteen_cards_each_in_join_order(rooms: Rooms, players: int) -> None:
    host, ordered = seated(rooms, players)
    view = rooms.view(host)
    assert view.game == "thirteen" and view.status == "playing"
    assert [s.name for s in sorted(view.seats, key=lambda s: s.position or 0)] == NAMES[:players]
    assert view.table is not None and view.table.hand_counts == (13,) * players
    hands = [set(rooms.view(t).table.hand) for t in ordered]  # type: ignore[union-attr]
    assert all(len(h) == 13 for h in hands) and len(set().union(*hands)) == 13 * players


def test_t2_the_lowest_card_leads_and_must_be_played(rooms: Rooms) -> None:
    host, ordered = seated(rooms, 3)
    views = [rooms.view(t).table for t in ordered]
    lowest = min(c for v in views for c in v.hand)  # type: ignore[union-attr]
    leader = next(s for s, v in enumerate(views) if lowest in v.hand)  # type: ignore[union-attr]
    table = views[leader]
    assert table is not None and table.to_act == leader and table.must_play == lowest
    assert all(a.kind == "play" and lowest in a.cards for a in table.legal)
    # Only its holder is told which card it is; everyone knows the first play must hold it.
    assert all(v.opening and v.must_play is None for s, v in enumerate(views) if s != leader)
    other = next(c for c in table.hand if c != lowest)
    version = rooms.view(host).version
    with pytest.raises(Refused):
        rooms.act(ordered[leader], {"type": "play", "cards": [cards.NAME[other]]}, version)
    with pytest.raises(Refused):
        rooms.act(ordered[leader], {"type": "pass"}, version)
    assert rooms.view(host).version == version
    rooms.act(ordered[leader], {"type": "play", "cards": [cards.NAME[lowest]]}, version)
    after = rooms.view(host).table
    assert after is not None and after.standing_seat == leader
    assert after.standing_cards == (lowest,) and after.to_act == (leader + 1) % 3


def test_hostile_moves_are_refused_and_change_nothing(rooms: Rooms) -> None:
    host, ordered = seated(rooms)
    view = rooms.view(host)
    assert view.table is not None and view.table.to_act is not None
    actor = ordered[view.table.to_act]
    others = ordered[(view.table.to_act + 1) % 4]
    mine = rooms.view(actor).table
    assert mine is not None
    held = [cards.NAME[c] for c in mine.hand]
    stranger = next(n for n in cards.NAME if n not in held)
    for bad in (
        {"type": "play", "cards": [stranger]},
        {"type": "play", "cards": held[:1] * 2},
        {"type": "play", "cards": []},
        {"type": "play", "cards": ["ZZ"]},
        {"type": "play", "cards": held + held},
        {"type": "play", "card": held[0]},
        {"type": "bid", "amount": 3},
    ):
        with pytest.raises(Refused):
            rooms.act(actor, bad, view.version)
    with pytest.raises(Refused):
        rooms.act(others, move_of(mine.legal[0]), view.version)
    assert rooms.view(host).version == view.version


def test_t6_a_hand_is_scored_kept_and_its_winner_leads_the_next(rooms: Rooms) -> None:
    host, ordered = seated(rooms, 4)
    end = play_until_round_ends(rooms, ordered, random.Random(4))
    assert end.status == "results"
    last = end.last_round
    assert last is not None and sorted(last["places"]) == [0, 1, 2, 3]
    assert [last["score"][s] for s in last["places"]] == [3, 2, 1, 0]
    assert list(end.totals) == last["totals"] == last["score"]
    with rooms.store.read() as db:
        conn = db.connection()
        row = conn.execute(text("SELECT game, players FROM round_record")).one()
        kept = conn.execute(
            text("SELECT seat, place, score, cards_left, led_first FROM thirteen_seat")
        ).all()
    assert row.game == "thirteen" and row.players == 4
    assert {(s.seat, s.place, s.score) for s in kept} == {
        (seat, place + 1, 3 - place) for place, seat in enumerate(last["places"])
    }
    assert sum(1 for s in kept if s.led_first) == 1
    assert [s.cards_left > 0 for s in sorted(kept, key=lambda s: s.place)] == [
        False, False, False, True
    ]  # fmt: skip
    rooms.next_round(host, end.version)
    again = rooms.view(host).table
    assert again is not None and again.to_act == last["places"][0]
    assert not again.opening and again.must_play is None and again.hand_counts == (13,) * 4


def test_settings_outside_the_rules_are_refused() -> None:
    for bad in (ThirteenSettings(players=5), ThirteenSettings(players=1),
                ThirteenSettings(hands=4)):  # fmt: skip
        with pytest.raises(SettingsError):
            bad.checked()


def test_a_fifth_player_is_refused(rooms: Rooms) -> None:
    code, _host = rooms.create("Asha", ThirteenSettings(players=4))
    for name in NAMES[1:]:
        rooms.join(code, name)
    with pytest.raises(Refused):
        rooms.join(code, "Esha")


def test_bots_play_a_game_of_three_hands_to_its_end(rooms: Rooms, clock: FakeClock) -> None:
    _, host = rooms.create("Asha", ThirteenSettings(players=3, hands=3))
    for _ in range(2):
        rooms.add_bot(host, "rules")
    rooms.begin(host)
    rng = random.Random(1)
    for _ in range(10):
        end = play_until_round_ends(rooms, [host], rng, advance=clock.advance)
        if end.status == "over":
            break
        assert end.status == "results"
        rooms.next_round(host, end.version)
    else:
        raise AssertionError("the game never ended")
    assert end.rounds_played == 3 and sum(end.totals) == 3 * 3
    assert list(end.winners) == [s for s in range(3) if end.totals[s] == max(end.totals)]
    with rooms.store.read() as db:
        games = db.connection().execute(text("SELECT game FROM game_record")).all()
        won = db.connection().execute(text("SELECT name, won FROM game_seat")).all()
    assert [g.game for g in games] == ["thirteen"]
    assert len(won) == 3 and sum(1 for _, did in won if did) == len(end.winners)
