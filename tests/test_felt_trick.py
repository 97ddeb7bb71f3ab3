"""A3 and A4 in the felt's words: the finished trick that stays, "Last trick", and seat chips.

Rooms are played through the service on a clock the test moves, and the felt
is built from the room view a page would get.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.rooms import Rooms, RoomView
from core.store import Store
from tests.conftest import FakeClock
from tests.felt_rooms import play_until, seated_room, trick_just_won
from tests.service_play import pick
from ui import felt
from ui.games import screens_of


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def rooms(tmp_path: Path, clock: FakeClock) -> Iterator[Rooms]:
    store = Store(f"sqlite:///{tmp_path}/rooms.db")
    yield Rooms(store, clock)
    store.close()


def just_won(rooms: Rooms, game: str, players: int) -> tuple[list[str], RoomView]:
    """A room whose first trick has just been won: (tokens in table order, the first's view)."""
    _, ordered = seated_room(rooms, game, players)
    return ordered, play_until(rooms, ordered, trick_just_won)


def lead(rooms: Rooms, ordered: list[str]) -> int:
    """The player to act leads the next trick; their seat."""
    view = rooms.view(ordered[0])
    seat = view.table.to_act
    mine = rooms.view(ordered[seat])
    rooms.act(ordered[seat], pick(mine, random.Random(1)), mine.version)
    return int(seat)


def an_onlooker(ordered: list[str], seat: int) -> str:
    """A player other than the one in ``seat``."""
    return ordered[(seat + 1) % len(ordered)]


TRICK_GAMES = [("moon3", 4), ("spades", 4), ("moon_dominoes", 3)]


@pytest.mark.parametrize(("game", "players"), TRICK_GAMES)
def test_a3_a_finished_trick_stays_on_the_felt_with_its_winner_marked(
    rooms: Rooms, game: str, players: int
) -> None:
    _, view = just_won(rooms, game, players)
    places = screens_of(game).felt.places(view)
    assert all(place.played for place in places)
    assert [place.winning for place in places].count(True) == 1


@pytest.mark.parametrize(("game", "players"), TRICK_GAMES)
def test_a3_the_finished_trick_stays_over_the_next_lead_for_the_rest_of_two_seconds(
    rooms: Rooms, clock: FakeClock, game: str, players: int
) -> None:
    ordered, _ = just_won(rooms, game, players)
    clock.advance(0.5)
    seat = lead(rooms, ordered)
    view = rooms.view(an_onlooker(ordered, seat))
    places = screens_of(game).felt.places(view)
    assert {place.hold for place in places} == {1.5}
    html = felt.felt_html(places, view.me.position if view.me else None)
    assert html.count('class="m3-put m3-win m3-held"') == 1
    assert len(re.findall(r'class="m3-put( m3-win)? m3-next"', html)) == 1


def test_a3_the_player_who_led_sees_their_lead_at_once(rooms: Rooms, clock: FakeClock) -> None:
    ordered, _ = just_won(rooms, "spades", 4)
    clock.advance(0.5)
    seat = lead(rooms, ordered)
    places = screens_of("spades").felt.places(rooms.view(ordered[seat]))
    assert {place.hold for place in places} == {0.0}


def test_a3_a_lead_after_two_seconds_shows_alone(rooms: Rooms, clock: FakeClock) -> None:
    ordered, _ = just_won(rooms, "spades", 4)
    clock.advance(2.5)
    seat = lead(rooms, ordered)
    view = rooms.view(an_onlooker(ordered, seat))
    places = screens_of("spades").felt.places(view)
    html = felt.felt_html(places, view.me.position if view.me else None)
    assert "m3-held" not in html
    assert [bool(place.played) for place in places].count(True) == 1


def test_a3_the_centre_keeps_the_finished_tricks_number_while_it_stays(
    rooms: Rooms, clock: FakeClock
) -> None:
    ordered, _ = just_won(rooms, "moon_dominoes", 3)
    clock.advance(1.0)
    seat = lead(rooms, ordered)
    centre = screens_of("moon_dominoes").felt.centre_html(rooms.view(an_onlooker(ordered, seat)))
    assert re.search(r'm3-held">Trick 1 of 7<.*m3-next">Trick 2 of 7<', centre)


@pytest.mark.parametrize(("game", "players"), [*TRICK_GAMES, ("thirteen", 4)])
def test_a3_last_trick_shows_each_seats_piece_and_who_took_it(
    rooms: Rooms, clock: FakeClock, game: str, players: int
) -> None:
    ordered, _ = just_won(rooms, game, players)
    clock.advance(3.0)
    lead(rooms, ordered)
    view = rooms.view(ordered[0])
    shown = felt.last_trick_html(screens_of(game).felt.places(view), 0)
    assert shown.count('class="m3-last m3-win"') == 1
    assert shown.count('class="m3-last') >= 2
    assert "took it" in shown


def test_a3_last_trick_is_offered_only_once_a_trick_is_finished(rooms: Rooms) -> None:
    _, ordered = seated_room(rooms, "spades", 4)
    view = play_until(rooms, ordered, lambda v: v.table.phase == "playing")
    assert felt.last_trick_html(screens_of("spades").felt.places(view), 0) == ""


def test_a3_thirteen_shows_the_play_that_took_the_trick_until_the_next_lead(rooms: Rooms) -> None:
    _, view = just_won(rooms, "thirteen", 4)
    centre = screens_of("thirteen").felt.centre_html(view)
    assert 'class="th-standing m3-win"' in centre
    assert "takes the trick" in centre


def chip(name: str, tag: str = "bidder", x_seat: int = 0, players: int = 4) -> str:
    places = [felt.Place(name, tag, "bid") for _ in range(players)]
    return felt.felt_html(places, x_seat)


def test_a4_a_seat_gives_its_full_name_on_hover_and_on_tap() -> None:
    html = chip('Ann "<b>" Okonkwo-Maximiliana')
    assert 'title="Ann &quot;&lt;b&gt;&quot; Okonkwo-Maximiliana"' in html
    assert 'data-name="Ann &quot;&lt;b&gt;&quot; Okonkwo-Maximiliana" tabindex="0"' in html


def test_a4_the_tag_is_its_own_element_after_the_name() -> None:
    html = chip("Maximiliana Okonkwo")
    assert '<b title="Maximiliana Okonkwo">Maximiliana Okonkwo</b><span class="m3-tag' in html


def test_a4_the_top_seats_bubble_sits_beside_it_not_over_its_card() -> None:
    places = [felt.Place(f"P{s}", note="bid 135" if s == 2 else "") for s in range(4)]
    html = felt.felt_html(places, 0)
    assert 'class="m3-note m3-right">bid 135' in html
