"""App tests of Moon 3 of Spades' room screens: each step of a round from the page, the
room's edge cases, and Create Room's questions (every game's pages load in
``tests/test_pages.py``)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import select
from streamlit.testing.v1 import AppTest

from core.moon3 import cards
from core.moon3.table import RoomSettings
from core.rooms import Rooms
from core.store import Room, Seat, Store
from tests.apptests import page, pages_on
from tests.service_play import (
    move_of,
    open_room,
    pick,
    play_until,
    play_until_round_ends,
    seated,
    tokens_by_position,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One SQLite file for the module: the pages' room service is cached per process."""
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('pages') / 'rooms.db'}") as url:
        yield url


def test_room_page_without_a_code_asks_for_one(database: str) -> None:
    at = page("room").run()
    assert not at.exception
    assert any("Join a room" in t.value for t in at.title)


def test_a_wrong_room_code_says_so(database: str) -> None:
    at = page("room", room="ZZZZZZ").run()
    assert not at.exception
    assert any("no room ZZZZZZ" in e.value for e in at.error)


def test_the_invite_link_offers_a_seat_and_joining_takes_it(database: str) -> None:
    rooms = Rooms(Store(database))
    code, _ = rooms.create("Host", RoomSettings(mode="teams", players=2))
    at = page("room", room=code).run()
    assert not at.exception
    assert any("Invite your friends" in m.value for m in at.markdown)
    at.text_input[0].input("<b>Ben</b>").run()
    assert not at.exception
    rooms.store.close()


def test_a_seat_link_shows_the_players_table(database: str) -> None:
    rooms = Rooms(Store(database))
    code, host = rooms.create("Host", RoomSettings(mode="teams", players=2))
    rooms.add_bot(host)
    rooms.begin(host)
    at = page("room", room=code, seat=host).run()
    assert not at.exception
    html = "\n".join(str(m.value) for m in at.markdown)
    assert "Your turn:</b> bid or pass" in html or "Waiting for" in html
    assert 'class="m3-felt' in html
    labels = [b.label for b in at.button]
    assert "Pass" in labels and "Bid" in labels
    next(b for b in at.button if b.label == "Pass").click().run()
    assert not at.exception
    rooms.store.close()


def room_page(code: str, token: str) -> AppTest:
    at = page("room", room=code, seat=token).run()
    assert not at.exception
    return at


def test_removal_with_two_decks_can_take_both_copies_of_a_card(database: str) -> None:
    rooms = Rooms(Store(database))
    settings = RoomSettings(mode="partners", players=7, decks=2)
    code, tokens = open_room(rooms, settings, humans=7)
    view = rooms.view(tokens[0])
    assert view.status == "choosing" and view.choice.count == 6
    chooser = tokens_by_position(rooms, tokens)[view.choice.chooser]
    at = room_page(code, chooser)
    assert any("Select Cards to Remove" in str(m.value) for m in at.markdown)
    for picked in [b for b in at.button if b.key and b.key.endswith("-on")]:
        at.button(key=picked.key).click().run()  # the preselected lowest cards, untapped
    for name in ("2S", "2H", "2C"):
        for copy in (1, 2):
            key = next(b.key for b in at.button if b.key and f"-{name}-{copy}-" in b.key)
            at.button(key=key).click().run()
    next(b for b in at.button if b.label == "Confirm Selection").click().run()
    assert not at.exception
    after = rooms.view(tokens[0])
    assert after.status == "playing"
    assert sorted(cards.names(after.table.removed if after.table else [])) == sorted(
        ["2S", "2S", "2H", "2H", "2C", "2C"]
    )
    rooms.store.close()


def test_the_bidder_calls_teammate_cards_from_the_page(database: str) -> None:
    rooms = Rooms(Store(database))
    code, _, ordered = seated(rooms, RoomSettings(mode="partners", players=5))
    bidder = play_until(rooms, ordered, "calling")
    at = room_page(code, bidder)
    assert any("Select Teammate Card" in str(m.value) for m in at.markdown)
    call = next(b for b in at.button if b.label == "Call")
    assert call.disabled  # nothing picked yet
    count = rooms.view(bidder).table.call_count  # type: ignore[union-attr]
    for _ in range(count):
        key = next(b.key for b in at.button if b.key and b.key.endswith("-off"))
        at.button(key=key).click().run()
    assert not next(b for b in at.button if b.label == "Call").disabled
    next(b for b in at.button if b.label == "Call").click().run()
    assert not at.exception
    table = rooms.view(bidder).table
    assert table is not None and table.phase == "trump"
    rooms.store.close()


def test_the_bidder_picks_trump_with_one_click(database: str) -> None:
    rooms = Rooms(Store(database))
    code, _, ordered = seated(rooms, RoomSettings(mode="teams", players=4))
    bidder = play_until(rooms, ordered, "trump")
    at = room_page(code, bidder)
    assert any("Select Trump" in str(m.value) for m in at.markdown)
    at.button(key="trump-D").click().run()
    assert not at.exception
    table = rooms.view(bidder).table
    assert table is not None and table.phase == "playing"
    assert table.trump is not None and cards.SUITS[table.trump] == "D"
    rooms.store.close()


