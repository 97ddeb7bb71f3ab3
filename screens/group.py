"""A group's page (SPEC G4): its link to share, its recent rooms and games, its saved history,
and for its founder a new link that retires the old one.

Opened without a group's link, it says what a group is and offers to start one.
"""

from __future__ import annotations

import streamlit as st

from core.rooms import RoomError
from ui import escape, groups, saved, session

session.warn_if_history_at_risk()
held = session.group()
founder = groups.founder_secret()
founded = session.rooms().founded_group(founder) if founder else None
started = groups.just_started()

if held is None and founded is None:
    st.title("Groups")
    st.markdown(
        "A group is a circle of friends with its own private link. Rooms, quick games and "
        "scorebooks started from the link count for the group, and only people holding the "
        "link see the group's games, names and stats."
    )
    groups.start_form("group-start")
    st.stop()

shown = held or founded
assert shown is not None
st.title(escape.markdown(shown.name))
if started is not None and held is not None and started.group.id == held.id:
    st.success(
        "Your group is ready. Share its link with your friends; keep the founder's link to "
        "yourself.",
        icon=":material/groups:",
    )
link = session.group_link_secret()
if held is not None and link is not None:
    groups.links(held, link, founder if founded is not None and founded.id == held.id else None)
    groups.recent(held)
    st.subheader("Keep a copy")
    saved.download(session.stats(), "group-download")
elif founded is not None:
    st.info(
        "This is your founder's link: it can make a new group link, which retires the old one. "
        "Open the group's link to see its games.",
        icon=":material/key:",
    )

if founded is not None:
    st.subheader("A new link")
    st.caption(
        "If the group's link reached someone it should not have, make a new one: the old link "
        "then opens nothing, and everyone in the group needs the new one."
    )
    if st.button("Make a new group link", key="group-relink"):
        try:
            fresh = session.rooms().relink_group(founder)
        except RoomError as exc:
            st.error(escape.markdown(exc))
        else:
            session.hold_group(fresh)
            st.query_params[session.GROUP_PARAM] = fresh
            st.rerun()
