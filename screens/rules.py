"""Rules: how to play each game, written for people at the table (``ui/<game>/rules.py``)."""

from __future__ import annotations

import streamlit as st

from core import games
from ui.games import ordered, screens_of

game = st.radio(
    "Game", ordered(), format_func=lambda g: games.get(g).title, horizontal=True, key="rules-game"
)
screens_of(game).rules.draw()
