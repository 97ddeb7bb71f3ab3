"""A6 Reactions, not chat: through the Gate, on SQLite and PostgreSQL.

A seated player sends one of a fixed set through the Gate (the pages' only way in); it
shows at their seat on every screen of the room for four seconds; a seat sends one every two
seconds at most; nothing else gets through, and a reaction never turns another player's move
stale.
"""

from __future__ import annotations

import random

import pytest

from core.boundary import Gate
from core.moon3.table import RoomSettings
from core.rooms import NotFound, Refused, Rooms, RoomView
from core.rooms.reactions import REACTIONS
from tests.conftest import FakeClock
from tests.service_play import open_room, pick, tokens_by_position
from ui.reactions import bubbles


@pytest.fixture
def gate(rooms: Rooms) -> Gate:
    return Gate(rooms)


@pytest.fixture
def seated(rooms: Rooms) -> tuple[str, list[str]]:
    """A begun four-player room: its code and the players' tokens in table order."""
    code, tokens = open_room(rooms, RoomSettings(mode="teams", players=4), 4)
    return code, tokens_by_position(rooms, tokens)


def on_show(view: RoomView) -> dict[int, str]:
    """What the table shows at each seat: seat -> reaction as drawn."""
    return {shown.seat: shown.text for shown in view.reactions}


def every_screen(gate: Gate, code: str, tokens: list[str]) -> list[RoomView]:
    """Every player's view and a watcher's."""
    return [*(gate.view(t) for t in tokens), gate.watch(code)]


def test_a6_a_reaction_shows_at_its_seat_on_every_screen_for_four_seconds(
    gate: Gate, clock: FakeClock, seated: tuple[str, list[str]]
) -> None:
    code, tokens = seated
    gate.react(tokens[2], "sorry")
    clock.advance(3.9)
    assert [on_show(v) for v in every_screen(gate, code, tokens)] == [{2: "Sorry partner"}] * 5
    clock.advance(0.2)
    assert [on_show(v) for v in every_screen(gate, code, tokens)] == [{}] * 5


def test_a6_a_reaction_moves_the_poll_of_every_page_but_not_the_version(
    gate: Gate, seated: tuple[str, list[str]]
) -> None:
    code, tokens = seated
    before = gate.watch(code)
    gate.react(tokens[1], "thumbs")
    after = gate.pulse(code)
    assert after != before.pulse
    assert after == gate.view(tokens[3]).pulse
    assert after[0] == before.version == gate.version(code)


def test_a6_one_reaction_every_two_seconds_a_seat(
    gate: Gate, clock: FakeClock, seated: tuple[str, list[str]]
) -> None:
    code, tokens = seated
    gate.react(tokens[0], "nice")
    clock.advance(1.9)
    before = gate.watch(code)
    with pytest.raises(Refused, match="every two seconds"):
        gate.react(tokens[0], "oops")
    after = gate.watch(code)
    assert (after.pulse, on_show(after)) == (before.pulse, {0: "Nice!"})
    gate.react(tokens[1], "oops")  # another seat is free to
    clock.advance(0.1)
    gate.react(tokens[0], "gg")
    assert on_show(gate.watch(code)) == {0: "Good game", 1: "Oops"}


@pytest.mark.parametrize(
    "said",
    [
        "Nice!",  # the text, not the id
        "I have the ace of spades",
        "<img src=x onerror=alert(1)>",
        "nice" * 200,
        "",
        None,
        7,
        ["nice"],
        {"id": "nice"},
    ],
    ids=["shown-text", "free-text", "html", "long", "empty", "none", "number", "list", "dict"],
)
def test_a6_nothing_outside_the_fixed_set_is_sent(
    gate: Gate, seated: tuple[str, list[str]], said: object
) -> None:
    code, tokens = seated
    before = gate.watch(code)
    with pytest.raises(Refused, match="not one of the reactions"):
        gate.react(tokens[0], said)
    after = gate.watch(code)
    assert (after.pulse, after.reactions) == (before.pulse, ())
    gate.react(tokens[0], "laugh")  # and the refusal did not count against the seat
    assert on_show(gate.watch(code)) == {0: REACTIONS["laugh"]}


@pytest.mark.parametrize("token", ["", "not-a-seat", None], ids=["blank", "unknown", "none"])
def test_a6_a_watcher_cannot_react(
    gate: Gate, seated: tuple[str, list[str]], token: object
) -> None:
    code, _ = seated
    before = gate.watch(code)
    with pytest.raises(NotFound, match="does not open a seat"):
        gate.react(token, "thumbs")
    assert gate.watch(code).pulse == before.pulse


def test_a6_reactions_wait_for_the_game_to_begin(gate: Gate) -> None:
    code, host = gate.create("Asha", RoomSettings(mode="teams", players=4))
    with pytest.raises(Refused, match="once the game has begun"):
        gate.react(host, "thumbs")
    assert gate.watch(code).reactions == ()


def test_a6_a_reaction_does_not_make_another_players_move_stale(
    gate: Gate, seated: tuple[str, list[str]]
) -> None:
    code, tokens = seated
    table = gate.watch(code).table
    assert table is not None and table.to_act is not None
    mover = tokens[table.to_act]
    drawn = gate.view(mover)  # the page the mover is looking at
    gate.react(tokens[table.to_act - 1], "your-turn")  # the seat before
    new_version = gate.act(mover, pick(drawn, random.Random(1)), drawn.version)
    assert new_version == drawn.version + 1
    assert gate.watch(code).version == new_version


def test_a6_a_bubble_drawn_late_fades_from_its_age_not_from_the_start(
    gate: Gate, clock: FakeClock, seated: tuple[str, list[str]]
) -> None:
    _, tokens = seated
    gate.react(tokens[1], "clap")
    clock.advance(1.5)
    drawn = bubbles(gate.view(tokens[0]))
    assert list(drawn) == [1]
    assert "animation-delay:-1.50s" in drawn[1] and REACTIONS["clap"] in drawn[1]
