"""The room service on a real database: every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import random
import threading

import pytest
from sqlalchemy import text
from sqlmodel import select

from core import records
from core.moon3 import cards
from core.moon3.table import RoomSettings
from core.rooms import CODE_ALPHABET, Forbidden, NotFound, Refused, Rooms, Stale
from core.rooms.timers import DEFAULT_BOT_DELAY, bot_delay
from core.store import GameRecord, Room, RoundRecord, Seat, Store
from core.store.moon3.tables import Moon3Round
from tests.conftest import FakeClock
from tests.service_play import move_of, open_room, pick, play_until_round_ends, tokens_by_position


def stored_rounds(store: Store) -> list[RoundRecord]:
    with store.read() as session:
        rows = list(session.exec(select(RoundRecord).order_by(RoundRecord.id)))
        session.expunge_all()
    return rows


def own_row(store: Store, round_id: int | None) -> Moon3Round:
    """A stored round's own Moon 3 of Spades row."""
    with store.read() as session:
        own = session.get(Moon3Round, round_id)
        assert own is not None
        session.expunge_all()
    return own


def room_row(store: Store, code: str) -> tuple[int, str]:
    with store.read() as session:
        room = session.get(Room, code)
        assert room is not None
        return room.version, room.doc


# ---------------------------------------------------------------- whole rounds


@pytest.mark.parametrize(
    ("settings", "humans"),
    [
        (RoomSettings(mode="teams", players=4), 4),
        (RoomSettings(mode="teams", team_sizes=(1, 2)), 3),  # 1v2, one card removed
        (RoomSettings(mode="random", players=5, jokers=True), 2),  # two decks, 2 removed
        (RoomSettings(mode="partners", players=6, decks=2, partner_rule="last"), 3),
        (RoomSettings(mode="partners", players=3), 1),
    ],
    ids=["teams-2v2", "teams-1v2", "random-5-jokers", "partners-6-last", "partners-3-bots"],
)
def test_a_full_round_through_the_service_is_stored_and_replays(
    rooms: Rooms, store: Store, clock: FakeClock, settings: RoomSettings, humans: int
) -> None:
    code, tokens = open_room(rooms, settings, humans)
    end = play_until_round_ends(rooms, tokens, random.Random(7), advance=clock.advance)
    assert end.status in ("results", "over")
    [row] = stored_rounds(store)
    own = own_row(store, row.id)
    rec = json.loads(row.record)
    replayed = records.replay(rec)
    assert replayed["phase"] == "round_over"
    last = end.last_round
    assert last is not None
    assert replayed["points"] == last["points"]
    assert replayed["made"] == last["made"] == own.made
    assert replayed["bidder"] == last["bidder"] == own.bidder
    assert replayed["bid"] == own.bid
    assert replayed["side_points"] == {
        "bidding": own.bidding_points,
        "defending": own.defending_points,
    }
    assert row.mode == settings.checked().mode and row.players == settings.checked().players
    assert rec["meta"]["room"] == code and len(rec["meta"]["names"]) == row.players
    assert sorted(s["seat"] for s in json.loads(own.kali_tidi)) == replayed["kali_tidi"]


def test_next_round_rotates_the_opening_bid_and_a_game_ends(
    rooms: Rooms, store: Store, clock: FakeClock
) -> None:
    _, tokens = open_room(rooms, RoomSettings(mode="teams", players=2, rounds=2), 2)
    rng = random.Random(3)
    first = play_until_round_ends(rooms, tokens, rng, advance=clock.advance)
    assert first.status == "results" and first.rounds_played == 1
    with pytest.raises(Forbidden):
        rooms.next_round(tokens[1])  # a guest must wait a minute for the host
    rooms.next_round(tokens[0])
    view = rooms.view(tokens[0])
    assert view.table is not None and view.table.first_bidder == 1  # R11 rotation
    end = play_until_round_ends(rooms, tokens, rng, advance=clock.advance)
    assert end.status == "over" and end.winners
    with store.read() as session:
        game = session.exec(select(GameRecord)).one()
        assert json.loads(game.totals) == list(end.totals) and game.rounds == 2
    rooms.rematch(tokens[0])
    again = rooms.view(tokens[1])
    assert again.status == "playing" and again.game_number == 2 and again.totals == (0, 0)


