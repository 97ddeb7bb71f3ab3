"""Every page that takes a game, loaded for every registered game (STYLE item 12).

Create Room and Quick game make a table of the chosen game; the room's lobby
(which says the table's size and shows a name as text), its table for each
seated player and for a watcher, and its results load; the Stats and Rules
pages show the chosen game. Each game's own screens (its controls, words and
results) are tested in its folder.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
import streamlit as st
from sqlmodel import select

from core import games
from core.rooms import Rooms
from core.store import Room, Seat, Store
from tests.apptests import page, pages_on, readable
from tests.service_play import play_until_round_ends, tokens_by_position
from ui.games import player_counts

GAMES = games.names()
#: A player name that would be markup if a page let it through.
HOSTILE = "<b>x</b>*y*"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One SQLite file for the module: the pages' room service is cached per process."""
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('pages') / 'rooms.db'}") as url:
        yield url


def rooms_of(database: str, name: str) -> list[dict[str, object]]:
    """The documents of the rooms of game ``name``, oldest first."""
    store = Store(database)
    with store.read() as db:
        docs = [json.loads(r.doc) for r in db.exec(select(Room)) if r.game == name]
    store.close()
    return docs


def settings_of(name: str) -> object:
    """The room settings of the game's first sample table."""
    return games.get(name).table.settings_for(games.get(name).sample_configs()[0])


@pytest.mark.parametrize("name", GAMES)
def test_create_room_makes_a_room_of_the_chosen_game(database: str, name: str) -> None:
    at = page("create").run()
    at.text_input[0].input("Asha").run()
    next(r for r in at.radio if r.label == "Game").set_value(name).run()
    assert not at.exception
    before = len(rooms_of(database, name))
    next(b for b in at.button if b.label == "Create Room").click().run()
    assert not at.exception
    assert len(rooms_of(database, name)) == before + 1


@pytest.mark.parametrize("name", GAMES)
def test_quick_game_deals_a_table_of_the_chosen_game_with_bots(database: str, name: str) -> None:
    at = page("home").run()
    at.radio(key="quick-game").set_value(name).run()
    at.text_input(key="quick-name").input("Solo")
    players = player_counts(name)[-1]  # the game's largest table
    if len(player_counts(name)) > 1:
        at.select_slider(key=f"quick-players-{name}").set_value(players)
    next(b for b in at.button if b.label == "Start Quick Game").click().run()
    assert not at.exception
    store = Store(database)
    with store.read() as db:
        room = [r for r in db.exec(select(Room)) if r.game == name][-1]
        doc, status = json.loads(room.doc), room.status
        seated = [s.is_bot for s in db.exec(select(Seat).where(Seat.room_code == room.code))]
    store.close()
    assert doc["settings"]["players"] == players
    assert status == "choosing" or len(doc["round"]["hands"]) == players  # dealt, or R6 first
    assert len(seated) == players and sum(seated) == players - 1


@pytest.mark.parametrize("name", GAMES)
def test_the_lobby_the_table_a_watcher_and_the_results_load(database: str, name: str) -> None:
    rooms = Rooms(Store(database))
    settings = settings_of(name)
    players = settings.checked().players  # type: ignore[attr-defined]
    code, host = rooms.create("Asha", settings)
    tokens = [host, rooms.join(code, HOSTILE)]
    at = page("room", room=code, seat=host).run()
    assert not at.exception
    assert f"{players} players" in readable(" ".join(c.value for c in at.caption))
    assert "<b>x</b>" not in "\n".join(str(m.value) for m in at.markdown)  # a name is text
    tokens += [rooms.join(code, f"Player {n}") for n in range(3, players + 1)]
    rooms.begin(host)
    ordered = tokens_by_position(rooms, tokens)
    for token in ordered:  # each seated player's table, the seat to act's among them
        at = page("room", room=code, seat=token).run()
        assert not at.exception
    watcher = page("room", room=code).run()
    assert not watcher.exception
    assert any("watching" in c.value for c in watcher.caption)
    end = play_until_round_ends(rooms, ordered, random.Random(3))
    assert end.status in ("results", "over")
    at = page("room", room=code, seat=host).run()
    assert not at.exception
    assert any(b.label in ("Next Round", "Next Hand", "Rematch") for b in at.button)
    rooms.store.close()


@pytest.mark.parametrize("name", GAMES)
def test_stats_show_the_chosen_game(database: str, name: str) -> None:
    st.cache_data.clear()
    at = page("stats").run()
    next(r for r in at.radio if r.label == "Game").set_value(name).run()
    assert not at.exception


@pytest.mark.parametrize("name", GAMES)
def test_rules_page_explains_the_chosen_game(database: str, name: str) -> None:
    at = page("rules").run()
    at.radio(key="rules-game").set_value(name).run()
    assert not at.exception
    assert [t.value for t in at.title] == [f"Rules of {games.get(name).title}"]
