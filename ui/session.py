"""The room and stats services for the pages, the player's identity and group in the URL,
and room links.

A browser holds a group (SPEC G4) by its link, ``?group=`` a secret: the first page
opened with it keeps it in the session, and every page after puts it back into its
own URL and into every link it makes, so a reload, a shared invite or a QR code keeps
the group. A retired or guessed link holds nothing. Without a group a browser sees
the open group, unless the deployment closes it (``OPEN_GROUP=off``).
"""

from __future__ import annotations

import io
import logging
import os
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import qrcode
import streamlit as st

from core.boundary import Gate, open_gate, report
from core.groups import OPEN_GROUP, Group, is_open
from core.rooms import RoomError
from core.stats import Stats
from core.store import files_are_temporary, listen
from ui import escape, push

ROOM_PAGE = "room"
#: The folder the app runs from (the repository's root).
APP_FOLDER = Path(__file__).resolve().parents[1]

_log = logging.getLogger("moon3")
if not _log.handlers:  # the server log: Streamlit's console, with a time on each line
    _handler = logging.StreamHandler()
    _handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    _log.addHandler(_handler)
    _log.setLevel(logging.INFO)


def setting(name: str) -> str | None:
    """A deployment setting: the environment first, then Streamlit's secrets (Community Cloud)."""
    value = os.environ.get(name)
    if value:
        return value
    try:
        return str(st.secrets.get(name, "")) or None
    except (FileNotFoundError, KeyError):  # no secrets file at all
        return None


@st.cache_resource
def rooms() -> Gate:
    """One room service per server process, behind the gate that checks what pages send.

    The database engine is shared and thread-safe. A room that moves reruns the tables
    showing it at once (:mod:`ui.push`): those of this server as the move is written, and,
    with PostgreSQL, those of the other servers through one listener (:mod:`core.store.listen`).
    """
    gate = open_gate(setting("DATABASE_URL"))
    if push.available():
        gate.rooms.moved.append(push.moved)
        url = listen.listen_url(
            {"DATABASE_LISTEN_URL": setting("DATABASE_LISTEN_URL") or ""}, gate.store.url
        )
        if url is not None:
            listen.Listener(url, push.moved).start()
        elif not gate.store.is_sqlite:
            _log.info(
                "no direct PostgreSQL connection to listen on (DATABASE_LISTEN_URL): pages "
                "see moves made on other servers at their poll"
            )
    return gate


GROUP_PARAM = "group"
FOUNDER_PARAM = "founder"
_LINK_KEY = "group-link"
_GROUP_KEY = "group"


def keep_group() -> None:
    """Find the group this browser holds (a link in the URL, else the one it opened before)
    and keep it in the session and in the page's URL; say once if a link opens nothing.

    Called by ``app.py`` before every page, so that a page's own links and its reloads keep
    the group.
    """
    sent = st.query_params.get(GROUP_PARAM)
    link = sent if sent is not None else st.session_state.get(_LINK_KEY)
    group = rooms().group(link) if link else None
    if group is None:
        st.session_state.pop(_LINK_KEY, None)
        st.session_state.pop(_GROUP_KEY, None)
        if sent is not None:
            del st.query_params[GROUP_PARAM]
            st.warning(
                "This group link opens nothing: it may have been replaced by a new one. "
                "Ask someone in the group for the link they use now.",
                icon=":material/link_off:",
            )
        return
    st.session_state[_LINK_KEY] = link
    st.session_state[_GROUP_KEY] = group
    if sent != link:
        st.query_params[GROUP_PARAM] = str(link)


def hold_group(link: str) -> None:
    """Let this browser hold the group of ``link`` from now on (found again on the next run)."""
    st.session_state[_LINK_KEY] = link
    st.session_state.pop(_GROUP_KEY, None)


def group() -> Group | None:
    """The group this browser holds by its link, or ``None``."""
    found = st.session_state.get(_GROUP_KEY)
    return found if isinstance(found, Group) else None


def group_link_secret() -> str | None:
    """The secret of the link of the group this browser holds (for the links pages make)."""
    return st.session_state.get(_LINK_KEY) if group() is not None else None


def open_group_is_open() -> bool:
    """Whether this deployment shows the open group to visitors without a group's link."""
    return is_open(setting("OPEN_GROUP"))


def home_group() -> str:
    """The group what this browser starts belongs to: its group's id, else the open group's."""
    held = group()
    return held.id if held is not None else OPEN_GROUP


def seen_group() -> str | None:
    """The group whose figures this browser sees: its own, else the open one where the
    deployment keeps it open, else none."""
    held = group()
    if held is not None:
        return held.id
    return OPEN_GROUP if open_group_is_open() else None


