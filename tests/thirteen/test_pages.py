"""App tests of every Thirteen screen: Create Room, Quick game, the lobby, picking cards and the
Play button's words, Pass, the standing play and passes on the felt, results, the end of the
game and a rematch, hints, a watcher and a hostile name."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from sqlmodel import select

from core.rooms import Rooms
from core.store import Room, Store
from core.thirteen import cards, table
from core.thirteen.table import ThirteenSettings
from tests.apptests import page, pages_on, readable
from tests.service_play import actor, move_of, play_until_round_ends, tokens_by_position

HOSTILE = "<b>x</b>*y*"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('thirteen') / 'rooms.db'}") as url:
        yield url


def seated(
    database: str, players: int = 3, hints: bool = False, hands: int = 5, begin: bool = True
) -> tuple[Rooms, str, list[str]]:
    rooms = Rooms(Store(database))
    code, host = rooms.create("Asha", ThirteenSettings(players=players, hands=hands, hints=hints))
    tokens = [host] + [rooms.join(code, name) for name in ("Ben", HOSTILE)[: players - 1]]
    if not begin:
        return rooms, code, tokens
    rooms.begin(host)
    return rooms, code, tokens_by_position(rooms, tokens)


def card_keys(at: object) -> dict[str, str]:
    """The hand's card buttons: card name → widget key."""
    return {
        b.key.split("-")[3]: b.key
        for b in at.button  # type: ignore[attr-defined]
        if b.key and b.key.startswith("play-")
    }


def play_button(at: object) -> object:
    """The Play button, live (``th-play``) or dimmed for a pick that is no legal play."""
    buttons = at.button  # type: ignore[attr-defined]
    return next(b for b in buttons if b.key in ("th-play", "dim-th-play"))


def text_of(at: object) -> str:
    return readable("\n".join(str(m.value) for m in at.markdown))  # type: ignore[attr-defined]


def test_create_room_offers_thirteen_for_two_to_four(database: str) -> None:
    at = page("create").run()
    at.text_input[0].input("Asha").run()
    next(r for r in at.radio if r.label == "Game").set_value("thirteen").run()
    assert not at.exception
    players = next(r for r in at.radio if r.label == "Players")
    assert players.options == ["2 players", "3 players", "4 players"]
    players.set_value(3).run()
    next(r for r in at.radio if r.label == "Hands in a game").set_value(3).run()
    next(b for b in at.button if b.label == "Create Room").click().run()
    assert not at.exception
    store = Store(database)
    with store.read() as db:
        docs = [json.loads(r.doc) for r in db.exec(select(Room)) if r.game == "thirteen"]
    store.close()
    assert docs and docs[-1]["settings"] | {"game": "thirteen"} == {
        "game": "thirteen", "players": 3, "hands": 3, "hints": False
    }  # fmt: skip


def test_quick_game_seats_at_most_four_with_hints() -> None:
    quick = table.quick_settings(7, {}).checked()
    assert quick.players == 4 and quick.hints


def test_the_lobby_names_the_game_and_its_length(database: str) -> None:
    rooms, code, tokens = seated(database, begin=False)
    at = page("room", room=code, seat=tokens[0]).run()
    assert "Thirteen · 3 players, 5 hands" in readable(" ".join(c.value for c in at.caption))
    rooms.store.close()


def test_the_hand_is_sorted_low_to_high_and_the_play_button_names_the_pick(
    database: str,
) -> None:
    rooms, code, ordered = seated(database)
    token = actor(rooms, ordered)
    table = rooms.view(token).table
    assert table is not None and table.must_play is not None
    at = page("room", room=code, seat=token).run()
    assert not at.exception
    keys = card_keys(at)
    assert list(keys) == [cards.NAME[c] for c in sorted(table.hand)]
    button = play_button(at)
    assert button.disabled and button.label == "Tap cards to choose a play"  # type: ignore[attr-defined]
    assert not [b for b in at.button if b.label == "Pass"]  # T5: the leader may not pass
    lowest = cards.NAME[table.must_play]
    other = next(n for n in keys if n != lowest)
    at.button(key=keys[other]).click().run()
    label = play_button(at).label  # type: ignore[attr-defined]
    assert play_button(at).key == "dim-th-play" and "must include" in label  # type: ignore[attr-defined]
    at.button(key=card_keys(at)[other]).click().run()  # dropped again
    at.button(key=card_keys(at)[lowest]).click().run()
    assert card_keys(at)[lowest].endswith("-picked")
    button = play_button(at)
    assert not button.disabled and button.label.startswith("Play single")  # type: ignore[attr-defined]
    button.click().run()  # type: ignore[attr-defined]
    assert not at.exception
    after = rooms.view(token).table
    assert after is not None and after.standing_cards == (table.must_play,)
    assert not [k for k in card_keys(at).values() if k.endswith("-picked")]
    rooms.store.close()


