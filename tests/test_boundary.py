"""The gate: anything a browser can send reaches the service checked, and is refused cleanly.

Every call a page can make is thrown arbitrary values (text, bytes, lone
surrogates, NUL, right-to-left and zero-width characters, huge strings,
numbers, lists, dicts) mixed with valid ones, on SQLite and PostgreSQL. The
only exception that may come back is the service's own refusal — never
:class:`Unexpected`, which would mean something broke — and a refused call
leaves every room and seat row as it was.
"""

from __future__ import annotations

import inspect
import logging
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from core import bots
from core.boundary import CALLS, SHOWN, Gate, Unexpected
from core.groups import OPEN_GROUP, Started
from core.moon3.actions import KINDS
from core.moon3.book import BookSettings
from core.moon3.table import RoomSettings
from core.rooms import Forbidden, NotFound, Refused, RoomError, Rooms
from core.rooms.reactions import REACTIONS
from tests.service_play import open_room

HOSTILE = [
    "",
    "\x00",
    "ZZZZZZ\x00",
    "\ud800",
    "a\udfffb",
    "\u202eevil",
    "\u200b",
    "x" * 20_000,
    "[x](http://e)",
    "![x](http://e/x.png)",
    "# h",
    '<a href="//example.com">x</a>',
    "=1+1",
    "Bot 1",
    "' OR 1=1 --",
]
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=40),
    st.binary(max_size=40),
    st.text(st.characters(categories=["Cs", "Cc", "Cf", "Zl", "Zp", "Co"]), max_size=12),
    st.sampled_from(HOSTILE),
    st.lists(st.one_of(st.text(max_size=6), st.integers()), max_size=4),
    st.dictionaries(st.text(max_size=6), st.one_of(st.text(max_size=6), st.integers()), max_size=4),
)
MOVES = st.fixed_dictionaries(
    {"type": st.one_of(st.sampled_from(KINDS), ANYTHING)},
    optional={
        "amount": st.one_of(st.integers(-10, 600), ANYTHING),
        "suit": st.one_of(st.sampled_from(["S", "H", "C", "D", "X"]), ANYTHING),
        "card": st.one_of(st.sampled_from(["3S", "AH", "10D", "JK", "ZZ"]), ANYTHING),
        "cards": st.one_of(st.lists(st.sampled_from(["2C", "2D", "3H", "AS"])), ANYTHING),
    },
)
SETTINGS = st.builds(
    RoomSettings,
    mode=st.one_of(st.sampled_from(["teams", "random", "partners"]), ANYTHING),
    players=st.one_of(st.integers(0, 9), ANYTHING),
    team_sizes=st.one_of(st.none(), st.tuples(st.integers(-1, 8), st.integers(-1, 8)), ANYTHING),
    decks=st.one_of(st.none(), st.integers(0, 3), ANYTHING),
    jokers=st.one_of(st.booleans(), ANYTHING),
    min_bid=st.one_of(st.none(), st.integers(-5, 600), ANYTHING),
    target=st.one_of(st.none(), st.integers(-5, 600), ANYTHING),
    rounds=st.one_of(st.none(), st.integers(-1, 101), ANYTHING),
    bid_timer=st.one_of(st.integers(0, 200), ANYTHING),
    partner_rule=st.one_of(st.sampled_from(["first", "last"]), ANYTHING),
    hints=st.one_of(st.booleans(), ANYTHING),
)


