"""Streamlit app tests against a database of the test's own."""

from __future__ import annotations

import html
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def pages_on(url: str) -> Iterator[str]:
    """Point the pages' room service (cached per process) at ``url``; restore it after."""
    import streamlit as st

    from ui import session

    before = os.environ.get("DATABASE_URL")
    os.environ["DATABASE_URL"] = url
    session.rooms.clear()  # type: ignore[attr-defined]
    st.cache_data.clear()
    try:
        yield url
    finally:
        session.rooms.clear()  # type: ignore[attr-defined]
        st.cache_data.clear()
        if before is None:
            os.environ.pop("DATABASE_URL", None)
        else:
            os.environ["DATABASE_URL"] = before


def readable(source: str) -> str:
    """The text a reader sees in escaped Markdown or HTML: references decoded, and without the
    invisible word joiners that keep bare links from being found (ui/escape.py)."""
    return html.unescape(source).replace("\u2060", "")


def page(name: str, **query: str) -> AppTest:
    """The app opened on ``screens/<name>.py`` with ``query`` in the URL (not yet run)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.switch_page(f"screens/{name}.py")
    for key, value in query.items():
        at.query_params[key] = value
    return at