def test_r6_the_chooser_removes_cards_and_next_round_preselects_that_choice(
    rooms: Rooms, store: Store, clock: FakeClock
) -> None:
    _, tokens = open_room(rooms, RoomSettings(mode="teams", team_sizes=(1, 2), rounds=3), 3)
    view = rooms.view(tokens[0])
    assert view.status == "choosing" and view.choice.count == 1
    chooser = next(t for t in tokens if rooms.view(t).me.position == view.choice.chooser)  # type: ignore[union-attr]
    for bad in (["5H"], ["2S", "2H"], ["ZZ"]):
        with pytest.raises(Refused):
            rooms.choose(chooser, bad)
    rooms.choose(chooser, ["9D"])
    view = rooms.view(tokens[0])
    assert view.table is not None and view.table.removed == (cards.parse("9D"),)
    assert play_until_round_ends(rooms, tokens, random.Random(2), advance=clock.advance).status == (
        "results"
    )
    rooms.next_round(tokens[0])
    again = rooms.view(tokens[0])
    assert again.status == "choosing" and again.choice.default == (cards.parse("9D"),)


# ---------------------------------------------------------------- bad input


def test_bad_input_is_refused_and_changes_nothing(
    rooms: Rooms, store: Store, clock: FakeClock
) -> None:
    code, tokens = open_room(rooms, RoomSettings(mode="teams", players=4), 4)
    host, guest = tokens[0], tokens[1]
    view = rooms.view(host)
    assert view.table is not None and view.table.to_act == view.me.position  # type: ignore[union-attr]
    before = room_row(store, code)
    other = next(t for t in tokens if not rooms.view(t).table.my_turn)  # type: ignore[union-attr]
    cases = [
        (NotFound, lambda: rooms.act("not-a-token", {"type": "pass"})),
        (NotFound, lambda: rooms.act("", {"type": "pass"})),
        (Refused, lambda: rooms.act(other, {"type": "pass"})),  # out of turn
        (Refused, lambda: rooms.act(host, {"type": "play", "card": "AS"})),  # wrong phase
        (Refused, lambda: rooms.act(host, {"type": "bid", "amount": 127})),
        (Refused, lambda: rooms.act(host, {"type": "bid", "amount": "130"})),
        (Refused, lambda: rooms.act(host, "<script>alert(1)</script>")),
        (Refused, lambda: rooms.act(host, {"type": "teleport"})),
        (Stale, lambda: rooms.act(host, {"type": "pass"}, view.version - 1)),
        (Forbidden, lambda: rooms.end_game(guest)),
        (Forbidden, lambda: rooms.hand_to_bot(guest, 0)),
        (Refused, lambda: rooms.join(code, "Latecomer")),
        (NotFound, lambda: rooms.join("ZZZZZZ", "Nobody")),
    ]
    for error, call in cases:
        with pytest.raises(error) as refused:
            call()
        assert str(refused.value)  # every refusal says why
        assert room_row(store, code) == before


def test_names_are_plain_text_and_length_limited(rooms: Rooms, store: Store) -> None:
    code, _ = rooms.create("Host", RoomSettings(mode="teams", players=4))
    before = room_row(store, code)
    with pytest.raises(Refused, match="at most"):
        rooms.join(code, "x" * 10_000)
    with pytest.raises(Refused, match="name"):
        rooms.join(code, "   \n\t ")
    assert room_row(store, code) == before
    token = rooms.join(code, "<b onclick=x>Al</b>\n")
    me = rooms.view(token).me
    assert me is not None and me.name == "<b onclick=x>Al</b>"  # kept as text, escaped on screen


def test_a_guest_cannot_do_the_hosts_job(rooms: Rooms, store: Store) -> None:
    code, _ = rooms.create("Host", RoomSettings(mode="teams", players=2))
    guest = rooms.join(code, "Guest")
    before = room_row(store, code)
    for call in (lambda: rooms.begin(guest), lambda: rooms.add_bot(guest)):
        with pytest.raises(Forbidden, match="host"):
            call()
    with pytest.raises(Forbidden):
        rooms.remove_seat(guest, 1)
    assert room_row(store, code) == before


def test_tokens_are_random_secret_and_stored_only_hashed(rooms: Rooms, store: Store) -> None:
    code, host = rooms.create("Host", RoomSettings(mode="teams", players=4))
    guest = rooms.join(code, "Guest")
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert not set("01IO") & set(CODE_ALPHABET)
    for token in (host, guest):
        assert len(token) >= 22 and code not in token  # 128 random bits, not the room code
    with store.read() as session:
        stored = [s.token_hash for s in session.exec(select(Seat))]
        doc = session.get(Room, code).doc  # type: ignore[union-attr]
    assert host not in stored and guest not in stored and host not in doc
    assert all(h and len(h) == 64 for h in stored)