BOOKS = st.builds(
    BookSettings,
    mode=st.one_of(st.sampled_from(["teams", "random", "partners"]), ANYTHING),
    others=st.one_of(st.lists(st.sampled_from(HOSTILE), max_size=13).map(tuple), ANYTHING),
    team_b=st.one_of(st.lists(st.integers(-1, 13), max_size=13).map(tuple), ANYTHING),
    decks=st.one_of(st.none(), st.integers(0, 3), ANYTHING),
    min_bid=st.one_of(st.none(), st.integers(-5, 600), ANYTHING),
    target=st.one_of(st.none(), st.integers(-5, 600), ANYTHING),
    rounds=st.one_of(st.none(), st.integers(-1, 101), ANYTHING),
    anyone=st.one_of(st.booleans(), ANYTHING),
)
ENTRIES = st.fixed_dictionaries(
    {},
    optional={
        "bidder": st.one_of(st.integers(-1, 13), ANYTHING),
        "bid": st.one_of(st.integers(-5, 600), ANYTHING),
        "partners": st.one_of(st.lists(st.integers(-1, 13), max_size=14), ANYTHING),
        "made": st.one_of(st.booleans(), ANYTHING),
        "taken": st.one_of(st.integers(-5, 600), ANYTHING),
    },
)


class Tables:
    """A lobby, a game in progress and a scorebook, with the tokens and codes that open them."""

    def __init__(self, rooms: Rooms) -> None:
        self.lobby, self.lobby_host = rooms.create("Asha", RoomSettings(mode="teams", players=4))
        self.lobby_guest = rooms.join(self.lobby, "Ben")
        self.game, tokens = open_room(rooms, RoomSettings(mode="partners", players=4), humans=2)
        self.book, self.keeper = rooms.create_book(
            "Asha", BookSettings(others=("Ben", "Chen", "Dev"))
        )
        self.tokens = [self.lobby_host, self.lobby_guest, *tokens, self.keeper]
        self.codes = [self.lobby, self.game, self.book]


def arguments(tables: Tables, started: Started) -> dict[str, st.SearchStrategy[Any]]:
    """A strategy for each parameter name of the gate's calls: valid values among anything
    (``started``: a group, with its link and its founder's)."""
    token = st.one_of(st.sampled_from(tables.tokens), ANYTHING)
    group = st.one_of(st.sampled_from([OPEN_GROUP, started.group.id]), ANYTHING)
    code = st.one_of(st.sampled_from(tables.codes), st.sampled_from(tables.codes).map(str.lower))
    return {
        "token": token,
        "code": st.one_of(code, ANYTHING),
        "name": st.one_of(st.sampled_from(HOSTILE), ANYTHING),
        "host_name": st.one_of(st.sampled_from(HOSTILE), ANYTHING),
        "team": st.one_of(st.sampled_from([0, 1]), ANYTHING),
        "level": st.one_of(st.sampled_from(list(bots.LEVELS)), ANYTHING),
        "seat_id": st.one_of(st.integers(-2, 20), ANYTHING),
        "position": st.one_of(st.integers(-2, 9), ANYTHING),
        "picked": st.one_of(st.lists(st.sampled_from(["2C", "2D", "JK", "3S"])), ANYTHING),
        "version": st.one_of(st.integers(-1, 40), ANYTHING),
        "action": st.one_of(MOVES, ANYTHING),
        "chosen": st.one_of(SETTINGS, ANYTHING),
        "book": st.one_of(BOOKS, SETTINGS, ANYTHING),
        "entered": st.one_of(ENTRIES, ANYTHING),
        "anyone": st.one_of(st.booleans(), ANYTHING),
        "group": group,
        "group_id": group,
        "link": st.one_of(st.sampled_from([started.link, started.founder]), ANYTHING),
        "founder": st.one_of(st.sampled_from([started.founder, started.link]), ANYTHING),
        "reaction": st.one_of(st.sampled_from(list(REACTIONS)), ANYTHING),
    }


def snapshot(rooms: Rooms, codes: list[str]) -> tuple[Any, ...]:
    """Every stored row of the rooms ``codes`` and of their seats."""
    with rooms.store.read() as db:
        conn = db.connection()
        found = []
        for code in codes:
            room = conn.execute(
                text("SELECT version, doc, status, due_at FROM room WHERE code = :c"), {"c": code}
            ).all()
            seat_rows = conn.execute(
                text("SELECT * FROM seat WHERE room_code = :c ORDER BY id"), {"c": code}
            ).all()
            found.append((tuple(room), tuple(seat_rows)))
    return tuple(found)


