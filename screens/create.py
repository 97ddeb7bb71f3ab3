"""Create Room: the host picks the game and its options, then opens the lobby.

The form is each game's option list (``OPTIONS`` in ``core/<game>/table.py``)
drawn by ``ui/options.py``; the game checks what comes back, so this page
holds no rule and names no game. A game's "Create Room" on the home page
opens this page on that game (``?game=``).
"""

from __future__ import annotations

import streamlit as st

from core import games
from core.rooms import RoomError
from ui import escape, options, session
from ui.games import choice, player_counts, players_words, screens_of

GAME_KEY = "create-game"

asked = st.query_params.get("game")
if asked is not None:  # once: the radio is the player's after that
    if asked in games.names():
        st.session_state[GAME_KEY] = asked
    del st.query_params["game"]

st.title("Create Room")
session.warn_if_history_at_risk()

name = st.text_input("Your name", max_chars=24, placeholder="How the table will call you")
game = choice(key=GAME_KEY)
st.caption(
    f"{players_words(player_counts(game))}. {escape.markdown(screens_of(game).showcase.line)}"
)
table = games.get(game).table
form = options.draw(table.OPTIONS, f"create-{game}", "Create Room")
if st.button("Create Room", type="primary", disabled=not form.fits) and form.fits:
    try:
        code, token = session.rooms().create(
            name, table.settings_from_form(form.chosen), session.home_group()
        )
    except RoomError as exc:
        st.error(escape.markdown(exc))
    else:
        session.go_to_seat(code, token)