def test_a_pick_that_is_no_combination_says_so(database: str) -> None:
    rooms, code, ordered = seated(database)
    token = actor(rooms, ordered)
    table = rooms.view(token).table
    assert table is not None
    # Two cards of different ranks are never a combination.
    low, high = table.hand[0], next(c for c in table.hand if c // 4 != table.hand[0] // 4)
    at = page("room", room=code, seat=token).run()
    at.button(key=card_keys(at)[cards.NAME[low]]).click().run()
    at.button(key=card_keys(at)[cards.NAME[high]]).click().run()
    assert play_button(at).label == "Not a combination" and play_button(at).key == "dim-th-play"  # type: ignore[attr-defined]
    next(b for b in at.button if b.label == "Clear").click().run()
    assert play_button(at).label == "Tap cards to choose a play"  # type: ignore[attr-defined]
    rooms.store.close()


def test_the_felt_shows_the_standing_play_and_who_passed(database: str) -> None:
    rooms, code, ordered = seated(database)
    first = actor(rooms, ordered)
    rooms.act(first, move_of(rooms.view(first).table.legal[0]), rooms.view(first).version)  # type: ignore[union-attr]
    second = actor(rooms, ordered)
    at = page("room", room=code, seat=second).run()
    assert [b.label for b in at.button if b.label == "Pass"] == ["Pass"]
    next(b for b in at.button if b.label == "Pass").click().run()
    assert not at.exception
    table = rooms.view(first).table
    assert table is not None and table.passed
    watcher = page("room", room=code).run()
    shown = text_of(watcher)
    names = rooms.view(first).names
    assert "passed" in shown and "single" in shown
    assert f"{names[table.standing_seat]}</b> · single" in shown  # type: ignore[index]
    rooms.store.close()


def test_results_give_places_points_and_totals(database: str) -> None:
    rooms, code, ordered = seated(database)
    end = play_until_round_ends(rooms, ordered, random.Random(5))
    assert end.status == "results"
    at = page("room", room=code, seat=ordered[0]).run()
    assert not at.exception
    shown = text_of(at)
    first = end.names[end.last_round["places"][0]]  # type: ignore[index]
    assert f"Hand 1: {first} went out first" in shown
    assert "1st" in shown and "+2" in shown and "left holding" in shown
    assert any(b.label == "Next Hand" for b in at.button)
    rooms.store.close()


def test_a_watcher_has_no_card_to_tap_and_no_play_button(database: str) -> None:
    rooms, code, _ = seated(database)
    at = page("room", room=code).run()
    assert not card_keys(at) and not [b for b in at.button if str(b.key).endswith("th-play")]
    rooms.store.close()


def test_suggest_names_the_experts_play(database: str) -> None:
    rooms, code, ordered = seated(database, hints=True)
    at = page("room", room=code, seat=actor(rooms, ordered)).run()
    next(b for b in at.button if b.label == "Suggest").click().run()
    assert not at.exception
    advice = [i.value for i in at.info if i.value.startswith("Suggestion:")]
    assert advice and "play " in advice[0]
    rooms.store.close()


def test_game_over_names_the_winner_and_offers_a_rematch(database: str) -> None:
    rooms, code, ordered = seated(database, players=2, hands=1)
    end = play_until_round_ends(rooms, ordered, random.Random(2))
    assert end.status == "over"
    host = next(t for t in ordered if rooms.view(t).is_host)
    at = page("room", room=code, seat=host).run()
    assert not at.exception
    assert any("Game over" in s.value for s in at.success)
    next(b for b in at.button if b.label == "Rematch").click().run()
    again = rooms.view(host)
    assert again.status == "playing" and again.table is not None
    assert again.table.opening  # a new game: the lowest card leads again
    rooms.store.close()
