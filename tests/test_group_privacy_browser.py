"""G4 in real browsers: two groups on one server, each browser sees its own group only.

One server with the open group closed (``OPEN_GROUP=off``) holds three histories:
group A's, group B's and the open group's, every game of each played by bots under
names of its own. Group A's browser opens every page it can reach (home, the
group's page, every game's Stats, the Recap) while every WebSocket frame the server
sends it is kept: none of it names a player, a room or the name of group B, or the
open group's players. A guessed link, and group A's link once its founder made a
new one, see nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Page
from sqlalchemy import text

from core import games
from core.__main__ import main as command_line
from core.boundary import open_gate
from core.groups import Started
from core.store import Store
from tests.servers import streamlit_server
from tests.test_browser import SETTLED

NAMES = {
    "a": ["Asha", "Bikram", "Chandra", "Dipa", "Esha"],
    "b": ["Zubair", "Yolanda", "Xiomara", "Wilhelmina", "Vikram"],
    "open": ["Olufemi", "Priyanka", "Quentin", "Rosalind", "Sigourney"],
}


@dataclass
class Groups:
    database: str
    a: Started
    b: Started
    codes: dict[str, list[str]]


def _play(database: str, who: str, seed: int) -> None:
    """Bot-played rounds of every game under ``who``'s names, in the open group."""
    for game in games.names():
        if games.get(game).simulation is None:
            continue
        argv = ["simulate", "--game", game, "--store", database, "--bot", "random"]
        argv += ["--names", ",".join(NAMES[who]), "--rounds", "6", "--seed", str(seed)]
        assert command_line(argv) == 0


def _move_open_rows(store: Store, group_id: str) -> None:
    with store.write() as session:
        for table in ("round_record", "game_record", "room"):
            session.connection().execute(
                text(f"UPDATE {table} SET group_id = :g WHERE group_id = ''"), {"g": group_id}
            )
        session.commit()


def _codes(store: Store, group_id: str) -> list[str]:
    with store.read() as session:
        found = session.connection().execute(
            text("SELECT DISTINCT room_code FROM round_record WHERE group_id = :g"),
            {"g": group_id},
        )
        return [str(code) for (code,) in found]


@pytest.fixture(scope="module")
def groups(tmp_path_factory: pytest.TempPathFactory) -> Groups:
    database = f"sqlite:///{tmp_path_factory.mktemp('groups') / 'rooms.db'}"
    gate = open_gate(database)
    a, b = gate.start_group("Alpha Table"), gate.start_group("Bravo Club")
    _play(database, "a", 1)
    _move_open_rows(gate.store, a.group.id)
    _play(database, "b", 2)
    _move_open_rows(gate.store, b.group.id)
    _play(database, "open", 3)
    gate.create(
        "Wilhelmina",
        games.get(games.FLAGSHIP).table.quick_settings(4, {"mode": "teams"}),
        b.group.id,
    )
    codes = {"a": _codes(gate.store, a.group.id), "b": _codes(gate.store, b.group.id)}
    with gate.store.read() as session:
        codes["b"] += [
            str(c)
            for (c,) in session.connection().execute(
                text("SELECT code FROM room WHERE group_id = :g"), {"g": b.group.id}
            )
        ]
    gate.store.close()
    return Groups(database, a, b, codes)


@pytest.fixture(scope="module")
def server(groups: Groups) -> Iterator[str]:
    with streamlit_server(groups.database, env={"OPEN_GROUP": "off"}) as (base, _):
        yield base


class Seen:
    """Everything a browser was sent: each page's text and every WebSocket frame."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.parts: list[bytes] = []
        page.on("websocket", self._watch)

    def _watch(self, socket: object) -> None:
        def keep(payload: str | bytes) -> None:
            self.parts.append(payload.encode() if isinstance(payload, str) else payload)

        socket.on("framereceived", keep)  # type: ignore[attr-defined]

    def settle(self) -> None:
        """Wait until the page has run to its end and is at rest, then keep what it shows."""
        self.page.wait_for_timeout(300)  # the run the last action started has begun
        self.page.wait_for_function(SETTLED, timeout=30_000)
        self.parts.append(self.page.content().encode())

    def visit(self, url: str) -> None:
        self.page.goto(url)
        self.settle()

    def holds(self, word: str) -> bool:
        needle = word.encode()
        return any(needle in part for part in self.parts)


def _every_stats_page(seen: Seen, base: str, link: str) -> None:
    seen.visit(f"{base}/stats?group={link}")
    for name in games.names():
        pick = seen.page.get_by_text(games.get(name).title, exact=True)
        if not pick.count():  # no game to pick: the page shows no group's stats
            continue
        pick.first.click()
        seen.settle()
    seen.visit(f"{base}/recap?group={link}")


def test_g4_a_groups_browser_is_sent_nothing_of_another_group(
    groups: Groups, server: str, browser: Browser
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    seen = Seen(context.new_page())
    link = groups.a.link
    seen.visit(f"{server}/?group={link}")
    seen.visit(f"{server}/group?group={link}")
    _every_stats_page(seen, server, link)
    context.close()
    assert all(seen.holds(name) for name in NAMES["a"][:3])  # its own group's figures shown
    assert seen.holds("Alpha Table")
    leaked = [w for w in [*NAMES["b"], *NAMES["open"], "Bravo Club", *groups.codes["b"]]
              if seen.holds(w)]  # fmt: skip
    assert leaked == []


def test_g4_a_guessed_group_link_sees_nothing(
    groups: Groups, server: str, browser: Browser
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    seen = Seen(context.new_page())
    _every_stats_page(seen, server, "A" * 22)
    context.close()
    assert seen.holds("This group link opens nothing")
    everyone = [*NAMES["a"], *NAMES["b"], *NAMES["open"], "Alpha Table", "Bravo Club"]
    assert [w for w in everyone if seen.holds(w)] == []


def test_g4_a_retired_group_link_sees_nothing(
    groups: Groups, server: str, browser: Browser
) -> None:
    gate = open_gate(groups.database)
    fresh = gate.relink_group(groups.b.founder)
    gate.store.close()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    old, new = Seen(context.new_page()), Seen(context.new_page())
    _every_stats_page(old, server, groups.b.link)
    _every_stats_page(new, server, fresh)
    context.close()
    assert old.holds("This group link opens nothing")
    assert [w for w in [*NAMES["b"], "Bravo Club"] if old.holds(w)] == []
    assert seen_all(new, NAMES["b"][:3])


def seen_all(seen: Seen, words: list[str]) -> bool:
    return all(seen.holds(w) for w in words)