def test_a_card_plays_with_one_click_and_illegal_cards_are_dimmed(database: str) -> None:
    rooms = Rooms(Store(database))
    code, _, ordered = seated(rooms, RoomSettings(mode="teams", players=4))
    play_until(rooms, ordered, "playing")
    leader = ordered[rooms.view(ordered[0]).table.to_act]  # type: ignore[union-attr]
    lead = rooms.view(leader)
    rooms.act(leader, pick(lead, random.Random(1)), lead.version)
    follower = ordered[rooms.view(ordered[0]).table.to_act]  # type: ignore[union-attr]
    at = room_page(code, follower)
    buttons = [b for b in at.button if b.key and b.key.startswith(("play-", "dim-"))]
    assert buttons
    legal = {a.value for a in rooms.view(follower).table.legal}  # type: ignore[union-attr]
    for button in buttons:
        dimmed = cards.parse(button.key.split("-")[3]) not in legal
        assert button.key.startswith("dim-" if dimmed else "play-") and not button.disabled
    before = len(rooms.view(follower).table.hand)  # type: ignore[union-attr]
    next(b for b in buttons if b.key.startswith("play-")).click().run()
    assert not at.exception
    assert len(rooms.view(follower).table.hand) == before - 1  # type: ignore[union-attr]
    rooms.store.close()


def test_a_stale_page_is_told_the_table_moved_on_and_nothing_changes(database: str) -> None:
    rooms = Rooms(Store(database))
    code, _, ordered = seated(rooms, RoomSettings(mode="teams", players=4))
    actor = play_until(rooms, ordered, "bidding")
    at = room_page(code, actor)
    mine = rooms.view(actor)
    bid = next(a for a in mine.table.legal if a.kind == "bid")  # type: ignore[union-attr]
    rooms.act(actor, move_of(bid), mine.version)  # the same player, from another tab
    moved = rooms.version(code)
    next(b for b in at.button if b.label == "Pass").click().run()
    assert not at.exception
    assert any("moved on" in w.value for w in at.warning)
    assert rooms.version(code) == moved
    rooms.store.close()


def test_results_show_the_round_and_next_round_starts_the_next(database: str) -> None:
    rooms = Rooms(Store(database))
    # Card-Based plays one round per player (R28), so round 1 leads to "Next Round".
    code, host, ordered = seated(rooms, RoomSettings(mode="partners", players=5))
    assert play_until_round_ends(rooms, ordered, random.Random(3)).status == "results"
    at = room_page(code, host)
    assert any('class="m3-result' in str(m.value) for m in at.markdown)
    assert any("Scores" in str(m.value) for m in at.markdown)
    next(b for b in at.button if b.label == "Next Round").click().run()
    assert not at.exception
    after = rooms.view(host)
    assert after.status == "choosing" and after.rounds_played == 1  # 5 players: R6 comes first
    rooms.store.close()


def test_the_host_ends_the_game_early_and_rematch_starts_again(database: str) -> None:
    rooms = Rooms(Store(database))
    code, host, ordered = seated(rooms, RoomSettings(mode="partners", players=5))
    assert play_until_round_ends(rooms, ordered, random.Random(4)).status == "results"
    at = room_page(code, host)
    next(b for b in at.button if b.label == "End Game").click().run()
    assert not at.exception
    assert any("Game over" in s.value and "ended early" in s.value for s in at.success)
    next(b for b in at.button if b.label == "Rematch").click().run()
    assert not at.exception
    assert rooms.view(host).status in ("playing", "choosing")
    rooms.store.close()


def test_a_full_room_says_so_and_offers_to_watch(database: str) -> None:
    rooms = Rooms(Store(database))
    code, _ = rooms.create("Host", RoomSettings(mode="teams", players=2))
    rooms.join(code, "Ben")
    at = page("room", room=code).run()
    assert not at.exception
    text = "\n".join(str(m.value) for m in [*at.markdown, *at.info, *at.warning])
    assert "full" in text.lower()
    assert not any(b.label == "Join" for b in at.button)
    rooms.store.close()


def test_an_abandoned_room_says_so_and_offers_a_new_one(database: str) -> None:
    now = [time.time()]
    late = Rooms(Store(database), clock=lambda: now[0])
    code, host = late.create("Host", RoomSettings(mode="teams", players=2))
    late.join(code, "Ben")
    late.begin(host)
    now[0] += 3600  # R30: an hour without a move closes the room
    late.version(code)
    at = page("room", room=code, seat=host).run()
    assert not at.exception
    assert any("closed" in e.value for e in at.error)
    assert any("create" in str(link.proto).lower() for link in at.get("page_link"))
    late.store.close()


