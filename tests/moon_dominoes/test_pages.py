"""App tests of every Three-Player Moon screen: Create Room, the lobby, the auction, the widow
and discard, trump, play, results, the end of the game, hints, a watcher and a hostile name."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from sqlmodel import select

from core.moon_dominoes import table
from core.moon_dominoes.table import MoonDominoesSettings
from core.rooms import Rooms
from core.store import Room, Store
from tests.apptests import page, pages_on, readable
from tests.service_play import actor, move_of, play_until_round_ends, tokens_by_position

HOSTILE = "<b>x</b>*y*"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('moondom') / 'rooms.db'}") as url:
        yield url


def seated(database: str, hints: bool = False, begin: bool = True) -> tuple[Rooms, str, list[str]]:
    rooms = Rooms(Store(database))
    code, host = rooms.create("Asha", MoonDominoesSettings(hints=hints))
    tokens = [host, rooms.join(code, "Ben"), rooms.join(code, HOSTILE)]
    if not begin:
        return rooms, code, tokens
    rooms.begin(host)
    return rooms, code, tokens_by_position(rooms, tokens)


def won_auction(rooms: Rooms, ordered: list[str]) -> str:
    """The player to act bids 4 and the others pass: returns the bidder's token."""
    bidder = actor(rooms, ordered)
    rooms.act(bidder, {"type": "bid", "amount": 4}, rooms.view(bidder).version)
    for _ in range(2):
        token = actor(rooms, ordered)
        rooms.act(token, {"type": "pass"}, rooms.view(token).version)
    return bidder


def text_of(at: object) -> str:
    return "\n".join(str(m.value) for m in at.markdown)  # type: ignore[attr-defined]


def test_create_room_offers_three_player_moon_with_three_seats(database: str) -> None:
    at = page("create").run()
    at.text_input[0].input("Asha").run()
    next(r for r in at.radio if r.label == "Game").set_value("moon_dominoes").run()
    assert not at.exception
    players = next(r for r in at.radio if r.label == "Players")
    assert players.options == ["3 players (always)"]
    next(b for b in at.button if b.label == "Create Room").click().run()
    assert not at.exception
    store = Store(database)
    with store.read() as db:
        docs = [json.loads(r.doc) for r in db.exec(select(Room)) if r.game == "moon_dominoes"]
    store.close()
    assert docs and docs[-1]["settings"]["players"] == 3


def test_quick_game_seats_three_whatever_the_slider_says() -> None:
    quick = table.quick_settings(6, {}).checked()
    assert quick.players == 3 and quick.hints


def test_the_lobby_names_the_game(database: str) -> None:
    rooms, code, tokens = seated(database, begin=False)
    at = page("room", room=code, seat=tokens[0]).run()
    assert "Three-Player Moon · 3 players" in readable(" ".join(c.value for c in at.caption))
    rooms.store.close()


def test_the_opener_bids_by_tapping_and_sees_pass_and_every_bid(database: str) -> None:
    rooms, code, ordered = seated(database)
    token = actor(rooms, ordered)
    at = page("room", room=code, seat=token).run()
    assert not at.exception
    labels = [b.label for b in at.button if b.key and b.key.startswith("md-bid-")]
    assert labels == ["Pass", "4", "5", "6", "7", "21"]
    at.button(key="md-bid-5").click().run()
    assert not at.exception
    table = rooms.view(token).table
    assert table is not None and table.bid == 5
    later = page("room", room=code, seat=actor(rooms, ordered)).run()
    labels = [b.label for b in later.button if b.key and b.key.startswith("md-bid-")]
    assert labels == ["Pass", "6", "7", "21"]  # M2: only higher bids
    rooms.store.close()


def test_m3_the_bidder_taps_a_tile_to_discard_it(database: str) -> None:
    rooms, code, ordered = seated(database)
    bidder = won_auction(rooms, ordered)
    at = page("room", room=code, seat=bidder).run()
    assert not at.exception
    tiles = [b for b in at.button if b.key and b.key.startswith("md-tile-")]
    assert len(tiles) == 8 and not any(b.disabled for b in tiles)
    assert "You took the widow" in text_of(at)
    tiles[-1].click().run()
    assert not at.exception
    table = rooms.view(bidder).table
    assert table is not None and table.phase == "trump" and len(table.hand) == 7
    rooms.store.close()