def group_name_md() -> str:
    """The held group's name, safe in Markdown ("" without a group)."""
    held = group()
    return "" if held is None else escape.markdown(held.name)


def stats() -> Stats:
    """The stats service over the room service's store, for the group this browser sees:
    the pages' one way to figures.

    It holds nothing but that store and the group, so it is made afresh over whichever
    room service is cached (a second cache could outlive a new one).
    """
    return Stats(rooms().store, seen_group())


KEEP_HISTORY_PAGE = "keep-history"


def history_at_risk() -> bool:
    """Whether rooms and history live in the embedded SQLite file on a host that wipes files
    (G3): Community Cloud, or ``STORE_IS_TEMPORARY=1`` in the environment or the secrets."""
    environ = dict(os.environ)
    said = setting("STORE_IS_TEMPORARY")
    if said is not None:
        environ["STORE_IS_TEMPORARY"] = said
    return rooms().store.is_sqlite and files_are_temporary(environ, str(APP_FOLDER))


def warn_if_history_at_risk() -> None:
    """One line on the host's pages when the history will be lost at the next restart, with
    the way to keep it."""
    if history_at_risk():
        st.warning(
            "Rooms and stats will be lost when this app restarts: this host wipes its files. "
            f"[Keep them]({public_base()}/{KEEP_HISTORY_PAGE})",
            icon=":material/warning:",
        )


def public_base() -> str:
    """The address players open: ``PUBLIC_URL`` (environment or secrets), else this request's."""
    configured = setting("PUBLIC_URL")
    if configured:
        return configured.rstrip("/")
    url = st.context.url or ""
    parts = urlsplit(url)
    if parts.scheme and parts.netloc:
        return f"{parts.scheme}://{parts.netloc}"
    host = st.context.headers.get("host", "localhost:8501")
    return f"http://{host}"


def with_group(params: dict[str, str]) -> dict[str, str]:
    """``params`` with the held group's link, so the page it opens keeps the group."""
    link = group_link_secret()
    return params if link is None else {**params, GROUP_PARAM: link}


def invite_link(code: str) -> str:
    """The shareable room link: the room code (and the group it was opened in), never a
    seat's token."""
    return f"{public_base()}/{ROOM_PAGE}?{urlencode(with_group({'room': code}))}"


def seat_link(code: str, token: str) -> str:
    """A player's own link back to their seat (keep it private)."""
    return f"{public_base()}/{ROOM_PAGE}?{urlencode(with_group({'room': code, 'seat': token}))}"


GROUP_PAGE = "group"


def group_link(link: str) -> str:
    """A group's private link: its page, opened with the group's secret."""
    return f"{public_base()}/{GROUP_PAGE}?{urlencode({GROUP_PARAM: link})}"


def founder_link(founder: str) -> str:
    """A group founder's link, which can make a new group link (keep it private)."""
    return f"{public_base()}/{GROUP_PAGE}?{urlencode({FOUNDER_PARAM: founder})}"


def qr_png(text: str) -> bytes:
    """A QR code of ``text`` as PNG bytes, drawn in memory."""
    image = qrcode.make(text, box_size=6, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return buffer.getvalue()


_ROOM_KEY = "last-room"


def back_to_room() -> None:
    """The room page: opened with a room, keep it (its code, and the seat link's token where
    there is one) as the room this browser is at; opened without one (the menu's Room), go
    back there, a seated player to their seat (SPEC A8)."""
    code = str(st.query_params.get("room", "")).strip().upper()
    if code:
        st.session_state[_ROOM_KEY] = (code, st.query_params.get("seat"))
        return
    kept = st.session_state.get(_ROOM_KEY)
    if kept is None:
        return
    code, token = kept
    if token is not None:
        try:
            rooms().view(token)
        except RoomError:  # left or removed since: nothing to go back to
            st.session_state.pop(_ROOM_KEY, None)
            return
    st.query_params.update(with_group({"room": code} | ({"seat": token} if token else {})))


def room_game() -> str | None:
    """The game of the room this browser was at last, if that room is still there."""
    kept = st.session_state.get(_ROOM_KEY)
    if kept is None:
        return None
    try:
        return rooms().watch(kept[0]).game
    except RoomError:
        return None


def go_to_seat(code: str, token: str) -> None:
    """Open the room page as the player who owns ``token``."""
    st.switch_page(
        f"screens/{ROOM_PAGE}.py", query_params=with_group({"room": code, "seat": token})
    )


def show_failure(context: str) -> None:
    """Tell the visitor something failed, with a reference; the details go to the server log."""
    reference = report(context)
    st.error(
        "Something went wrong on our side and this page could not be shown. "
        f"Reload to try again; if it keeps happening, quote reference {reference}.",
        icon=":material/error:",
    )
