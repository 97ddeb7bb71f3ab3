"""App tests of Spades screens: Create Room and Quick game offer it, and a room plays it by taps."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from sqlmodel import select

from core.boundary import Gate
from core.rooms import Rooms
from core.spades.table import SpadesSettings
from core.store import Room, Store
from tests.apptests import page, pages_on
from tests.service_play import pick, play_until_round_ends, tokens_by_position
from tests.test_gate_moves import trailing_for_blind_nil


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('spades') / 'rooms.db'}") as url:
        yield url


def seated(database: str, hints: bool = False) -> tuple[Rooms, str, str, list[str]]:
    rooms = Rooms(Store(database))
    code, host = rooms.create("Asha", SpadesSettings(hints=hints))
    tokens = [host, *(rooms.join(code, name) for name in ("Ben", "Chen", "Dev"))]
    rooms.begin(host)
    return rooms, code, host, tokens_by_position(rooms, tokens)


def test_create_room_nil_follows_s1_defaults_for_the_table_chosen(database: str) -> None:
    at = page("create").run()
    at.text_input[0].input("Asha").run()
    next(r for r in at.radio if r.label == "Game").set_value("spades").run()
    nil = next(t for t in at.toggle if t.label.startswith("Nil bids"))
    assert nil.value is True  # partnership at 4: nil is on
    next(r for r in at.radio if r.label == "Players").set_value(3).run()
    nil = next(t for t in at.toggle if t.label.startswith("Nil bids"))
    assert nil.value is False  # everyone for themselves: nil is off unless the host wants it
    assert not any(t.label.startswith("Partners") for t in at.toggle)  # no partners at 3
    next(b for b in at.button if b.label == "Create Room").click().run()
    assert not at.exception
    store = Store(database)
    with store.read() as db:
        rooms = [r for r in db.exec(select(Room)) if r.game == "spades"]
        settings = json.loads(rooms[-1].doc)["settings"]
    store.close()
    assert settings["players"] == 3 and settings["nil"] is False


def test_suggest_gives_the_experts_bid_then_its_card_when_hints_are_on(database: str) -> None:
    rooms, code, _, ordered = seated(database, hints=True)
    actor = ordered[rooms.view(ordered[0]).table.to_act]  # type: ignore[union-attr]
    at = page("room", room=code, seat=actor).run()
    next(b for b in at.button if b.label == "Suggest").click().run()
    assert not at.exception
    advice = [i.value for i in at.info if i.value.startswith("Suggestion:")]
    assert advice and ("bid " in advice[0] or "nil" in advice[0])
    assert not any(b.label == "Suggest" for b in at.button)  # one hint a turn
    rooms.store.close()


def test_no_suggest_button_without_hints(database: str) -> None:
    rooms, code, _, ordered = seated(database)
    actor = ordered[rooms.view(ordered[0]).table.to_act]  # type: ignore[union-attr]
    at = page("room", room=code, seat=actor).run()
    assert not at.exception
    assert not any(b.label == "Suggest" for b in at.button)
    rooms.store.close()


def test_the_bidder_taps_a_bid(database: str) -> None:
    rooms, code, _, ordered = seated(database)
    actor = ordered[rooms.view(ordered[0]).table.to_act]  # type: ignore[union-attr]
    at = page("room", room=code, seat=actor).run()
    assert not at.exception
    labels = [b.label for b in at.button]
    assert "Nil" in labels and "13" in labels
    at.button(key="bid-4").click().run()
    assert not at.exception
    assert rooms.view(actor).table.bids[ordered.index(actor)] == 4  # type: ignore[union-attr]
    rooms.store.close()


def test_a_card_plays_with_one_tap_and_others_wait(database: str) -> None:
    rooms, code, _, ordered = seated(database)
    rng = random.Random(2)
    for _ in range(4):  # every bid in
        view = rooms.view(ordered[0])
        actor = ordered[view.table.to_act]  # type: ignore[union-attr]
        mine = rooms.view(actor)
        rooms.act(actor, pick(mine, rng), mine.version)
    actor = ordered[rooms.view(ordered[0]).table.to_act]  # type: ignore[union-attr]
    at = page("room", room=code, seat=actor).run()
    live = [b for b in at.button if b.key and b.key.startswith("play-") and not b.disabled]
    assert live
    before = len(rooms.view(actor).table.hand)  # type: ignore[union-attr]
    live[0].click().run()
    assert not at.exception
    assert len(rooms.view(actor).table.hand) == before - 1  # type: ignore[union-attr]
    rooms.store.close()


def test_results_show_each_side_and_next_round_deals_again(database: str) -> None:
    rooms, code, host, ordered = seated(database)
    assert play_until_round_ends(rooms, ordered, random.Random(3)).status == "results"
    at = page("room", room=code, seat=host).run()
    assert not at.exception
    html = "\n".join(str(m.value) for m in at.markdown)
    assert "Hand 1" in html and "bags" in html
    next(b for b in at.button if b.label == "Next Hand").click().run()
    assert rooms.view(host).status == "playing"
    rooms.store.close()


def test_stats_show_spades_figures_when_spades_is_chosen(database: str) -> None:
    rooms, _, _, ordered = seated(database)
    end = play_until_round_ends(rooms, ordered, random.Random(6))
    assert end.status == "results"
    rooms.store.close()
    import streamlit as st

    st.cache_data.clear()
    at = page("stats").run()
    next(r for r in at.radio if r.label == "Game").set_value("spades").run()
    assert not at.exception
    labels = {m.label for m in at.metric}
    assert {"Hands played", "Bids taken exactly", "Contracts made"} <= labels
    assert any("Leaderboard" in h.value for h in at.subheader)


def test_stats_replay_a_spades_hand_trick_by_trick(database: str) -> None:
    rooms, _, _, ordered = seated(database)
    play_until_round_ends(rooms, ordered, random.Random(8))
    rooms.store.close()
    import streamlit as st

    st.cache_data.clear()
    at = page("stats").run()
    next(r for r in at.radio if r.label == "Game").set_value("spades").run()
    slider = next(s for s in at.slider if s.label == "Trick")
    slider.set_value(13).run()
    assert not at.exception
    html = "\n".join(str(m.value) for m in at.markdown)
    assert "Trick 13:" in html and html.count('class="m3-hand"') == 4


def test_stats_replay_of_a_spades_hand_starts_at_the_deal_and_steps_a_trick_at_a_time(
    database: str,
) -> None:
    rooms, _, _, ordered = seated(database)
    play_until_round_ends(rooms, ordered, random.Random(9))
    rooms.store.close()
    import streamlit as st

    st.cache_data.clear()
    at = page("stats").run()
    next(r for r in at.radio if r.label == "Game").set_value("spades").run()
    html = "\n".join(str(m.value) for m in at.markdown)
    assert "The deal: every hand face up. 13 tricks follow." in html
    assert html.count('class="m3-hand"') == 4
    assert next(b for b in at.button if b.label == "Previous").disabled
    next(b for b in at.button if b.label == "Next trick").click().run()
    assert not at.exception
    assert next(s for s in at.slider if s.label == "Trick").value == 1
    assert "Trick 1:" in "\n".join(str(m.value) for m in at.markdown)


def test_rules_page_explains_spades_with_the_engines_deal_sizes(database: str) -> None:
    at = page("rules").run()
    at.radio(key="rules-game").set_value("spades").run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Rules of Spades"]
    deal = at.table[0].value
    three = deal[(deal["Players"] == 3) & (deal["Jokers"] == "without")].iloc[0]
    assert three["Cards each"] == 17 and three["Taken out (shown to all)"] == "2♣"  # S2
    five = deal[(deal["Players"] == 5) & (deal["Jokers"] == "with")].iloc[0]
    assert five["Cards each"] == 10 and five["Taken out (shown to all)"].count("2") == 4
    text = " ".join(str(m.value) for m in at.markdown)
    assert "Bid 5 and take 6: 51" in text and "+15 − 100 = −85" in text  # S6


def test_s4_the_blind_nil_button_bids_blind_nil(database: str) -> None:
    rooms = Rooms(Store(database))
    gate = Gate(rooms)
    code, host = rooms.create("Asha", SpadesSettings(blind_nil=True))
    tokens = [host, *(rooms.join(code, name) for name in ("Ben", "Chen", "Dev"))]
    rooms.begin(host)
    actor = trailing_for_blind_nil(gate, tokens_by_position(rooms, tokens), random.Random(3))
    at = page("room", room=code, seat=actor).run()
    assert any("face down" in m.value for m in at.markdown)
    next(b for b in at.button if b.label == "Blind nil").click().run()
    assert not at.exception and not at.warning
    table = rooms.view(actor).table
    assert table.blind[table.seat] and table.bids[table.seat] == 0
    rooms.store.close()