def test_trump_is_chosen_with_its_effect_in_one_line(database: str) -> None:
    rooms, code, ordered = seated(database)
    bidder = won_auction(rooms, ordered)
    table = rooms.view(bidder).table
    assert table is not None
    rooms.act(bidder, move_of(table.legal[0]), rooms.view(bidder).version)
    at = page("room", room=code, seat=bidder).run()
    pick = at.radio(key="md-trump-pick")
    assert pick.options == ["0", "1", "2", "3", "4", "5", "6", "Doubles", "No trump"]
    pick.set_value(7).run()
    assert not at.exception
    assert any("The seven doubles are trumps" in m for m in text_of(at).splitlines())
    at.button(key="md-name-trump").click().run()
    assert not at.exception
    after = rooms.view(bidder).table
    assert after is not None and after.trump == 7 and after.phase == "playing"
    rooms.store.close()


def test_only_legal_tiles_tap_and_a_tap_plays_one(database: str) -> None:
    rooms, code, ordered = seated(database)
    bidder = won_auction(rooms, ordered)
    for _ in range(2):
        table = rooms.view(bidder).table
        assert table is not None
        rooms.act(bidder, move_of(table.legal[-1]), rooms.view(bidder).version)
    lead = rooms.view(bidder).table
    assert lead is not None
    rooms.act(bidder, move_of(lead.legal[0]), rooms.view(bidder).version)
    follower = actor(rooms, ordered)
    at = page("room", room=code, seat=follower).run()
    table = rooms.view(follower).table
    assert table is not None
    live = [b for b in at.button if b.key and b.key.startswith("md-tile-") and not b.disabled]
    assert len(live) == len(table.legal)
    live[0].click().run()
    assert not at.exception
    assert len(rooms.view(follower).table.hand) == 6  # type: ignore[union-attr]
    rooms.store.close()


def test_results_tell_the_bid_the_trump_and_each_score(database: str) -> None:
    rooms, code, ordered = seated(database)
    end = play_until_round_ends(rooms, ordered, random.Random(3))
    at = page("room", room=code, seat=ordered[0]).run()
    assert not at.exception
    raw = text_of(at)
    shown = readable(raw)
    assert "Hand 1:" in shown and "as trump" in shown and "The seven tricks" in shown
    assert "<b>x</b>" not in raw and HOSTILE in shown
    if end.status == "results":
        next(b for b in at.button if b.label == "Next Hand").click().run()
        assert rooms.view(ordered[0]).status == "playing"
    rooms.store.close()


def test_a_watcher_has_no_tile_to_tap(database: str) -> None:
    rooms, code, _ = seated(database)
    at = page("room", room=code).run()
    assert not [b for b in at.button if b.key and b.key.startswith("md-tile-")]
    rooms.store.close()


def test_suggest_gives_the_experts_bid_with_its_chances(database: str) -> None:
    rooms, code, ordered = seated(database, hints=True)
    at = page("room", room=code, seat=actor(rooms, ordered)).run()
    next(b for b in at.button if b.label == "Suggest").click().run()
    assert not at.exception
    advice = [i.value for i in at.info if i.value.startswith("Suggestion:")]
    assert advice and ("bid " in advice[0] or "pass" in advice[0])
    rooms.store.close()


def test_game_over_names_the_winner_and_offers_a_rematch(database: str) -> None:
    rooms, code, ordered = seated(database)
    rng = random.Random(9)
    for _ in range(3000):  # one bid of 4 a hand: the defenders' tricks carry someone to 21
        view = rooms.view(ordered[0])
        if view.status == "over":
            break
        if view.status == "results":
            rooms.next_round(ordered[0], view.version)
            continue
        token = actor(rooms, ordered)
        mine = rooms.view(token)
        assert mine.table is not None
        legal = list(mine.table.legal)
        if mine.table.phase == "bidding":  # the opener bids 4, the others pass
            choice = legal[1] if legal[1].value == 4 else legal[0]
        else:
            choice = rng.choice(legal)
        rooms.act(token, move_of(choice), mine.version)
    assert rooms.view(ordered[0]).status == "over"
    host = next(t for t in ordered if rooms.view(t).is_host)
    at = page("room", room=code, seat=host).run()
    assert not at.exception
    assert any("Game over" in s.value for s in at.success)
    next(b for b in at.button if b.label == "Rematch").click().run()
    assert rooms.view(host).status == "playing"
    rooms.store.close()