# ---------------------------------------------------------------- stale pages and double clicks


def test_a_double_click_applies_once_and_a_stale_page_is_refused(
    rooms: Rooms, store: Store
) -> None:
    code, tokens = open_room(rooms, RoomSettings(mode="teams", players=2), 2)
    view = rooms.view(tokens[0])
    move = {"type": "bid", "amount": 130}
    first = rooms.act(tokens[0], move, view.version)
    again = rooms.act(tokens[0], move, view.version)  # the same request, sent twice
    assert first == again == rooms.version(code)
    rec = json.loads(room_row(store, code)[1])["round"]
    assert [a for a in rec["actions"] if a.get("type") == "bid"] == [
        {"seat": 0, "type": "bid", "amount": 130}
    ]
    with pytest.raises(Stale, match="moved on"):
        rooms.act(tokens[0], {"type": "bid", "amount": 140}, view.version)


# ---------------------------------------------------------------- timers and bots


def _human_to_act(rooms: Rooms, tokens: list[str]) -> str:
    return next(t for t in tokens if rooms.view(t).table.my_turn)  # type: ignore[union-attr]


def test_r14_a_bidder_passes_automatically_after_60_seconds_exactly_once(
    rooms: Rooms, store: Store, clock: FakeClock
) -> None:
    code, tokens = open_room(rooms, RoomSettings(mode="teams", players=4), 4)
    version = rooms.version(code)
    clock.advance(59.9)
    assert rooms.version(code) == version  # not yet
    clock.advance(0.1)
    results: list[int] = []
    pollers = [
        threading.Thread(target=lambda: results.append(rooms.version(code))) for _ in range(8)
    ]
    for p in pollers:
        p.start()
    for p in pollers:
        p.join()
    assert set(results) == {version + 1}  # one auto-pass, seen by every poller
    rec = json.loads(room_row(store, code)[1])["round"]
    assert rec["actions"] == [{"seat": 0, "type": "pass"}] and rec["meta"]["auto"] == [0]
    view = rooms.view(tokens[0])
    assert view.table is not None and view.table.to_act == 1
    assert view.deadline == clock.now + 60  # the next bidder's own minute


