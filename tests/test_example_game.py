"""P8: a new game is its folder, one registration and its tests (``docs/adding-a-game.md``).

Plain Tricks (``tests/example/``) touches no shared file: registered here, it
is hosted in a room through the :class:`~core.boundary.Gate`, played to its
end by two people and by bots, replayed from its records, and kept in the
store like every game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from core import games, records
from core.boundary import Gate
from core.games import sent_form
from core.rooms import Rooms
from core.store import Store
from tests import test_every_game as every_game
from tests.apptests import page, pages_on
from tests.conftest import FakeClock
from tests.example.game import GAME
from tests.example.table import Settings
from tests.service_play import tokens_by_position


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """The suite registers the example game, as its one registration line would."""
    games.register(GAME)
    yield
    del games.REGISTRY[GAME.name]


def test_p8_the_example_game_is_one_of_the_registry() -> None:
    assert GAME.name in games.names()
    assert games.get(GAME.name).title == "Plain Tricks"


def test_p8_two_people_play_the_example_game_to_its_end_through_the_gate(rooms: Rooms) -> None:
    gate = Gate(rooms)
    code, host = gate.create("Asha", Settings(players=2, hands=2))
    guest = gate.join(code, "Ben")
    gate.begin(host)
    ordered = tokens_by_position(rooms, [host, guest])
    rng = random.Random(5)
    hands = 0
    for _ in range(100):
        view = gate.view(host)
        if view.status == "over":
            break
        if view.status == "results":
            hands += 1
            assert view.last_round is not None and sum(view.last_round["score"]) == 5
            gate.next_round(host, view.version)
            continue
        actor = ordered[view.table.to_act]
        mine = gate.view(actor)
        gate.act(actor, sent_form(rng.choice(mine.table.legal)), mine.version)
    over = gate.view(host)
    assert over.status == "over" and over.rounds_played == 2 and sum(over.totals) == 10
    assert over.winners and all(over.totals[w] == max(over.totals) for w in over.winners)
    with rooms.store.read() as db:  # every hand is kept, and replays through the registry
        stored = (
            db.connection()
            .exec_driver_sql(
                "SELECT record FROM round_record WHERE game = 'plain_tricks' ORDER BY id"
            )
            .all()
        )
    assert len(stored) == 2
    for (text,) in stored:
        assert records.replay(records.parse(text))["phase"] == "hand_over"


def test_p8_bots_play_the_example_game_to_its_end(rooms: Rooms, clock: FakeClock) -> None:
    gate = Gate(rooms)
    _, host = gate.create("Asha", Settings(players=3, hands=1))
    gate.add_bot(host, "rules")
    gate.add_bot(host, "random")
    gate.begin(host)
    rng = random.Random(2)
    for _ in range(200):
        view = gate.view(host)
        if view.status != "playing":
            break
        if view.table.my_turn:
            gate.act(host, sent_form(rng.choice(view.table.legal)), view.version)
        else:
            clock.advance(1.0)
    assert gate.view(host).status == "over"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    with pages_on(f"sqlite:///{tmp_path / 'rooms.db'}") as url:
        yield url


def legal_cards(at: AppTest) -> list[Any]:
    return [b for b in at.button if str(b.key or "").startswith("play-") and not b.disabled]


def test_p8_two_people_play_the_example_game_in_the_app_and_its_stats_show_it(
    site: str,
) -> None:
    rooms = Rooms(Store(site))
    code, host = rooms.create("Asha", Settings(players=2, hands=1))
    guest = rooms.join(code, "Ben")
    rooms.begin(host)
    pages = {token: page("room", room=code, seat=token).run() for token in (host, guest)}
    for _ in range(20):
        view = rooms.view(host)
        if view.status != "playing":
            break
        actor = host if view.table.to_act == view.me.position else guest  # type: ignore[union-attr]
        at = pages[actor].run()
        assert not at.exception
        legal_cards(at)[0].click().run()
        assert not at.exception
    assert rooms.view(host).status == "over"
    done = pages[guest].run()
    assert not done.exception and any("Game over" in s.value for s in done.success)
    stats = page("stats").run()
    next(r for r in stats.radio if r.label == "Game").set_value(GAME.name).run()
    assert not stats.exception
    shown = {m.label: m.value for m in stats.metric}
    assert shown["Hands played"] == "1" and shown["Games finished"] == "1"
    rooms.store.close()


def test_p8_the_example_game_keeps_every_invariant_of_random_play() -> None:
    """The random-play test every registered game passes, run over the example game."""
    every_game.test_every_game_plays_random_rounds_keeping_every_invariant(GAME.name, 0, 1)
