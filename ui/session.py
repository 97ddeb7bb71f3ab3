"""The room and stats services for the pages, the player's identity in the URL, and room
links."""

from __future__ import annotations

import io
import logging
import os
from urllib.parse import urlencode, urlsplit

import qrcode
import streamlit as st

from core.boundary import Gate, open_gate, report
from core.stats import Stats

ROOM_PAGE = "room"

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

    The database engine is shared and thread-safe.
    """
    return open_gate(setting("DATABASE_URL"))


def stats() -> Stats:
    """The stats service over the room service's store: the pages' one way to figures.

    It holds nothing but that store, so it is made afresh over whichever room
    service is cached (a second cache could outlive a new one).
    """
    return Stats(rooms().store)


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


def invite_link(code: str) -> str:
    """The shareable room link: it carries the room code only, never a token."""
    return f"{public_base()}/{ROOM_PAGE}?{urlencode({'room': code})}"


def seat_link(code: str, token: str) -> str:
    """A player's own link back to their seat (keep it private)."""
    return f"{public_base()}/{ROOM_PAGE}?{urlencode({'room': code, 'seat': token})}"


def qr_png(text: str) -> bytes:
    """A QR code of ``text`` as PNG bytes, drawn in memory."""
    image = qrcode.make(text, box_size=6, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return buffer.getvalue()


def go_to_seat(code: str, token: str) -> None:
    """Open the room page as the player who owns ``token``."""
    st.switch_page(f"screens/{ROOM_PAGE}.py", query_params={"room": code, "seat": token})


def show_failure(context: str) -> None:
    """Tell the visitor something failed, with a reference; the details go to the server log."""
    reference = report(context)
    st.error(
        "Something went wrong on our side and this page could not be shown. "
        f"Reload to try again; if it keeps happening, quote reference {reference}.",
        icon=":material/error:",
    )
