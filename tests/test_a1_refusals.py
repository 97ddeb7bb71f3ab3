"""A1: a dimmed card or tile taps to hear, in the game's words, why it may not be played.

Each game's room is played by its humans through the service up to a turn where the player
to act holds a piece they may not play; that player's page taps the dimmed piece (widget key
``dim-…``), the gate refuses the move, and the reason shows on the page, said to the player.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from core import games
from core.rooms import Refused, Rooms
from core.store import Store
from tests.apptests import page, pages_on, readable
from tests.service_play import move_of, tokens_by_position

PLAYERS = {"moon3": 4, "spades": 4, "moon_dominoes": 3, "thirteen": 4}
#: How each game's refusal of a dimmed piece begins.
SAID = {
    "moon3": ("You must follow ",),
    "spades": ("You must follow ", "Spades are not broken yet"),
    "moon_dominoes": ("You must play a ",),
    "thirteen": ("Not a combination: ",),
}


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('a1') / 'rooms.db'}") as url:
        yield url


def at_a_dimmed_piece(rooms: Rooms, game: str, seed: int) -> tuple[str, str, list[str]]:
    """A room of humans played with random legal moves until the player to act holds a piece
    the rules refuse now (in Thirteen: the first play, where any two ranks are no combination);
    its code, that player's token and every player's token in seat order."""
    settings = games.get(game).table.quick_settings(PLAYERS[game], {"mode": "teams"})
    code, host = rooms.create("Asha", settings)
    names = ("Ben", "Chen", "Dev")[: PLAYERS[game] - 1]
    tokens = [host, *(rooms.join(code, name) for name in names)]
    rooms.begin(host)
    ordered = tokens_by_position(rooms, tokens)
    rng = random.Random(seed)
    for _ in range(400):
        table = rooms.view(ordered[0]).table
        assert table is not None and table.to_act is not None
        actor = ordered[table.to_act]
        mine = rooms.view(actor)
        table = mine.table
        assert table is not None
        if table.phase == "playing" and (
            game == "thirteen" or {a.value for a in table.legal} < set(table.hand)
        ):
            return code, actor, ordered
        rooms.act(actor, move_of(rng.choice(table.legal)), mine.version)
    raise AssertionError("no turn with a piece the rules refuse")


def tap_dimmed(game: str, code: str, token: str) -> object:
    """The player's page after tapping their first dimmed piece."""
    at = page("room", room=code, seat=token).run()
    if game == "thirteen":  # two cards of different ranks, then the dimmed Play
        cards = [b for b in at.button if str(b.key).startswith("play-")]
        cards[0].click().run()
        rank = str(cards[0].key).split("-")[3][0]
        other = (b for b in at.button if str(b.key).startswith("play-"))
        next(b for b in other if str(b.key).split("-")[3][0] != rank).click().run()
    dimmed = [b for b in at.button if str(b.key).startswith("dim-")]
    assert dimmed and not any(b.disabled for b in dimmed)
    dimmed[0].click().run()
    assert not at.exception
    return at


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a1_a_dimmed_piece_taps_to_hear_the_rules_reason(database: str, game: str) -> None:
    rooms = Rooms(Store(database))
    code, token, _ = at_a_dimmed_piece(rooms, game, seed=3)
    before = rooms.view(token).version
    at = tap_dimmed(game, code, token)
    shown = [readable(w.value) for w in at.warning]  # type: ignore[attr-defined]
    assert len(shown) == 1 and shown[0].startswith(SAID[game]), shown
    assert "seat" not in shown[0]
    assert rooms.view(token).version == before  # refused: nothing was played
    rooms.store.close()


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a1_a_move_out_of_turn_is_refused_to_you(database: str, game: str) -> None:
    rooms = Rooms(Store(database))
    _, token, ordered = at_a_dimmed_piece(rooms, game, seed=4)
    table = rooms.view(token).table
    assert table is not None
    other = next(t for t in ordered if t != token)
    with pytest.raises(Refused, match=r"^It is not your turn$"):
        rooms.act(other, move_of(table.legal[0]), rooms.view(other).version)
    rooms.store.close()
