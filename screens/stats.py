"""Stats: pick a game, and its own page of figures, leaderboard and replays follows.

Each game's figures are its own screen (``ui/<game>/stats.py``), found by the
game's name and handed the stats service; this page names no game.
"""

from __future__ import annotations

import streamlit as st

from ui import session
from ui.games import choice, screens_of

st.title("Stats")
game = choice(key="stats-game")
screens_of(game).stats.draw(session.stats())
