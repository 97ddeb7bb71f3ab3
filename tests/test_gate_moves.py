"""SPEC P8: the gate checks every move against the moves of its own room's game.

For every registered game and every config of its ``sample_configs()``,
hypothesis opens a room through the :class:`~core.boundary.Gate`, seats
people in every chair and plays random legal moves, each sent exactly as the
game's pages send it (:func:`core.games.sent_form`, which ``Turn.send`` uses):
every one is accepted. Before each, a random corruption of it (a field too
many or too few, a field of the wrong kind or out of range, another seat, an
unknown name, a move of no kind) is refused, with a message free of raw
control characters, and nothing stored changes. Spades plays on into later
hands, so that blind nil, offered to a side 100 behind, is sent too.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import bots, games, records
from core.boundary import Gate
from core.games import sent_form
from core.rooms import RoomError, Rooms
from tests.service_play import confirm_default_removal, tokens_by_position
from tests.test_boundary import snapshot

#: Moves played in each example: a few hands of Spades (so a side falls 100 behind and is
#: offered blind nil), a round or two of the others.
MOVES = 250
#: A text no game names a piece, a suit or a move by.
NOTHING = ["ZZ", "A\x00S", "\ud800", "\u202eKH", "", "x" * 40]


def opened(gate: Gate, game: str, config: object) -> tuple[str, str, list[str]]:
    """A begun room of ``config``, people in every seat; its code, the host's token and every
    token in table order (the host need not sit first: Random seats shuffle)."""
    table = games.get(game).table
    code, host = gate.create("Player 1", table.settings_for(config))
    tokens = [host]
    for number in range(2, games.get(game).seats_of(config) + 1):
        tokens.append(gate.join(code, f"Player {number}"))
    gate.begin(host)
    return code, host, tokens_by_position(gate.rooms, tokens)


def corrupted(form: dict[str, object], moves: games.Moves, draw: Any) -> object:
    """``form`` spoiled so that no game could take it: its declared shape broken, or its
    piece named by nothing."""
    kind = str(form["type"])
    fields = moves[kind]
    names = [n for n in form if n != "type"]
    ways = ["seat", "extra", "type", "not an object"]
    if names:
        ways += ["wrong kind", "nothing"]
    if any(not f.optional for f in fields.values()):
        ways.append("missing")
    if any(f.number is not None for f in fields.values()):
        ways.append("out of range")
    way = draw(st.sampled_from(ways))
    spoiled = dict(form)
    if way == "seat":  # a move for another chair: the token alone says whose it is
        spoiled["seat"] = draw(st.integers(0, 11))
    elif way == "extra":
        field_name = draw(st.sampled_from(["x", "blind", "amount", "card", "tile", "suit"]))
        spoiled[field_name] = draw(st.one_of(st.booleans(), st.integers(), st.text(max_size=3)))
        if set(spoiled) - {"type"} <= set(fields):  # it happened to be one of this move's own
            spoiled["x"] = 1
    elif way == "type":
        spoiled["type"] = draw(
            st.one_of(st.sampled_from(["BID", "Play", "remove", "claim", ""]), st.integers())
        )
        if spoiled["type"] in moves:
            spoiled["type"] = "claim"
    elif way == "not an object":
        return draw(st.sampled_from([list(form.items()), str(form), None, [form]]))
    elif way == "missing":
        spoiled.pop(draw(st.sampled_from([n for n, f in fields.items() if not f.optional])), None)
    elif way == "out of range":
        name, field = draw(
            st.sampled_from([(n, f) for n, f in fields.items() if f.number is not None])
        )
        assert field.number is not None
        spoiled[name] = draw(st.sampled_from([field.number[0] - 1, field.number[1] + 1, 10**400]))
    elif way == "wrong kind":
        name = draw(st.sampled_from(names))
        value = form[name]
        others: list[object] = [None, 1.5, {"a": 1}]
        if isinstance(value, bool):
            others += [1, "true"]
        elif isinstance(value, int):
            others += [str(value), True, [value]]
        elif isinstance(value, str):
            others += [[value], value * 30, True]
            if fields[name].number is None:
                others.append(3)
        else:
            others += [",".join(map(str, value)), [1, 2], list(value) * 8 + ["2C"] * 8]
        spoiled[name] = draw(st.sampled_from(others))
    else:  # the right kind of field, naming nothing
        name = draw(st.sampled_from(names))
        value = form[name]
        if isinstance(value, bool):
            spoiled[name] = not value if name == "blind" else value
            spoiled["x"] = 1
        elif isinstance(value, int):
            spoiled[name] = -1 if fields[name].number is None else fields[name].number[1] + 1
        elif isinstance(value, str):
            spoiled[name] = draw(st.sampled_from(NOTHING))
        else:
            spoiled[name] = [draw(st.sampled_from(NOTHING))]
    return spoiled


@pytest.mark.parametrize("name", games.names())
def test_p8_every_legal_move_sent_as_a_page_sends_it_is_taken_and_every_corruption_refused(
    name: str, rooms: Rooms
) -> None:
    gate = Gate(rooms)
    game = games.get(name)
    bot = bots.get(name, "random")

    @settings(
        max_examples=5,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(st.sampled_from(list(game.sample_configs())), st.integers(0, 2**32), st.data())
    def play(config: object, seed: int, data: st.DataObject) -> None:
        rng = random.Random(seed)
        code, host, ordered = opened(gate, name, config)
        for _ in range(MOVES):
            view = gate.view(ordered[0])
            if view.status == "choosing":
                confirm_default_removal(gate, ordered[view.choice.chooser], view)  # type: ignore[arg-type]
                continue
            if view.status == "results":
                gate.next_round(host, view.version)
                continue
            if view.status != "playing":
                return
            actor = ordered[view.table.to_act]
            mine = gate.view(actor)
            form = sent_form(bot.choose(mine.table, rng))
            spoiled = corrupted(form, game.moves, data.draw)
            before = snapshot(rooms, [code])
            with pytest.raises(RoomError) as refused:
                gate.act(actor, spoiled, mine.version)
            assert str(refused.value).isprintable(), ascii(str(refused.value))
            assert snapshot(rooms, [code]) == before, f"{spoiled!r:.200} changed the room"
            assert gate.act(actor, form, mine.version) == mine.version + 1

    play()


def trailing_for_blind_nil(gate: Gate, ordered: list[str], rng: random.Random) -> str:
    """Random Spades hands through the gate until the seat to act is offered blind nil (its side
    100 behind, S4); that seat's token."""
    bot = bots.get("spades", "random")
    for _ in range(3000):
        view = gate.view(ordered[0])
        if view.status == "results":
            gate.next_round(ordered[0], view.version)
            continue
        assert view.status == "playing", "the game ended before a side fell 100 behind"
        actor = ordered[view.table.to_act]
        mine = gate.view(actor)
        if any(sent_form(a).get("blind") for a in mine.table.legal):
            return actor
        choice = bot.choose(mine.table, rng)
        gate.act(actor, sent_form(choice), mine.version)
    raise AssertionError("no side fell 100 behind")


