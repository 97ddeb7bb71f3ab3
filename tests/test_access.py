"""A5 off the browser: pieces named in words, and a bidding timer the host can turn off."""

from __future__ import annotations

from pathlib import Path

from core.games import get
from core.moon3.table import OPTIONS, TIMER_OFF, RoomSettings
from core.pieces import cards, dominoes
from core.rooms import Rooms
from core.store import Store
from tests.apptests import page, pages_on, readable
from tests.service_play import open_room

#: The felt's turn ring when it drains over a deadline.
TIMED_RING = 'class="m3-timer m3-timed"'


def test_a5_a_card_is_named_in_words() -> None:
    assert cards.words(cards.card("K", "H")) == "King of hearts"
    assert cards.words(cards.parse("10S")) == "Ten of spades"
    assert cards.words(cards.card("3", "S")) == "Three of spades"
    assert cards.words(cards.BIG_JOKER) == "Big Joker"
    assert len({cards.words(c) for c in range(len(cards.NAME))}) == len(cards.NAME)


def test_a5_a_tile_is_named_in_words() -> None:
    assert dominoes.words(6, 4) == "Six-four"
    assert dominoes.words(5, 5) == "Double five"
    assert dominoes.words(0, 0) == "Double blank"


def test_a5_the_bidding_timer_offers_off() -> None:
    timer = next(option for option in OPTIONS if option.name == "bid_timer")
    assert (TIMER_OFF, "Off") in timer.choices_for({})
    chosen = {o.name: o.default_for({}) for o in OPTIONS}
    assert get("moon3").table.settings_from_form({**chosen, "bid_timer": TIMER_OFF}).bid_timer == 0


def test_a5_a_timer_turned_off_leaves_no_deadline(tmp_path: object) -> None:
    rooms = Rooms(Store(f"sqlite:///{tmp_path}/rooms.db"))
    _, timed_tokens = open_room(rooms, RoomSettings(bid_timer=60), humans=4)
    _, untimed_tokens = open_room(rooms, RoomSettings(bid_timer=TIMER_OFF), humans=4)
    on, off = rooms.view(timed_tokens[0]), rooms.view(untimed_tokens[0])
    assert on.table is not None and on.table.phase == "bidding"
    assert off.table is not None and off.table.phase == "bidding"
    assert on.deadline is not None and on.timer == 60
    assert off.deadline is None and off.timer is None
    rooms.store.close()


def test_a5_a_bidder_with_the_timer_off_sees_no_countdown(tmp_path: Path) -> None:
    with pages_on(f"sqlite:///{tmp_path}/pages.db") as url:
        rooms = Rooms(Store(url))
        said = {}
        for seconds in (60, TIMER_OFF):
            code, tokens = open_room(rooms, RoomSettings(bid_timer=seconds), humans=4)
            bidder = next(t for t in tokens if rooms.view(t).table.my_turn)  # type: ignore[union-attr]
            at = page("room", room=code, seat=bidder).run()
            assert not at.exception
            said[seconds] = readable("\n".join(str(m.value) for m in at.markdown))
        rooms.store.close()
    assert "passes automatically in" in said[60] and TIMED_RING in said[60]
    assert "passes automatically" not in said[TIMER_OFF] and TIMED_RING not in said[TIMER_OFF]
