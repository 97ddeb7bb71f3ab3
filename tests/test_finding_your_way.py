"""Finding your way (SPEC A8), page by page: the home page names every game and leads to
its Create Room and Quick game, which follow that game; Rules opens on the game of the
room the player came from; the menu's Room brings a seated player back to their seat;
every seated player sees their own seat link; bots have names of their own, each with
its own initial; claiming a scorebook seat says so."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

from core import games
from core.moon3.book import BookSettings
from core.rooms import Rooms
from core.store import Store
from tests.apptests import page, pages_on, readable
from ui import escape, session
from ui.games import ordered, player_counts, players_words, screens_of

GAMES = games.names()
#: The games a page opens on only if it follows the room or the choice (not the default).
NOT_FLAGSHIP = [name for name in GAMES if name != games.FLAGSHIP]


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('a8') / 'rooms.db'}") as url:
        yield url


@pytest.fixture
def rooms(database: str) -> Iterator[Rooms]:
    opened = Rooms(Store(database))
    yield opened
    opened.store.close()


def defaults(options: tuple[games.Option, ...]) -> dict[str, object]:
    """A form's values as first shown."""
    chosen: dict[str, object] = {}
    for option in options:
        if option.asked(chosen):
            chosen[option.name] = option.default_for(chosen)
    return chosen


def labels(at: AppTest) -> set[str]:
    """The label of every widget on the page."""
    kinds = ("radio", "slider", "select_slider", "toggle", "number_input", "selectbox")
    shown = {str(w.label) for kind in kinds for w in at.get(kind)}
    return shown | {str(w.label) for w in at.text_input}


def others_labels(name: str, part: str) -> set[str]:
    """What other games call their options (``OPTIONS`` or ``QUICK_OPTIONS``) and this one
    does not."""
    own = {o.label for o in getattr(games.get(name).table, part)}
    return {o.label for g in GAMES for o in getattr(games.get(g).table, part)} - own


def test_a8_the_home_page_names_every_game_with_a_line_and_its_pieces(database: str) -> None:
    at = page("home").run()
    assert not at.exception
    shown = "\n".join(str(m.value) for m in at.markdown)
    captions = readable("\n".join(str(c.value) for c in at.caption))
    for name in GAMES:
        showcase = screens_of(name).showcase
        title = escape.markdown(games.get(name).title)
        assert f"**{title}** · {players_words(player_counts(name))}" in shown
        assert showcase.pieces() in shown
        assert showcase.line in captions
        assert at.button(key=f"home-create-{name}").label == "Create Room"
        assert at.button(key=f"home-quick-{name}").label == "Quick game"
    rules = [link.proto.query_string for link in at.get("page_link") if link.value == "Rules"]
    assert rules == [f"game={name}" for name in ordered()]


@pytest.mark.parametrize("name", NOT_FLAGSHIP)
def test_a8_rules_open_on_the_game_asked_for(database: str, name: str) -> None:
    at = page("rules", game=name).run()
    assert not at.exception
    assert at.radio(key="rules-game").value == name


@pytest.mark.parametrize("name", NOT_FLAGSHIP)
def test_a8_a_games_create_room_on_the_home_page_opens_create_room_on_it(
    database: str, name: str
) -> None:
    at = page("home").run()
    at.button(key=f"home-create-{name}").click().run()
    assert not at.exception
    assert at.radio(key="create-game").value == name
    assert at.text_input[0].label == "Your name"


@pytest.mark.parametrize("name", NOT_FLAGSHIP)
def test_a8_a_games_quick_game_on_the_home_page_opens_quick_game_on_it(
    database: str, name: str
) -> None:
    at = page("home").run()
    at.button(key=f"home-quick-{name}").click().run()
    assert not at.exception
    assert at.radio(key="quick-game").value == name
    assert at.session_state["quick-open"] is True  # the Quick game form is open


@pytest.mark.parametrize("name", GAMES)
def test_a8_quick_game_offers_the_chosen_games_table_sizes_and_its_options_only(
    database: str, name: str
) -> None:
    at = page("home").run()
    at.radio(key="quick-game").set_value(name).run()
    assert not at.exception
    counts = player_counts(name)
    if len(counts) == 1:
        assert f"{counts[0]} players: you and {counts[0] - 1} bots" in [c.value for c in at.caption]
        assert not at.select_slider
    else:
        sizes = at.select_slider(key=f"quick-players-{name}")
        assert [int(o) for o in sizes.options] == counts
    shown = labels(at)
    own = {o.label for o in games.get(name).table.QUICK_OPTIONS}
    assert own <= shown
    assert not shown & others_labels(name, "QUICK_OPTIONS")