@pytest.mark.parametrize("call", CALLS)
def test_anything_sent_to_a_call_is_refused_cleanly_and_changes_nothing(
    call: str, rooms: Rooms
) -> None:
    gate = Gate(rooms)
    tables = Tables(rooms)
    strategies = arguments(tables, gate.start_group("Thursday cards"))
    params = [p for p in inspect.signature(getattr(Gate, call)).parameters if p != "self"]
    args = st.tuples(*(strategies[p] for p in params))

    @settings(
        max_examples=30,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(args)
    def throw(values: tuple[Any, ...]) -> None:
        before = snapshot(rooms, tables.codes)
        try:
            getattr(gate, call)(*values)
        except Unexpected as exc:  # pragma: no cover - the failure this test looks for
            raise AssertionError(f"{call}{values!r:.300} broke: {exc}") from exc
        except RoomError as exc:
            assert len(str(exc)) <= 300
            assert snapshot(rooms, tables.codes) == before, f"refused {call} changed a room"

    throw()


# ---------------------------------------------------------------- the cases found by hand


def test_a_room_code_with_nul_is_no_room(rooms: Rooms) -> None:
    with pytest.raises(NotFound, match="there is no room"):
        Gate(rooms).watch("\x00")
    with pytest.raises(NotFound, match="there is no room"):
        Gate(rooms).version("ABC\x00EF")


def test_a_long_room_code_is_not_echoed_in_full(rooms: Rooms) -> None:
    with pytest.raises(NotFound) as refused:
        Gate(rooms).watch("Q" * 20_000)
    assert len(str(refused.value)) < 60


def test_a_token_with_a_lone_surrogate_opens_no_seat(rooms: Rooms) -> None:
    with pytest.raises(NotFound, match="does not open a seat"):
        Gate(rooms).view("\ud800" * 22)


def test_wrong_types_are_refused_not_crashed(rooms: Rooms) -> None:
    gate = Gate(rooms)
    code, tokens = open_room(rooms, RoomSettings(mode="partners", players=3, decks=1), humans=1)
    with pytest.raises(Refused, match="choose from the list"):
        gate.choose(tokens[0], 5)
    with pytest.raises(Refused, match="bot level"):
        gate.add_bot(tokens[0], ["random"])
    with pytest.raises(Refused, match="whole number"):
        gate.remove_seat(tokens[0], "1")
    with pytest.raises(Refused, match="not a move"):
        gate.act(tokens[0], {"type": "play", "card": "AS" * 5000})
    assert gate.watch(code.lower()).code == code


def test_a_guest_is_still_refused_a_hosts_job(rooms: Rooms) -> None:
    gate = Gate(rooms)
    code, _ = gate.create("Asha", RoomSettings(mode="partners", players=4))
    guest = gate.join(code, "Ben")
    with pytest.raises(Forbidden):
        gate.add_bot(guest, "rules")


def test_an_unexpected_failure_is_referenced_and_logged(
    rooms: Rooms, caplog: pytest.LogCaptureFixture
) -> None:
    gate = Gate(rooms)

    def broken(code: str) -> None:
        raise RuntimeError("the database went away")

    rooms.watch = broken  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR, logger="moon3"), pytest.raises(Unexpected) as failed:
        gate.watch("ABCDEF")
    reference = failed.value.reference
    assert reference in str(failed.value)
    assert "database went away" not in str(failed.value)
    assert reference in caplog.text and "RuntimeError" in caplog.text


def test_messages_repeat_at_most_a_few_characters_of_what_was_sent() -> None:
    from core.boundary import shown

    assert len(shown("x" * 20_000)) == SHOWN
    assert "\x00" not in shown("a\x00b") and "\ud800" not in shown("a\ud800")
