"""Home: the flagship game in a paragraph, the doors (create, join, quick game), then more of it.

What the flagship is, how its round goes and what its cards are worth are its
own screens (``ui/<game>/intro.py``); Quick game offers every registered game.
"""

from __future__ import annotations

import streamlit as st

from core import bots, games, seats
from core.rooms import RoomError
from ui import escape, groups, look, options, session
from ui.games import choice, ordered, screens_of

st.markdown(look.CSS, unsafe_allow_html=True)
session.warn_if_history_at_risk()
held = session.group()
if held is not None:
    st.page_link(
        groups.GROUP_SCREEN,
        label=f"Playing in {escape.markdown(held.name)}: the group's page",
        icon=":material/groups:",
    )
intro = screens_of(games.FLAGSHIP).intro
if intro is not None:
    intro.hero()

start, join = st.columns(2)
with start:
    st.markdown("**Host a game**")
    with st.container(horizontal=True):
        if st.button("Create Room", type="primary"):
            st.switch_page("screens/create.py")
        if st.button("Keep score", help="Playing with real cards? Keep the score here."):
            st.switch_page("screens/keep.py")
with join:
    st.markdown("**Join friends**")
    typed = st.text_input("Room code", max_chars=8, placeholder="e.g. K7QX2M")
    if st.button("Join") and typed.strip():
        st.switch_page("screens/room.py", query_params={"room": typed.strip().upper()})

with st.expander("**Quick game**: you and bots, dealt at once", icon=":material/smart_toy:"):
    with st.form("quick"):
        quick_name = st.text_input("Your name", max_chars=24, key="quick-name")
        quick_game = choice(key="quick-game")
        # A form redraws only when sent: each game's own choices are all there, named by game.
        quick_forms = {
            g: options.draw(games.get(g).table.QUICK_OPTIONS, f"quick-{g}", "Start Quick Game")
            for g in ordered()
        }
        quick_players = st.slider("Players, you included", 2, seats.MAX_SEATS, 4)
        quick_level = st.selectbox(
            "Bot level", list(bots.LABELS), index=1, format_func=bots.LABELS.__getitem__
        )
        start_quick = st.form_submit_button("Start Quick Game", type="primary")
    if start_quick and quick_forms[quick_game].fits:  # else a number's box says its range
        quick_table = games.get(quick_game).table
        quick = quick_table.quick_settings(quick_players, quick_forms[quick_game].chosen)
        try:
            quick_code, quick_token = session.rooms().quick_game(
                quick_name, quick, quick_level, session.home_group()
            )
        except RoomError as exc:
            st.error(escape.markdown(exc))
        else:
            session.go_to_seat(quick_code, quick_token)

if held is None:
    with st.expander(
        "**Start a group**: your friends' own link, games and stats", icon=":material/groups:"
    ):
        st.caption(
            "One link for your circle of friends: what you play from it counts for the group, "
            "and only people holding it see the group's names and stats."
        )
        groups.start_form("home-group")

if intro is not None:
    intro.more()
