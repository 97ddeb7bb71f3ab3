"""Rules: how to play each game, written for people at the table (``ui/<game>/rules.py``).

The page opens on the game asked for (``?game=``), else on the game of the room the
player was at (SPEC A8), else on the flagship.
"""

from __future__ import annotations

import streamlit as st

from core import games
from ui import session
from ui.games import choice, screens_of

GAME_KEY = "rules-game"

asked = st.query_params.get("game")
if asked is not None:
    if asked in games.names():
        st.session_state[GAME_KEY] = asked
    del st.query_params["game"]
elif GAME_KEY not in st.session_state:  # just opened (the choice is forgotten off this page)
    came_from = session.room_game()
    if came_from is not None:
        st.session_state[GAME_KEY] = came_from
game = choice(key=GAME_KEY)
screens_of(game).rules.draw()
