"""Recap: a date range told as one card per player, for the game in the URL (``?game=``, the
flagship by default).

Each game's recap is its own screen (``ui/<game>/recap.py``), found by the game's
name; this page names no game, and says so kindly when a game has no recap.
"""

from __future__ import annotations

import streamlit as st

from core import games
from ui import escape, groups, session
from ui.games import screens_of

st.title("Recap")
game = str(st.query_params.get("game", games.FLAGSHIP))
recap = screens_of(game).recap if game in games.names() else None
if game not in games.names():
    st.info(f"There is no game called {escape.markdown(game[:40])} here.")
elif recap is None:
    title = escape.markdown(games.get(game).title)
    st.info(f"{title} has no recap yet: its Stats page has its figures.")
    st.page_link("screens/stats.py", label="Open Stats", icon=":material/bar_chart:")
elif not groups.sees_none():
    recap.draw(session.stats())
