"""Groups on the pages (SPEC G4): start one, show its links, its recent rooms and games.

The home page and the group's page use these; the group a browser holds is found
by :mod:`ui.session`, and everything a page shows of a group comes through the gate.
"""

from __future__ import annotations

from datetime import datetime

import streamlit as st

from core import games
from core.groups import Group, Started
from core.rooms import (
    ABANDONED,
    CHOOSING,
    KEEPING_SCORE,
    LOBBY,
    OVER,
    PLAYING,
    RESULTS,
    RoomError,
)
from ui import escape, session
from ui.share import button as share_button

_STARTED = "group-started"
_FOUNDER = "group-founder"
GROUP_SCREEN = f"screens/{session.GROUP_PAGE}.py"


def start_form(key: str) -> None:
    """A name and "Start a group": the browser then holds the new group, and its page shows
    the links."""
    with st.form(key):
        name = st.text_input(
            "Group name", max_chars=24, placeholder="e.g. Thursday cards", key=f"{key}-name"
        )
        sent = st.form_submit_button("Start a group", type="primary")
    if not sent:
        return
    try:
        started = session.rooms().start_group(name)
    except RoomError as exc:
        st.error(escape.markdown(exc))
        return
    session.hold_group(started.link)
    st.session_state[_STARTED] = started
    st.session_state[_FOUNDER] = started.founder
    st.switch_page(GROUP_SCREEN, query_params={session.GROUP_PARAM: started.link})


def founder_secret() -> str | None:
    """The founder's secret this browser holds (from the founder's link, or from starting the
    group), moved out of the URL so that it is not shared by accident."""
    sent = st.query_params.get(session.FOUNDER_PARAM)
    if sent is not None:
        st.session_state[_FOUNDER] = sent
        del st.query_params[session.FOUNDER_PARAM]
    found = st.session_state.get(_FOUNDER)
    return found if isinstance(found, str) else None


def just_started() -> Started | None:
    """The group this browser has just started (its links are shown once, prominently)."""
    found = st.session_state.pop(_STARTED, None)
    return found if isinstance(found, Started) else None


def links(group: Group, link: str, founder: str | None) -> None:
    """The group's link to share (with its QR code), and the founder's own link."""
    url = session.group_link(link)
    st.markdown("**The group's link**: everyone in the group opens it once on each phone.")
    share_button("m3-group-share", "Share the group's link", url, f"Join {group.name}")
    st.code(url, language=None, wrap_lines=True)
    st.image(session.qr_png(url), caption="Scan to join the group", width=150)
    st.caption(
        "Anyone with this link sees the group's games, names and stats, and what they start "
        "counts for the group. Share it with the group only."
    )
    if founder is not None:
        with st.expander("Your founder's link (keep it to yourself)", icon=":material/key:"):
            st.code(session.founder_link(founder), language=None, wrap_lines=True)
            st.caption(
                "It lets you make a new group link if the old one went too far; the old "
                "one then opens nothing."
            )


def sees_none() -> bool:
    """Whether this browser sees no group's figures (the deployment closed the open group and
    it holds no group's link); if so, say how to see some."""
    if session.seen_group() is not None:
        return False
    st.info(
        "Stats here belong to groups. Open your group's link to see its games, or start a "
        "group on the home page.",
        icon=":material/groups:",
    )
    return True


def _when(at: datetime) -> str:
    return at.strftime("%d %b %Y, %H:%M")


def _label(game: str) -> str:
    return games.get(game).title if game in games.names() else game


#: A room's status as its group's page says it.
_STATUS = {
    LOBBY: "waiting to start",
    CHOOSING: "playing",
    PLAYING: "playing",
    RESULTS: "between hands",
    OVER: "game over",
    ABANDONED: "abandoned",
    KEEPING_SCORE: "keeping score",
}


def recent(group: Group) -> None:
    """The group's recent rooms (each opens by its link) and its games that ended."""
    gate = session.rooms()
    rooms = gate.group_rooms(group.id)
    st.subheader("Recent rooms")
    if not rooms:
        st.caption("No room yet: create one, start a quick game or keep score from here.")
    for room in rooms:
        link = session.invite_link(room.code)
        st.markdown(
            f"[{escape.markdown(room.code)}]({link}) · {escape.markdown(_label(room.game))}"
            f" · {_STATUS.get(room.status, 'playing')} · {_when(room.updated_at)}"
        )
    played = gate.group_games(group.id)
    st.subheader("Recent games")
    if not played:
        st.caption("No game has ended yet.")
    for game in played:
        won = ", ".join(game.winners) or "nobody"
        st.markdown(
            f"{escape.markdown(_label(game.game))} · {_when(game.finished_at)} · "
            f"{escape.markdown(', '.join(game.players))} · won by {escape.markdown(won)}"
        )