def test_r30_waiting_five_minutes_on_one_player_closes_the_room(
    rooms: Rooms, store: Store, clock: FakeClock
) -> None:
    code, tokens = open_room(rooms, RoomSettings(mode="teams", players=2), 2)
    rooms.act(tokens[0], {"type": "bid", "amount": 250})  # the maximum: on to trump
    clock.advance(299)
    assert rooms.view(tokens[0]).status == "playing"
    clock.advance(1)
    threads = [threading.Thread(target=rooms.version, args=(code,)) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    view = rooms.view(tokens[1])
    assert view.status == "abandoned" and view.winners == ()
    [row] = stored_rounds(store)
    assert row.abandoned and json.loads(row.record)["meta"]["abandoned"] is True
    with store.read() as session:
        [game] = list(session.exec(select(GameRecord)))
        assert game.abandoned and json.loads(game.winners) == []
    with pytest.raises(Refused):
        rooms.act(tokens[0], {"type": "trump", "suit": "S"})


def test_bots_move_when_due_one_at_a_time_exactly_once(
    rooms: Rooms, store: Store, clock: FakeClock
) -> None:
    code, tokens = open_room(rooms, RoomSettings(mode="teams", players=4), 1)
    rooms.act(tokens[0], {"type": "bid", "amount": 130})
    version = rooms.version(code)
    clock.advance(0.79)
    assert rooms.version(code) == version  # a bot waits a moment before it moves
    clock.advance(0.01)
    threads = [threading.Thread(target=rooms.version, args=(code,)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rec = json.loads(room_row(store, code)[1])["round"]
    assert len(rec["actions"]) == 2 and rec["actions"][1]["seat"] == 1
    clock.advance(0.8 * 2)  # two more moves are due by now, each at its own time
    rooms.version(code)
    rec = json.loads(room_row(store, code)[1])["round"]
    assert len(rec["actions"]) == 4


def test_bot_delay_seconds_sets_the_bots_pace_and_anything_else_keeps_it() -> None:
    assert bot_delay({}) == DEFAULT_BOT_DELAY == 0.8
    assert bot_delay({"BOT_DELAY_SECONDS": "0.25"}) == 0.25
    assert bot_delay({"BOT_DELAY_SECONDS": "0"}) == 0
    for nonsense in ("fast", "-1", "nan", "inf", "5.5", "", "1e309"):
        assert bot_delay({"BOT_DELAY_SECONDS": nonsense}) == DEFAULT_BOT_DELAY, nonsense


def test_the_host_hands_a_waiting_seat_to_a_bot_and_the_player_takes_it_back(
    rooms: Rooms, clock: FakeClock
) -> None:
    _, tokens = open_room(rooms, RoomSettings(mode="teams", players=2), 2)
    rooms.act(tokens[0], {"type": "bid", "amount": 130})
    rooms.hand_to_bot(tokens[0], 1)
    clock.advance(1)
    view = rooms.view(tokens[0])
    assert (view.table is not None and view.table.to_act != 1) or view.table.phase != "bidding"
    seat = next(s for s in view.seats if s.position == 1)
    assert seat.stand_in
    rooms.reclaim(tokens[1])
    assert not next(s for s in rooms.view(tokens[0]).seats if s.position == 1).stand_in


# ---------------------------------------------------------------- restart


def test_a_restart_loses_nothing(database_url: str, clock: FakeClock) -> None:
    store = Store(database_url)
    rooms = Rooms(store, clock)
    _, tokens = open_room(rooms, RoomSettings(mode="partners", players=4), 4)
    rng = random.Random(5)
    for _ in range(12):
        token = _human_to_act(rooms, tokens)
        view = rooms.view(token)
        rooms.act(token, pick(view, rng), view.version)
    before = rooms.view(tokens[0])
    store.close()
    reopened = Store(database_url)
    again = Rooms(reopened, clock)
    after = again.view(tokens[0])
    assert after.version == before.version and after.table == before.table
    end = play_until_round_ends(again, tokens, rng, advance=clock.advance)
    assert end.status in ("results", "over")
    reopened.close()


def test_the_lobby_seats_teams_and_the_host_passes_on(rooms: Rooms) -> None:
    code, host = rooms.create("Host", RoomSettings(mode="teams", team_sizes=(1, 3)))
    a = rooms.join(code, "Ann", team=1)
    with pytest.raises(Refused, match="full"):
        rooms.join(code, "Bo", team=0)  # team A has its one player
    rooms.join(code, "Bo")
    rooms.leave(host)
    view = rooms.view(a)
    assert view.me is not None and view.me.is_host  # the earliest human left takes over
    assert [s.name for s in view.seats] == ["Ann", "Bo"]
    rooms.choose_team(a, 0)
    rooms.add_bot(a)
    rooms.add_bot(a)
    rooms.begin(a)
    view = rooms.view(a)
    # R8 1v3: B A B B, each team in join order.
    assert [s.team for s in sorted(view.seats, key=lambda s: s.position or 0)] == [1, 0, 1, 1]
    assert view.table is not None and view.table.teams == (1, 0, 1, 1)
    with pytest.raises(Refused):
        rooms.choose_team(a, 1)  # teams last all game


def test_a_move_is_validated_against_the_seat_the_token_owns(rooms: Rooms) -> None:
    _, tokens = open_room(rooms, RoomSettings(mode="teams", players=2), 2)
    waiting = tokens[1]
    with pytest.raises(Refused, match="It is not your turn"):
        rooms.act(waiting, {"seat": 0, "type": "pass"})  # claiming another seat is ignored
    view = rooms.view(tokens[0])
    assert view.table is not None and view.table.auction == ()
    assert move_of(view.table.legal[0]) == {"type": "pass"}


def test_quick_game_seats_the_host_with_bots_of_the_chosen_level_and_deals(rooms: Rooms) -> None:
    code, host = rooms.quick_game("Asha", RoomSettings(mode="teams", players=4), "expert")
    view = rooms.view(host)
    assert view.code == code and view.status == "playing"
    bots_seated = [s for s in view.seats if s.is_bot]
    assert len(bots_seated) == 3 and {s.bot_level for s in bots_seated} == {"expert"}
    with pytest.raises(Refused, match="unknown bot level"):
        rooms.quick_game("Asha", RoomSettings(mode="teams", players=4), "genius")


def test_a_suggestion_needs_the_host_to_allow_hints(rooms: Rooms) -> None:
    code, tokens = open_room(rooms, RoomSettings(mode="teams", players=4), humans=4)
    actor = next(t for t in tokens if rooms.view(t).table.my_turn)  # type: ignore[union-attr]
    before = rooms.version(code)
    with pytest.raises(Refused, match="hints are off"):
        rooms.suggest(actor)
    assert rooms.version(code) == before  # asking changes nothing


def test_a_suggestion_is_a_legal_move_for_your_own_turn_with_bidding_estimates(
    rooms: Rooms,
) -> None:
    settings = RoomSettings(mode="teams", players=4, hints=True)
    code, tokens = open_room(rooms, settings, humans=4)
    views = {t: rooms.view(t) for t in tokens}
    actor = next(t for t, v in views.items() if v.table and v.table.my_turn)
    waiting = next(t for t in tokens if t != actor)
    with pytest.raises(Refused, match="your own turn"):
        rooms.suggest(waiting)
    hint = rooms.suggest(actor)
    table = rooms.view(actor).table
    assert table is not None and hint.action in table.legal
    assert hint.estimates is not None and len(hint.estimates) == 4
    assert all(0 <= e <= 250 for e in hint.estimates)
    assert rooms.version(code) == views[actor].version


def test_bots_think_before_the_write_and_every_thought_is_played(
    rooms: Rooms, clock: FakeClock
) -> None:
    """Polling drives the bots; each due move is worked out in a read, then played."""
    code, tokens = open_room(
        rooms, RoomSettings(mode="teams", players=4), humans=1, bot_level="rules"
    )
    host = tokens[0]
    rng = random.Random(2)
    thought: list[object] = []
    keep = rooms._thoughts.keep
    rooms._thoughts.keep = lambda key, move: (thought.append(move), keep(key, move))  # type: ignore[method-assign,func-returns-value]
    for _ in range(2000):
        view = rooms.view(host)
        if view.status != "playing":
            break
        if view.table is not None and view.table.my_turn:
            rooms.act(host, pick(view, rng), view.version)
            continue
        clock.advance(1.0)
        rooms.version(code)  # what a page's poll calls
    assert rooms.view(host).status in ("results", "over")
    assert len(thought) > 10  # the bots' moves were worked out ahead, in reads
    assert not rooms._thoughts.entries  # and every one of them was played
    rounds = stored_rounds(rooms.store)
    assert rounds and records.replay(json.loads(rounds[-1].record))["phase"] == "round_over"


def test_h1_h2_a_twelve_seat_card_based_room_with_rules_bots_plays_whole_rounds(
    rooms: Rooms, store: Store, clock: FakeClock
) -> None:
    """Twelve seats, two decks, two teammate cards by house rule: 8 cards each, 8 removed."""
    _, tokens = open_room(rooms, RoomSettings(mode="partners", players=12, calls=2), 1, "rules")
    view = rooms.view(tokens[0])
    if view.status == "choosing":
        assert view.choice.count == 8  # H1: 104 cards, 8 each, 8 out
    rng = random.Random(5)
    for _ in range(2):
        end = play_until_round_ends(rooms, tokens, rng, advance=clock.advance)
        assert end.status in ("results", "over")
        rooms.next_round(tokens[0], end.version)
    for row in stored_rounds(store):
        record = json.loads(row.record)
        assert record["config"]["players"] == 12 and record["config"]["calls"] == 2
        calls = [a for a in record["actions"] if a["type"] == "call"]
        assert len(calls) == 1 and len(calls[0]["cards"]) == 2  # the bidder called two
        assert all(len(hand) == 8 for hand in record["hands"])
        assert records.replay(record)["phase"] == "round_over"


def test_p7_a_room_saved_mid_removal_by_an_earlier_release_plays_on(rooms: Rooms) -> None:
    _, tokens = open_room(rooms, RoomSettings(mode="teams", team_sizes=(1, 2), rounds=3), 3)
    code = rooms.room_of(tokens[0])
    with rooms.store.write() as db:  # the document as an earlier release saved it
        conn = db.connection()
        doc = json.loads(
            conn.execute(text("SELECT doc FROM room WHERE code = :c"), {"c": code}).scalar()
        )
        doc["removal"] = doc.pop("choice")
        doc["status"] = "removal"
        conn.execute(
            text("UPDATE room SET doc = :d, status = 'removal' WHERE code = :c"),
            {"d": json.dumps(doc), "c": code},
        )
        db.commit()
    view = rooms.view(tokens[0])
    assert view.status == "choosing" and view.choice is not None
    chooser = tokens_by_position(rooms, tokens)[view.choice.chooser]
    rooms.choose(chooser, cards.names(view.choice.default), view.version)
    assert rooms.view(tokens[0]).status == "playing"