def test_suggest_shows_the_experts_advice_when_the_host_allows_hints(database: str) -> None:
    rooms = Rooms(Store(database))
    code, _, ordered = seated(rooms, RoomSettings(mode="teams", players=4, hints=True))
    actor = play_until(rooms, ordered, "bidding")
    at = room_page(code, actor)
    next(b for b in at.button if b.label == "Suggest").click().run()
    assert not at.exception
    advice = [i.value for i in at.info if "Suggestion:" in i.value]
    assert advice and "As bidder your side could expect about" in advice[0]
    rooms.store.close()


def test_no_suggest_button_unless_the_host_allows_hints(database: str) -> None:
    rooms = Rooms(Store(database))
    code, _, ordered = seated(rooms, RoomSettings(mode="teams", players=4))
    actor = play_until(rooms, ordered, "bidding")
    at = room_page(code, actor)
    assert not any(b.label == "Suggest" for b in at.button)
    rooms.store.close()


def test_the_lobby_offers_a_team_switch_only_to_a_team_with_a_free_place(database: str) -> None:
    rooms = Rooms(Store(database))
    code, host = rooms.create("Asha", RoomSettings(mode="teams", players=3, team_sizes=(2, 1)))
    ben = rooms.join(code, "Ben", 1)  # team B (one place) is now full
    at = room_page(code, host)
    assert not any(b.label.startswith("Switch to team") for b in at.button)
    at = room_page(code, ben)
    assert any(b.label == "Switch to team A" for b in at.button)
    rooms.store.close()


def test_begin_game_and_the_seats_come_before_the_invite_code(database: str) -> None:
    rooms = Rooms(Store(database))
    code, host = rooms.create("Asha", RoomSettings(mode="teams", players=2))
    at = room_page(code, host)
    order = [str(m.value) for m in at.markdown]
    seats = next(i for i, text in enumerate(order) if text.startswith("**Seats**"))
    invite = next(i for i, text in enumerate(order) if "Invite your friends" in text)
    assert seats < invite
    assert any(b.label == "Begin Game" for b in at.button)
    rooms.store.close()


def test_create_room_asks_only_what_the_chosen_mode_needs(database: str) -> None:
    at = page("create").run()
    labels = {w.label for w in [*at.number_input, *at.slider, *at.radio]}
    assert {"Players in team A", "Players in team B"} <= labels  # Team-wise: two team sizes
    assert "Number of players" not in labels and "Partner rule" not in labels
    next(r for r in at.radio if r.label == "Game mode").set_value("partners").run()
    next(s for s in at.slider if s.label == "Number of players").set_value(6).run()
    decks = next(r for r in at.radio if r.label == "Card sets")
    assert decks.value == 2  # R5's default follows the table: two decks from five players
    assert any(r.label == "Partner rule" for r in at.radio)  # two decks, Card-Based
    length = next(r for r in at.radio if r.label == "Game length")
    assert length.value == "rounds"  # Card-Based plays a round per player (R28)
    assert next(n for n in at.number_input if n.label == "Minimum bid").value == 250


def test_create_room_refuses_teams_of_more_than_twelve_and_says_why(database: str) -> None:
    at = page("create").run()
    at.text_input[0].input("Zoya").run()
    next(n for n in at.number_input if n.label == "Players in team A").set_value(7).run()
    next(n for n in at.number_input if n.label == "Players in team B").set_value(6).run()
    assert any("At most 12 players in all" in c.value for c in at.caption)
    next(b for b in at.button if b.label == "Create Room").click().run()
    assert not at.exception
    assert any("12 players" in e.value for e in at.error)
    store = Store(database)
    with store.read() as db:
        assert not [s for s in db.exec(select(Seat)) if s.name == "Zoya"]  # nothing created
    store.close()


def test_create_room_card_based_offers_the_teammate_count_house_rule(database: str) -> None:
    at = page("create").run()
    at.text_input[0].input("Hina").run()
    next(r for r in at.radio if r.label == "Game mode").set_value("partners").run()
    next(s for s in at.slider if s.label == "Number of players").set_value(10).run()
    calls = next(r for r in at.radio if r.label == "Teammate cards the bidder calls")
    assert calls.value == 3 and calls.options == ["1 card", "2 cards", "3 cards"]  # H2
    calls.set_value(1).run()
    next(b for b in at.button if b.label == "Create Room").click().run()
    assert not at.exception
    store = Store(database)
    with store.read() as db:
        code = next(s.room_code for s in db.exec(select(Seat)) if s.name == "Hina")
        room = db.get(Room, code)
        assert room is not None
        settings = json.loads(room.doc)["settings"]
    store.close()
    assert settings["players"] == 10 and settings["calls"] == 1 and settings["decks"] == 2


def test_a_card_based_lobby_says_how_many_teammate_cards_are_called(database: str) -> None:
    rooms = Rooms(Store(database))
    code, host = rooms.create("Host", RoomSettings(mode="partners", players=9, calls=2))
    at = page("room", room=code, seat=host).run()
    assert not at.exception
    assert any("2 teammate cards called" in c.value for c in at.caption)  # H2, not R17's 3
    rooms.store.close()
