"""Create Room: the host picks the table and the options, then opens the lobby."""

from __future__ import annotations

import streamlit as st

from core import games
from core.moon3 import cards
from core.moon3.config import MODE_LABELS, Mode, default_decks
from core.rooms import RoomError, RoomSettings
from ui import escape, options, session

st.title("Create Room")

name = st.text_input("Your name", max_chars=24, placeholder="How the table will call you")
game = st.radio(
    "Game",
    sorted(games.names(), key=lambda g: g != "moon3"),  # the flagship first, preselected
    format_func=lambda g: games.get(g).title,
    horizontal=True,
)
if game != "moon3":
    table = games.table_of(game)
    chosen = options.draw(table.OPTIONS, f"create-{game}")
    if st.button("Create Room", type="primary"):
        try:
            code, token = session.rooms().create(name, table.Settings(**chosen))
        except RoomError as exc:
            st.error(escape.markdown(exc))
        else:
            session.go_to_seat(code, token)
    st.stop()

label = st.radio("Game mode", list(MODE_LABELS.values()), horizontal=True)
mode = next(m for m, text in MODE_LABELS.items() if text == label)

team_sizes: tuple[int, int] | None = None
if mode is Mode.TEAMS:
    left, right = st.columns(2)
    team_a = left.number_input("Players in team A", min_value=1, max_value=6, value=2)
    team_b = right.number_input("Players in team B", min_value=1, max_value=6, value=2)
    team_sizes = (int(team_a), int(team_b))
    players = sum(team_sizes)
    if players > 7:
        st.error(f"At most 7 players in all; these teams need {players}.")
else:
    players = st.slider("Number of players", min_value=3, max_value=7, value=4)
    if mode is Mode.RANDOM:
        st.caption(
            f"The system draws teams of {players // 2} and {players - players // 2} at the start."
        )
    else:
        st.caption("The bid winner calls teammate cards each round; their holders stay hidden.")

decks_label = st.radio(
    "Card sets",
    ["1 Deck", "2 Decks"],
    index=default_decks(min(players, 7)) - 1,
    horizontal=True,
)
decks = 1 if decks_label == "1 Deck" else 2
jokers = st.toggle("Add Trump Cards (one joker per deck, above every trump)", value=False)
max_bid = cards.POINTS_PER_DECK * decks  # R12: the deck's total
min_bid = st.number_input("Minimum bid", min_value=5, max_value=max_bid, value=max_bid // 2, step=5)

partner_rule = "first"
if mode is Mode.PARTNERS and decks == 2:
    rule = st.radio(
        "Partner rule",
        ["First Matching Card Played", "Last Matching Card Played"],
        help="With two decks a called card exists twice: which of its players becomes partner.",
    )
    partner_rule = "first" if rule.startswith("First") else "last"

if mode is Mode.PARTNERS:
    length_choice = st.radio("Game length", ["Number of rounds", "Target score"], horizontal=True)
else:
    length_choice = st.radio("Game length", ["Target score", "Number of rounds"], horizontal=True)
target = rounds = None
if length_choice == "Target score":
    target = int(st.number_input("First to", min_value=5, value=max_bid, step=5))
else:
    rounds = int(
        st.number_input("Rounds", min_value=1, max_value=100, value=players if players <= 7 else 4)
    )
timer = st.slider("Seconds to bid before passing automatically", 15, 120, 60, step=5)
hints = st.toggle(
    "Allow hints",
    value=False,
    help="Players get a Suggest button: what the Expert bot would do, and while bidding "
    "the points their hand can expect to capture under each trump.",
)

if st.button("Create Room", type="primary", disabled=players > 7):
    settings = RoomSettings(
        mode=mode.value,
        players=players,
        team_sizes=team_sizes,
        decks=decks,
        jokers=jokers,
        min_bid=int(min_bid),
        target=target,
        rounds=rounds,
        bid_timer=int(timer),
        partner_rule=partner_rule,
        hints=hints,
    )
    try:
        code, token = session.rooms().create(name, settings)
    except RoomError as exc:
        st.error(escape.markdown(exc))
    else:
        session.go_to_seat(code, token)
