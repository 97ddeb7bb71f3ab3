"""A1 on the room page: an auction nobody bids in says what happened, Spades results say each
side's score in the game's terms, and the scores say how many rounds of how many."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from core.moon3.table import RoomSettings
from core.rooms import Rooms
from core.spades.table import SpadesSettings
from core.store import Store
from core.thirteen.table import ThirteenSettings
from tests.apptests import page, pages_on, readable
from tests.service_play import play_until_round_ends, tokens_by_position

NAMES = ("Asha", "Ben", "Chen", "Dev")


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('a1r') / 'rooms.db'}") as url:
        yield url


def seated(rooms: Rooms, settings: object) -> tuple[str, list[str]]:
    """A begun room of four humans; its code and their tokens in seat order."""
    code, host = rooms.create(NAMES[0], settings)
    tokens = [host, *(rooms.join(code, name) for name in NAMES[1:])]
    rooms.begin(host)
    return code, tokens_by_position(rooms, tokens)


def page_text(code: str, token: str) -> str:
    at = page("room", room=code, seat=token).run()
    assert not at.exception
    return readable("\n".join(str(m.value) for m in at.markdown))


def test_a1_an_auction_everyone_passes_says_the_opener_plays_the_minimum(database: str) -> None:
    rooms = Rooms(Store(database))
    code, ordered = seated(rooms, RoomSettings(mode="teams", players=4))
    opener = rooms.view(ordered[0]).table.to_act  # type: ignore[union-attr]
    for _ in range(4):
        table = rooms.view(ordered[0]).table
        assert table is not None and table.phase == "bidding" and table.to_act is not None
        token = ordered[table.to_act]
        rooms.act(token, {"type": "pass"}, rooms.view(token).version)
    table = rooms.view(ordered[0]).table
    assert table is not None and table.bidder == opener
    text = page_text(code, ordered[0])
    assert (
        f"Everyone passed, so {NAMES[opener]}, who opened the bidding, "
        f"takes it at the minimum of {table.bid}." in text
    )
    rooms.store.close()


def test_a1_spades_results_say_each_nil_apart_from_the_contract(database: str) -> None:
    rooms = Rooms(Store(database))
    code, ordered = seated(rooms, SpadesSettings())
    for _ in range(4):  # Chen bids nil, the others 3 each
        table = rooms.view(ordered[0]).table
        assert table is not None and table.to_act is not None
        token = ordered[table.to_act]
        amount = 0 if table.to_act == 2 else 3
        rooms.act(token, {"type": "bid", "amount": amount}, rooms.view(token).version)
    end = play_until_round_ends(rooms, ordered, random.Random(5))
    assert end.last_round is not None
    took = end.last_round["tricks"]
    text = page_text(code, ordered[0])
    nil = "makes (+100)" if took[2] == 0 else "fails (−100)"
    assert f"Chen's nil {nil}" in text
    verb = "makes" if took[0] >= 3 else "is set,"
    assert f"Asha {verb} {took[0]} of 3" in text  # Chen's tricks are not Asha's
    rooms.store.close()


def test_a1_scores_say_the_hands_played_of_the_game_length(database: str) -> None:
    rooms = Rooms(Store(database))
    code, ordered = seated(rooms, ThirteenSettings(players=4, hands=5))
    play_until_round_ends(rooms, ordered, random.Random(6))
    text = page_text(code, ordered[0])
    assert "**Scores** after 1 hand of 5" in text
    rooms.store.close()
