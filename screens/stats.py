"""Stats: pick a game, and its own page of figures, leaderboard and replays follows.

Each game's figures are its own screen (``ui/<game>/stats.py``), found by the
game's name and handed the stats service of the group this browser sees (SPEC
G4); this page names no game.
"""

from __future__ import annotations

import streamlit as st

from ui import groups, saved, session
from ui.games import choice, screens_of

st.title("Stats")
session.warn_if_history_at_risk()
if not groups.sees_none():
    held = session.group()
    if held is not None:
        st.caption(f"The games of {session.group_name_md()} only.")
    game = choice(key="stats-game")
    stats = session.stats()
    screens_of(game).stats.draw(stats)
    st.divider()
    st.markdown("**Keep a copy**: every game of every kind, in one file to bring back later.")
    saved.download(stats, "stats-download")
    saved.bring_back(stats, "stats-restore")