def test_s4_blind_nil_is_bid_through_the_gate_as_the_page_sends_it(rooms: Rooms) -> None:
    gate = Gate(rooms)
    config = games.get("spades").make_config(players=4, blind_nil=True, target=500)
    _, _, ordered = opened(gate, "spades", config)
    actor = trailing_for_blind_nil(gate, ordered, random.Random(3))
    mine = gate.view(actor)
    assert mine.table.hand_hidden  # S4: bid before seeing the cards
    blind = next(a for a in mine.table.legal if sent_form(a).get("blind"))
    assert sent_form(blind) == {"type": "bid", "amount": 0, "blind": True}
    gate.act(actor, sent_form(blind), mine.version)
    after = gate.view(actor).table
    assert after.blind[after.seat] and after.bids[after.seat] == 0


def with_piece(kind: str, fields: games.Moves, sent: str) -> dict[str, object]:
    """A move of type ``kind`` naming ``sent`` in each of its text fields."""
    move: dict[str, object] = {"type": kind}
    for name, field in fields[kind].items():
        if field.texts is not None:
            move[name] = [sent]
        elif field.text:
            move[name] = sent
        elif field.number is not None:
            move[name] = field.number[0]
    return move


@pytest.mark.parametrize("sent", ["A\x00S", "\ud800", "K\u202e"])
@pytest.mark.parametrize("name", games.names())
def test_p8_a_refusal_shows_control_characters_and_lone_surrogates_escaped(
    name: str, sent: str, rooms: Rooms
) -> None:
    gate = Gate(rooms)
    game = games.get(name)
    config = game.sample_configs()[0]
    _, _, ordered = opened(gate, name, config)
    view = gate.view(ordered[0])
    actor = ordered[view.table.to_act]
    echoed = []
    for kind, fields in game.moves.items():
        if not any(f.text or f.texts for f in fields.values()):
            continue
        with pytest.raises(RoomError) as refused:
            gate.act(actor, with_piece(kind, game.moves, sent), gate.view(actor).version)
        message = str(refused.value)
        assert message.isprintable(), ascii(message)
        echoed.append(ascii(sent)[1:-1] in message)
    assert any(echoed), "no refusal named what was sent"


@pytest.mark.parametrize("name", games.names())
def test_p8_replay_names_a_bad_piece_escaped(name: str) -> None:
    game = games.get(name)
    state = game.deal(game.sample_configs()[0], 0, 1)
    seat = game.to_act(state)
    messages = []
    for kind in game.moves:
        data = json.loads(json.dumps(game.dump_record(state)))
        data["actions"].append({"seat": seat, **with_piece(kind, game.moves, "A\x00S")})
        try:
            records.replay(data)
        except (records.ActionError, records.RecordError) as exc:
            messages.append(str(exc))
    assert messages and all(m.isprintable() for m in messages), [ascii(m) for m in messages]
    assert any("A\\x00S" in m for m in messages)
