"""Keep score: open a scorebook for a game played with real cards (SPEC H3).

The form is the game's own (``ui/<game>/book.py``); this page only offers the
games that keep a scorebook and names none of them.
"""

from __future__ import annotations

import streamlit as st

from ui import session
from ui.games import choice, ordered, screens_of

st.title("Keep score")
session.warn_if_history_at_risk()
st.caption(
    "Playing with real cards? Keep the score here instead of on paper: every round counts in "
    "the stats, and everyone at the table can follow the scores on their phone."
)
kept = {g: book for g in ordered() if (book := screens_of(g).book) is not None}
game = choice(list(kept))
kept[game].create_form()