@pytest.mark.parametrize("name", GAMES)
def test_a8_create_room_shows_the_chosen_games_table_sizes_and_its_options_only(
    database: str, name: str
) -> None:
    at = page("create").run()
    at.radio(key="create-game").set_value(name).run()
    assert not at.exception
    assert any(players_words(player_counts(name)) in c.value for c in at.caption)
    shown = labels(at)
    table = games.get(name).table
    asked = defaults(table.OPTIONS)
    assert {o.label for o in table.OPTIONS if o.name in asked} <= shown
    assert not shown & others_labels(name, "OPTIONS")


@pytest.mark.parametrize("name", NOT_FLAGSHIP)
def test_a8_rules_open_on_the_game_of_the_room_the_player_came_from(
    rooms: Rooms, name: str
) -> None:
    table = games.get(name).table
    code, host = rooms.create("Asha", table.settings_for(games.get(name).sample_configs()[0]))
    at = page("room", room=code, seat=host).run()
    at.query_params.clear()
    at.switch_page("screens/rules.py").run()
    assert not at.exception
    assert at.radio(key="rules-game").value == name


def test_a8_the_menus_room_brings_a_seated_player_back_to_their_seat(rooms: Rooms) -> None:
    table = games.get(games.FLAGSHIP).table
    code, host = rooms.create("Asha", table.quick_settings(4, defaults(table.QUICK_OPTIONS)))
    at = page("room", room=code, seat=host).run()
    at.query_params.clear()
    at.switch_page("screens/home.py").run()
    at.switch_page("screens/room.py").run()  # the menu's Room: no room in the link
    assert not at.exception
    assert (at.query_params["room"], at.query_params["seat"]) == (code, host)
    assert any("Asha **(you)**" in m.value for m in at.markdown)


def test_a8_a_player_who_left_finds_the_join_form_under_room(rooms: Rooms) -> None:
    table = games.get(games.FLAGSHIP).table
    code, _ = rooms.create("Asha", table.quick_settings(4, defaults(table.QUICK_OPTIONS)))
    guest = rooms.join(code, "Ben")
    at = page("room", room=code, seat=guest).run()
    rooms.leave(guest)
    at.query_params.clear()
    at.switch_page("screens/room.py").run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Join a room"]


def seat_links(at: AppTest) -> list[str]:
    """The seat links the page shows in "Your seat link"."""
    return [str(c.value) for e in at.expander if e.label == "Your seat link" for c in e.code]


def test_a8_every_seated_player_sees_their_own_seat_link_in_the_lobby_and_at_the_table(
    rooms: Rooms,
) -> None:
    table = games.get(games.FLAGSHIP).table
    code, host = rooms.create("Asha", table.quick_settings(4, defaults(table.QUICK_OPTIONS)))
    guest = rooms.join(code, "Ben")
    for token in (host, guest):
        at = page("room", room=code, seat=token).run()
        [link] = seat_links(at)
        assert link.endswith(f"/room?room={code}&seat={token}")
    assert seat_links(page("room", room=code).run()) == []  # a visitor holds no seat
    rooms.add_bot(host, "random")
    rooms.add_bot(host, "random")
    rooms.begin(host)
    for token in (host, guest):
        [link] = seat_links(page("room", room=code, seat=token).run())
        assert link.endswith(f"seat={token}")
    assert seat_links(page("room", room=code).run()) == []
    assert session.seat_link(code, host).endswith(f"/room?room={code}&seat={host}")


@pytest.mark.parametrize("name", GAMES)
def test_a8_bots_have_names_of_their_own_each_with_its_own_initial(rooms: Rooms, name: str) -> None:
    table = games.get(name).table
    players = player_counts(name)[-1]
    code, host = rooms.create("Asha", table.quick_settings(players, defaults(table.QUICK_OPTIONS)))
    for _ in range(players - 1):
        rooms.add_bot(host, "random")
    seated = [s.name for s in rooms.watch(code).seats]
    assert len(seated) == players
    assert len({n[0] for n in seated}) == players, seated  # the felt draws each initial
    at = page("room", room=code, seat=host).run()
    lobby = "\n".join(str(m.value) for m in at.markdown)
    assert all(f"{n} · bot" in lobby for n in seated[1:])  # and the lobby says "bot"


def test_a8_claiming_a_scorebook_seat_says_whose_seat_it_is_now(rooms: Rooms) -> None:
    code, _ = rooms.create_book("Asha", BookSettings(others=("Ben", "Chen", "Dev")))
    at = page("room", room=code).run()
    next(b for b in at.button if b.label == "Chen").click().run()
    assert not at.exception
    assert at.query_params["seat"]
    assert [s.value for s in at.success] == [
        "You took Chen's seat: this phone follows the scorebook as Chen."
    ]


def test_a8_a_scorebook_seat_shows_its_own_seat_link(rooms: Rooms) -> None:
    code, host = rooms.create_book("Asha", BookSettings(others=("Ben", "Chen", "Dev")))
    [link] = seat_links(page("room", room=code, seat=host).run())
    assert link.endswith(f"/room?room={code}&seat={host}")
    assert seat_links(page("room", room=code).run()) == []  # a watcher holds no seat
